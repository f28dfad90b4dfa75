/* GRIM host library: the API of the dissertation's appendix C on a
 * simulated host (hostlib/platform.h). One `grim` is one process's endpoint:
 * logical channel `lc` of its node's NI (the NI firmware is
 * firmware/grim; the contract is firmware/grim/grim_abi.h). Several
 * simulated processes share one native address space, so the library keeps
 * no global state: every call names its endpoint.
 *
 * Every function returns 0 (or a count / value) on success and -1 on error
 * with grim_error() saying why; after a machine fault every call fails.
 * README.md explains how a message travels, the options and the costs. */
#ifndef MYRISIM_GRIM_H
#define MYRISIM_GRIM_H

#include "../tpil/tpil.h"
#include "../../firmware/grim/grim_abi.h"

typedef struct grim grim;

typedef struct grim_options {
    uint32_t nlc;              /* logical channels configured on the NI, 1..GRIM_MAX_LC (default 1) */
    uint32_t lc;               /* the channel this process opens (default 0) */
    uint32_t fw_options;       /* GRIM_OPT_* bits for the firmware (default GRIM_OPT_DEFAULT) */
    uint32_t retx_us;          /* retransmission timeout (default 10000 us; 0 = off) */
    uint32_t queue_bytes;      /* outgoing queue per LC in NI SRAM (0 = the queue area split evenly) */
    uint32_t am_ring_bytes;    /* incoming active-message ring in host memory (default 512 KB) */
    uint32_t frag_bytes;       /* largest payload of one GRIM message; larger sends are fragmented
                                  (0 = GRIM_MTU) */
    uint32_t seg_bytes;        /* send cut-through: inject a message in segments of this size and
                                  commit q_back after each (0 = whole messages); needs
                                  GRIM_OPT_SEND_CT */
    int pio_only;              /* inject with PIO only, whatever the cut-offs say */
    const tpil_cfg *tpil;      /* TPIL cut-offs; NULL = this host/NI/slot's calibrated profile */
    uint32_t scan_only;        /* GRIM_C_SCAN_ONLY: the firmware only measures its LC scan */
    uint32_t server_node;      /* the node serving the handler name database (default 0) */
    uint32_t mcast;            /* GRIM_MC_ON [| GRIM_MC_UNSAFE]: multicast (grim_mcast.h); 0 = none */
    int plain_poll;            /* grim_poll_idle polls every period instead of skipping idle
                                  polls (same results, slower: the reference for tests) */
} grim_options;

void grim_options_default(grim_options *o);

/* Open the driver, wait for the firmware (GRIM_C_MAGIC), configure the NI
 * (channels, queues, options, timeout, translation requests), start it and
 * open channel o->lc. NULL and a message in err on failure. */
grim *grim_enable(platform *p, const grim_options *o, char *err, size_t errlen);
/* Close: tell the firmware to exit with `code` (GRIM_C_QUIT) and free
 * everything. Safe with NULL. */
void grim_disable(grim *g, int code);
const char *grim_error(const grim *g);
platform *grim_platform(grim *g);
drv *grim_driver(grim *g);

/* ---- runtime information (C.3) ---- */
uint32_t grim_getMyVNN(const grim *g);
uint32_t grim_nodes(const grim *g);
/* The endpoint id of channel lc on node vnn (GRIM_EP). */
uint32_t grim_getDestID(const grim *g, uint32_t vnn, uint32_t lc);
uint32_t grim_my_endpoint(const grim *g);

/* ---- active messages (C.4) ---- */
typedef struct grim_am {
    uint32_t src;              /* sending endpoint */
    uint32_t handler;          /* global handler id */
    uint32_t arg[4];
    const uint8_t *data;       /* payload (valid during the handler only) */
    uint32_t len;
} grim_am;

typedef void (*grim_handler_fn)(grim *g, const grim_am *m, void *ctx);
/* For handlers: fail the grim_poll that runs this handler with a message
 * (e.g. after a grim_send from the handler failed: "%s", grim_error(g)). */
