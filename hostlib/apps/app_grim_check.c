/* grim_check: end-to-end checks of GRIM between node 0 and the last node
 * (the test suite runs it; tests/grim):
 *   MODE = am     node 0 sends N active messages of many sizes (fragments
 *                 too, FRAG) to the last node, which checks that each
 *                 arrives once, in order, with its data intact;
 *   MODE = rm     RM-P into pinned memory and RM-V into pinned and into
 *                 page-pinned (physically scattered) memory at odd offsets,
 *                 each block checked byte for byte by the receiver after its
 *                 lock; the page-pinned one goes through translation misses;
 *   MODE = fetch  RM-RV: node 0 reads blocks of the last node's pinned and
 *                 page-pinned memory into its own (pinned and page-pinned) at
 *                 various offsets and checks them after the lock clears;
 *   MODE = order  the ordering rules of §4.5.6 (L1402-L1408): AM->AM, RM->AM
 *                 and RM->RM keep their order; an RM may overtake an earlier
 *                 AM (the receiver watches the lock without polling: the
 *                 AM waits in its ring while the NI has already executed
 *                 the RM).
 * The receiver sends its verdict to node 0, which reports: received, bad,
 * xlat_requests (am, rm); am_am_in_order, rm_am_in_order, rm_rm_in_order,
 * am_rm_overtaken (order; 1 = observed). */
#include "app_grim_util.h"
#include "../driver/drv_xlat.h"

#include <stdio.h>
#include <string.h>

enum { V_RECEIVED, V_BAD, V_XLAT, V_AMAM, V_RMAM, V_RMRM, V_OVERTAKEN, V_N };

typedef struct {
    uint32_t next, received, bad;
    uint32_t seen_tag[8];          /* order mode: tags in arrival order */
    uint32_t nseen;
    volatile uint32_t *word;       /* order mode: what the RM wrote before an AM */
    uint32_t word_at_am;
    uint32_t verdict[V_N];
    int have_verdict, have_addr;
    uint32_t go;                   /* order mode: the receiver is ready for phase go - 1 */
    uint32_t addr[6];
} chk;

static uint8_t pat(uint32_t tag, uint32_t i) { return (uint8_t)(tag * 37 + i * 5 + (i >> 9)); }

static void on_data(grim *g, const grim_am *m, void *ctx)
{
    chk *c = ctx;
    (void)g;
    uint32_t tag = m->arg[0];
    int ok = tag == c->next && m->len == m->arg[1] && m->arg[2] == (tag ^ 0xA5A5A5A5u);
    for (uint32_t i = 0; ok && i < m->len; i++) ok = m->data[i] == pat(tag, i);
    if (!ok) c->bad++;
    c->next = tag + 1;
    c->received++;
}

static void on_tag(grim *g, const grim_am *m, void *ctx)
{
    chk *c = ctx;
    (void)g;
    if (c->nseen < 8) c->seen_tag[c->nseen++] = m->arg[0];
    if (c->word) c->word_at_am = *c->word;
}

static void on_verdict(grim *g, const grim_am *m, void *ctx)
{
    chk *c = ctx;
    (void)g;
    if (m->len == sizeof c->verdict) memcpy(c->verdict, m->data, sizeof c->verdict);
    c->have_verdict = 1;
}

static void on_go(grim *g, const grim_am *m, void *ctx)
{
    (void)g;
    ((chk *)ctx)->go = m->arg[0];
}

static void on_addr(grim *g, const grim_am *m, void *ctx)
{
    chk *c = ctx;
    (void)g;
    if (m->len == sizeof c->addr) memcpy(c->addr, m->data, sizeof c->addr);
    c->have_addr = 1;
}

static void fill(uint8_t *b, uint32_t n, uint32_t seed)
{
    for (uint32_t i = 0; i < n; i++) b[i] = (uint8_t)(seed * 91 + i * 3 + (i >> 11));
}

/* Spin without polling GRIM (interrupts still served: the driver runs). */
static int watch(platform *p, grim *g, const volatile uint32_t *w, uint32_t v)
{
    sim_time give_up = plat_now(p) + SIM_US(1000000);
    while (*w != v) {
        if (plat_compute(p, SIM_NS(100)) || plat_now(p) > give_up) return -1;
        if (plat_irq_level(p) && plat_wait_irq(p)) return -1;
    }
    (void)g;
    return 0;
}

