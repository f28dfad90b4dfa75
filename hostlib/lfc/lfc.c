/* LFC's host library (lfc.h): send packets, launch (unicast, broadcast,
 * multicast), the host receive queue, upcalls and packet ownership,
 * groups, fetch-and-add. */
#include "lfc.h"
#include "../be32.h"
#include "../../firmware/lfc/lfc_abi.h"
#include "../../firmware/lfc/tree.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define START_TIMEOUT_US 200000
#define WAIT_LIMIT_US 1000000            /* a wait for a send packet gives up after 1 s */

struct lfc {
    platform *p;
    drv *d;
    lfc_upcall_fn up;
    void *ctx;
    unsigned node, nodes, nhb;
    int irx;                         /* the IrxImc image (its MAGIC is LFC_MAGIC_IRX) */
    uint8_t stage[LFC_SEND_N][LFC_MAX_PAYLOAD];   /* what the client writes into a send packet */
    int owned[LFC_SEND_N];           /* allocated to the client, not yet launched */
    unsigned allocs, launches;       /* send packets allocated / launched so far */
    uint32_t released;               /* the NI's count, last read */
    uint8_t *hb;                     /* host receive buffers (contiguous, pinned) */
    uint64_t hb_phys;
    unsigned given[LFC_HQ_N];        /* buffer indexes in the order given to the NI */
    unsigned hq_tail, empty;         /* given so far / delivered so far */
    int *client_owns;                /* per host buffer: the client kept it */
    sim_time poll_miss, poll_hit;
    unsigned ngroups;                /* user groups created (ids 1 ..) */
    uint64_t group_members[LFC_GROUPS];   /* bit per NI */
    int used_bcast, used_mcast, overlap_unsafe;
    uint32_t fa_done;                /* fetch-and-adds answered */
    uint8_t *hs;                     /* INTR: the host status the NI fetches (NULL: INTR off) */
    uint64_t hs_phys;
    uint32_t processed;              /* INTR: packets lfc_poll has handed out */
    unsigned signals, deferred;      /* INTR: signal handler runs; of them, inside lfc_poll */
    int in_poll;
    char err[400];
};

