/* The switched Ethernet, NICs and kernel TCP flows (eth_net.h): frames as
 * events through transmit DMA, wire, switch port, receive DMA and the
 * receiving kernel; windows, ACKs and delayed ACKs per flow. */
#include "eth_net.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_NODES 64

typedef struct frame {
    struct frame *next;        /* in a flow's queue */
    uint32_t src, dst;
    uint32_t kind, a[4];
    uint8_t *data;             /* the payload bytes (owned) */
    uint32_t len;              /* payload bytes in the stream (0: control or pure ACK) */
    int control, pure_ack;
    uint32_t ack;              /* stream bytes of dst->src this frame acknowledges */
    sim_time ready;            /* when the send path has it ready for the NIC */
    uint32_t ip_bytes;
} frame;

typedef struct flow {          /* src -> dst */
    frame *qh, *qt;            /* segments the window holds back */
    uint32_t in_flight;        /* payload bytes sent, not acknowledged */
    /* receiving side of the opposite direction's data, as seen at src:
     * what src owes dst in ACKs */
    uint32_t owe_bytes, owe_segs;
    uint64_t delack_gen;       /* the armed timer's generation (0: none) */
    sim_time last_tx;          /* when its last segment went to the NIC (segments keep their order) */
} flow;

typedef struct port {
    int attached;
    eth_host h;
    eth_rx_fn fn;
    void *ctx;
    sim_time txdma_free, wire_free, rxdma_free, kcpu_free, sw_out_free;
} port;

struct eth_net {
    evq *q;
    uint32_t nodes, users;
    eth_wire w;
    eth_nic nic;
    eth_tcp tcp;
    port p[MAX_NODES];
    flow *f;                   /* nodes x nodes */
    uint64_t gen;
    eth_stats st;
};

typedef struct registry { evq *q; eth_net *n; } registry;
static registry reg[8];        /* one network per event queue (per run) */

static flow *fl(eth_net *n, uint32_t s, uint32_t d) { return &n->f[s * n->nodes + d]; }
static sim_time cyc(const port *p, uint32_t c) { return (sim_time)c * 1000000 / p->h.cpu_mhz; }
static sim_time max_t(sim_time a, sim_time b) { return a > b ? a : b; }
uint32_t eth_mss(const eth_net *n) { return n->w.ip_mtu - n->tcp.hdr; }
const eth_stats *eth_get_stats(const eth_net *n) { return &n->st; }

eth_net *eth_attach(evq *q, uint32_t nodes, uint32_t node, const eth_host *h, const eth_wire *w, const eth_nic *nic,
                    const eth_tcp *tcp, eth_rx_fn fn, void *ctx, char *err, size_t errlen)
{
    if (nodes > MAX_NODES || node >= nodes) {
        snprintf(err, errlen, "Ethernet: node %u of %u (at most %d hosts)", node, nodes, MAX_NODES);
        return NULL;
    }
    eth_net *n = NULL;
    int free_slot = -1;
    for (int i = 0; i < 8; i++) {
        if (reg[i].q == q) n = reg[i].n;
        if (!reg[i].q && free_slot < 0) free_slot = i;
    }
    if (!n) {
        if (free_slot < 0 || !(n = calloc(1, sizeof *n)) || !(n->f = calloc((size_t)nodes * nodes, sizeof *n->f))) {
            free(n);
            snprintf(err, errlen, "Ethernet: out of memory");
            return NULL;
        }
        n->q = q, n->nodes = nodes, n->w = *w, n->nic = *nic, n->tcp = *tcp;
        reg[free_slot] = (registry){q, n};
    }
    if (n->users == 0 && n->nodes == nodes) {    /* every host left: a new cluster starts afresh */
        memset(n->p, 0, sizeof n->p);
        memset(n->f, 0, (size_t)nodes * nodes * sizeof *n->f);
        memset(&n->st, 0, sizeof n->st);
    }
    if (n->nodes != nodes || n->p[node].attached) {
        snprintf(err, errlen, "Ethernet: node %u attached twice or with another cluster size", node);
        return NULL;
    }
    n->p[node] = (port){1, *h, fn, ctx, 0, 0, 0, 0, 0};
    n->users++;
    return n;
}

