/* Test helper: a scripted NI on an endpoint. */
#include "fake_ni.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void on_sent(void *ctx, lk_ep *e, uint32_t tag)
{
    fake_ni *f = ctx;
    (void)e;
    (void)tag;
    f->segs_done++;
    f->last_sent = evq_now(f->q);
}

static void take(fake_ni *f, unsigned max)
{
    lk_sym s[256];
    sim_time now = evq_now(f->q);
    while (max) {
        unsigned n = ep_recv_syms(f->ep, s, max < 256 ? max : 256);
        if (!n) break;
        max -= n;
        if (f->nlog < FNI_MAX_LOG) f->log[f->nlog++] = (fni_take){now, n};
        for (unsigned i = 0; i < n; i++) {
            if (!f->in_pkt) {
                if (f->npkts == FNI_MAX_PKTS) return;
                fni_pkt *p = &f->pkt[f->npkts++];
                memset(p, 0, sizeof *p);
                p->first = now;
                p->tag = s[i];
                f->in_pkt = 1;
            }
            fni_pkt *p = &f->pkt[f->npkts - 1];
            if (!(s[i].flags & LK_GAP)) {
                p->data = realloc(p->data, p->len + 1);
                p->data[p->len++] = s[i].byte;
            }
            p->last = now;
            if (s[i].flags & LK_CORRUPT) p->flags |= EP_RX_CORRUPT;
            if (s[i].flags & LK_GAP) p->flags |= EP_RX_TRUNCATED;
            if (s[i].flags & LK_TAIL) {
                p->flags |= EP_RX_END;
                f->in_pkt = 0;
            }
        }
    }
}

static void on_tick(void *arg)
{
    fake_ni *f = arg;
    f->tick_pending = 0;
    take(f, f->burst);
    f->next_tick = evq_now(f->q) + f->period;
    if (ep_rx_pending(f->ep)) {
        f->tick_pending = 1;
        evq_at(f->q, f->next_tick, on_tick, f);
    }
}

void fni_poll(fake_ni *f)
{
    sim_time now = evq_now(f->q);
    if (f->from == SIM_TIME_NEVER || !ep_rx_pending(f->ep)) return;
    if (f->period == 0) {
        if (now >= f->from) take(f, ~0u);
        else if (!f->tick_pending) {
            f->tick_pending = 1;
            evq_at(f->q, f->from, on_tick, f);
        }
        return;
    }
    if (f->tick_pending) return;
    sim_time t = now > f->from ? now : f->from;
    if (t < f->next_tick) t = f->next_tick;
    f->tick_pending = 1;
    evq_at(f->q, t, on_tick, f);
}

static void on_arrived(void *ctx, lk_ep *e)
{
    (void)e;
    fni_poll(ctx);
}

void fni_init(fake_ni *f, evq *q, lk_ep *ep)
{
    memset(f, 0, sizeof *f);
    f->q = q;
    f->ep = ep;
    f->burst = ~0u;
    ep_set_callbacks(ep, on_sent, on_arrived, f);
}

void fni_free(fake_ni *f)
{
    for (int i = 0; i < f->nsends; i++) free(f->sends[i].data);
    for (int i = 0; i < f->npkts; i++) free(f->pkt[i].data);
    f->nsends = f->npkts = 0;
}

static void do_send(void *arg)
{
    struct fni_send *s = arg;
    ep_send(s->ni->ep, s->data, s->len, s->tail, 0);
}

void fni_send_seg_at(fake_ni *f, sim_time at, const uint8_t *data, unsigned len, int tail)
{
    if (f->nsends == FNI_MAX_SENDS) {
        fprintf(stderr, "fake_ni: more than %d sends per NI\n", FNI_MAX_SENDS);
        abort();
    }
    struct fni_send *s = &f->sends[f->nsends++];
    s->at = at;
    s->data = malloc(len ? len : 1);
    memcpy(s->data, data, len);
    s->len = len;
    s->tail = tail;
    s->ni = f;
    evq_at(f->q, at, do_send, s);
}

void fni_send_at(fake_ni *f, sim_time at, const uint8_t *data, unsigned len)
{
    fni_send_seg_at(f, at, data, len, 1);
}

void fni_accept(fake_ni *f, unsigned burst, sim_time period, sim_time from)
{
    f->burst = burst;
    f->period = period;
    f->from = from;
}

unsigned fni_bytes(const fake_ni *f)
{
    unsigned n = 0;
    for (int i = 0; i < f->npkts; i++) n += f->pkt[i].len;
    return n;
}

unsigned fni_make_packet(uint8_t *buf, const uint8_t *route, unsigned rlen, unsigned len, unsigned seed)
{
    if (rlen) memcpy(buf, route, rlen);
    for (unsigned i = 0; i < len; i++) buf[rlen + i] = (uint8_t)(i * 7 + seed * 31 + (i >> 8));
    if (len) buf[rlen] &= 0x7F;           /* the packet type byte has MSB 0 */
    return rlen + len;
}
