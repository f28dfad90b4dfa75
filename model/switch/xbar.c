/* Crossbar switch. Each output port is the source of its outgoing link and
 * pulls straight from the slack buffer of the input that holds it, so bytes
 * cut through with one event per chunk per hop and back-pressure from a
 * blocked output reaches the input's slack and then the upstream STOP. */
#include "xbar.h"

#include "../trace/hooks.h"

#include <stdio.h>
#include <stdlib.h>

typedef struct xin {
    struct xbar *x;
    unsigned port;
    lk_dir *in;
    xin_state state;
    int out;
    lk_sym head;
    sim_time since;            /* entered WAITING/FORWARD (or routing) */
    sim_time last_move;        /* last symbol of this packet moved */
    sim_time free_at;          /* the previous tail leaves then */
    int starved;               /* FORWARD with nothing to send */
    int tmo_pending;
} xin;

typedef struct xout {
    struct xbar *x;
    unsigned port;
    lk_dir *out;
    int owner;                 /* input port, -1 if none */
    int closing;               /* must still send a bare GAP */
    lk_sym close_sym;
    unsigned sent;             /* symbols of the owner's packet pulled */
    unsigned rr;               /* last input granted */
    uint32_t waiting;          /* inputs waiting for this output */
} xout;

struct xbar {
    evq *q;
    xbar_params p;
    char name[32];
    xin in[XBAR_MAX_PORTS];
    xout out[XBAR_MAX_PORTS];
    xbar_stats st;
};

static unsigned out_avail(void *ctx, unsigned max, int *unit_end);
static void out_pull(void *ctx, lk_sym *out, unsigned n, sim_time start, sim_time end);
static const lk_source_ops xout_source = {out_avail, out_pull};

void xbar_params_default(xbar_params *p, unsigned nports)
{
    *p = (xbar_params){nports, XBAR_DEFAULT_LATENCY, XBAR_DEFAULT_TIMEOUT};
}

int xbar_route_out(unsigned nports, unsigned in, uint8_t byte)
{
    if (!(byte & 0x80)) return -1;
    int off = byte & 0x3F;
    if (off & 0x20) off -= 0x40;               /* sign-extend 6 bits */
    int out = (int)in + off;
    return out >= 0 && out < (int)nports ? out : -1;
}

xbar *xbar_new(evq *q, const xbar_params *p, const char *name, char *err, size_t errlen)
{
    if (p->nports != 8 && p->nports != 16 && p->nports != 32) {
        snprintf(err, errlen, "switch %s: %u ports (must be 8, 16 or 32)", name, p->nports);
        return NULL;
    }
    xbar *x = calloc(1, sizeof *x);
    if (!x) {
        snprintf(err, errlen, "switch %s: out of memory", name);
        return NULL;
    }
    x->q = q;
    x->p = *p;
    snprintf(x->name, sizeof x->name, "%s", name);
    for (unsigned i = 0; i < XBAR_MAX_PORTS; i++) {
        x->in[i] = (xin){.x = x, .port = i, .out = -1};
        x->out[i] = (xout){.x = x, .port = i, .owner = -1, .rr = p->nports - 1};
    }
    return x;
}

void xbar_free(xbar *x) { free(x); }
const char *xbar_name(const xbar *x) { return x->name; }
unsigned xbar_nports(const xbar *x) { return x->p.nports; }
const xbar_stats *xbar_get_stats(const xbar *x) { return &x->st; }
lk_dir *xbar_in_link(const xbar *x, unsigned port) { return port < x->p.nports ? x->in[port].in : NULL; }
lk_dir *xbar_out_link(const xbar *x, unsigned port) { return port < x->p.nports ? x->out[port].out : NULL; }

const void *xbar_event_arg(const xbar *x, unsigned port) { return &x->in[port]; }

void xbar_port_info_get(const xbar *x, unsigned port, xbar_port_info *info)
{
    const xin *i = &x->in[port];
    *info = (xbar_port_info){i->state, i->out, i->head, i->since};
}

