/* Host programs: native C that runs as a host process on a simulated node
 * (model/node/hosts.h) and talks to the machine only through platform.h.
 * The scenario kind "host" (sim/experiments/exp_host.c) runs one by name; its
 * parameters come from the scenario's experiment.params and it reports
 * named measurements. Each program drives the NI firmware
 * firmware/bench/host_dma.c through the mailbox (hmb.h). */
#ifndef MYRISIM_APPS_HAPP_H
#define MYRISIM_APPS_HAPP_H

#include "../platform.h"

typedef struct happ_env happ_env;

struct happ_env {
    /* inputs */
    int node;                  /* which node's host runs this process */
    uint64_t ni_clock_hz;      /* the NI's clock (what its cycle counts mean) */
    const char *(*param)(void *ctx, const char *name);   /* value as text, NULL if not given */
    void *ctx;
    /* outputs */
    void (*measure)(void *ctx, const char *name, double v);
    void *state;               /* the program's own results, for combine (freed by happ_env_done) */
    char err[480];             /* why the program failed */
    /* set by happ_call_main: the program's declared parameters; reading
     * any other name is a bug in the program, reported by happ_call_main */
    const char *const *declared;
    char undeclared[32];
    /* The capture card's frames on this node (section 6.4's driver keeps
     * them in host memory), NULL without one: the newest complete frame,
     * its bytes and number (1 = the first; 0: none yet). */
    int (*video)(void *vctx, const uint8_t **frame, uint32_t *bytes, uint32_t *number);
    void *vctx;
    /* A second device on this node's bus (the RC-1000: experiment.rc1000_node),
     * dev_name NULL without one: happ_call_main hands it to the platform
     * (plat_dev_*, platform.h) before the program runs. */
    const char *dev_name;
    uint64_t dev_base;
    uint32_t dev_size;
    /* The RC-1000's configuration file (experiment.rc1000_config), NULL
     * without one: its name and the function list it holds (handler id per
     * canvas slot 0-7 and the ALU; 0 = none), what the host's function-fault
     * handler loads into the card. */
    const char *dev_config_file;
    uint32_t dev_config_funcs[9];
    /* Several processes on one node (kind host's experiment.card_procs, on
     * the card's node): proc 0 is the node's first process (the one that
     * opens the NI), 1.. the others; shm is a zeroed block of HAPP_SHM_BYTES
     * every process of that node sees (a shared-memory segment; touching it
     * costs nothing), NULL on other nodes; nprocs how many processes the
     * node runs (1 without card_procs). */
    int proc, nprocs;
    void *shm;
};
#define HAPP_SHM_BYTES 65536

typedef struct happ {
    const char *name;
    const char *summary;
    /* Every parameter it reads (NULL-terminated). The scenario check
     * rejects any other name in experiment.params (a typo must not be
     * ignored), and happ_call_main fails a program that reads a name it
     * does not declare. */
    const char *const *params;
    int (*run)(platform *p, happ_env *e);                 /* 0 ok, -1 failed (e->err) */
    /* Optional: after every process of a run has finished, the results of
     * all of them together (e.g. the same benchmark in two PCI slots). */
    int (*combine)(happ_env *const *envs, int n, happ_env *out);
} happ;

const happ *happ_find(const char *name);
const happ *const *happ_all(void);
/* 1 if the program declares parameter `name`. */
int happ_declares(const happ *a, const char *name);
/* Its parameters as "A, B, C" ("none" if it takes none). */
const char *happ_param_list(const happ *a, char *buf, size_t n);

/* For programs: parameters with defaults (an integer must be one), a
 * measurement, a failure. happ_int returns -1 and sets err on bad text. */
int happ_int(happ_env *e, const char *name, long long dflt, long long *out);
const char *happ_str(happ_env *e, const char *name, const char *dflt);
void happ_measure(happ_env *e, const char *name, double v);
int happ_fail(happ_env *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Release what a program kept in e->state. */
void happ_env_done(happ_env *e);

/* A program and its environment as one host process's argument: pass
 * happ_call_main and a happ_call to a process runner (model/node/hosts.h
 * cosim_proc: fn = happ_call_main, arg = &call). */
typedef struct happ_call {
    const happ *app;
    happ_env env;
    int rc;
} happ_call;
int happ_call_main(platform *p, void *arg);

/* The programs (one file each) */
extern const happ happ_tpil_point, happ_tpil_summary, happ_ni2host, happ_irq_service, happ_tpil_echo,
    happ_dma_unpinned;
/* GRIM benchmarks (app_grim_*.c; NI firmware: the GRIM images, build/fw/grim) */
extern const happ happ_grim_pingpong, happ_grim_burst, happ_grim_scan, happ_grim_steps, happ_grim_check,
    happ_grim_stream, happ_grim_alltoall, happ_grim_frag_check, happ_grim_mcast;
extern const happ happ_grim_incast;   /* app_grim_incast.c */
extern const happ happ_grim_video;   /* app_grim_video.c: BT848 frames to a remote endpoint (section 6.4) */
extern const happ happ_grim_rc1000_stage;   /* app_grim_rc1000.c: the RC-1000 as a GRIM endpoint and stage */
extern const happ happ_rc1000_outstanding;   /* app_rc1000_owed.c: the status port's mod-64 count */
extern const happ happ_grim_card_arb;   /* app_grim_card_arb.c: the NI's merge of bank requests (Figure 6.7) */
extern const happ happ_grim_mc_churn;
/* Unmodified sockets programs (app_sockets.c, hostlib/sockets) */
extern const happ happ_sockets;
/* seed 002 (LFC, the DAS cluster): app_das_paths.c */
extern const happ happ_das_paths, happ_lfb_pingpong, happ_lfb_stream, happ_lfb_check, happ_lfb_misuse;
extern const happ happ_lfc_pingpong, happ_lfc_stream, happ_lfc_check, happ_lfc_misuse;   /* app_lfc.c */
extern const happ happ_lfc_mcast_check, happ_lfc_bcast_latency, happ_lfc_fa, happ_lfc_mcast_misuse, happ_lfc_bcast_stream;   /* app_lfc_mcast.c */
extern const happ happ_lfc_waits;   /* app_lfc_waits.c */
extern const happ happ_lfc_recov_random, happ_lfc_intr, happ_lfc_loggp;   /* app_lfc_recov.c, app_lfc_intr.c, app_lfc_loggp.c */

#endif