static int run(platform *p, happ_env *e)
{
    grim_options o;
    long long n, fmax;
    if (gapp_options(e, &o) || happ_int(e, "N", 200, &n) || happ_int(e, "FETCH_MAX", 195000, &fmax)) return -1;
    if (fmax < 1 || fmax > 195000) return happ_fail(e, "FETCH_MAX = %lld: 1..195000", fmax);
    const char *mode = happ_str(e, "MODE", "am");
    int m_am = !strcmp(mode, "am"), m_rm = !strcmp(mode, "rm"), m_order = !strcmp(mode, "order"),
        m_fetch = !strcmp(mode, "fetch");
    if (!m_am && !m_rm && !m_order && !m_fetch) return happ_fail(e, "MODE = '%s': am, rm, fetch or order", mode);
    if (n < 1 || n > 100000) return happ_fail(e, "N = %lld: 1..100000", n);
    grim *g = gapp_open(p, e, &o);
    if (!g) return -1;
    chk c = {0};
    int rc = 0;
    uint32_t me = grim_getMyVNN(g), last = grim_nodes(g) - 1, h_data, h_tag, h_ver, h_addr, h_go;
    if (last == 0) return gapp_close(g, e, happ_fail(e, "grim_check needs two nodes"));
    uint32_t peer = GRIM_EP(me == 0 ? last : 0, o.lc);
    if (grim_register_handler(g, on_data, &c, "ck_data") || grim_register_handler(g, on_tag, &c, "ck_tag") ||
        grim_register_handler(g, on_verdict, &c, "ck_verdict") || grim_register_handler(g, on_addr, &c, "ck_addr") ||
        grim_register_handler(g, on_go, &c, "ck_go") ||
        grim_syncHandlers(g) || grim_resolveHandler(g, "ck_data", &h_data) || grim_resolveHandler(g, "ck_tag", &h_tag) ||
        grim_resolveHandler(g, "ck_verdict", &h_ver) || grim_resolveHandler(g, "ck_addr", &h_addr) ||
        grim_resolveHandler(g, "ck_go", &h_go))
        rc = gapp_fail(e, g, "handlers");
    /* receiver memory: pinned block, page-pinned block, locks */
    const uint32_t big = 200000;
    uint8_t *pin = NULL, *paged = NULL, *src = plat_alloc(p, big + 8192);
    volatile uint32_t *lock = NULL, *word = NULL;
    if (rc == 0) {
        pin = grim_malloc_pinned(g, big);
        lock = grim_malloc_pinned(g, 4);
        word = grim_malloc_pinned(g, 4);
        paged = plat_alloc(p, big);
        if (!pin || !lock || !word || !paged || !src || grim_register_memory(g, paged, big)) rc = gapp_fail(e, g, "memory");
    }
    if (rc == 0 && me == last) {
        uint32_t a[6] = {(uint32_t)grim_get_pinned_pa(g, pin), grim_va(g, pin), grim_va(g, paged),
                         grim_va(g, (void *)lock), grim_va(g, (void *)word), (uint32_t)grim_get_pinned_pa(g, (void *)word)};
        if (grim_send(g, peer, h_addr, 0, 0, 0, 0, a, sizeof a)) rc = gapp_fail(e, g, "addresses");
    }
    if (rc == 0 && grim_barrier(g)) rc = gapp_fail(e, g, "barrier");
    while (rc == 0 && me == 0 && !c.have_addr)
        if (grim_poll(g) < 0) rc = gapp_fail(e, g, "addresses");
    uint32_t v[V_N] = {0};

    if (rc == 0 && m_am) {
        if (me == 0) {
            for (uint32_t t = 0; t < n && rc == 0; t++) {
                uint32_t len = (t * 7919u + t * t * 31u) % 70001u;
                for (uint32_t i = 0; i < len; i++) src[i] = pat(t, i);
                if (grim_send(g, peer, h_data, t, len, t ^ 0xA5A5A5A5u, 0, src, len)) rc = gapp_fail(e, g, "send");
            }
        } else if (me == last) {
            while (rc == 0 && c.received < n)
                if (grim_poll(g) < 0) rc = gapp_fail(e, g, "poll");
            v[V_RECEIVED] = c.received;
            v[V_BAD] = c.bad;
        }
    }
    if (rc == 0 && m_rm) {
        /* rounds: 0 RM-P pinned, 1 RM-V pinned, 2 RM-V page-pinned; sizes/offsets vary */
        for (uint32_t k = 0; k < n && rc == 0; k++) {
            uint32_t kind = k % 3, off = (k * 4099u) % 5000u & ~3u, len = 1 + (k * 65537u + 977u) % (big - 5000u);
            if (me == 0) {
                fill(src, len, k);
                int r = kind == 0 ? grim_sendPhysicalMemory(g, peer, c.addr[0] + off, src, len, c.addr[3], k + 1)
                                  : grim_sendMemory(g, peer, (kind == 1 ? c.addr[1] : c.addr[2]) + off, src, len, c.addr[3], k + 1);
                if (r || grim_barrier(g)) rc = gapp_fail(e, g, "remote write");
            } else if (me == last) {
                if (grim_wait_word(g, lock, k + 1)) rc = gapp_fail(e, g, "lock");
                uint8_t *t = (kind == 2 ? paged : pin) + off;
                fill(src, len, k);
                if (rc == 0 && memcmp(t, src, len)) v[V_BAD]++;
                else v[V_RECEIVED]++;
                if (rc == 0 && grim_barrier(g)) rc = gapp_fail(e, g, "barrier");
            } else if (grim_barrier(g)) {
                rc = gapp_fail(e, g, "barrier");
            }
        }
        v[V_XLAT] = drv_xlat_served(grim_xlat(g));
    }
    uint32_t fetched = 0, fetch_bad = 0;
    if (rc == 0 && m_fetch) {
        /* the last node's memory holds a pattern of the offset; node 0 reads it */
        if (me == last) {
            fill(pin, big, 77);
            fill(paged, big, 78);
        }
        if (grim_barrier(g)) rc = gapp_fail(e, g, "barrier");
        for (uint32_t k = 0; k < n && rc == 0 && me == 0; k++) {
            uint32_t from_paged = k % 2, to_paged = (k / 2) % 2;
            uint32_t soff = (k * 8191u) % 5000u & ~3u, doff = (k * 3001u) % 5000u & ~3u;
            uint32_t len = 1 + (k * 40009u + 13u) % (uint32_t)fmax;
            uint8_t *to = (to_paged ? paged : pin) + doff;
            memset(to, 0, len);
            *lock = 1;
            if (grim_fetchMemory(g, peer, (from_paged ? c.addr[2] : c.addr[1]) + soff, grim_va(g, to), len,
                                 grim_va(g, (void *)lock)) ||
                grim_wait_word(g, lock, 0))
                rc = gapp_fail(e, g, "fetch");
            fill(src, soff + len, from_paged ? 78 : 77);
            if (rc == 0 && memcmp(to, src + soff, len)) fetch_bad++;
            else fetched++;
        }
        if (rc == 0 && grim_barrier(g)) rc = gapp_fail(e, g, "barrier");
    }
    if (rc == 0 && m_order) {
        /* each phase: the receiver says it is ready (ck_go), the sender sends */
        uint32_t w11 = 11, w21 = 21, w22 = 22, w31 = 31;
        c.word = word;
        for (uint32_t phase = 0; phase < 4 && rc == 0; phase++) {
            uint32_t lv = 1000 + phase;
            if (me == 0) {
                while (rc == 0 && c.go != phase + 1)
                    if (grim_poll(g) < 0) rc = gapp_fail(e, g, "waiting for the receiver");
                int r = 0;
                switch (phase) {
                case 0:   /* AM -> AM */
                    r = grim_send(g, peer, h_tag, 1, 0, 0, 0, NULL, 0) || grim_send(g, peer, h_tag, 2, 0, 0, 0, NULL, 0);
                    break;
                case 1:   /* RM -> AM: the word is 11 when the AM's handler runs */
                    r = grim_sendPhysicalMemory(g, peer, c.addr[5], &w11, 4, 0, 0) ||
                        grim_send(g, peer, h_tag, 3, 0, 0, 0, NULL, 0);
                    break;
                case 2:   /* RM -> RM: the word is 22 when the second's lock is seen */
                    r = grim_sendMemory(g, peer, c.addr[4], &w21, 4, 0, 0) ||
                        grim_sendMemory(g, peer, c.addr[4], &w22, 4, c.addr[3], lv);
                    break;
                case 3:   /* AM -> RM: the RM may be done before the AM is handled */
                    r = grim_send(g, peer, h_tag, 4, 0, 0, 0, NULL, 0) ||
                        grim_sendPhysicalMemory(g, peer, c.addr[5], &w31, 4, c.addr[3], lv);
                    break;
                }
                if (r || grim_barrier(g)) rc = gapp_fail(e, g, "order phase");
            } else if (me == last) {
                uint32_t before = c.nseen;
                if (grim_send(g, peer, h_go, phase + 1, 0, 0, 0, NULL, 0)) rc = gapp_fail(e, g, "ready");
                switch (phase) {
                case 0:
                    while (rc == 0 && c.nseen < before + 2)
                        if (grim_poll(g) < 0) rc = gapp_fail(e, g, "poll");
                    v[V_AMAM] = rc == 0 && c.seen_tag[before] == 1 && c.seen_tag[before + 1] == 2;
                    break;
                case 1:
                    while (rc == 0 && c.nseen < before + 1)
                        if (grim_poll(g) < 0) rc = gapp_fail(e, g, "poll");
                    v[V_RMAM] = rc == 0 && c.word_at_am == 11;
                    break;
                case 2:
                    if (grim_wait_word(g, lock, lv)) rc = gapp_fail(e, g, "lock");
                    v[V_RMRM] = rc == 0 && *word == 22;
                    break;
                case 3:
                    /* watch the lock without polling: the AM stays in the ring */
                    if (rc == 0 && watch(p, g, lock, lv)) rc = happ_fail(e, "order: the RM's lock never came");
                    v[V_OVERTAKEN] = rc == 0 && c.nseen == before && *word == 31;
                    while (rc == 0 && c.nseen < before + 1)
                        if (grim_poll(g) < 0) rc = gapp_fail(e, g, "poll");
                    break;
                }
                if (rc == 0 && grim_barrier(g)) rc = gapp_fail(e, g, "barrier");
            } else if (grim_barrier(g)) {
                rc = gapp_fail(e, g, "barrier");
            }
        }
    }
    if (rc == 0 && me == last && grim_send(g, peer, h_ver, 0, 0, 0, 0, v, sizeof v)) rc = gapp_fail(e, g, "verdict");
    while (rc == 0 && me == 0 && !c.have_verdict)
        if (grim_poll(g) < 0) rc = gapp_fail(e, g, "verdict");
    if (rc == 0 && grim_barrier(g)) rc = gapp_fail(e, g, "end barrier");
    if (m_fetch) {   /* node 0 checked these itself */
        c.verdict[V_RECEIVED] = fetched;
        c.verdict[V_BAD] = fetch_bad;
    }
    if (rc == 0 && me == 0) {
        happ_measure(e, "received", c.verdict[V_RECEIVED]);
        happ_measure(e, "bad", c.verdict[V_BAD]);
        happ_measure(e, "xlat_requests", c.verdict[V_XLAT]);
        happ_measure(e, "am_am_in_order", c.verdict[V_AMAM]);
        happ_measure(e, "rm_am_in_order", c.verdict[V_RMAM]);
        happ_measure(e, "rm_rm_in_order", c.verdict[V_RMRM]);
        happ_measure(e, "am_rm_overtaken", c.verdict[V_OVERTAKEN]);
        happ_measure(e, "fragments", (double)grim_get_stats(g)->sent_fragments);
    }
    return gapp_close(g, e, rc);
}

const happ happ_grim_check = {
    "grim_check", "GRIM end-to-end checks: AM order and integrity, RM-P/RM-V byte for byte, the ordering rules of 4.5.6",
    (const char *const[]){"MODE", "N", "FETCH_MAX", GAPP_COMMON_PARAMS, NULL}, run, NULL,
};