static int fail(lfc *l, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int fail(lfc *l, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(l->err, sizeof l->err, fmt, ap);
    va_end(ap);
    return -1;
}

static uint32_t sram(const lfc *l, uint32_t a) { return plat_card_layout(l->p)->sram.off + a; }
static uint8_t *hbuf(const lfc *l, unsigned i) { return l->hb + (size_t)i * LFC_HBUF_BYTES; }

const char *lfc_error(const lfc *l) { return l->err; }
unsigned lfc_my_proc(const lfc *l) { return l->node; }
unsigned lfc_nr_procs(const lfc *l) { return l->nodes; }

void lfc_params_default(lfc_params *p)
{
    p->credits = 8;
    p->refresh = 4;
    p->host_buffers = 64;
    p->bcast_tree = LFC_TREE_BINARY;
    p->overlap_unsafe = 0;
    p->intr_delay_us = 0;
}

/* INTR (§4.4): the signal the NI's polling watchdog raised. Inside
 * lfc_poll it does nothing (the interrupted poll goes on); otherwise it
 * drains the network with upcalls. */
static int on_signal(void *ctx, platform *p)
{
    (void)p;
    lfc *l = ctx;
    l->signals++;
    if (l->in_poll) {
        l->deferred++;
        return 0;
    }
    int r;
    while ((r = lfc_poll(l)) > 0) {}
    return r;
}

/* INTR at open, before GO: the host status, the delay, HOST_SIG enabled,
 * the platform's signals to on_signal. */
static int intr_open(lfc *l, unsigned delay_us)
{
    uint32_t img = 0;
    if (plat_pio_read32(l->p, sram(l, LFC_CTRL + LFC_C_INTR_IMG), &img)) return fail(l, "intr: %s", plat_error(l->p));
    if (img != 1) return fail(l, "interrupts (intr_delay_us %u) need the INTR image build/fw/lfc/intr.l4.elf", delay_us);
    if (delay_us > 1000000u) return fail(l, "intr_delay_us %u: at most 1 s", delay_us);
    if (!(l->hs = drv_alloc_contig(l->d, LFC_HS_BYTES, &l->hs_phys))) return fail(l, "host status: %s", drv_error(l->d));
    memset(l->hs, 0, LFC_HS_BYTES);
    if (plat_pio_write32(l->p, sram(l, LFC_CTRL + LFC_C_INTR_HOST), (uint32_t)l->hs_phys) ||
        plat_pio_write32(l->p, sram(l, LFC_CTRL + LFC_C_INTR_DELAY), delay_us * 2u))   /* RTC ticks of 0.5 us */
        return fail(l, "intr: %s", plat_error(l->p));
    if (drv_enable_irq(l->d, LFC_HOST_SIG)) return fail(l, "intr: %s", drv_error(l->d));
    plat_set_signal(l->p, on_signal, l);
    return 0;
}

/* a store to the cached host status: not charged, as a poll's own stores */
int lfc_intr_disable(lfc *l)
{
    if (!l->hs) return fail(l, "intr_disable: interrupts are off (lfc_params.intr_delay_us 0)");
    be32_put(l->hs + LFC_HS_DISABLED, 1);
    return 0;
}

int lfc_intr_enable(lfc *l)
{
    if (!l->hs) return fail(l, "intr_enable: interrupts are off (lfc_params.intr_delay_us 0)");
    be32_put(l->hs + LFC_HS_DISABLED, 0);
    return 0;
}

int lfc_intr_get(lfc *l, lfc_intr *o)
{
    memset(o, 0, sizeof *o);
    o->signals = l->signals;
    o->deferred = l->deferred;
    if (!l->hs) return 0;
    if (plat_pio_read32(l->p, sram(l, LFC_CTRL + LFC_C_INTRS), &o->raised) ||
        plat_pio_read32(l->p, sram(l, LFC_CTRL + LFC_C_WD_FIRED), &o->timeouts))
        return fail(l, "intr: %s", plat_error(l->p));
    return 0;
}

/* Group g's row of the NI's group table: members, each NI's position,
 * kind, then n (last). */
static int group_write(lfc *l, unsigned g, const unsigned *members, unsigned n, unsigned kind)
{
    uint8_t m[LFC_MAX_NODES], pos[LFC_MAX_NODES];
    memset(pos, LFC_GT_NOPOS, sizeof pos);
    for (unsigned i = 0; i < n; i++) {
        m[i] = (uint8_t)members[i];
        pos[members[i]] = (uint8_t)i;
    }
    uint32_t a = LFC_GT + g * LFC_GT_BYTES;
    if (plat_pio_write(l->p, sram(l, a + LFC_GT_MEMBERS), m, (n + 3u) & ~3u, PLAT_PIO_PLAIN) ||
        plat_pio_write(l->p, sram(l, a + LFC_GT_POS), pos, (l->nodes + 3u) & ~3u, PLAT_PIO_PLAIN) ||
        plat_pio_write32(l->p, sram(l, a + LFC_GT_KIND), kind) || plat_pio_write32(l->p, sram(l, a + LFC_GT_N), n))
        return fail(l, "group table: %s", plat_error(l->p));
    return 0;
}

/* Give host buffer i to the NI: status EMPTY, its bus address to the queue. */
static int give(lfc *l, unsigned i)
{
    memset(hbuf(l, i) + LFC_STATUS_OFF, 0, 4);
    l->given[l->hq_tail % LFC_HQ_N] = i;
    if (plat_pio_write32(l->p, sram(l, LFC_HQ + (l->hq_tail % LFC_HQ_N) * 4u),
                         (uint32_t)(l->hb_phys + (uint64_t)i * LFC_HBUF_BYTES)) ||
        plat_pio_write32(l->p, sram(l, LFC_CTRL + LFC_C_HQ_TAIL), l->hq_tail + 1u))
        return fail(l, "host buffer queue: %s", plat_error(l->p));
    l->hq_tail++;
    return 0;
}

lfc *lfc_open(platform *p, const lfc_params *prm, lfc_upcall_fn up, void *ctx, char *err, size_t errlen)
{
    lfc *l = calloc(1, sizeof *l);
    if (!l) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    l->p = p;
    l->up = up;
    l->ctx = ctx;
    l->nhb = prm->host_buffers;
    l->overlap_unsafe = prm->overlap_unsafe;
    const host_profile *hp = plat_host_profile(p);
    l->poll_miss = hp->poll_miss_ps ? hp->poll_miss_ps : SIM_NS(5);
    l->poll_hit = hp->poll_hit_ps ? hp->poll_hit_ps : SIM_NS(74);
    int rc = 0;
    uint32_t v = 0;
    if (!up) rc = fail(l, "no upcall");
    else if (prm->credits == 0 || prm->refresh == 0 || prm->refresh > prm->credits)
        rc = fail(l, "credits %u, refresh %u: need 1 <= refresh <= credits", prm->credits, prm->refresh);
    else if (prm->bcast_tree >= LFC_TREE_KINDS)
        rc = fail(l, "broadcast tree kind %u: 0 binary, 1 binomial, 2 chain", prm->bcast_tree);
    else if (l->nhb == 0 || l->nhb >= LFC_HQ_N)
        rc = fail(l, "host buffers %u: 1 .. %u", l->nhb, LFC_HQ_N - 1);
    if (rc == 0 && !(l->client_owns = calloc(l->nhb, sizeof *l->client_owns))) rc = fail(l, "out of memory");
    if (rc == 0 && !(l->d = drv_open(p, l->err, sizeof l->err))) rc = -1;
    if (rc == 0 && !(l->hb = drv_alloc_contig(l->d, (size_t)l->nhb * LFC_HBUF_BYTES, &l->hb_phys)))
        rc = fail(l, "host receive buffers: %s", drv_error(l->d));
    sim_time give_up = plat_now(p) + SIM_US(START_TIMEOUT_US);
    while (rc == 0) {
        if (plat_pio_read32(p, sram(l, LFC_CTRL + LFC_C_MAGIC), &v)) rc = fail(l, "start: %s", plat_error(p));
        else if (v == LFC_MAGIC || v == LFC_MAGIC_IRX) break;
        else if (plat_now(p) > give_up) rc = fail(l, "the NI firmware did not start (is it ucast.l4.elf?)");
        else if (plat_compute(p, SIM_US(5))) rc = fail(l, "start: %s", plat_error(p));
    }
    if (rc == 0 && (plat_pio_read32(p, sram(l, LFC_CTRL + LFC_C_NODE), &l->node) ||
                    plat_pio_read32(p, sram(l, LFC_CTRL + LFC_C_NODES), &l->nodes)))
        rc = fail(l, "start: %s", plat_error(p));
    l->irx = v == LFC_MAGIC_IRX;   /* the IrxImc image: a send window per destination, buffers shared */
    if (rc == 0 && l->irx && (prm->credits > 16u || (prm->credits & (prm->credits - 1u))))
        rc = fail(l, "credits %u: the Irx image's send window must be a power of two <= 16", prm->credits);
    else if (rc == 0 && !l->irx && prm->credits * (l->nodes - 1u) + 2u > 128u)
        rc = fail(l, "credits %u for %u other NIs: the NI has 128 receive buffers (2 kept for the engine)",
                  prm->credits, l->nodes - 1u);
    if (rc == 0 && prm->intr_delay_us) rc = intr_open(l, prm->intr_delay_us);
    for (unsigned i = 0; rc == 0 && i < l->nhb; i++) rc = give(l, i);
    if (rc == 0 && l->nodes <= LFC_MAX_NODES) {   /* group 0: the broadcast group, before GO (no packet can come sooner); multicast: 64 NIs at most */
        unsigned all[LFC_MAX_NODES];
        for (unsigned i = 0; i < l->nodes && i < LFC_MAX_NODES; i++) all[i] = i;
        rc = group_write(l, 0, all, l->nodes, prm->bcast_tree);
    }
    if (rc == 0 && (plat_pio_write32(p, sram(l, LFC_CTRL + LFC_C_CREDITS), prm->credits) ||
                    plat_pio_write32(p, sram(l, LFC_CTRL + LFC_C_REFRESH), prm->refresh) ||
                    plat_pio_write32(p, sram(l, LFC_CTRL + LFC_C_GO), 1)))
        rc = fail(l, "GO: %s", plat_error(p));
    if (rc) {
        snprintf(err, errlen, "%s", l->err);
        if (l->d) plat_set_signal(p, NULL, NULL);
        if (l->d) drv_close(l->d);
        free(l->client_owns);
        free(l);
        return NULL;
    }
    return l;
}

/* Drain: deliver one packet with an upcall, or only note what arrived. */
static int drain(lfc *l, int upcalls)
{
    if (upcalls) return lfc_poll(l);
    return plat_compute(l->p, l->poll_miss) ? fail(l, "%s", plat_error(l->p)) : 0;
}

void *lfc_send_alloc(lfc *l, int upcalls_allowed)
{
    unsigned i = l->allocs % LFC_SEND_N;
    sim_time give_up = plat_now(l->p) + SIM_US(WAIT_LIMIT_US);
    /* packet i was last launched as number allocs - LFC_SEND_N; free once
     * the NI has released that many + 1 */
    while (l->allocs >= LFC_SEND_N && l->released < l->allocs - LFC_SEND_N + 1u) {
        if (plat_pio_read32(l->p, sram(l, LFC_CTRL + LFC_C_RELEASED), &l->released)) {
            fail(l, "send_alloc: %s", plat_error(l->p));
            return NULL;
        }
        if (l->released >= l->allocs - LFC_SEND_N + 1u) break;
        if (drain(l, upcalls_allowed) < 0) return NULL;
        if (plat_now(l->p) > give_up) {
            fail(l, "send_alloc: no send packet came free in 1 s (credits never returned?)");
            return NULL;
        }
    }
    if (l->launches != l->allocs) {
        fail(l, "send_alloc: launch the packet allocated before first (packets go out in allocation order)");
        return NULL;
    }
    l->owned[i] = 1;
    l->allocs++;
    return l->stage[i];
}

/* Launch send packet pkt to dest (a send-queue dest word; what names the
 * call in errors). */
static int launch(lfc *l, const char *what, uint32_t dest, void *pkt, unsigned size)
{
    uint8_t *b = pkt;
    ptrdiff_t off = b - &l->stage[0][0];
    if (!pkt || off < 0 || off >= (ptrdiff_t)sizeof l->stage || off % LFC_MAX_PAYLOAD)
        return fail(l, "%s: %p is not a send packet of this endpoint", what, pkt);
    unsigned i = (unsigned)(off / LFC_MAX_PAYLOAD);
    if (!l->owned[i]) return fail(l, "%s: send packet %u is not owned by the client (launched already?)", what, i);
    if (size > LFC_MAX_PAYLOAD) return fail(l, "%s: %u bytes is over the maximum payload (%u)", what, size, LFC_MAX_PAYLOAD);
    uint32_t slot = LFC_SQ + i * 16u;
    uint8_t w[8];
    uint32_t v[2] = {dest, size};
    for (int k = 0; k < 2; k++)
        for (int j = 0; j < 4; j++) w[4 * k + j] = (uint8_t)(v[k] >> (24 - 8 * j));
    size_t len = (size + 3u) & ~3u;
    if ((len && plat_pio_write(l->p, sram(l, LFC_SENDPKT + i * LFC_SENDPKT_BYTES + LFC_SENDPKT_DATA), b, len,
                               plat_has_mode(l->p, PLAT_PIO_WC) ? PLAT_PIO_WC : PLAT_PIO_PLAIN)) ||
        plat_pio_write(l->p, sram(l, slot + LFC_SQ_DEST), w, sizeof w, PLAT_PIO_PLAIN) ||
        plat_pio_write32(l->p, sram(l, slot + LFC_SQ_SEQ), l->launches + 1u))
        return fail(l, "%s: %s", what, plat_error(l->p));
    l->owned[i] = 0;
    l->launches++;
    return 0;
}

int lfc_ucast_launch(lfc *l, unsigned dest, void *pkt, unsigned size, int upcalls_allowed)
{
    (void)upcalls_allowed;   /* the send queue slot is always free here: nothing to wait for */
    if (size <= LFC_MAX_PAYLOAD && (dest >= l->nodes || dest == l->node))
        return fail(l, "ucast_launch: destination %u (this is %u of %u processes)", dest, l->node, l->nodes);
    return launch(l, "ucast_launch", dest, pkt, size);
}

int lfc_group_create(lfc *l, const unsigned *members, unsigned n, unsigned tree_kind)
{
    uint64_t set = 0;
    if (tree_kind >= LFC_TREE_KINDS) return fail(l, "group_create: tree kind %u (0 binary, 1 binomial, 2 chain)", tree_kind);
    if (n < 2 || n > l->nodes) return fail(l, "group_create: %u members (2 .. %u)", n, l->nodes);
    for (unsigned i = 0; i < n; i++) {
        if (members[i] >= l->nodes || members[i] >= LFC_MAX_NODES) return fail(l, "group_create: member %u is not a process (0 .. %u)", members[i], l->nodes - 1u);
        if (set >> members[i] & 1u) return fail(l, "group_create: member %u given twice", members[i]);
        set |= (uint64_t)1 << members[i];
    }
    for (unsigned g = 1; g <= l->ngroups && !l->overlap_unsafe; g++)
        if (l->group_members[g] & set)
            return fail(l, "group_create: overlapping groups: this group shares members with group %u (LFC groups may not overlap)", g);
    if (l->ngroups + 1u >= LFC_GROUPS) return fail(l, "group_create: at most %u groups", LFC_GROUPS - 1u);
    unsigned g = ++l->ngroups;
    l->group_members[g] = set;
    return group_write(l, g, members, n, tree_kind) ? -1 : (int)g;
}

int lfc_bcast_launch(lfc *l, void *pkt, unsigned size, int upcalls_allowed)
{
    (void)upcalls_allowed;
    if (l->used_mcast) return fail(l, "bcast_launch: this endpoint multicasts; broadcast and multicast may not be mixed");
    if (l->nodes < 2) return fail(l, "bcast_launch: no other process");
    if (l->nodes > LFC_MAX_NODES) return fail(l, "bcast_launch: %u processes: multicast trees hold %u NIs at most", l->nodes, LFC_MAX_NODES);
    l->used_bcast = 1;
    return launch(l, "bcast_launch", LFC_DEST_GROUP, pkt, size);
}

int lfc_mcast_launch(lfc *l, int group, void *pkt, unsigned size, int upcalls_allowed)
{
    (void)upcalls_allowed;
    if (group < 1 || (unsigned)group > l->ngroups) return fail(l, "mcast_launch: no group %d", group);
    if (l->used_bcast) return fail(l, "mcast_launch: this endpoint broadcasts; broadcast and multicast may not be mixed");
    if (!(l->group_members[group] >> l->node & 1u)) return fail(l, "mcast_launch: not a member of group %d", group);
    l->used_mcast = 1;
    return launch(l, "mcast_launch", LFC_DEST_GROUP | (uint32_t)group, pkt, size);
}

int lfc_fetch_and_add(lfc *l, unsigned ni, unsigned *old, int upcalls_allowed)
{
    if (ni >= l->nodes) return fail(l, "fetch_and_add: no process %u (0 .. %u)", ni, l->nodes - 1u);
    void *pkt = lfc_send_alloc(l, upcalls_allowed);
    if (!pkt) return -1;
    if (launch(l, "fetch_and_add", LFC_DEST_FA | ni, pkt, 0)) return -1;
    uint32_t want = l->fa_done + 1u;
    sim_time give_up = plat_now(l->p) + SIM_US(WAIT_LIMIT_US);
    for (;;) {
        uint32_t done;
        if (plat_pio_read32(l->p, sram(l, LFC_CTRL + LFC_C_FA_DONE), &done)) return fail(l, "fetch_and_add: %s", plat_error(l->p));
        if (done == want) break;
        if (plat_now(l->p) > give_up) return fail(l, "fetch_and_add: no answer from process %u in 1 s", ni);
        if (drain(l, upcalls_allowed) < 0) return -1;
    }
    l->fa_done = want;
    if (plat_pio_read32(l->p, sram(l, LFC_CTRL + LFC_C_FA_RESULT), old)) return fail(l, "fetch_and_add: %s", plat_error(l->p));
    return 0;
}

static int poll1(lfc *l);

int lfc_poll(lfc *l)
{
    l->in_poll++;
    int r = poll1(l);
    l->in_poll--;
    return r;
}

static int poll1(lfc *l)
{
    if (l->empty == l->hq_tail) return 0;    /* every buffer is the client's */
    unsigned i = l->given[l->empty % LFC_HQ_N];
    uint8_t *buf = hbuf(l, i);
    uint32_t st = be32_get(buf + LFC_STATUS_OFF);
    if (!(st & LFC_FULL)) return plat_compute(l->p, l->poll_miss) ? fail(l, "poll: %s", plat_error(l->p)) : 0;
    if (plat_compute(l->p, l->poll_hit)) return fail(l, "poll: %s", plat_error(l->p));
    unsigned size = st & 0xFFFFu, src = (st >> 16) & 0x7FFFu;
    if (size > LFC_MAX_PAYLOAD) return fail(l, "poll: the NI delivered %u bytes", size);
    l->empty++;
    if (l->hs) be32_put(l->hs + LFC_HS_PROCESSED, ++l->processed);   /* INTR's progress count */
    if (l->up(l->ctx, l, src, buf + LFC_STATUS_OFF - ((size + 3u) & ~3u), size, 0)) {
        l->client_owns[i] = 1;
        return 1;
    }
    return give(l, i) ? -1 : 1;
}

int lfc_wait(lfc *l, sim_time max_ps)
{
    sim_time end = plat_now(l->p) + max_ps;
    for (;;) {
        int r = lfc_poll(l);
        if (r) return r;
        sim_time now = plat_now(l->p);
        if (now >= end) return 0;
        if (plat_idle_poll(l->p, l->poll_miss, end - now) < 0) return fail(l, "poll: %s", plat_error(l->p));
    }
}

int lfc_packet_free(lfc *l, void *pkt)
{
    uint8_t *b = pkt;
    ptrdiff_t off = b - l->hb;
    if (!pkt || off < 0 || off >= (ptrdiff_t)l->nhb * LFC_HBUF_BYTES)
        return fail(l, "packet_free: %p is not a receive packet of this endpoint", pkt);
    unsigned i = (unsigned)(off / LFC_HBUF_BYTES);
    if (!l->client_owns[i]) return fail(l, "packet_free: receive packet %u is not owned by the client", i);
    l->client_owns[i] = 0;
    return give(l, i);
}

int lfc_pcb_get(lfc *l, unsigned d, lfc_pcb *o)
{
    uint32_t a = LFC_PCB + d * LFC_PCB_BYTES;
    if (d >= l->nodes) return fail(l, "pcb: no NI %u", d);
    if (plat_pio_read32(l->p, sram(l, a + LFC_PCB_SEND), &o->send_credits) ||
        plat_pio_read32(l->p, sram(l, a + LFC_PCB_FREE), &o->free_credits) ||
        plat_pio_read32(l->p, sram(l, a + LFC_PCB_BLOCKED), &o->blocked) ||
        plat_pio_read32(l->p, sram(l, a + 0xCu), &o->held))
        return fail(l, "pcb: %s", plat_error(l->p));
    return 0;
}

int lfc_counters_get(lfc *l, lfc_counters *c)
{
    if (plat_pio_read32(l->p, sram(l, LFC_CTRL + LFC_C_SENT), &c->sent) ||
        plat_pio_read32(l->p, sram(l, LFC_CTRL + LFC_C_RECEIVED), &c->received) ||
        plat_pio_read32(l->p, sram(l, LFC_CTRL + LFC_C_CREDIT_TX), &c->credit_tx) ||
        plat_pio_read32(l->p, sram(l, LFC_CTRL + LFC_C_BLOCKED), &c->blocked) ||
        plat_pio_read32(l->p, sram(l, LFC_CTRL + LFC_C_ERRORS), &c->errors) ||
        plat_pio_read32(l->p, sram(l, LFC_CTRL + LFC_C_FA_SERVED), &c->fa_served) ||
        plat_pio_read32(l->p, sram(l, LFC_CTRL + LFC_C_FORWARDED), &c->forwarded))
        return fail(l, "counters: %s", plat_error(l->p));
    return 0;
}

int lfc_irx_get(lfc *l, lfc_irx *r)
{
    static const uint32_t off[9] = {LFC_C_IRX, LFC_C_RETX, LFC_C_TIMEOUTS, LFC_C_DROP_CRC, LFC_C_DROP_SEQ,
                                    LFC_C_DROP_BUF, LFC_C_ACK_TX, LFC_C_NACK_TX, LFC_C_FAULT};
    uint32_t v[9];
    memset(r, 0, sizeof *r);
    if (!l->irx) return 0;   /* not the Irx image: no NI access */
    for (unsigned i = 0; i < 9; i++)
        if (plat_pio_read32(l->p, sram(l, LFC_CTRL + off[i]), &v[i])) return fail(l, "irx: %s", plat_error(l->p));
    r->irx = 1;
    r->retx = v[1];
    r->timeouts = v[2];
    r->drop_crc = v[3];
    r->drop_seq = v[4];
    r->drop_buf = v[5];
    r->ack_tx = v[6];
    r->nack_tx = v[7];
    return 0;
}

const char *lfc_irx_describe(lfc *l, char *buf, size_t len)
{
    lfc_irx x;
    lfc_counters c;
    buf[0] = 0;
    if (lfc_irx_get(l, &x) || !x.irx || lfc_counters_get(l, &c)) return buf;
    size_t o = (size_t)snprintf(buf, len, " (irx: %u accepted, %u retransmitted, %u timeouts, drops: %u crc %u seq %u buffer",
                                c.received, x.retx, x.timeouts, x.drop_crc, x.drop_seq, x.drop_buf);
    for (unsigned d = 0; d < l->nodes && o + 80 < len; d++) {
        lfc_pcb pc;
        if (!lfc_pcb_get(l, d, &pc) && (pc.held || pc.blocked))
            o += (size_t)snprintf(buf + o, len - o, "; to NI %u: %u sent, %u unacknowledged, %u blocked", d,
                                  pc.send_credits, pc.held, pc.blocked);
    }
    if (o + 2 < len) snprintf(buf + o, len - o, ")");
    return buf;
}

int lfc_recov_get(lfc *l, lfc_recov *r)
{
    memset(r, 0, sizeof *r);
    if (plat_pio_read32(l->p, sram(l, LFC_CTRL + LFC_C_RECOV), &r->recov)) return fail(l, "recov: %s", plat_error(l->p));
    if (r->recov != 1) {   /* ucast.l4.elf: no RECOV */
        r->recov = 0;
        return 0;
    }
    if (plat_pio_read32(l->p, sram(l, LFC_CTRL + LFC_C_RECOVERIES), &r->recoveries) ||
        plat_pio_read32(l->p, sram(l, LFC_CTRL + LFC_C_ESC_SENT), &r->esc_sent) ||
        plat_pio_read32(l->p, sram(l, LFC_CTRL + LFC_C_ESC_USED), &r->esc_used) ||
        plat_pio_read32(l->p, sram(l, LFC_CTRL + LFC_C_CLEARS), &r->clears) ||
        plat_pio_read32(l->p, sram(l, LFC_CTRL + LFC_C_ESC_HELD), &r->esc_held) ||
        plat_pio_read32(l->p, sram(l, LFC_CTRL + LFC_C_RECOV_BUSY), &r->busy))
        return fail(l, "recov: %s", plat_error(l->p));
    return 0;
}

int lfc_flush(lfc *l)
{
    sim_time give_up = plat_now(l->p) + SIM_US(WAIT_LIMIT_US);
    while (l->released < l->launches) {   /* every launched packet has left (Irx: and is acknowledged) */
        if (plat_pio_read32(l->p, sram(l, LFC_CTRL + LFC_C_RELEASED), &l->released))
            return fail(l, "close: %s", plat_error(l->p));
        if (l->released >= l->launches) break;
        if (plat_now(l->p) > give_up) return fail(l, "close: %u launched packets never left the NI", l->launches - l->released);
        if (lfc_poll(l) < 0) return -1;
    }
    uint32_t unacked = 1;   /* Irx: and the NI's forwarded packets acknowledged too */
    while (l->irx) {
        if (plat_pio_read32(l->p, sram(l, LFC_CTRL + LFC_C_UNACKED), &unacked)) return fail(l, "flush: %s", plat_error(l->p));
        if (!unacked) break;
        if (plat_now(l->p) > give_up) return fail(l, "flush: %u packets never acknowledged", unacked);
        if (lfc_poll(l) < 0) return -1;
    }
    return 0;
}

int lfc_close(lfc *l, char *err, size_t errlen)
{
    if (!l) return 0;
    int rc = lfc_flush(l);
    plat_pio_write32(l->p, sram(l, LFC_CTRL + LFC_C_QUIT), 1);
    /* the NI may be delivering into host buffers: free them only once it
     * says it has stopped (MAGIC cleared), 10 ms at most */
    uint32_t magic = LFC_MAGIC;
    for (sim_time end = plat_now(l->p) + SIM_US(10000); magic != 0 && plat_now(l->p) < end;)
        if (plat_pio_read32(l->p, sram(l, LFC_CTRL + LFC_C_MAGIC), &magic)) break;
    if (rc && err) snprintf(err, errlen, "%s", l->err);
    if (l->hs) plat_set_signal(l->p, NULL, NULL);
    drv_close(l->d);
    free(l->client_owns);
    free(l);
    return rc;
}

void lfc_abandon(lfc *l)
{
    if (!l) return;
    plat_pio_write32(l->p, sram(l, LFC_CTRL + LFC_C_QUIT), 1);
    if (l->hs) plat_set_signal(l->p, NULL, NULL);
    drv_close(l->d);
    free(l->client_owns);
    free(l);
}
