/* Helpers of the NI benchmark tests (ni_util.h): one point of a scenario
 * given as text, run in this process or through build/myrisim. */
#define _GNU_SOURCE
#include "ni_util.h"

#include "../../model/lanai/lanai.h"
#include "../../model/switch/fabric.h"
#include "../../sim/experiments/fwbuild.h"
#include "../../sim/scenario/runspec.h"
#include "../harness/harness.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

const char *ni_root(void)
{
    static char root[4096];
    if (!root[0] && !realpath(harness_root(), root))
        harness_fail(__FILE__, __LINE__, "no repository root at %s", harness_root());
    return root;
}

static const char *scratch_path(const char *name)
{
    static char path[1024];
    char cmd[1200];
    snprintf(cmd, sizeof cmd, "mkdir -p '%s/build/tests/ni_bench'", ni_root());
    if (system(cmd) != 0)
        harness_fail(__FILE__, __LINE__, "cannot create build/tests/ni_bench");
    snprintf(path, sizeof path, "%s/build/tests/ni_bench/%s.cfg", ni_root(), name);
    return path;
}

static void write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    if (!f)
        harness_fail(__FILE__, __LINE__, "cannot write %s", path);
    fputs(text, f);
    fclose(f);
}

const char *ni_cfg(const char *chip, const char *link, const char *topology, const char *extra,
                   const char *params)
{
    static char buf[4096];
    snprintf(buf, sizeof buf,
             "name = \"ni_test\";\n"
             "title = \"ni_pingpong test\";\n"
             "cluster = { nodes = 2; ni = \"%s\"; link = \"%s\"; topology = { %s }; };\n"
             "experiment = { kind = \"ni_pingpong\"; %s params = { %s }; };\n"
             "measurements = [ \"one_way_us\", \"bandwidth_mbs\" ];\n",
             chip, link, topology, extra, params);
    return buf;
}

run_result ni_run(const char *name, const char *text)
{
    const char *path = scratch_path(name);
    write_text(path, text);
    scenario sc;
    if (scenario_load(&sc, path, ni_root(), NULL, 0) != 0)
        harness_fail(__FILE__, __LINE__, "%s does not load (errors on stderr):\n%s", path, text);
    run_spec r = {&sc, 0, 0, 0, NULL};
    run_result res;
    result_init(&res);
    sc.kind->run(&r, &res);
    scenario_free(&sc);
    return res;
}

double ni_get(const run_result *r, const char *name)
{
    double v;
    if (!r->ok)
        harness_fail(__FILE__, __LINE__, "the run failed:\n%s", r->error);
    if (result_get(r, name, &v) != 0)
        harness_fail(__FILE__, __LINE__, "no measurement '%s'", name);
    return v;
}

int ni_cli(const char *name, const char *text, const char **out)
{
    static char *buf;
    const char *path = scratch_path(name);
    write_text(path, text);
    char cmd[3000];
    snprintf(cmd, sizeof cmd, "cd '%s' && build/myrisim run '%s' --out '%s/build/tests/ni_bench/%s.out' 2>&1",
             ni_root(), path, ni_root(), name);
    FILE *p = popen(cmd, "r");
    if (!p)
        harness_fail(__FILE__, __LINE__, "cannot run %s", cmd);
    free(buf);
    buf = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&buf, &len);
    char chunk[4096];
    size_t k;
    while ((k = fread(chunk, 1, sizeof chunk, p)) > 0)
        fwrite(chunk, 1, k, m);
    fclose(m);
    int st = pclose(p);
    *out = buf;
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

const char *ni_image(const char *chip, const char *const *defines)
{
    static char elf[2048];
    char src[1024], err[4096];
    const char *flags[16] = {"-O2"};
    int n = 1;
    for (int i = 0; defines && defines[i] && n < 16; i++)
        flags[n++] = defines[i];
    snprintf(src, sizeof src, "%s/firmware/bench/ni_pingpong.c", ni_root());
    if (fw_build(ni_root(), src, chip, flags, n, elf, sizeof elf, err, sizeof err))
        harness_fail(__FILE__, __LINE__, "%s", err);
    return elf;
}

double ni_clock_mhz(const char *chip) { return (double)lanai_profile_get(chip)->clock_hz / 1e6; }
double ni_dma_start_us(const char *chip) { return lanai_profile_get(chip)->dma_start_ns / 1000.0; }
double ni_link_mbs(const char *link)
{
    return (double)lk_kind_rate(strcmp(link, "myrinet2000") ? LK_SAN1280 : LK_M2000) / 1e6;
}
double ni_prop_us(double metres) { return metres * LK_PS_PER_M / 1e6; }
double ni_route_latency_us(void)
{
    fabric_opts o;
    fabric_opts_default(&o);
    return (double)o.sw.route_latency / 1e6;
}
