/* Active messages: grim_send (with fragmentation), grim_poll (the incoming
 * ring, reassembly, dispatch, the interrupt) and waiting on a word. */
#include "grim_internal.h"

#include <stdlib.h>
#include <string.h>

#define WAIT_TIMEOUT_US 2000000   /* grim_wait_word gives up after 2 s of simulated time */

/* One logical active message (any length) as GRIM messages: fragments of
 * at most max_payload bytes go to the built-in FRAG handler (a0 = handler,
 * a1 = total, a2 = offset), the last with the user's handler and
 * arguments; the receiver knows it is the last because it is the first
 * non-FRAG message from that source while a reassembly is open. */
static int send_am(grim *g, uint32_t dest, uint32_t handler, const uint32_t a[4], const uint8_t *payload, uint32_t len)
{
    if (grim_send_begin(g)) return -1;
    int pinned = grim_pin_payload(g, payload, len), r = pinned < 0 ? -1 : 0;
    grim_hdr h;
    uint32_t off = 0, frag = g->max_payload;
    while (r == 0 && len - off > frag) {
        uint32_t fa[4] = {handler, len, off, 0};
        grim_hdr_make(&h, GRIM_T_AM, g->ep, dest, g->o.lc, GRIM_H_FRAG, fa, frag);
        r = grim_put(g, &h, payload + off, frag);
        off += frag;
        g->st.sent_fragments++;
    }
    if (r == 0) {
        grim_hdr_make(&h, GRIM_T_AM, g->ep, dest, g->o.lc, handler, a, len - off);
        r = grim_put(g, &h, payload ? payload + off : NULL, len - off);   /* no payload: NULL + 0 is UB */
    }
    if (grim_unpin_payload(g, pinned > 0)) r = -1;
    grim_send_end(g);
    return r;
}

int grim_send_internal(grim *g, uint32_t dest, uint32_t handler, const uint32_t a[4], const void *payload, uint32_t len)
{
    return send_am(g, dest, handler, a, payload, len);
}

int grim_send(grim *g, uint32_t dest, uint32_t handler, uint32_t a0, uint32_t a1, uint32_t a2, uint32_t a3,
              const void *payload, uint32_t len)
{
    if (handler < GRIM_H_USER || handler > 0xFFFF)
        return grim_fail(g, "grim_send: handler id %u is not a registered user handler (ids from %u)", handler,
                         GRIM_H_USER);
    if (len && !payload) return grim_fail(g, "grim_send: %u bytes of payload from NULL", len);
    uint32_t a[4] = {a0, a1, a2, a3};
    return send_am(g, dest, handler, a, payload, len);
}

/* ---- receiving ---- */

static grim_reasm *reasm_of(grim *g, uint32_t src, int make)
{
    for (int i = 0; i < g->nreasm; i++)
        if (g->reasm[i].src == src) return &g->reasm[i];
    if (!make) return NULL;
    grim_reasm *r = realloc(g->reasm, (size_t)(g->nreasm + 1) * sizeof *r);
    if (!r) return NULL;
    g->reasm = r;
    memset(&r[g->nreasm], 0, sizeof r[0]);
    r[g->nreasm].src = src;
    return &r[g->nreasm++];
}

static int deliver(grim *g, const grim_am *m)
{
    g->st.dispatched++;
    if (m->handler < GRIM_H_USER) return grim_builtin(g, m);
    return grim_dispatch_user(g, m);
}

/* A message's first fragment (arg 0 its handler, arg 1 its length): the
 * buffer grown to hold it, the count started. */
static int reasm_start(grim *g, grim_reasm *r, const grim_am *m)
{
    if (r->cap < m->arg[1]) {
        if (r->buf) plat_free(g->p, r->buf);
        r->buf = plat_alloc(g->p, m->arg[1]);
        if (!r->buf) return grim_fail_plat(g, "reassembly buffer");
        r->cap = m->arg[1];
    }
    r->total = m->arg[1];
    r->handler = m->arg[0];
    r->got = 0;
    return 0;
}

