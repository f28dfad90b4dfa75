/* The packet receive DMA (lanai-hardware.md §4.7). Firmware posts a buffer
 * with RMP = buf (word aligned) and RML = address in its last word
 * (buf + size - 4 on both chips); the RML write arms the engine after the
 * DMA start-up latency. Bytes are written into SRAM as they arrive; RMP
 * advances in whole words (4 bytes on LANai 4, 8 on LANai 9). At the tail
 * the engine writes the CRC check residues in place of the received CRC
 * bytes (0 = good), rounds RMP up to the next word, reports the unused
 * bytes of the last word in ORUN1/2/4, raises RECV_INT and disarms. A
 * buffer that fills before the tail raises BUFF_INT and stops the engine:
 * the rest of the packet stays in the link's slack (STOP back-pressure)
 * until a new buffer is posted, and then continues there. HEAD_INT (LANai
 * 9) marks the first bytes of a packet. Without a posted buffer no byte is
 * taken, so the sender really blocks. */
#include "card_internal.h"
#include "crc.h"
#include "../trace/hooks.h"

#include <stdio.h>
#include <stdlib.h>

void card_recv_reset(ni_card *c)
{
    evq_cancel(c->q, c->rcv.kick);
    evq_cancel(c->q, c->rcv.pace);
    evq_cancel(c->q, c->rcv.nres_ev);
    c->rcv = (card_recv){.crc32 = CRC32_INIT};
}

void card_recv_set_rmp(ni_card *c, sim_time t, uint32_t v)
{
    card_recv *r = &c->rcv;
    (void)t;
    r->rmp = v;
    r->armed = 0;              /* a new buffer is being set up; RML arms it */
    evq_cancel(c->q, r->kick);
    r->kick = 0;
}

/* The ring slot of history entry j, 0 the oldest of the last five. */
static unsigned hist(const card_recv *r, int j) { return (r->h_n - 5u + (unsigned)j) & 7u; }

static void finish(ni_card *c, sim_time now, int truncated)
{
    card_recv *r = &c->rcv;
    const card_chip *ch = c->chip;
    uint32_t my = c->reg[R_MYRINET];
    uint8_t *sram = lanai_sram(c->core);
    int bad = 0, k8 = (my & ch->crc8_rx) ? 1 : 0;
    if (k8 && r->nbytes >= 1) {
        uint8_t res = r->crc8;   /* CRC-8 over the packet and its CRC byte */
        if (truncated && res == 0) res = 0xFF;   /* a cut packet never passes */
        sram[r->h_addr[hist(r, 4)]] = res;
        lanai_sram_written(c->core, r->h_addr[hist(r, 4)], 1);
        bad |= res != 0;
    }
    if (ch->crc32 && (my & ch->crc32) && r->nbytes >= 4u + (unsigned)k8) {
        int first = 1 - k8;   /* the four history slots before the CRC-8 byte */
        uint32_t got = 0;
        for (int i = 0; i < 4; i++) got = got << 8 | r->h_byte[hist(r, first + i)];
        uint32_t res = crc32_final(r->h_crc[hist(r, first)]) ^ got;
        if (truncated && res == 0) res = 0xFFFFFFFFu;
        for (int i = 0; i < 4; i++) {
            sram[r->h_addr[hist(r, first + i)]] = (uint8_t)(res >> (24 - 8 * i));
            lanai_sram_written(c->core, r->h_addr[hist(r, first + i)], 1);
        }
        bad |= res != 0;
    }
    if (truncated) bad = 1;
    if (bad) c->st.crc_errors++;
    if (r->damaged) {
        c->st.damaged_recv++;
        if (!bad) {
            c->st.crc_missed++;
            if (r->damaged & EP_RX_LOST) c->st.crc_missed_short++;
        }
        r->damaged = 0;
    }
    if (truncated) c->st.truncated++;
    uint32_t used = r->wp - r->buf, over = (c->w - used % c->w) % c->w;
    r->rmp = r->buf + used + over;
    card_isr_clear(c, now, ch->orun1 | ch->orun2 | ch->orun4);
    card_isr_set(c, now, ((over & 1) ? ch->orun1 : 0) | ((over & 2) ? ch->orun2 : 0) |
                             ((over & 4) ? ch->orun4 : 0));
    c->st.packets_recv++;
    if (trace_cur) trace_recv_end(c, now, bad);
    r->armed = 0;
    r->in_packet = 0;
    card_isr_set(c, now, ch->recv);
}

/* Time the engine needs to write n bytes into SRAM; 0 when unlimited.
 * Batches are mostly one link chunk long, so the last answer is kept and
 * the division (a large share of take's time) made only for a new n. */