int xbar_out_owner(const xbar *x, unsigned port, int *closing)
{
    if (closing) *closing = x->out[port].closing;
    return x->out[port].owner;
}

/* ---- input side ---- */

static void in_service(xin *i);
static void on_route(void *arg);

static sim_time now_of(const xbar *x) { return evq_now(x->q); }

/* The switch's own events touch only the switch and its links, which
 * schedule what reaches an NI themselves (link.c): they go ahead
 * (evq_at_ahead), except under a written trace. */
static void at_switch(xbar *x, sim_time t, ev_fn fn, void *arg)
{
    uint32_t was = evq_place_swap(x->q, EVQ_PLACE_FABRIC);   /* the fabric's place (evq.h) */
    if (trace_unwritten()) evq_at_ahead(x->q, t, fn, arg);
    else evq_at(x->q, t, fn, arg);
    evq_place_swap(x->q, was);
}

/* The input is free from time t on: route its next head, if any. */
static void in_idle_at(xin *i, sim_time t)
{
    if (t < i->free_at) t = i->free_at;
    i->state = XIN_IDLE;
    i->out = -1;
    if (lk_rx_count(i->in)) {
        i->state = XIN_ROUTING;
        i->since = t;
        at_switch(i->x, t + i->x->p.route_latency, on_route, i);
    }
}

/* Consume symbols up to and including the tail of the packet being dropped. */
static void drain_to_tail(xin *i)
{
    int tail;
    unsigned k = lk_rx_unit(i->in, lk_rx_count(i->in), &tail);
    lk_rx_take(i->in, NULL, k, now_of(i->x));
    if (tail) in_idle_at(i, now_of(i->x));
}

static void grant(xout *o, xin *i)
{
    o->owner = (int)i->port;
    o->sent = 0;
    o->rr = i->port;
    i->state = XIN_FORWARD;
    i->since = i->last_move = now_of(o->x);
    i->starved = 0;
    lk_dir_kick(o->out);
}

/* The output is free: grant it to the next waiting input after the last one. */
static void release(xout *o)
{
    o->owner = -1;
    if (!o->waiting) return;
    unsigned n = o->x->p.nports;
    for (unsigned k = 1; k <= n; k++) {
        unsigned p = (o->rr + k) % n;
        if (o->waiting & (1u << p)) {
            o->waiting &= ~(1u << p);
            grant(o, &o->x->in[p]);
            return;
        }
    }
}

static void on_timeout(void *arg);

static void arm_timeout(xin *i)
{
    xbar *x = i->x;
    if (!x->p.block_timeout || i->tmo_pending) return;
    sim_time ref = i->last_move > i->since ? i->last_move : i->since;
    if (ref < now_of(x)) ref = now_of(x);
    i->tmo_pending = 1;
    at_switch(x, ref + x->p.block_timeout, on_timeout, i);
}

static void drop_blocked(xin *i)
{
    xbar *x = i->x;
    xout *o = &x->out[i->out];
    x->st.timeouts++;
    if (i->state == XIN_WAITING) {
        o->waiting &= ~(1u << i->port);
    } else if (o->sent) {                 /* part of it left: end it with a GAP */
        x->st.truncated++;
        o->owner = -1;
        o->closing = 1;
        o->close_sym = i->head;
        o->close_sym.byte = 0;
        o->close_sym.flags = LK_TAIL | LK_GAP;
        lk_dir_kick(o->out);
    } else {
        release(o);
    }
    i->state = XIN_DROPPING;
    i->out = -1;
    drain_to_tail(i);
}

