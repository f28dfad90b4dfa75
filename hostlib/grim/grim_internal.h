/* GRIM host library internals shared by its files. */
#ifndef MYRISIM_GRIM_INTERNAL_H
#define MYRISIM_GRIM_INTERNAL_H

#include "grim.h"
#include "grim_wire.h"
#include "../driver/drv_xlat.h"

/* Built-in handler ids (user handlers get ids from GRIM_H_USER up). */
enum {
    GRIM_H_NONE = 0,
    GRIM_H_NS_SYNC,            /* to the server: a0 = count, payload = NUL-separated names */
    GRIM_H_NS_TABLE,           /* from the server: payload = { u16 id (big-endian), name, NUL }... */
    GRIM_H_NS_RESOLVE,         /* to the server: payload = one name */
    GRIM_H_FRAG,               /* an AM fragment: a0 = user handler, a1 = total, a2 = offset */
    GRIM_H_BARRIER,            /* a0 = 0 arrive (to the server), 1 release (from it); a1 = epoch */
    GRIM_H_MC_FIND,            /* to the server: payload = tree name */
    GRIM_H_MC_FOUND,           /* from it: a0 = id (~0: table full), a1 = owner endpoint */
    GRIM_H_MC_SUB,             /* to the owner: a0 = id, a1 = channels, a2 = 1 subscribe / 0 unsubscribe */
    GRIM_H_MC_ROOT,            /* from the owner: a0 = id, a1 = root NI (0xFF none), a2 = status */
    GRIM_H_MC_ROOTQ,           /* to the owner: a0 = id (the root, please) */
    GRIM_H_USER = 16,
};

#define GRIM_MAX_HANDLERS 64
#define GRIM_MAX_NAME 48
#define GRIM_MAX_BLOCKS 128
#define GRIM_MAX_NODES 256
#define GRIM_PAGE 4096u
#define GRIM_VA_BASE 0x10000000u    /* registered memory's virtual addresses start here */
#define GRIM_CHUNK (1u << 20)       /* the pinned-memory unit takes contiguous memory in 1 MB chunks */

/* CPU work of the library itself (the platform charges PIO, copies and
 * kernel services; this is the C code around them), in host CPU cycles;
 * proposed values, docs in README.md. */
#define GRIM_POLL_CYCLES 60         /* one poll: call, load of the back word, compare, interrupt check */
#define GRIM_SEND_CYCLES 250        /* one message: checks, header build, queue arithmetic */
#define GRIM_DISPATCH_CYCLES 120    /* one incoming message: header decode, handler lookup, call */
#define GRIM_FRONT_BACKOFF_NS 2000  /* between re-reads of q_front while the queue is full */
#define GRIM_SMALL_PAYLOAD 256      /* up to this, header and payload go in one injection */

typedef struct grim_block {
    uint32_t va, len;
    uint8_t *ptr;
    uint64_t phys;             /* contiguous chunks: physical address of ptr; 0 for page-pinned */
    int slot;                  /* static translation entry (chunks), -1 otherwise */
    uint32_t used;             /* chunks: bytes handed out (bump) */
    uint32_t live;             /* chunks: allocations alive */
    int pinned_user;           /* registered user memory (drv_pin_user) */
} grim_block;

typedef struct grim_local_handler {
    char name[GRIM_MAX_NAME];
    grim_handler_fn fn;
    void *ctx;
    uint32_t id;               /* global id, 0 until synchronised */
} grim_local_handler;

typedef struct grim_ovf {      /* a message in the host overflow queue (§4.4.3) */
    struct grim_ovf *next;
    grim_hdr h;
    uint32_t len;
    uint8_t data[];
} grim_ovf;

typedef struct grim_reasm {    /* an active message being reassembled from fragments */
    uint32_t src, handler, total, got;
    uint8_t *buf;              /* host memory (plat_alloc) */
    uint32_t cap;
} grim_reasm;