/* The network outlives its hosts: frames and delayed-ACK timers may still
 * be in the event queue when the last process detaches (they then find no
 * receiver). It is freed with nothing; a run is one process (the runner
 * forks one per run), and a later cluster on the same queue starts it
 * afresh (eth_attach). */
void eth_detach(eth_net *n, uint32_t node)
{
    if (!n || node >= n->nodes || !n->p[node].attached) return;
    n->p[node].attached = 0;
    n->p[node].fn = NULL;
    n->users--;
}

/* ---- the frame's way ---- */

typedef struct hop { eth_net *n; frame *f; } hop;

static void at(eth_net *n, sim_time t, ev_fn fn, frame *f)
{
    hop *h = malloc(sizeof *h);
    if (!h) abort();           /* out of memory inside the event queue: nothing sensible is left */
    *h = (hop){n, f};
    evq_at(n->q, t, fn, h);
}

static sim_time dma_ps(const eth_net *n, const port *p, uint32_t ip_bytes)
{
    uint32_t b = ip_bytes + 14;  /* the frame without preamble and FCS crosses the bus */
    return n->nic.desc_ps + (sim_time)((double)b * 1e12 / (p->h.pci_Bps * n->nic.dma_efficiency) + 0.5);
}

static void kernel_rx(void *arg);

static void nic_rx(void *arg)
{
    hop *h = arg;
    eth_net *n = h->n;
    frame *f = h->f;
    port *p = &n->p[f->dst];
    sim_time now = evq_now(n->q);
    sim_time dma_end = max_t(now, p->rxdma_free) + dma_ps(n, p, f->ip_bytes);
    p->rxdma_free = dma_end;
    /* one interrupt per frame: entry, the protocol's receive path, exit */
    sim_time k = max_t(dma_end, p->kcpu_free) + p->h.irq_entry_ps +
                 cyc(p, f->pure_ack ? n->tcp.rx_ack_cycles : n->tcp.rx_seg_cycles) + p->h.irq_exit_ps;
    p->kcpu_free = k;
    h->f = f;
    evq_at(n->q, k, kernel_rx, h);
}

static void switch_out(void *arg)
{
    hop *h = arg;
    eth_net *n = h->n;
    frame *f = h->f;
    port *d = &n->p[f->dst];
    sim_time now = evq_now(n->q), wire = eth_wire_ps(&n->w, f->ip_bytes);
    sim_time start = max_t(now + n->w.switch_ps, d->sw_out_free);
    d->sw_out_free = start + wire;
    evq_at(n->q, start + wire + n->w.propagation_ps, nic_rx, h);
}

static void nic_tx(void *arg)
{
    hop *h = arg;
    eth_net *n = h->n;
    frame *f = h->f;
    port *p = &n->p[f->src];
    sim_time now = evq_now(n->q), wire = eth_wire_ps(&n->w, f->ip_bytes);
    sim_time dma_end = max_t(now, p->txdma_free) + dma_ps(n, p, f->ip_bytes);
    p->txdma_free = dma_end;
    sim_time start = max_t(dma_end, p->wire_free);
    p->wire_free = start + wire;
    n->st.frames++;
    n->st.wire_bytes += eth_wire_bytes(&n->w, f->ip_bytes);
    evq_at(n->q, start + wire + n->w.propagation_ps, switch_out, h);
}

/* Hand a frame to src's NIC at time t, carrying every ACK src owes dst. */
static void transmit(eth_net *n, frame *f, sim_time t)
{
    flow *back = fl(n, f->dst, f->src);   /* dst's data, acknowledged by src */
    if (back->owe_bytes || f->pure_ack) {
        f->ack = back->owe_bytes;
        if (!f->pure_ack) n->st.piggy_acks++;
        back->owe_bytes = back->owe_segs = 0;
        back->delack_gen = 0;
    }
    f->ip_bytes = n->tcp.hdr + f->len;
    if (f->control) f->ip_bytes += 16;    /* the record's arguments */
    at(n, t, nic_tx, f);
}

/* Send what the window (and Nagle) allows from flow s->d; each segment
 * becomes ready at its own time (the sender's process) or after the
 * kernel's work at t (clocked out by an ACK: kernel = 1). */