static sim_time engine_ps(ni_card *c, unsigned n)
{
    card_recv *r = &c->rcv;
    if (n == r->eng_n) return r->eng_ps;   /* (0, 0) after a reset: right for n = 0 */
    uint64_t bpk = c->prof->pkt_dma_bytes_per_kcycle;
    uint64_t den = c->prof->clock_hz * bpk;   /* bytes per 1000 s */
    r->eng_n = n;
    r->eng_ps = bpk ? (sim_time)(((uint64_t)n * UINT64_C(1000000000000000) + den - 1) / den) : 0;
    return r->eng_ps;
}

static void take(ni_card *c);

static void pace_event(void *arg)
{
    ni_card *c = arg;
    card_recv *r = &c->rcv;
    int quiet = r->pace_quiet;
    r->pace = 0;
    r->pace_quiet = 0;
    c->epoch++;
    if (r->tail_pending) {
        r->tail_pending = 0;
        finish(c, evq_now(c->q), r->tail_truncated);
        return;
    }
    /* what take would find, tested first: nothing to write (the usual
     * case, a LANai 9's engine waiting for the link's next chunk) */
    if (!r->nres_draining && evq_now(c->q) >= r->busy_until &&
        (!r->armed || (r->wp < r->end && !ep_rx_pending(c->ep))))
        return;
    uint32_t wp = r->wp, isr = c->isr;
    int armed = r->armed;
    take(c);
    if (quiet && (r->wp != wp || c->isr != isr || r->armed != armed || r->pace || r->tail_pending)) {
        /* the cores may have run past it: results would not be exact */
        fprintf(stderr, "myrisim: MODEL ERROR: %s: a quiet receive pace event at %llu ps found work\n", c->name,
                (unsigned long long)evq_now(c->q));
        abort();
    }
}

/* The pace event at t that resumes the engine. It will find nothing to do
 * when the link's slack is empty and certain to stay so through t (the
 * next chunk on the wire arrives later) and the buffer has room (a full
 * one raises BUFF_INT): no tail is pending, no byte can come, and what
 * the core may write before t (RMP disarms the engine, RML posts a buffer
 * with room) leaves it with nothing to do. Such an event is quiet
 * (evq_at_quiet): still run, in order and counted, but the cores need not
 * stop at it, which saves a co-simulation round per chunk on a LANai 9
 * (its engine is faster than the link, so it waits for every chunk). Not
 * under a written trace: its idle-loop spans follow the cores' runs (a
 * silent one, the regression fingerprint, records nothing of them). */
static ev_id pace_at(ni_card *c, sim_time t)
{
    card_recv *r = &c->rcv;
    r->pace_quiet = trace_unwritten() && r->wp < r->end && ep_rx_empty_until(c->ep) > t;
    return r->pace_quiet ? evq_at_quiet(c->q, t, pace_event, c) : evq_at(c->q, t, pace_event, c);
}

/* Take what the posted buffer can hold of the current packet. */
static void take(ni_card *c)
{
    card_recv *r = &c->rcv;
    sim_time now = evq_now(c->q);
    uint8_t *sram = c->sram;
    if (r->tail_pending) return;             /* finishing the last packet */
    if (r->nres_draining && card_nres_drain(c, now)) return;   /* a reset packet's rest goes first */
    if (now < r->busy_until) {               /* still writing earlier bytes */
        if (!r->pace) r->pace = evq_at(c->q, r->busy_until, pace_event, c);
        return;
    }
    while (r->armed) {
        uint32_t space = r->end - r->wp;
        if (space == 0) {                    /* full before the tail */
            r->armed = 0;
            r->full = 1;
            c->st.buff_ints++;
            card_isr_set(c, now, c->chip->buff);
            card_nres_blocked(c, now);
            return;
        }
        /* the bytes go straight into the buffer (it has room for them);
         * nothing reads SRAM before lanai_sram_written below */
        uint8_t *dst = sram + r->wp;
        unsigned flags;
        unsigned n = ep_recv(c->ep, dst, space < 256u ? space : 256u, &flags);
        if (n == 0 && !(flags & EP_RX_END)) return;
        if (n && !r->in_packet) {
            r->in_packet = 1;
            r->nbytes = 0;
            r->crc8 = 0;
            r->crc32 = CRC32_INIT;
            r->damaged = 0;
            if (trace_cur) trace_recv_begin(c, now);
            if (c->chip->head) card_isr_set(c, now, c->chip->head);
        }
        /* CRCs over the batch; its last five bytes enter the history with
         * the CRC-32 state before each */
        unsigned k = n < 5 ? n : 5, bulk = n - k;
        uint32_t before[5];
        r->crc32 = crc_both_update(&r->crc8, r->crc32, dst, n, before, k);
        for (unsigned i = 0; i < k; i++) {
            unsigned j = r->h_n++ & 7u;
            r->h_crc[j] = before[i];
            r->h_addr[j] = r->wp + bulk + i;
            r->h_byte[j] = dst[bulk + i];
        }
        r->damaged |= (int)(flags & (EP_RX_CORRUPT | EP_RX_LOST));
        sim_time busy = engine_ps(c, n);
        if (n) {
            lanai_sram_written(c->core, r->wp, n);
            r->wp += n;
            r->nbytes += n;
            c->st.bytes_recv += n;
            card_sram_use(c, now, n);
            card_progress(c, now);
        }
        if (flags & EP_RX_END) {
            if (busy) {
                r->busy_until = now + busy;
                r->tail_pending = 1;
                r->tail_truncated = (flags & EP_RX_TRUNCATED) != 0;
                r->pace = evq_at(c->q, r->busy_until, pace_event, c);
            } else {
                finish(c, now, (flags & EP_RX_TRUNCATED) != 0);
            }
            return;
        }
        r->rmp = r->buf + ((r->wp - r->buf) & ~(c->w - 1));   /* w is 4 or 8 (card_new) */
        if (busy) {
            r->busy_until = now + busy;
            r->pace = pace_at(c, r->busy_until);
            return;
        }
    }
}

