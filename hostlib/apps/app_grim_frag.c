/* grim_frag_check: Figure 8.9 fragmentation (hostlib/grim/grim_frag.h)
 * end to end, for the tests: node 0 sends N active messages of sizes from
 * 0 to several fragments through grim_frag_send to the last node, which
 * checks that each arrives once, in order, whole. With CUSTOM = 1 the
 * receiver registers its own body handler (wrapping the default one and
 * counting), the replacement the dissertation offers users (L2361).
 * Reports (node 0): received, bad, bodies (bodies the custom handler saw,
 * 0 without CUSTOM), fragments (body messages node 0 sent). */
#include "app_grim_util.h"
#include "../grim/grim_frag.h"

#include <string.h>

typedef struct {
    uint32_t next, received, bad, bodies;
    uint32_t verdict[3];
    int have_verdict;
} fchk;

static uint8_t pat(uint32_t tag, uint32_t i) { return (uint8_t)(tag * 29 + i * 7 + (i >> 10)); }

/* Sizes: small, exactly a fragment, one byte more, several fragments. */
static uint32_t size_of(uint32_t tag, uint32_t frag)
{
    static const uint32_t k[] = {0, 1, 100, 0x10000, 0x10001, 3, 0x20000 + 5, 7};
    uint32_t v = k[tag % 8];
    if (v >= 0x10000) return frag * (v >> 16) + (v & 0xFFFF);
    return v < 8 && tag % 3 == 0 ? v * (frag / 4 + 13) : v;
}

static void on_data(grim *g, const grim_am *m, void *ctx)
{
    fchk *c = ctx;
    (void)g;
    uint32_t tag = m->arg[0];
    int ok = tag == c->next && m->len == m->arg[1] && m->arg[3] == (tag ^ 0x5A5A5A5Au);
    for (uint32_t i = 0; ok && i < m->len; i++) ok = m->data[i] == pat(tag, i);
    c->bad += !ok;
    c->next = tag + 1;
    c->received++;
}

static fchk *the_check;            /* for the custom body handler's count */

static void my_body(grim *g, const grim_am *m, void *ctx)
{
    the_check->bodies++;
    grim_frag_on_body(g, m, ctx);
}

static void on_verdict(grim *g, const grim_am *m, void *ctx)
{
    fchk *c = ctx;
    (void)g;
    if (m->len == sizeof c->verdict) memcpy(c->verdict, m->data, sizeof c->verdict);
    c->have_verdict = 1;
}

static int run(platform *p, happ_env *e)
{
    grim_options o;
    long long n, custom;
    if (gapp_options(e, &o) || happ_int(e, "N", 40, &n) || happ_int(e, "CUSTOM", 0, &custom)) return -1;
    if (n < 1 || n > 10000) return happ_fail(e, "N = %lld: 1..10000", n);
    grim *g = gapp_open(p, e, &o);
    if (!g) return -1;
    fchk c = {0};
    int rc = 0;
    uint32_t me = grim_getMyVNN(g), last = grim_nodes(g) - 1, h_data = 0, h_ver = 0;
    if (last == 0) return gapp_close(g, e, happ_fail(e, "grim_frag_check needs two nodes"));
    uint32_t peer = GRIM_EP(me == 0 ? last : 0, o.lc);
    /* a static for the custom handler's count: it runs on one node only, so
     * the simulated processes sharing the native address space do not mix */
    if (me == last) the_check = &c;
    grim_frag_handlers h = {NULL, "app.frag.body", NULL, NULL, my_body, NULL};
    grim_frag *f = grim_frag_new(g, custom ? &h : NULL, 0);
    if (!f || grim_register_handler(g, on_data, &c, "fc_data") || grim_register_handler(g, on_verdict, &c, "fc_verdict") ||
        grim_syncHandlers(g) || grim_frag_resolve(f) || grim_resolveHandler(g, "fc_data", &h_data) ||
        grim_resolveHandler(g, "fc_verdict", &h_ver))
        rc = gapp_fail(e, g, "handlers");
    uint32_t fb = grim_get_options(g)->frag_bytes, maxlen = 2 * fb + fb / 4 + 40;
    uint8_t *buf = plat_alloc(p, maxlen);
    if (rc == 0 && !buf) rc = happ_fail(e, "no buffer: %s", plat_error(p));
    if (rc == 0 && grim_barrier(g)) rc = gapp_fail(e, g, "barrier");
    if (rc == 0 && me == 0)
        for (uint32_t t = 0; t < n && rc == 0; t++) {
            uint32_t len = size_of(t, fb);
            for (uint32_t i = 0; i < len; i++) buf[i] = pat(t, i);
            uint32_t a[4] = {t, len, 0, t ^ 0x5A5A5A5Au};
            if (grim_frag_send(f, peer, h_data, a, buf, len)) rc = gapp_fail(e, g, "grim_frag_send");
        }
    while (rc == 0 && me == last && c.received < n)
        if (grim_poll_idle(g, IDLE_MAX) < 0) rc = gapp_fail(e, g, "receiving");
    uint32_t v[3] = {c.received, c.bad, c.bodies};
    if (rc == 0 && me == last && grim_send(g, peer, h_ver, 0, 0, 0, 0, v, sizeof v)) rc = gapp_fail(e, g, "verdict");
    while (rc == 0 && me == 0 && !c.have_verdict)
        if (grim_poll_idle(g, IDLE_MAX) < 0) rc = gapp_fail(e, g, "verdict");
    if (rc == 0 && grim_barrier(g)) rc = gapp_fail(e, g, "end barrier");
    if (rc == 0 && me == 0) {
        happ_measure(e, "received", c.verdict[0]);
        happ_measure(e, "bad", c.verdict[1]);
        happ_measure(e, "bodies", c.verdict[2]);
        happ_measure(e, "fragments", (double)grim_frag_get_stats(f)->sent_bodies);
    }
    if (buf) plat_free(p, buf);
    grim_frag_free(f);
    return gapp_close(g, e, rc);
}

const happ happ_grim_frag_check = {
    "grim_frag_check", "Figure 8.9 fragmentation (init / body / final messages) end to end, default or user handlers",
    (const char *const[]){"N", "CUSTOM", GAPP_COMMON_PARAMS, NULL}, run, NULL,
};