static void pump(eth_net *n, uint32_t s, uint32_t d, sim_time t, int kernel)
{
    flow *x = fl(n, s, d);
    port *p = &n->p[s];
    while (x->qh) {
        frame *f = x->qh;
        if (f->len && x->in_flight + f->len > n->tcp.window) {
            n->st.window_stalls++;
            return;
        }
        if (n->tcp.nagle && f->len && f->len < eth_mss(n) && x->in_flight) return;
        x->qh = f->next;
        if (!x->qh) x->qt = NULL;
        x->in_flight += f->len;
        sim_time ready = f->ready;
        if (kernel) {
            p->kcpu_free = max_t(t, p->kcpu_free) + cyc(p, n->tcp.tx_seg_cycles);
            ready = max_t(ready, p->kcpu_free);
        }
        x->last_tx = max_t(max_t(ready, t), x->last_tx);
        transmit(n, f, x->last_tx);
    }
}

typedef struct delack { eth_net *n; uint32_t s, d; uint64_t gen; } delack;

static void send_ack(eth_net *n, uint32_t from, uint32_t to, sim_time t)
{
    frame *a = calloc(1, sizeof *a);
    if (!a) abort();
    a->src = from, a->dst = to, a->pure_ack = 1;
    port *p = &n->p[from];
    p->kcpu_free = max_t(t, p->kcpu_free) + cyc(p, n->tcp.tx_seg_cycles);
    n->st.acks++;
    transmit(n, a, p->kcpu_free);
}

static void delack_fired(void *arg)
{
    delack *x = arg;
    flow *f = fl(x->n, x->s, x->d);
    if (f->delack_gen == x->gen && f->owe_bytes) send_ack(x->n, x->d, x->s, evq_now(x->n->q));
    free(x);
}

static void kernel_rx(void *arg)
{
    hop *h = arg;
    eth_net *n = h->n;
    frame *f = h->f;
    free(h);
    sim_time now = evq_now(n->q);
    if (f->ack) {                  /* our data to f->src is acknowledged: clock out more */
        flow *mine = fl(n, f->dst, f->src);
        mine->in_flight -= f->ack < mine->in_flight ? f->ack : mine->in_flight;
        pump(n, f->dst, f->src, now, 1);
    }
    if (!f->pure_ack) {
        port *p = &n->p[f->dst];
        if (f->len) {
            flow *in = fl(n, f->src, f->dst);   /* f->dst owes f->src an ACK for these */
            in->owe_bytes += f->len;
            if (++in->owe_segs >= n->tcp.delack_segs) {
                send_ack(n, f->dst, f->src, now);
            } else if (!in->delack_gen) {
                delack *x = malloc(sizeof *x);
                if (!x) abort();
                *x = (delack){n, f->src, f->dst, ++n->gen};
                in->delack_gen = x->gen;
                evq_at(n->q, now + n->tcp.delack_ps, delack_fired, x);
            }
            n->st.data_segments++;
        }
        if (p->fn) p->fn(p->ctx, f->src, f->kind, f->a, f->data, f->len);
    }
    free(f->data);
    free(f);
}

sim_time eth_send(eth_net *n, uint32_t src, uint32_t dst, uint32_t kind, const uint32_t a[4], const void *data,
                  uint32_t len, int control)
{
    port *p = &n->p[src];
    flow *x = fl(n, src, dst);
    sim_time now = evq_now(n->q), t = now;
    uint32_t mss = eth_mss(n), off = 0;
    do {
        uint32_t k = control ? 0 : (len - off < mss ? len - off : mss);
        frame *f = calloc(1, sizeof *f);
        uint8_t *d = k ? malloc(k) : NULL;
        if (!f || (k && !d)) abort();
        if (k) memcpy(d, (const uint8_t *)data + off, k);
        /* the copy into the kernel (with the checksum folded in) and the
         * segment's protocol work, one segment after the other */
        t += (sim_time)((double)k * 1e12 / p->h.memcpy_Bps + 0.5) + cyc(p, n->tcp.tx_seg_cycles);
        *f = (frame){NULL, src, dst, kind, {a[0], a[1], a[2], a[3]}, d, k, control, 0, 0, t, 0};
        if (x->qt) x->qt->next = f;
        else x->qh = f;
        x->qt = f;
        off += k;
    } while (off < len);
    pump(n, src, dst, now, 0);
    return t - now;
}