int grim_abort(grim *g, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

int grim_register_handler(grim *g, grim_handler_fn fn, void *ctx, const char *name);
/* Publish the local handlers to the name server (node server_node) and
 * learn the global table; served by the server's grim_poll. */
int grim_syncHandlers(grim *g);
/* The global id of a handler name (asks the server if it is not known
 * locally). */
int grim_resolveHandler(grim *g, const char *name, uint32_t *id);
/* Send an active message: handler id, four arguments, payload (any length;
 * above frag_bytes it goes as several GRIM messages and is reassembled). */
int grim_send(grim *g, uint32_t dest, uint32_t handler, uint32_t a0, uint32_t a1, uint32_t a2, uint32_t a3,
              const void *payload, uint32_t len);
/* Extract and run the active messages that have arrived; also services the
 * card's interrupt (the driver's translation requests) and drains the host
 * overflow queue. Costs a poll's CPU time. Returns the number of messages
 * handled (0 inside a handler, where it only services the interrupt). */
int grim_poll(grim *g);
/* grim_poll for a loop that only waits for what polls bring (a handler's
 * effect, a word the NI writes by DMA) and ends or gives up no later than
 * max after now: when a poll now would find nothing (no message in the
 * ring, interrupt line down, no overflow to drain), the polls that would
 * find nothing are skipped in simulated time (plat_idle_poll) and this
 * returns what the first poll that can find something returns, at the time
 * it would return it (statistics count every skipped poll). Otherwise it is
 * grim_poll. */
int grim_poll_idle(grim *g, sim_time max);
/* Poll until *word == value (a lock the NI writes). */
int grim_wait_word(grim *g, const volatile uint32_t *word, uint32_t value);
/* Wait until the NI has every message of this endpoint's queue
 * acknowledged (polling meanwhile). */
int grim_flush(grim *g);
/* Every node calls it; returns when all have (messages to node server_node). */
int grim_barrier(grim *g);

/* ---- registered memory (C.5.1) ---- */
/* Pinned, physically contiguous memory from GRIM's pinned-memory unit; its
 * translation is a static entry of the NI's translation cache. */
void *grim_malloc_pinned(grim *g, uint32_t n);
int grim_free_pinned_va(grim *g, void *p);
/* Physical address of pinned memory (0 on error). */
uint64_t grim_get_pinned_pa(grim *g, const void *p);
void *grim_get_pinned_va(grim *g, uint64_t pa);
/* Register ordinary user memory (plat_alloc) by pinning its pages: no
 * static entry, so the NI asks the driver for translations. */
int grim_register_memory(grim *g, void *p, uint32_t n);
int grim_unregister_memory(grim *g, void *p);
/* The 32-bit virtual address messages carry for registered memory, and
 * back (0 / NULL if not registered). Processes that register the same
 * sizes in the same order get the same addresses (as a program run on every
 * node gets the same pointers). */
uint32_t grim_va(const grim *g, const void *p);
void *grim_ptr(const grim *g, uint32_t va);

/* ---- remote memory (C.5.2) ---- */
/* RM-V: n bytes from src to virtual address target_va of endpoint dest;
 * then, if lock_va, the 32-bit lock_value (host byte order) into lock_va. */
int grim_sendMemory(grim *g, uint32_t dest, uint32_t target_va, const void *src, uint32_t n, uint32_t lock_va,
                    uint32_t lock_value);
/* RM-P: the same to a physical address (no translation at the receiver). */
int grim_sendPhysicalMemory(grim *g, uint32_t dest, uint64_t target_pa, const void *src, uint32_t n,
                            uint32_t lock_va, uint32_t lock_value);

/* RM-RV: n bytes from virtual address remote_va of endpoint dest into
 * local registered memory at local_va; then, if lock_va, the NI clears the
 * 32-bit lock there (writes 0): set it nonzero before and wait for 0. */
int grim_fetchMemory(grim *g, uint32_t dest, uint32_t remote_va, uint32_t local_va, uint32_t n, uint32_t lock_va);

/* ---- statistics ---- */
typedef struct grim_stats {
    uint64_t sent, sent_fragments, received, dispatched;
    uint64_t overflowed;       /* messages that went through the host overflow queue */
    uint64_t front_reads;      /* PIO reads of q_front */
    uint64_t dma_injections, pio_injections;
    uint64_t polls, irqs;
    uint64_t mc_partial;       /* multicast messages a member got only part of (joined or left during it): dropped */
} grim_stats;
const grim_stats *grim_get_stats(const grim *g);

/* The driver's translation service (drv_xlat.h) of this endpoint. */
struct drv_xlat *grim_xlat(grim *g);
/* Change the fragment size (frag_bytes) from now on (0 = the largest the
 * queues allow); it is the host library's alone. Returns the size in effect. */
uint32_t grim_set_frag(grim *g, uint32_t bytes);
/* The options in effect (after defaults and clamping). */
const grim_options *grim_get_options(const grim *g);
/* The NI's features word (GRIM_C_FEATURES). */
uint32_t grim_fw_features(const grim *g);

/* Read the NI's instrumentation (GRIM_STATS): last, sum and count of a
 * step's core cycles. */
int grim_read_step(grim *g, int step, uint32_t *last, uint32_t *sum, uint32_t *count);
/* Read one word of the NI's control block or of this endpoint's LC
 * descriptor (diagnostics, tests). */
int grim_read_ctrl(grim *g, uint32_t off, uint32_t *v);
int grim_read_lcd(grim *g, uint32_t lc, uint32_t off, uint32_t *v);

#include "grim_mcast.h"

#endif
