/* A test host for the GRIM NI firmware (firmware/grim) on its own, without
 * the GRIM host library: N nodes with hosts on one switch, the firmware on
 * every LANai, and ONE host process that plays every node's host through
 * that node's platform (hostlib/platform.h). All platforms block through one
 * shared backend, so the single host thread acts in global time order:
 * serialised, but exact. It configures the firmware, injects messages into
 * LC queues with PIO, consumes the AM rings in host memory and answers
 * translation requests by polling the driver area, the way a host library
 * and driver would.
 *
 * Use: gf_opts o = gf_opts_on(gf_chips[c]); o.nodes = 3; ...
 *      gf g; gf_new(&g, &o) == 0 or g.err;
 *      st = gf_run(&g, my_driver, &arg, SIM_US(20000), &rc);
 *      gf_lcw(&g, node, lc, GRIM_L_DELIVERED) ...; gf_free(&g); */
#ifndef MYRISIM_GRIM_FW_GF_H
#define MYRISIM_GRIM_FW_GF_H

#include "../../firmware/grim/grim_abi.h"
#include "../../hostlib/platform.h"
#include "../../model/node/hosts.h"

#include <stdint.h>

#define GF_MAX_NODES 8
#define GF_MAX_LC    32

typedef struct gf_opts {
    const char *chip;             /* "lanai4" or "lanai9" */
    int nodes, nlc;
    unsigned options;             /* GRIM_OPT_* */
    unsigned retx;                /* GRIM_C_RETX_TICKS */
    int instr;                    /* run grim_instr.*.elf */
    int backoff;                  /* run grim_backoff.*.elf (NACK back-off) */
    unsigned qsize;               /* bytes of every LC queue */
    unsigned amsize;              /* bytes of every AM ring (gf_set_amsize for one) */
    double loss, corrupt;         /* per-chunk link error probabilities */
    sim_time watchdog;            /* 0 = off */
    unsigned scan_only;           /* GRIM_C_SCAN_ONLY */
    int no_idle_skip;             /* turn the cores' idle-loop skipping off */
    int line;                     /* > 1: that many switches in a line, NI 0 on the first, the
                                     other NIs on the last (routes of `line` bytes); else one switch */
    const host_profile *hp;
} gf_opts;

typedef struct gf_lc {
    unsigned qbase, qsize, back;  /* the LC queue in SRAM; the host's back offset */
    unsigned front;               /* last Q_FRONT read */
    uint8_t *am;                  /* AM ring in pinned contiguous host memory */
    uint64_t am_phys;
    unsigned amsize, amfront;
    volatile uint8_t *backp;      /* the NI's back offset, little-endian */
    uint64_t back_phys;
} gf_lc;

typedef struct gf_msg {           /* a message read from an AM ring */
    unsigned type, src, dst, handler, lc, len;
    unsigned a[4];
    const uint8_t *payload;
} gf_msg;

typedef struct gf {
    gf_opts o;
    topo t;
    cosim *s;
    platform *p[GF_MAX_NODES];
    uint32_t sram_off;            /* BAR offset of SRAM */
    gf_lc lc[GF_MAX_NODES][GF_MAX_LC];
    uint8_t *xreq[GF_MAX_NODES];  /* driver area for translation requests */
    uint64_t xreq_phys[GF_MAX_NODES];
    unsigned xdone[GF_MAX_NODES];
    unsigned amsize_of[GF_MAX_NODES][GF_MAX_LC];   /* 0: o.amsize */
    cosim_cbackend be;            /* one host thread for every node's platform */
    char err[600];
} gf;

void gf_opts_default(gf_opts *o);
/* A little-endian 32-bit word in host memory (lock words, back pointers). */
uint32_t gf_le32(const volatile uint8_t *p);
/* Every firmware test runs on both chips; gf_opts_on: the defaults on one. */
extern const char *const gf_chips[2];
gf_opts gf_opts_on(const char *chip);
int gf_new(gf *g, const gf_opts *o);           /* -1 and g->err */
void gf_free(gf *g);
/* Run fn as the one host process; *rc = its return. After it returns the
 * cores run on until they exit (gf_quit) or `until`. */
cosim_status gf_run(gf *g, int (*fn)(gf *g, void *arg), void *arg, sim_time until, int *rc);

/* For tests: gf_new, or the test fails with its error; gf_run that must end
 * with fn returning 0 and every core done, or the test fails naming the
 * chip, fn's rc, the status, the error and the co-simulation's report. */
#define GF_NEW(g, o)                                                              \
    do {                                                                          \
        if (gf_new((g), (o))) harness_fail(__FILE__, __LINE__, "%s", (g)->err);   \
    } while (0)
#define GF_RUN_OK(g, fn, arg, until) gf_run_ok((g), (fn), (arg), (until), __FILE__, __LINE__)
void gf_run_ok(gf *g, int (*fn)(gf *g, void *arg), void *arg, sim_time until, const char *file, int line);

/* ---- inside fn ---- */
int gf_start(gf *g);                            /* configure every NI, GO, wait for STATE 1 */
int gf_fail(gf *g, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Queue a message on (node, lc) with PIO; 1 sent, 0 no room now, -1 error.
 * commit = 0 writes it without advancing Q_BACK (gf_commit does). */
int gf_send(gf *g, int node, int lc, unsigned dst_ep, unsigned type, unsigned handler, const unsigned a[4],
            const void *payload, unsigned len, int commit);
int gf_commit(gf *g, int node, int lc);
/* Consume the AM ring of (node, lc): fn per message; returns messages or -1. */
typedef int (*gf_msg_fn)(gf *g, int node, int lc, const gf_msg *m, void *ctx);
int gf_poll(gf *g, int node, int lc, gf_msg_fn fn, void *ctx);
/* A translation request pending on node? Answer it with fill (writes the
 * entry words into SRAM slot `slot` with PIO). Returns 1 answered, 0 none. */
typedef int (*gf_xlat_fn)(gf *g, int node, unsigned lc, unsigned va, unsigned len, uint32_t slot, void *ctx);
int gf_xlat_service(gf *g, int node, gf_xlat_fn fill, void *ctx);
/* Write a translation-cache entry into SRAM slot `slot` with PIO: LC lc, VA
 * va for the len bytes at ptr (host memory of node), one run per physically
 * contiguous stretch; *nruns (if given) = runs written. 0, or -1 and g->err. */
int gf_xlat_entry(gf *g, int node, uint32_t slot, unsigned lc, uint32_t va, void *ptr, unsigned len, unsigned *nruns);
/* Chunks the links' error injection lost (lost = 1) or corrupted (0), both directions of every cable. */
uint64_t gf_link_chunks(const gf *g, int lost);
int gf_idle(gf *g, sim_time d);                 /* let simulated time pass */
int gf_pio32(gf *g, int node, uint32_t sram_addr, uint32_t v);
/* Wait until every LC's queue is empty (all ACKed: Q_FRONT == the host's back). */
int gf_drain(gf *g, sim_time limit);
int gf_quit(gf *g);

/* ---- after (or during) a run: direct reads of NI SRAM ---- */
uint32_t gf_word(gf *g, int node, uint32_t addr);
uint32_t gf_lcw(gf *g, int node, int lc, uint32_t off);
uint32_t gf_sum(gf *g, uint32_t off);           /* a counter summed over all nodes and LCs */

#endif
