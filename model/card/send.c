/* The packet send DMA (lanai-hardware.md §4.7). Firmware sets SMP (word
 * aligned), SA (byte offset into that word) and writes the limit: SML for a
 * segment that leaves the packet open, SMLT for the last one (tail). The
 * limit is the address of the last word on LANai 4 (inclusive) and the end
 * address on LANai 9 (exclusive), as PROPOSED in §4.7. The write schedules
 * the engine's start after the chip's DMA start-up latency; SEND_INT is
 * cleared then and set again when the segment's last byte has been
 * serialised (the endpoint's `sent`). One segment at a time.
 *
 * At the start event the segment is read from SRAM and handed to the link
 * (later SRAM writes by firmware do not change it). CRCs cover the packet
 * after its leading route bytes (MSB = 1): that is exactly what the
 * destination receives once every switch has stripped its byte and
 * regenerated the CRC (§5), so the destination's check residue is 0 for an
 * intact packet. On the tail segment the engine appends the CRC-32 (LANai 9,
 * MYRINET.CRC32_ENABLE; big-endian) and then the CRC-8 (LANai 4
 * MYRINET.CRC_ENABLE, LANai 9 TX_CRC8_ENABLE). */
#include "card_internal.h"
#include "crc.h"
#include "../trace/hooks.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void card_send_reset(ni_card *c)
{
    card_send *s = &c->snd;
    evq_cancel(c->q, s->ev);
    uint8_t *buf = s->buf;
    size_t cap = s->cap;
    *s = (card_send){.buf = buf, .cap = cap, .route = 1, .crc32 = CRC32_INIT};
}

static void grow(card_send *s, size_t need)
{
    if (need <= s->cap) return;
    size_t cap = s->cap ? s->cap : 256;
    while (cap < need) cap *= 2;
    uint8_t *b = realloc(s->buf, cap);
    if (!b) {
        fprintf(stderr, "myrisim: out of memory in the send DMA\n");
        exit(3);
    }
    s->buf = b;
    s->cap = cap;
}

static void start_event(void *arg)
{
    ni_card *c = arg;
    card_send *s = &c->snd;
    sim_time now = evq_now(c->q);
    s->ev = 0;
    c->epoch++;
    unsigned n = s->end - s->start;
    grow(s, (size_t)n + 5);
    const uint8_t *sram = lanai_sram(c->core) + s->start;
    memcpy(s->buf, sram, n);
    unsigned skip = 0;
    while (s->route && skip < n) {
        if (!(sram[skip] & 0x80)) s->route = 0;   /* the first byte after the route */
        else skip++;
    }
    s->crc32 = crc_both_update(&s->crc8, s->crc32, sram + skip, n - skip, NULL, 0);   /* one pass */
    unsigned len = n;
    if (s->tail) {
        uint32_t my = c->reg[R_MYRINET];
        if (c->chip->crc32 && (my & c->chip->crc32)) {
            uint32_t v = crc32_final(s->crc32);
            for (int k = 0; k < 4; k++) {
                s->buf[len] = (uint8_t)(v >> (24 - 8 * k));
                s->crc8 = crc8_update(s->crc8, &s->buf[len], 1);
                len++;
            }
        }
        if (my & c->chip->crc8_tx) {
            s->buf[len] = s->crc8;
            len++;
        }
    }
    s->len = len;
    c->st.segments_sent++;
    c->st.bytes_sent += n;
    card_sram_use(c, now, n);
    card_progress(c, now);
    if (s->tail) {
        c->st.packets_sent++;
        s->in_packet = 0;
        s->route = 1;
        s->crc8 = 0;
        s->crc32 = CRC32_INIT;
    } else {
        s->in_packet = 1;
    }
    ep_send(c->ep, s->buf, len, s->tail, (uint32_t)c->st.segments_sent);
}

void card_send_done(void *ctx, lk_ep *e, uint32_t tag)
{
    ni_card *c = ctx;
    sim_time now = evq_now(c->q);
    (void)e;
    (void)tag;
    c->epoch++;
    c->snd.busy = 0;
    if (trace_cur) trace_send_end(c, now);
    card_progress(c, now);
    card_isr_set(c, now, c->chip->send);
}

int card_send_start(ni_card *c, uint32_t addr, card_reg which, sim_time t, uint32_t limit)
{
    card_send *s = &c->snd;
    const char *what = which == R_SMLT ? "SMLT" : "SML";
    uint32_t w = c->w, smp = c->reg[R_SMP], sa = c->reg[R_SA], size = lanai_sram_size(c->core);
    if (s->busy) return card_refuse(c, addr, "written while the send DMA is busy (wait for SEND_INT)");
    if (!c->ep) return card_refuse(c, addr, "no network link is attached to this NI");
    if (smp & (w - 1)) return card_refuse(c, addr, "SMP 0x%x is not %u-byte aligned", smp, w);
    if (sa >= w) return card_refuse(c, addr, "SA %u is not below the word size %u", sa, w);
    uint32_t start = smp + sa, end;
    if (c->chip->id == CHIP_LANAI4) {
        /* inclusive: the address of the segment's last word */
        if (limit & 3) return card_refuse(c, addr, "%s 0x%x is not the address of a word", what, limit);
        end = limit + 4;
    } else {
        end = limit;   /* exclusive end */
    }
    if (start >= size || end > size || end <= start || limit > size)
        return card_refuse(c, addr, "segment SMP 0x%x + SA %u to %s 0x%x is empty or outside SRAM (0x%x bytes)",
                           smp, sa, what, limit, size);
    c->reg[which] = limit;
    s->busy = 1;
    s->start = start;
    s->end = end;
    s->tail = which == R_SMLT;
    s->since = t;
    card_isr_clear(c, t, c->chip->send);
    s->ev = evq_at(c->q, t + c->dma_start, start_event, c);
    if (trace_cur) trace_send_begin(c, t, end - start, s->tail);
    lanai_request_stop(c->core);
    return 0;
}
