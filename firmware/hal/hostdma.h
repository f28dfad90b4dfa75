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
 * Tickets count per direction from 1; a request is complete when
 * hdma_done(dir) has reached its ticket. Requests of one direction complete
 * in order. Lengths: the LANai 4 engine needs word-aligned addresses and
 * rounds lengths up to 4; LANai 9 DMAs should keep 8-byte alignment.
 *
 * Lending (GRIM_C_HDMA_* in firmware/grim/grim_abi.h): hdma_lend_wanted()
 * stops new starts; once hdma_idle(), the host may use the engine; after it
 * is done, hdma_reclaim() puts the engine back in the firmware's hands.
 *
 * The state is one struct; exactly one C file says HDMA_STATE; to define it,
 * and calls hdma_init() before the first request. */
#ifndef MYRISIM_HOSTDMA_H
#define MYRISIM_HOSTDMA_H

#include "ni.h"

#define HDMA_TO_HOST   0u
#define HDMA_FROM_HOST 1u

#if LANAI_CHIP == 4

#define HDMA_QN 16u                       /* software FIFO (power of two) */
struct hdma_req { unsigned dir, sram, len, host; };
struct hdma {
    struct hdma_req q[HDMA_QN];
    unsigned qh, qt;                      /* FIFO: started up to qh, queued up to qt */
    unsigned busy, cur;                   /* a request is in the engine; its direction */
    unsigned posted[2], done[2];
    unsigned hold;                        /* lending wanted or granted: start nothing */
};
extern struct hdma hdma;
#define HDMA_STATE struct hdma hdma

static inline void hdma_init(void)
{
    NI_REG(L4_ISR) = L4_DMA_INT;
}

/* Notice a finished transfer and start the next queued one. */
static inline void hdma_kick(void)
{
    if (hdma.busy) {
        if (!(NI_REG(L4_ISR) & L4_DMA_INT)) return;
        NI_REG(L4_ISR) = L4_DMA_INT;
        hdma.busy = 0;
        hdma.done[hdma.cur]++;
    }
    if (hdma.qh != hdma.qt && !hdma.hold) {
        const struct hdma_req *r = &hdma.q[hdma.qh & (HDMA_QN - 1)];
        hdma.qh++;
        hdma.busy = 1;
        hdma.cur = r->dir;
        NI_REG(L4_EAR) = r->host;
        NI_REG(L4_LAR) = r->sram;
        NI_REG(L4_DMA_DIR) = r->dir;
        NI_REG(L4_DMA_CTR) = r->len;
    }
}

static inline unsigned hdma_done(unsigned dir)
{
    hdma_kick();
    return hdma.done[dir];
}

static inline unsigned hdma_post(unsigned dir, unsigned sram, unsigned len, unsigned host)
{
    while (hdma.qt - hdma.qh == HDMA_QN) hdma_kick();   /* FIFO full: let one start */
    struct hdma_req *r = &hdma.q[hdma.qt & (HDMA_QN - 1)];
    r->dir = dir;
    r->sram = sram;
    r->len = len;
    r->host = host;
    hdma.qt++;
    hdma_kick();
    return ++hdma.posted[dir];
}

static inline int hdma_idle(void) { hdma_kick(); return !hdma.busy && hdma.qh == hdma.qt; }
static inline void hdma_lend_wanted(void) { hdma.hold = 1; }
/* The host has finished with the engine: forget a DMA_INT it may have left. */
static inline void hdma_reclaim(void)
{
    NI_REG(L4_ISR) = L4_DMA_INT;
    hdma.hold = 0;
    hdma_kick();
}

#else /* LANAI_CHIP == 9 */

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
extern struct hdma hdma;
#define HDMA_STATE struct hdma hdma

static inline void hdma_chan_rest(unsigned d)
{
    struct hdma_chan *c = &hdma.ch[d];
    c->blk[c->slot][0] = HDMA_TERMINAL;
    NI_REG(HDMA_CHANPTR(d)) = (unsigned)c->blk[c->slot];
}

static inline void hdma_init(void)
{
    hdma_chan_rest(HDMA_TO_HOST);
    hdma_chan_rest(HDMA_FROM_HOST);
}

static inline unsigned hdma_done(unsigned dir)
{
    struct hdma_chan *c = &hdma.ch[dir];
    while (c->done != c->posted && (((volatile unsigned *)c->blk[c->dslot])[0] & HDMA_TERMINAL)) {
        c->done++;
        c->dslot = (c->dslot + 1) & (HDMA_SLOTS - 1);
    }
    return c->done;
}

static inline void hdma_kick(void) {}

static inline unsigned hdma_post(unsigned dir, unsigned sram, unsigned len, unsigned host)
{
    struct hdma_chan *c = &hdma.ch[dir];
    while (c->posted - hdma_done(dir) >= HDMA_SLOTS - 1) {}   /* ring full */
    unsigned s = c->slot, n = (s + 1) & (HDMA_SLOTS - 1);
    volatile unsigned *b = c->blk[s];
    ((volatile unsigned *)c->blk[n])[0] = HDMA_TERMINAL;      /* where the engine stops next */
    b[1] = 0;
    b[2] = len;
    b[3] = sram;
    b[4] = 0;
    b[5] = host;
    b[0] = (unsigned)c->blk[n] | (dir == HDMA_FROM_HOST ? HDMA_E2L : 0u);   /* written last */
    c->slot = n;
    NI_REG(L9_PULSE) = dir == HDMA_FROM_HOST ? 4u : 2u;
    return ++c->posted;
}

static inline int hdma_idle(void)
{
    return hdma_done(0) == hdma.ch[0].posted && hdma_done(1) == hdma.ch[1].posted;
}
static inline void hdma_lend_wanted(void) { hdma.hold = 1; }
/* The host ran its own blocks on channel 1 (E2L): point it back at ours. */
static inline void hdma_reclaim(void)
{
    hdma_chan_rest(HDMA_FROM_HOST);
    hdma.hold = 0;
}

#endif

/* May firmware start a request now (not lent to the host)? */
static inline int hdma_may_post(void) { return !hdma.hold; }

/* Post and spin until it is done (start-up and rare paths only). */
static inline void hdma_run(unsigned dir, unsigned sram, unsigned len, unsigned host)
{
    unsigned t = hdma_post(dir, sram, len, host);
    while ((int)(hdma_done(dir) - t) < 0) {}
}

#endif
