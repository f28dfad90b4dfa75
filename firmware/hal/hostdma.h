/* Host-DMA engines for firmware: one queue-style interface over both chips
 * (the way firmware/bench/host_dma.c drives them, made non-blocking).
 *
 *   LANai 4: one register-driven engine (EAR, LAR, DMA_DIR, DMA_CTR; DMA_INT
 *            when done). Requests wait in a small software FIFO and start one
 *            at a time as hdma_done()/hdma_kick() see the engine finish.
 *   LANai 9: two descriptor chains of 24-byte DMA_BLOCKs, channel 0 LANai ->
 *            host (L2E), channel 1 host -> LANai (E2L). A channel rests on a
 *            terminal block; a request turns it into a real block whose next
 *            is a fresh terminal block and kicks the channel (PULSE 2 / 4).
 *            The engine writes each finished block's next word back with
 *            TERMINAL set: that is how completion is seen (no WAKE0 needed).
 *
 * Tickets count from 1 (per direction on LANai 9; over both on LANai 4,
 * whose one engine completes everything in order); a request is complete
 * when hdma_done(dir) has reached its ticket. Requests of one direction
 * complete in order. Lengths: the LANai 4 engine needs word-aligned addresses and
 * rounds lengths up to 4; LANai 9 DMAs should keep 8-byte alignment.
 *
 * Lending (GRIM_C_HDMA_* in firmware/grim/grim_abi.h): hdma_lend_wanted()
 * stops new starts; once hdma_idle(), the host may use the engine; after it
 * is done, hdma_reclaim() puts the engine back in the firmware's hands.
 *
 * The state is one struct the caller owns and passes to every call
 * (hdma_init() first). */
#ifndef MYRISIM_HAL_HOSTDMA_H
#define MYRISIM_HAL_HOSTDMA_H

#include "ni.h"

#define HDMA_TO_HOST   0u
#define HDMA_FROM_HOST 1u

#if LANAI_CHIP == 4

/* One transfer at a time: a request posted behind a running one waits in
 * software until firmware polls the engine again (HDMA_CHAINS 0); LANai 9
 * chains requests in SRAM and the engine runs them back to back (1). */
#define HDMA_CHAINS 0
#define HDMA_QN 16u                       /* software FIFO (power of two) */
struct hdma_req { unsigned dir, sram, len, host; };
/* One engine, requests strictly in order: tickets count all requests of
 * both directions (1, 2, ...), and a ticket is done when `done` reaches it. */
struct hdma {
    struct hdma_req q[HDMA_QN];           /* request n waits in q[(n - 1) % HDMA_QN] */
    unsigned queued, started, done;       /* requests posted / handed to the engine / finished */
    unsigned hold;                        /* lending wanted or granted: start nothing */
};
static inline void hdma_init(struct hdma *h)
{
    (void)h;
    NI_REG(L4_ISR) = L4_DMA_INT;
}

static inline __attribute__((always_inline)) void hdma_start(unsigned dir, unsigned sram, unsigned len, unsigned host)
{
    NI_REG(L4_EAR) = host;
    NI_REG(L4_LAR) = sram;
    NI_REG(L4_DMA_DIR) = dir;
    NI_REG(L4_DMA_CTR) = len;
}

/* Start the next queued request (the engine is idle). */
static __attribute__((noinline, unused)) void hdma_next(struct hdma *h)
{
    const struct hdma_req *r = &h->q[h->started & (HDMA_QN - 1)];
    h->started++;
    hdma_start(r->dir, r->sram, r->len, r->host);
}

/* Notice a finished transfer and start the next queued one. */
static inline __attribute__((always_inline)) void hdma_kick(struct hdma *h)
{
    if (h->started != h->done) {
        if (!(NI_REG(L4_ISR) & L4_DMA_INT)) return;
        NI_REG(L4_ISR) = L4_DMA_INT;
        h->done = h->started;
    }
    if (h->queued != h->started && !h->hold) hdma_next(h);
}

static inline __attribute__((always_inline)) unsigned hdma_done(struct hdma *h, unsigned dir)
{
    (void)dir;
    hdma_kick(h);
    return h->done;
}

/* The engine is busy or others wait: queue the request (out of line). */
static __attribute__((noinline, unused)) unsigned hdma_post_queued(struct hdma *h, unsigned dir, unsigned sram,
                                                                   unsigned len, unsigned host)
{
    while (h->queued - h->started == HDMA_QN) hdma_kick(h);   /* FIFO full: let one start */
    struct hdma_req *r = &h->q[h->queued & (HDMA_QN - 1)];
    r->dir = dir;
    r->sram = sram;
    r->len = len;
    r->host = host;
    h->queued++;
    hdma_kick(h);
    return h->queued;
}

static inline __attribute__((always_inline)) unsigned hdma_post(struct hdma *h, unsigned dir, unsigned sram,
                                                                unsigned len, unsigned host)
{
    unsigned n = h->queued;
    if (n == h->done) {                           /* idle: start it now */
        h->queued = h->started = ++n;
        hdma_start(dir, sram, len, host);
        return n;
    }
    return hdma_post_queued(h, dir, sram, len, host);
}

static inline int hdma_idle(struct hdma *h) { hdma_kick(h); return h->queued == h->done; }
static inline void hdma_lend_wanted(struct hdma *h) { h->hold = 1; }
/* The host has finished with the engine: forget a DMA_INT it may have left. */
static inline void hdma_reclaim(struct hdma *h)
{
    NI_REG(L4_ISR) = L4_DMA_INT;
    h->hold = 0;
    hdma_kick(h);
}

#else /* LANAI_CHIP == 9 */

