/* The outgoing path: a GRIM message appended to our LC's queue in NI SRAM
 * through TPIL, committed by a PIO write of q_back; free space from the
 * cached q_front (re-read by PIO only when the message does not fit); the
 * WRAP rule; send cut-through segments; the host-DMA handshake; the host
 * overflow queue (dissertation §4.4.3). */
#include "grim_internal.h"

#include <stdlib.h>
#include <string.h>

#define HDMA_TIMEOUT_US 100000

static int hdma_acquire(grim *g)
{
    uint32_t n = ++g->hdma_seq, v;
    if (plat_pio_write32(g->p, grim_sram(g, GRIM_CTRL + GRIM_C_HDMA_REQ), n)) return grim_fail_plat(g, "host DMA request");
    sim_time give_up = plat_now(g->p) + SIM_US(HDMA_TIMEOUT_US);
    for (;;) {
        if (grim_read_ctrl(g, GRIM_C_HDMA_GRANT, &v)) return -1;
        if (v == n) return 0;
        if (plat_now(g->p) > give_up)
            return grim_fail(g, "the firmware did not grant its host-DMA engine (request %u, grant %u) in %u us", n, v,
                             HDMA_TIMEOUT_US);
    }
}

static int hdma_release(grim *g)
{
    if (plat_pio_write32(g->p, grim_sram(g, GRIM_CTRL + GRIM_C_HDMA_DONE), g->hdma_seq))
        return grim_fail_plat(g, "host DMA release");
    return 0;
}

/* n bytes into SRAM at dst with TPIL's choice for the size. */
static int inject(grim *g, uint32_t dst, const void *src, uint32_t n)
{
    if (!n) return 0;
    int dma = tpil_mech_is_dma(tpil_choice(g->t, n));
    if (dma && hdma_acquire(g)) return -1;
    int r = tpil_inject(g->t, dst, src, n);
    if (dma && hdma_release(g)) return -1;
    if (r) return grim_fail(g, "injection of %u bytes: %s", n, tpil_error(g->t));
    if (dma) g->st.dma_injections++;
    else g->st.pio_injections++;
    return 0;
}

static int commit(grim *g, uint32_t back)
{
    if (plat_pio_write32(g->p, grim_sram(g, grim_lcd(g, g->o.lc, GRIM_L_Q_BACK)), back))
        return grim_fail_plat(g, "q_back");
    return 0;
}

/* Room for m bytes: from the cached front, then once more after reading
 * the NI's q_front. 1 placed, 0 no room, -1 error. */
static int try_place(grim *g, uint32_t m, uint32_t *at, int *wrap)
{
    if (grim_ring_place(&g->sq, m, at, wrap) == 0) return 1;
    uint32_t f;
    if (grim_read_lcd(g, g->o.lc, GRIM_L_Q_FRONT, &f)) return -1;
    g->st.front_reads++;
    if (f == g->sq.size) f = 0;   /* the ABI: an offset equal to the size means 0 */
    if (f > g->sq.size || f % 8)
        return grim_fail(g, "the NI's q_front of LC %u is %u, outside its %u-byte queue", g->o.lc, f, g->sq.size);
    g->sq.front = f;
    return grim_ring_place(&g->sq, m, at, wrap) == 0;
}

/* Write the message at `at` (after a WRAP if wrap) and commit it. */
static int write_msg(grim *g, const grim_hdr *h, const uint8_t *payload, uint32_t len, uint32_t at, int wrap)
{
    if (plat_compute(g->p, g->send_ps)) return grim_fail_plat(g, "send");
    uint32_t m = grim_msg_bytes(len);
    if (wrap) {
        uint8_t w[8];
        grim_wrap_pack(w);
        if (inject(g, g->q_base + g->sq.back, w, 8)) return -1;
    }
    uint8_t hb[GRIM_HDR_BYTES + GRIM_SMALL_PAYLOAD];
    grim_hdr_pack(h, hb);
    uint32_t dst = g->q_base + at;
    uint32_t seg = g->o.seg_bytes;
    if (len <= GRIM_SMALL_PAYLOAD) {
        /* a small message leaves the CPU as one PIO store sequence: the
         * payload is copied behind the header first */
        if (len && plat_memcpy(g->p, hb + GRIM_HDR_BYTES, payload, len)) return grim_fail_plat(g, "send");
        if (inject(g, dst, hb, GRIM_HDR_BYTES + len)) return -1;
    } else if (inject(g, dst, hb, GRIM_HDR_BYTES)) {
        return -1;
    } else if (seg && len > seg) {
        /* cooperative send cut-through (§5.5.4): commit after each segment */
        for (uint32_t off = 0; off < len; off += seg) {
            uint32_t k = len - off < seg ? len - off : seg;
            if (inject(g, dst + GRIM_HDR_BYTES + off, payload + off, k)) return -1;
            if (off + k < len && commit(g, at + GRIM_HDR_BYTES + off + k)) return -1;
        }
    } else if (inject(g, dst + GRIM_HDR_BYTES, payload, len)) {
        return -1;
    }
    g->sq.back = at + m;
    if (commit(g, g->sq.back)) return -1;
    g->st.sent++;
    return 0;
}