/* A multicast copy: a member takes a tree's messages from the point in its
 * ticket order at which it joined (or until it left), which may fall inside
 * a fragmented message. So a piece without its start, the final piece of
 * such a message (GRIM_MC_LASTFRAG in its handler, grim_sendMC), and a
 * message left unfinished by a leave are dropped and counted
 * (st.mc_partial), not errors. Pieces that do follow each other are
 * reassembled as grim_send's. */
static int mc_reassemble(grim *g, const grim_am *m, int *done, grim_am *whole)
{
    int frag = m->handler == GRIM_H_FRAG, last = !frag && (m->handler & GRIM_MC_LASTFRAG);
    grim_reasm *r = reasm_of(g, m->src, frag || last);
    if (!frag && !last) {              /* a whole message: whatever was open is left unfinished */
        if (r && r->total) {
            r->total = 0;
            g->st.mc_partial++;
        }
        *done = 1;
        *whole = *m;
        return 0;
    }
    if (!r) return grim_fail(g, "reassembly: out of memory");
    uint32_t off = frag ? m->arg[2] : r->got, handler = m->handler & ~GRIM_MC_LASTFRAG;
    if (frag && off == 0) {            /* a start: what was open was left unfinished */
        if (r->total) g->st.mc_partial++;
        if (reasm_start(g, r, m)) return -1;
    }
    int fits = r->total && off == r->got &&
               (frag ? m->arg[1] == r->total && r->got + m->len < r->total
                     : handler == r->handler && r->got + m->len == r->total);
    if (!fits) {                       /* joined after its start (or a piece is missing): drop it */
        if (last) g->st.mc_partial++;
        r->total = 0;
        return 0;
    }
    if (m->len && plat_memcpy(g->p, r->buf + r->got, m->data, m->len)) return grim_fail_plat(g, "reassembly copy");
    r->got += m->len;
    if (last) {
        *done = 1;
        *whole = *m;
        whole->handler = handler;
        whole->data = r->buf;
        whole->len = r->total;
        r->total = 0;
    }
    return 0;
}

/* Fragments are copied into an intermediate buffer in host memory (the
 * extra copy of §5.5.3, L1694); the handler then sees the whole message. */
static int reassemble(grim *g, const grim_am *m, int *done, grim_am *whole)
{
    *done = 0;
    if (m->src & GRIM_AM_MC_FLAG) return mc_reassemble(g, m, done, whole);
    grim_reasm *r = reasm_of(g, m->src, m->handler == GRIM_H_FRAG);
    if (m->handler != GRIM_H_FRAG && (!r || !r->total)) {
        *done = 1;
        *whole = *m;
        return 0;
    }
    if (!r) return grim_fail(g, "reassembly: out of memory");
    if (m->handler == GRIM_H_FRAG) {
        if (!r->total) {
            if (m->arg[2] != 0)
                return grim_fail(g, "a fragment from endpoint 0x%04x at offset %u without its start", m->src, m->arg[2]);
            if (reasm_start(g, r, m)) return -1;
        }
        if (m->arg[2] != r->got || m->arg[1] != r->total || r->got + m->len >= r->total)
            return grim_fail(g, "fragment from endpoint 0x%04x out of order: offset %u of %u, expected offset %u", m->src,
                             m->arg[2], m->arg[1], r->got);
    } else if (m->handler != r->handler || r->got + m->len != r->total) {
        return grim_fail(g, "the last fragment from endpoint 0x%04x does not close its message (handler %u/%u, %u+%u of %u bytes)",
                         m->src, m->handler, r->handler, r->got, m->len, r->total);
    }
    if (m->len && plat_memcpy(g->p, r->buf + r->got, m->data, m->len)) return grim_fail_plat(g, "reassembly copy");
    r->got += m->len;
    if (m->handler != GRIM_H_FRAG) {
        *done = 1;
        *whole = *m;
        whole->data = r->buf;
        whole->len = r->total;
        r->total = 0;
    }
    return 0;
}

int grim_service(grim *g)
{
    if (plat_irq_level(g->p)) {
        /* the interrupt preempts the polling process: entry, the driver's
         * ISR (translation requests), exit (README.md) */
        g->st.irqs++;
        if (plat_wait_irq(g->p)) return grim_fail(g, "interrupt: %s", plat_error(g->p));
    }
    const char *e = drv_xlat_error(g->xl);
    if (e[0]) return grim_fail(g, "driver: %s", e);
    return 0;
}