#define HDMA_CHAINS    1
#define HDMA_SLOTS     16u                /* blocks per channel ring (power of two) */
#define HDMA_E2L       1u                 /* DMA_BLOCK next-word flags (lanai-hardware.md §4.6) */
#define HDMA_TERMINAL  2u
#define HDMA_CHANPTR(ch) (0xFFFFFF80u + 8u * (ch))   /* channel heads, LANai side (PROPOSED §4.6) */

struct hdma_chan {
    unsigned blk[HDMA_SLOTS][6];          /* DMA_BLOCKs: next, csum, len, lar, eah, eal */
    unsigned slot;                        /* the terminal block the channel rests on */
    unsigned dslot;                       /* block of the oldest unfinished request */
    unsigned posted, done;
};
struct hdma {
    struct hdma_chan ch[2];
    unsigned hold;
} __attribute__((aligned(8)));

static inline void hdma_chan_rest(struct hdma *h, unsigned d)
{
    struct hdma_chan *c = &h->ch[d];
    c->blk[c->slot][0] = HDMA_TERMINAL;
    NI_REG(HDMA_CHANPTR(d)) = (unsigned)c->blk[c->slot];
}

static inline void hdma_init(struct hdma *h)
{
    hdma_chan_rest(h, HDMA_TO_HOST);
    hdma_chan_rest(h, HDMA_FROM_HOST);
}

static inline unsigned hdma_done(struct hdma *h, unsigned dir)
{
    struct hdma_chan *c = &h->ch[dir];
    while (c->done != c->posted && (((volatile unsigned *)c->blk[c->dslot])[0] & HDMA_TERMINAL)) {
        c->done++;
        c->dslot = (c->dslot + 1) & (HDMA_SLOTS - 1);
    }
    return c->done;
}

static inline void hdma_kick(struct hdma *h) { (void)h; }

/* The channel's ring is full: wait for its oldest block (out of line). */
static __attribute__((noinline, unused)) void hdma_ring_wait(struct hdma *h, unsigned dir)
{
    const struct hdma_chan *c = &h->ch[dir];
    while (c->posted - hdma_done(h, dir) >= HDMA_SLOTS - 1) {}
}

static inline __attribute__((always_inline)) unsigned hdma_post(struct hdma *h, unsigned dir, unsigned sram,
                                                                unsigned len, unsigned host)
{
    struct hdma_chan *c = &h->ch[dir];
    if (c->posted - c->done >= HDMA_SLOTS - 1) hdma_ring_wait(h, dir);   /* (done may lag: it looks) */
    unsigned s = c->slot, n = (s + 1) & (HDMA_SLOTS - 1);
    volatile unsigned *b = c->blk[s], *nb = c->blk[n];
    nb[0] = HDMA_TERMINAL;                                    /* where the engine stops next */
    b[1] = 0;
    b[2] = len;
    b[3] = sram;
    b[4] = 0;
    b[5] = host;
    b[0] = (unsigned)nb | (dir == HDMA_FROM_HOST ? HDMA_E2L : 0u);   /* written last */
    c->slot = n;
    NI_REG(L9_PULSE) = dir == HDMA_FROM_HOST ? 4u : 2u;
    return ++c->posted;
}

static inline int hdma_idle(struct hdma *h)
{
    return hdma_done(h, 0) == h->ch[0].posted && hdma_done(h, 1) == h->ch[1].posted;
}
static inline void hdma_lend_wanted(struct hdma *h) { h->hold = 1; }
/* The host ran its own blocks on channel 1 (E2L): point it back at ours. */
static inline void hdma_reclaim(struct hdma *h)
{
    hdma_chan_rest(h, HDMA_FROM_HOST);
    h->hold = 0;
}

#endif

/* A request that must land after request `after` of the same direction:
 * LANai 9 chains it (the engine keeps a channel's blocks in order); the
 * LANai 4's one engine gets it the moment `after` is done (this waits). */
static inline __attribute__((always_inline)) unsigned hdma_post_after(struct hdma *h, unsigned after, unsigned dir,
                                                                      unsigned sram, unsigned len, unsigned host)
{
#if LANAI_CHIP == 4
    if (h->queued == after && h->started == after && !h->hold) {   /* `after` is the engine's last */
        if (h->done != after) {
            while (!(NI_REG(L4_ISR) & L4_DMA_INT)) {}
            NI_REG(L4_ISR) = L4_DMA_INT;
        }
        h->done = after;
        h->queued = h->started = after + 1u;
        hdma_start(dir, sram, len, host);
        return after + 1u;
    }
    while ((int)(hdma_done(h, dir) - after) < 0) {}
#else
    (void)after;
#endif
    return hdma_post(h, dir, sram, len, host);
}

/* Wait until request t of direction dir is done. On LANai 4, when t is
 * the engine's last request, this watches DMA_INT alone. */
static inline __attribute__((always_inline)) void hdma_wait(struct hdma *h, unsigned dir, unsigned t)
{
#if LANAI_CHIP == 4
    if (h->started == t && h->queued == t) {
        if (h->done != t) {
            while (!(NI_REG(L4_ISR) & L4_DMA_INT)) {}
            NI_REG(L4_ISR) = L4_DMA_INT;
            h->done = t;
        }
        return;
    }
#endif
    while ((int)(hdma_done(h, dir) - t) < 0) {}
}

/* May firmware start a request now (not lent to the host)? */
static inline int hdma_may_post(const struct hdma *h) { return !h->hold; }

/* Post and spin until it is done (start-up and rare paths only). */
static inline void hdma_run(struct hdma *h, unsigned dir, unsigned sram, unsigned len, unsigned host)
{
    unsigned t = hdma_post(h, dir, sram, len, host);
    while ((int)(hdma_done(h, dir) - t) < 0) {}
}

#endif