static void kick(void *arg)
{
    ni_card *c = arg;
    c->epoch++;
    c->rcv.kick = 0;
    c->rcv.armed = 1;
    c->rcv.full = 0;
    take(c);
}

int card_recv_post(ni_card *c, uint32_t addr, sim_time t, uint32_t rml)
{
    card_recv *r = &c->rcv;
    uint32_t w = c->w, size = lanai_sram_size(c->core);
    if (!c->ep) return card_refuse(c, addr, "no network link is attached to this NI");
    if (r->rmp & (w - 1)) return card_refuse(c, addr, "RMP 0x%x is not %u-byte aligned", r->rmp, w);
    uint32_t end = (rml & ~(w - 1)) + w;
    if (rml < r->rmp || end > size || r->rmp >= size)
        return card_refuse(c, addr, "buffer RMP 0x%x to RML 0x%x is empty or outside SRAM (0x%x bytes)",
                           r->rmp, rml, size);
    r->rml = rml;
    r->buf = r->wp = r->rmp;
    r->end = end;
    evq_cancel(c->q, r->kick);
    r->kick = evq_at(c->q, t + c->dma_start, kick, c);
    lanai_request_stop(c->core);
    return 0;
}

/* Asked by the link when it commits a chunk for this NI that arrives at t:
 * will that arrival change nothing a core can read? So it is while the
 * engine is still writing earlier bytes past t, its pace event pending
 * (a LANai 4's engine is slower than the link): the arrival finds it busy
 * and leaves the bytes in the slack. What a core may write meanwhile does
 * not change that: RMP disarms the engine (then, with no reset timer and
 * resets disabled, the arrival does nothing either), an RML post arms it
 * only after the DMA start-up, and neither moves busy_until or the pace
 * event. Such an arrival goes ahead (model/switch/README.md). */
int card_recv_idle_at(void *ctx, sim_time t)
{
    const ni_card *c = ctx;
    const card_recv *r = &c->rcv;
    return r->pace && r->busy_until > t && !r->nres_ev && !r->nres_draining && !card_nres_period(c);
}

void card_recv_arrived(void *ctx, lk_dir *d)
{
    ni_card *c = ctx;
    (void)d;
    if (evq_running_ahead(c->q)) {
        /* the cores may have run past it: it must find what the probe
         * promised, and then it changes nothing of the card's (not even
         * card_epoch: no core can tell it came) */
        card_recv *r = &c->rcv;
        if (!r->pace || evq_now(c->q) >= r->busy_until || r->nres_ev || r->nres_draining ||
            (!r->armed && card_nres_period(c))) {
            fprintf(stderr, "myrisim: MODEL ERROR: %s: an arrival ahead at %llu ps found the receive engine idle\n",
                    c->name, (unsigned long long)evq_now(c->q));
            abort();
        }
        return;
    }
    if (c->rcv.armed || c->rcv.nres_draining) {
        c->epoch++;
        take(c);
    } else {
        card_nres_blocked(c, evq_now(c->q));
    }
}