static void on_timeout(void *arg)
{
    xin *i = arg;
    xbar *x = i->x;
    sim_time now = now_of(x);
    i->tmo_pending = 0;
    if (i->state != XIN_WAITING && i->state != XIN_FORWARD) return;
    if (i->state == XIN_FORWARD && lk_rx_count(i->in) == 0) {
        i->starved = 1;                   /* nothing to move: not blocked here */
        arm_timeout(i);
        return;
    }
    sim_time ref = i->last_move > i->since ? i->last_move : i->since;
    if (ref + x->p.block_timeout > now) {
        arm_timeout(i);
        return;
    }
    drop_blocked(i);
}

static void request(xin *i, int out)
{
    xout *o = &i->x->out[out];
    i->out = out;
    i->since = now_of(i->x);
    if (o->owner < 0 && !o->closing) {
        grant(o, i);
    } else {
        i->state = XIN_WAITING;
        o->waiting |= 1u << i->port;
    }
    arm_timeout(i);
}

static void on_route(void *arg)
{
    xin *i = arg;
    xbar *x = i->x;
    lk_sym h;
    lk_rx_take(i->in, &h, 1, now_of(x));
    i->head = h;
    if (h.flags & LK_GAP) {               /* remains of a truncated packet */
        in_idle_at(i, now_of(x));
        return;
    }
    if (h.flags & LK_TAIL) {              /* a route byte and nothing else */
        x->st.runts++;
        in_idle_at(i, now_of(x));
        return;
    }
    int out = xbar_route_out(x->p.nports, i->port, h.byte);
    if (out < 0 || !x->out[out].out) {
        x->st.bad_route++;
        i->state = XIN_DROPPING;
        drain_to_tail(i);
        return;
    }
    request(i, out);
}

static void in_service(xin *i)
{
    switch (i->state) {
    case XIN_IDLE:
        in_idle_at(i, now_of(i->x));
        break;
    case XIN_FORWARD:
        if (i->starved) {                 /* blocked time counts from now */
            i->starved = 0;
            i->last_move = now_of(i->x);
        }
        lk_dir_kick(i->x->out[i->out].out);
        break;
    case XIN_DROPPING:
        drain_to_tail(i);
        break;
    default:
        break;
    }
}

static void on_in_arrived(void *ctx, lk_dir *d)
{
    (void)d;
    in_service(ctx);
}

void xbar_attach(xbar *x, unsigned port, lk_dir *in, lk_dir *out)
{
    if (port >= x->p.nports) return;
    x->in[port].in = in;
    x->out[port].out = out;
    if (in) {
        lk_dir_set_sink(in, on_in_arrived, &x->in[port]);
        lk_dir_sink_is(in, LK_END_SWITCH);
    }
    if (out) {
        lk_dir_set_source(out, &xout_source, &x->out[port]);
        lk_dir_source_is(out, LK_END_SWITCH);
    }
}

/* ---- output side: the outgoing link's source ---- */

static unsigned out_avail(void *ctx, unsigned max, int *unit_end)
{
    xout *o = ctx;
    if (o->closing) {
        *unit_end = 1;
        return 1;
    }
    if (o->owner < 0) return 0;
    xin *i = &o->x->in[o->owner];
    int tail;
    unsigned n = lk_rx_unit(i->in, max, &tail);
    if (tail) *unit_end = 1;
    return n;
}

static void out_pull(void *ctx, lk_sym *out, unsigned n, sim_time start, sim_time end)
{
    xout *o = ctx;
    if (o->closing) {
        out[0] = o->close_sym;
        if (trace_cur) trace_switch_pull(o->x, o->port, -1, out, 1, start, end);
        o->closing = 0;
        release(o);
        return;
    }
    xin *i = &o->x->in[o->owner];
    lk_rx_take(i->in, out, n, start);
    if (trace_cur) trace_switch_pull(o->x, o->port, (int)i->port, out, n, start, end);
    o->sent += n;
    i->last_move = start;
    if (out[n - 1].flags & LK_TAIL) {
        o->x->st.forwarded++;
        release(o);
        i->free_at = start;
        in_idle_at(i, start);
    } else if (lk_rx_count(i->in) == 0) {
        i->starved = 1;
    }
}