static uint32_t le32(const uint8_t *b)
{
    return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

/* What a poll does after its CPU time: service, extract, dispatch. */
static int poll_look(grim *g)
{
    if (grim_service(g)) return -1;
    if (g->in_handler) return 0;
    uint32_t back = le32(g->am_back);
    if (back == g->am_size) back = 0;
    if (back > g->am_size || back % 8)
        return grim_fail(g, "the NI's back offset of the active-message ring is %u (ring of %u bytes)", back, g->am_size);
    int n = 0, r = 0;
    while (g->am_front != back) {
        uint8_t *at = g->am + g->am_front;
        grim_hdr h;
        if (grim_hdr_unpack(at, &h))
            return grim_fail(g, "active-message ring offset %u: not a GRIM message (word 0 = 0x%08x)", g->am_front,
                             grim_get32(at));
        if (h.type == GRIM_T_WRAP) {
            g->am_front = 0;
            continue;
        }
        uint32_t len = grim_hdr_payload(&h), m = grim_msg_bytes(len);
        if (h.type != GRIM_T_AM || g->am_front + m > g->am_size)
            return grim_fail(g, "active-message ring offset %u: type %u, %u bytes (ring of %u)", g->am_front, h.type, len,
                             g->am_size);
        if (plat_compute(g->p, g->dispatch_ps)) return grim_fail_plat(g, "dispatch");
        uint32_t src = h.src;      /* a multicast copy: flagged, with its tree (grim_mcast.h) */
        if (h.lc & GRIM_MC_STAMPED) src |= GRIM_AM_MC_FLAG | (h.lc & 0xFFu) << 16;
        grim_am am = {src, h.handler, {h.arg[0], h.arg[1], h.arg[2], h.arg[3]}, at + GRIM_HDR_BYTES, len}, whole;
        int done;
        g->st.received++;
        g->in_handler = 1;
        r = reassemble(g, &am, &done, &whole);
        if (r == 0 && done) r = deliver(g, &whole);
        g->in_handler = 0;
        g->am_front += m;
        if (g->am_front == g->am_size) g->am_front = 0;
        n++;
        if (r) break;              /* the message is consumed; its error is this poll's */
    }
    if (n && plat_pio_write32(g->p, grim_sram(g, grim_lcd(g, g->o.lc, GRIM_L_AM_FRONT)), g->am_front))
        return grim_fail_plat(g, "AM front");
    if (r) return -1;
    if (g->atomic == 0 && g->ovf_head && grim_drain_overflow(g)) return -1;
    return n;
}

int grim_poll(grim *g)
{
    g->st.polls++;
    if (plat_compute(g->p, g->poll_ps)) return grim_fail_plat(g, "poll");
    return poll_look(g);
}

/* Whether a poll now would do nothing but spend its time: everything
 * poll_look acts on is unchanged until a DMA write or an interrupt. */
static int poll_quiet(grim *g)
{
    if (plat_irq_level(g->p) || drv_xlat_error(g->xl)[0]) return 0;
    if (g->in_handler) return 1;
    if (g->atomic == 0 && g->ovf_head) return 0;
    uint32_t back = le32(g->am_back);
    if (back == g->am_size) back = 0;
    return back == g->am_front;
}

int grim_poll_idle(grim *g, sim_time max)
{
    if (g->o.plain_poll || g->poll_ps == 0 || !poll_quiet(g)) return grim_poll(g);
    int k = plat_idle_poll(g->p, g->poll_ps, max);
    if (k < 0) return grim_fail_plat(g, "poll");
    g->st.polls += (uint64_t)k;
    return poll_look(g);
}

int grim_wait_word(grim *g, const volatile uint32_t *word, uint32_t value)
{
    sim_time give_up = plat_now(g->p) + SIM_US(WAIT_TIMEOUT_US);
    while (*word != value) {
        sim_time now = plat_now(g->p);   /* <= give_up here */
        if (grim_poll_idle(g, give_up - now + 1) < 0) return -1;
        if (plat_now(g->p) > give_up)
            return grim_fail(g, "waited %u us for a word to become 0x%x (it is 0x%x)", WAIT_TIMEOUT_US, value, *word);
    }
    return 0;
}