static int overflow(grim *g, const grim_hdr *h, const void *payload, uint32_t len)
{
    grim_ovf *o = malloc(sizeof *o + len);
    if (!o) return grim_fail(g, "overflow queue: out of memory");
    o->next = NULL;
    o->h = *h;
    o->len = len;
    /* the copy into host memory is the price of the overflow queue */
    if (len && plat_memcpy(g->p, o->data, payload, len)) {
        free(o);
        return grim_fail_plat(g, "overflow queue copy");
    }
    if (g->ovf_tail) g->ovf_tail->next = o;
    else g->ovf_head = o;
    g->ovf_tail = o;
    g->st.overflowed++;
    return 0;
}

/* Move overflowed messages into the NI queue while they fit; with block,
 * until the overflow queue is empty. */
static int drain(grim *g, int block)
{
    while (g->ovf_head) {
        grim_ovf *o = g->ovf_head;
        uint32_t at;
        int wrap, r = try_place(g, grim_msg_bytes(o->len), &at, &wrap);
        if (r < 0) return -1;
        if (r == 0) {
            if (!block) return 0;
            if (grim_poll(g) < 0 || plat_compute(g->p, SIM_NS(GRIM_FRONT_BACKOFF_NS))) return -1;
            continue;
        }
        if (write_msg(g, &o->h, o->data, o->len, at, wrap)) return -1;
        g->ovf_head = o->next;
        if (!g->ovf_head) g->ovf_tail = NULL;
        free(o);
    }
    return 0;
}

int grim_drain_overflow(grim *g) { return drain(g, 0); }

/* A message whose pieces go by zero-copy DMA has its whole payload pinned
 * once, not once per injected piece: one pin ioctl per message instead of
 * one per segment (TPIL's pinned source window). */
int grim_pin_payload(grim *g, const void *payload, uint32_t len)
{
    uint32_t piece = len < g->max_payload ? len : g->max_payload;
    if (g->o.seg_bytes && piece > g->o.seg_bytes) piece = g->o.seg_bytes;
    if (len <= GRIM_SMALL_PAYLOAD || tpil_choice(g->t, piece) != TPIL_DMA_ZEROCOPY) return 0;
    int r = tpil_pin_source(g->t, payload, len);
    if (r < 0) return grim_fail(g, "pinning %u bytes to send: %s", len, tpil_error(g->t));
    return r == 0;
}

int grim_unpin_payload(grim *g, int pinned)
{
    if (pinned && tpil_unpin_source(g->t)) return grim_fail(g, "unpinning a sent payload: %s", tpil_error(g->t));
    return 0;
}

int grim_send_begin(grim *g)
{
    /* a send at the top level first empties the overflow queue (order) */
    if (g->atomic == 0 && !g->in_handler && drain(g, 1)) return -1;
    g->atomic++;
    return 0;
}

void grim_send_end(grim *g) { g->atomic--; }

int grim_put(grim *g, const grim_hdr *h, const void *payload, uint32_t len)
{
    uint32_t m = grim_msg_bytes(len);
    if (len > g->max_payload) return grim_fail(g, "message of %u bytes: fragments are at most %u", len, g->max_payload);
    /* a send from inside another send's wait (a handler run while the queue
     * was full) goes behind it, so fragments of one message stay together;
     * callers bracket their messages with grim_send_begin/end */
    if (g->atomic > 1) return overflow(g, h, payload, len);
    if (g->in_handler) {
        if (g->ovf_head) return overflow(g, h, payload, len);
        uint32_t at;
        int wrap, r = try_place(g, m, &at, &wrap);
        if (r < 0) return -1;
        if (r == 0) return overflow(g, h, payload, len);
        return write_msg(g, h, payload, len, at, wrap);
    }
    for (;;) {
        uint32_t at;
        int wrap, r = try_place(g, m, &at, &wrap);
        if (r < 0) return -1;
        if (r) return write_msg(g, h, payload, len, at, wrap);
        /* full: keep answering the network (and the driver) while the NI
         * drains, re-reading q_front now and then */
        if (grim_poll(g) < 0 || plat_compute(g->p, SIM_NS(GRIM_FRONT_BACKOFF_NS))) return -1;
    }
}