struct grim {
    platform *p;
    drv *d;
    drv_xlat *xl;
    tpil_dev *t;
    bar_layout lay;
    grim_options o;
    uint32_t node, nodes, features, ep;
    sim_time poll_ps, send_ps, dispatch_ps;
    /* outgoing queue of our LC in NI SRAM */
    uint32_t q_base;
    grim_ring sq;              /* front is the cached copy of the NI's q_front */
    uint32_t max_payload;      /* fragment payload in effect */
    uint32_t hdma_seq;
    /* incoming active-message ring */
    uint8_t *am;
    uint64_t am_phys;
    uint32_t am_size, am_front;
    uint8_t *am_back;          /* the 4-byte back offset the NI DMAs (little-endian) */
    /* handlers */
    grim_local_handler lh[GRIM_MAX_HANDLERS];
    int nlh;
    char (*gname)[GRIM_MAX_NAME];   /* global table: id -> name ("" = unknown) */
    uint32_t ngname;
    int sync_wait, resolve_wait;
    /* server side (node server_node) */
    uint32_t barrier_epoch, barrier_arrived[2], barrier_released;
    int handler_failed;        /* a handler called grim_handler_fail */
    /* registered memory */
    grim_block blk[GRIM_MAX_BLOCKS];
    int nblk;
    uint32_t next_va;
    int next_slot;
    /* host overflow queue */
    grim_ovf *ovf_head, *ovf_tail;
    int in_handler;            /* a handler is running */
    int atomic;                /* sends in progress (a nested one waits in the overflow queue) */
    grim_reasm *reasm;         /* per source endpoint, allocated as needed */
    int nreasm;
    struct grim_mc *mc;        /* multicast state (grim_mcast.c), NULL until used */
    grim_stats st;
    uint32_t card_seq;         /* the last request on the card's request queue of our LC (grim_card.c) */
    int card_seq_known;
    uint32_t cx_relay_ep, cx_relay_h;   /* a host-served card: its endpoint, its process's relay handler
                                           (grim_celoxica_relay.c; cx_relay_h 0: none) */
    char err[480];
};

/* A card message of Table B.2's calls (grim_celoxica*.c): to the card's own
 * endpoint, or through its process's relay handler (grim_celoxica_relay.c). */
int grim_celoxica_out(grim *g, uint32_t resource, uint32_t function, uint32_t a0, uint32_t a1, uint32_t a2,
                      uint32_t a3, const uint32_t *payload, uint32_t words);
int grim_fail(grim *g, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
int grim_fail_plat(grim *g, const char *what);
static inline uint32_t grim_sram(const grim *g, uint32_t a) { return g->lay.sram.off + a; }
uint32_t grim_lcd(const grim *g, uint32_t lc, uint32_t off);   /* SRAM address of an LC word */

/* grim_inject.c: one message into our outgoing queue (blocking for room
 * unless inside a handler, where it goes to the overflow queue). */
int grim_put(grim *g, const grim_hdr *h, const void *payload, uint32_t len);
int grim_send_begin(grim *g);
/* Around one message's grim_puts: pin its payload once if its pieces go by
 * zero-copy (1 pinned, 0 not, -1 error); unpin with what it returned. */
int grim_pin_payload(grim *g, const void *payload, uint32_t len);
int grim_unpin_payload(grim *g, int pinned);
void grim_send_end(grim *g);
int grim_drain_overflow(grim *g);
/* TPIL's cut-offs for this host, NI and slot (grim_profile.c); NULL if
 * none was calibrated. */
const tpil_cfg *grim_profile_cuts(const char *host, int chip_is_lanai9, int bus_width);

/* grim_am.c */
int grim_send_internal(grim *g, uint32_t dest, uint32_t handler, const uint32_t a[4], const void *payload, uint32_t len);
int grim_service(grim *g);      /* the interrupt, the translation service's errors */
/* grim_handlers.c: the built-in handlers (dispatch of ids < GRIM_H_USER) */
int grim_builtin(grim *g, const grim_am *m);
int grim_handlers_init(grim *g);
void grim_handlers_free(grim *g);
int grim_dispatch_user(grim *g, const grim_am *m);

/* grim_mcast.c: the multicast built-in handlers; freeing */
int grim_mc_builtin(grim *g, const grim_am *m);
void grim_mc_free(grim *g);

/* grim_mem.c */
void grim_mem_free_all(grim *g);

#endif
