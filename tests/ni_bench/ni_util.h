/* Helpers for the NI benchmark tests: run one point of a scenario given as
 * text through the ni_pingpong kind in this process (scenario_load + the
 * kind's run function), or build/myrisim on it; the profile and link facts
 * the expectations are computed from. */
#ifndef MYRISIM_NI_BENCH_NI_UTIL_H
#define MYRISIM_NI_BENCH_NI_UTIL_H

#include "../../sim/runner/result.h"

#include <stdint.h>

/* A two-NI ping-pong scenario: chip, link ("san1280"/"myrinet2000"), the
 * topology group's body ("kind = \"cable\";"), experiment keys to add (may be
 * "") and the params group's body. Returns static text. */
const char *ni_cfg(const char *chip, const char *link, const char *topology, const char *extra,
                   const char *params);
/* Write text to build/tests/ni_bench/<name>.cfg, load it, run series 0 at
 * x = 0 (no sweep) in this process. Fails the test if it does not load. */
run_result ni_run(const char *name, const char *text);
/* A measurement that must be there (fails the test otherwise). */
double ni_get(const run_result *r, const char *name);
/* build/myrisim run on text written to <name>.cfg; exit status, output
 * (stdout and stderr together) in *out (static). */
int ni_cli(const char *name, const char *text, const char **out);
/* The same image the kind builds: firmware/bench/ni_pingpong.c for chip with
 * these -D flags (NULL-terminated); its path (static). */
const char *ni_image(const char *chip, const char *const *defines);

/* The repository root as an absolute path. */
const char *ni_root(void);

/* Facts for expectations, from the profiles and the link model. */
double ni_clock_mhz(const char *chip);
double ni_dma_start_us(const char *chip);
double ni_link_mbs(const char *link);          /* bytes per microsecond */
double ni_prop_us(double metres);              /* cable propagation */
double ni_route_latency_us(void);              /* crossbar routing latency */

#endif
