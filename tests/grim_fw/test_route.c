/* GRIM firmware: how a message's route goes out. A route of up to 8 bytes
 * travels in the 8 bytes before the queued message (saved, overwritten,
 * sent with the message as one segment, put back once the engine has read
 * them); a message at the queue's start, or a longer route, gets a route
 * segment of its own. These tests send messages of varied sizes through a
 * small queue (many wraps, so both ways occur), check every message at the
 * receiver, and then check the sender's queue byte for byte against what
 * the host wrote -- apart from word 0 of each message, which the NI owns
 * (token and sequence): a borrowed 8 bytes not put back, or put back wrong,
 * shows there. */
#include "../harness/harness.h"
#include "gf.h"

#include <stdio.h>
#include <string.h>

#define QSIZE 2048u
#define NMSG 60

typedef struct {
    uint8_t img[QSIZE];           /* node 0's LC 0 queue as the host wrote it */
    uint8_t known[QSIZE];         /* 1: the host wrote this byte (and the NI must not change it) */
    int got, bad;
    char why[200];
} qshadow;

static uint8_t pay(int k, unsigned i) { return (uint8_t)(k * 37 + i * 11 + 5); }
static unsigned len_of(int k) { return (unsigned)(k * 53) % 300u; }

static void shadow(qshadow *q, unsigned at, const uint8_t *b, unsigned n)
{
    memcpy(q->img + at, b, n);
    memset(q->known + at, 1, n);
}

static void put32(uint8_t *b, uint32_t v)
{
    b[0] = (uint8_t)(v >> 24);
    b[1] = (uint8_t)(v >> 16);
    b[2] = (uint8_t)(v >> 8);
    b[3] = (uint8_t)v;
}

static int check(gf *g, int node, int lc, const gf_msg *m, void *ctx)
{
    (void)g, (void)node, (void)lc;
    qshadow *q = ctx;
    int k = q->got++;
    int ok = m->len == len_of(k) && m->a[0] == (unsigned)k;
    for (unsigned i = 0; ok && i < m->len; i++) ok = m->payload[i] == pay(k, i);
    if (!ok && !q->bad++)
        snprintf(q->why, sizeof q->why, "message %d: %u bytes, a0 %u, not as sent", k, m->len, m->a[0]);
    return 0;
}

static int run(gf *g, void *arg)
{
    qshadow *q = arg;
    gf_lc *c = &g->lc[0][0];
    if (gf_start(g)) return -1;
    for (int k = 0; k < NMSG; k++) {
        uint8_t p[300];
        unsigned len = len_of(k), a[4] = {(unsigned)k, 0, 0, 0};
        for (unsigned i = 0; i < len; i++) p[i] = pay(k, i);
        unsigned from = c->back == c->qsize ? 0 : c->back, words = (len + 3) / 4;
        int r;
        while ((r = gf_send(g, 0, 0, GRIM_EP(1, 0), GRIM_T_AM, 1, a, p, len, 1)) == 0)
            if (gf_poll(g, 1, 0, check, q) < 0 || gf_idle(g, SIM_US(5))) return -1;
        if (r < 0) return -1;
        unsigned mlen = GRIM_ROUND8(GRIM_HDR_BYTES + words * 4), end = c->back, at = end - mlen;
        if (at != from) {              /* a WRAP marker at the old back, the message at 0 */
            uint8_t w[8];
            put32(w, GRIM_W0(0, 0));
            put32(w + 4, GRIM_W1(GRIM_T_WRAP, 0, 0, 0));
            shadow(q, from, w, 8);
        }
        uint8_t m[GRIM_HDR_BYTES + 300];
        memset(m, 0, sizeof m);
        put32(m + 4, GRIM_W1(GRIM_T_AM, words * 4 - len, 0, GRIM_EP(0, 0)));
        put32(m + 8, GRIM_W2(words, GRIM_EP(1, 0)));
        put32(m + 12, GRIM_W3(0, 1));
        put32(m + 16, (uint32_t)k);
        memcpy(m + GRIM_HDR_BYTES, p, len);
        shadow(q, at, m, GRIM_HDR_BYTES + words * 4);
        memset(q->known + at, 0, 4);   /* word 0: token and sequence, the NI's */
        if (gf_poll(g, 1, 0, check, q) < 0) return -1;
    }
    while (q->got < NMSG) {
        if (gf_poll(g, 1, 0, check, q) < 0 || gf_idle(g, SIM_US(5))) return -1;
        if (plat_now(g->p[0]) > SIM_US(200000)) return gf_fail(g, "only %d of %d messages arrived", q->got, NMSG);
    }
    if (gf_drain(g, plat_now(g->p[0]) + SIM_US(10000))) return -1;
    return gf_quit(g);
}

/* Every byte the host wrote into node 0's queue is still there. */
static int queue_intact(gf *g, const qshadow *q, char *why, size_t n)
{
    uint32_t base = g->lc[0][0].qbase;
    for (unsigned o = 0; o < QSIZE; o += 4) {
        uint32_t w = gf_word(g, 0, base + o);
        for (unsigned b = 0; b < 4; b++) {
            uint8_t v = (uint8_t)(w >> (24 - 8 * b));
            if (q->known[o + b] && v != q->img[o + b]) {
                snprintf(why, n, "queue byte %u is 0x%02x, the host wrote 0x%02x", o + b, v, q->img[o + b]);
                return 0;
            }
        }
    }
    return 1;
}

static void route_test(int line)
{
    for (int c = 0; c < 2; c++) {
        gf_opts o = gf_opts_on(gf_chips[c]);
        o.qsize = QSIZE;
        o.line = line;
        gf g;
        GF_NEW(&g, &o);
        static qshadow q;
        memset(&q, 0, sizeof q);
        GF_RUN_OK(&g, run, &q, SIM_US(300000));
        char why[200] = "";
        int intact = queue_intact(&g, &q, why, sizeof why);
        harness_note("%s, %d switch(es): %d messages, %d bad, resent %u; queue %s %s", o.chip, line ? line : 1, q.got,
                     q.bad, gf_sum(&g, GRIM_L_RESENT), intact ? "intact" : "damaged:", why);
        ASSERT_EQ(q.got, NMSG);
        ASSERT_EQ(q.bad, 0);
        ASSERT_TRUE(intact);
        ASSERT_EQ(gf_sum(&g, GRIM_L_DELIVERED), (uint32_t)NMSG);
        gf_free(&g);
    }
}

/* One switch: a 1-byte route, in place (a segment of its own at offset 0). */
TEST(grim_fw, route_in_place_leaves_the_queue_as_written)
{
    route_test(0);
}

/* Ten switches: a 10-byte route, always a segment of its own. */
TEST(grim_fw, long_routes_go_as_a_segment_of_their_own)
{
    route_test(10);
}
