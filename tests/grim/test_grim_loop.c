/* The GRIM host library against a stand-in NI (grim_fake_ni.h) on the real
 * card model, one node talking to itself: configuration words, active
 * messages delivered once, in order and intact through queue and ring
 * WRAPs, fragmentation and reassembly, send cut-through commits, RM-P and
 * RM-V byte for byte (the latter through translation misses that the
 * driver's interrupt service answers), the host overflow queue, the
 * host-DMA handshake, and the errors. */
#include "../harness/harness.h"
#include "grim_fake_ni.h"
#include "../../hostlib/grim/grim.h"
#include "../../hostlib/grim/grim_wire.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    fixture f;
    gfni ni;
    grim *g;
} rig;

static void open_rig(rig *r, lanai_chip_id chip, uint32_t features, const grim_options *o)
{
    char err[500];
    if (fixture_open(&r->f, &host_p3_550, 0, chip, 0, err, sizeof err)) harness_fail(__FILE__, __LINE__, "%s", err);
    gfni_start(&r->ni, &r->f, features);
    r->g = grim_enable(r->f.p, o, err, sizeof err);
    if (!r->g) harness_fail(__FILE__, __LINE__, "%s", err);
}

static void close_rig(rig *r)
{
    if (r->ni.err[0]) harness_note("fake NI: %s", r->ni.err);
    ASSERT_STR_EQ(r->ni.err, "");
    gfni_stop(&r->ni);
    grim_disable(r->g, 0);
    fixture_close(&r->f);
}

static uint32_t sram32(rig *r, uint32_t a) { return grim_get32(r->f.sram + a); }

typedef struct {
    uint32_t n, bad, next_tag;
    uint32_t last_len;
    uint64_t bytes;
} am_log;

/* Payload byte i of message tag t */
static uint8_t pat(uint32_t tag, uint32_t i) { return (uint8_t)(tag * 31 + i * 7 + (i >> 8)); }

static void check_am(grim *g, const grim_am *m, void *ctx)
{
    am_log *l = ctx;
    (void)g;
    uint32_t tag = m->arg[0];
    if (tag != l->next_tag || m->arg[1] != m->len || m->arg[2] != ~tag || m->arg[3] != 0xC0FFEE00 + tag) l->bad++;
    for (uint32_t i = 0; i < m->len; i++)
        if (m->data[i] != pat(tag, i)) {
            l->bad++;
            break;
        }
    l->next_tag = tag + 1;
    l->last_len = m->len;
    l->bytes += m->len;
    l->n++;
}

static void poll_until(grim *g, const uint32_t *count, uint32_t want)
{
    sim_time give_up = plat_now(grim_platform(g)) + SIM_US(500000);
    while (*count < want) {
        if (grim_poll(g) < 0) harness_fail(__FILE__, __LINE__, "poll: %s", grim_error(g));
        if (plat_now(grim_platform(g)) > give_up) harness_fail(__FILE__, __LINE__, "%u of %u messages", *count, want);
    }
}

TEST(grim_loop, enable_writes_the_configuration_the_abi_names)
{
    rig r;
    grim_options o;
    grim_options_default(&o);
    o.nlc = 4;
    o.lc = 2;
    o.am_ring_bytes = 65536;
    open_rig(&r, CHIP_LANAI9, 0, &o);
    uint32_t area = GRIM_QUEUE_END(r.f.sram_size) - GRIM_QUEUE_BASE, q = (area / 4) & ~7u;
    ASSERT_EQ(sram32(&r, GRIM_CTRL + GRIM_C_GO), 1);
    ASSERT_EQ(sram32(&r, GRIM_CTRL + GRIM_C_NLC), 4);
    ASSERT_EQ(sram32(&r, GRIM_CTRL + GRIM_C_OPTIONS), GRIM_OPT_DEFAULT);
    ASSERT_EQ(sram32(&r, GRIM_CTRL + GRIM_C_RETX_TICKS), 20000);
    ASSERT_NE(sram32(&r, GRIM_CTRL + GRIM_C_XREQ_PHYS), 0);
    for (uint32_t lc = 0; lc < 4; lc++) {
        uint32_t d = GRIM_LCD + lc * GRIM_LCD_BYTES;
        ASSERT_EQ(sram32(&r, d + GRIM_L_Q_BASE), GRIM_QUEUE_BASE + lc * q);
        ASSERT_EQ(sram32(&r, d + GRIM_L_Q_SIZE), q);
        ASSERT_EQ(sram32(&r, d + GRIM_L_OPEN), lc == 2);
        ASSERT_EQ(sram32(&r, d + GRIM_L_AM_SIZE), lc == 2 ? 65536u : 0u);
        ASSERT_EQ(sram32(&r, d + GRIM_L_AM_PHYS) != 0, lc == 2);
    }
    uint32_t d = GRIM_LCD + 2 * GRIM_LCD_BYTES;
    ASSERT_EQ(sram32(&r, d + GRIM_L_AM_BACK_PHYS), sram32(&r, d + GRIM_L_AM_PHYS) + 65536);
    ASSERT_TRUE(GRIM_QUEUE_BASE + 4 * q <= GRIM_QUEUE_END(r.f.sram_size));
    ASSERT_EQ(grim_my_endpoint(r.g), GRIM_EP(0, 2));
    close_rig(&r);
}

/* Many active messages of many sizes through a small queue and ring: every
 * one arrives once, in order, intact, and both rings wrapped. */
static void am_stream(lanai_chip_id chip, uint32_t frag, uint32_t seg, uint32_t nmsg, uint32_t maxlen)
{
    rig r;
    grim_options o;
    grim_options_default(&o);
    o.queue_bytes = 3 * 8192;
    o.am_ring_bytes = 3 * 8192;
    o.frag_bytes = frag;
    o.seg_bytes = seg;
    open_rig(&r, chip, 0, &o);
    am_log l = {0};
    ASSERT_EQ(grim_register_handler(r.g, check_am, &l, "check"), 0);
    ASSERT_EQ(grim_syncHandlers(r.g), 0);
    uint32_t h;
    ASSERT_EQ(grim_resolveHandler(r.g, "check", &h), 0);
    uint8_t *buf = plat_alloc(r.f.p, maxlen);
    uint64_t sent = 0;
    for (uint32_t t = 0; t < nmsg; t++) {
        uint32_t len = (t * 977 + t * t * 13) % (maxlen + 1);
        for (uint32_t i = 0; i < len; i++) buf[i] = pat(t, i);
        if (grim_send(r.g, grim_my_endpoint(r.g), h, t, len, ~t, 0xC0FFEE00 + t, buf, len))
            harness_fail(__FILE__, __LINE__, "send %u: %s", t, grim_error(r.g));
        sent += len;
        if (t % 7 == 0 && grim_poll(r.g) < 0) harness_fail(__FILE__, __LINE__, "%s", grim_error(r.g));
    }
    poll_until(r.g, &l.n, nmsg);
    harness_note("%u messages, %llu bytes, fake NI saw %u GRIM messages, %u queue wraps, %u partial commits", l.n,
                 (unsigned long long)l.bytes, r.ni.msgs, r.ni.wraps, r.ni.partial_seen);
    ASSERT_EQ(l.n, nmsg);
    ASSERT_EQ(l.bad, 0);
    ASSERT_EQ(l.bytes, sent);
    ASSERT_TRUE(r.ni.wraps > 0);
    const grim_stats *st = grim_get_stats(r.g);
    ASSERT_EQ(st->received, r.ni.am_delivered);
    if (frag && frag < maxlen) ASSERT_TRUE(st->sent_fragments > 0);
    if (seg) ASSERT_TRUE(r.ni.partial_seen > 0);
    plat_free(r.f.p, buf);
    close_rig(&r);
}

TEST(grim_loop, active_messages_arrive_once_in_order_and_intact_through_wraps)
{
    am_stream(CHIP_LANAI9, 0, 0, 300, 3000);
    am_stream(CHIP_LANAI4, 0, 0, 120, 5000);
}

TEST(grim_loop, fragmented_active_messages_are_reassembled)
{
    am_stream(CHIP_LANAI9, 1024, 0, 60, 9000);
}

TEST(grim_loop, send_cut_through_commits_inside_a_message)
{
    am_stream(CHIP_LANAI9, 8192, 512, 40, 8000);
}

/* ---- remote memory ---- */

static void fill(uint8_t *b, uint32_t n, uint32_t seed)
{
    for (uint32_t i = 0; i < n; i++) b[i] = (uint8_t)(seed + i * 13 + (i >> 7));
}

TEST(grim_loop, rm_p_and_rm_v_writes_land_byte_for_byte)
{
    rig r;
    grim_options o;
    grim_options_default(&o);
    o.frag_bytes = 16384;
    open_rig(&r, CHIP_LANAI9, 0, &o);
    grim *g = r.g;
    uint32_t n = 40000;
    uint8_t *src = plat_alloc(r.f.p, n);
    uint8_t *dst = grim_malloc_pinned(g, n + 64);
    volatile uint32_t *lock = grim_malloc_pinned(g, 4);
    ASSERT_TRUE(src && dst && lock);
    ASSERT_NE(grim_va(g, dst), grim_va(g, (void *)lock));
    ASSERT_EQ(grim_ptr(g, grim_va(g, dst + 5)), dst + 5);
    uint64_t pa = grim_get_pinned_pa(g, dst);
    ASSERT_NE(pa, 0);
    ASSERT_EQ(grim_get_pinned_va(g, pa + 100), dst + 100);

    /* targets must be word aligned */
    ASSERT_EQ(grim_sendPhysicalMemory(g, grim_my_endpoint(g), pa + 3, src, n, 0, 0), -1);
    ASSERT_TRUE(strstr(grim_error(g), "4-byte aligned") != NULL);
    /* RM-P at an offset, an odd length, lock on the last fragment */
    fill(src, n, 1);
    ASSERT_EQ(grim_sendPhysicalMemory(g, grim_my_endpoint(g), pa + 4, src, n - 1, grim_va(g, (void *)lock), 7), 0);
    ASSERT_EQ(grim_wait_word(g, lock, 7), 0);
    ASSERT_MEM_EQ(dst + 4, src, n - 1);
    ASSERT_EQ(dst[3], 0);
    ASSERT_EQ(dst[4 + n - 1], 0);
    ASSERT_EQ(r.ni.rm_writes, (n + 16383) / 16384);

    /* RM-V into pinned memory: static entries, no request to the driver */
    fill(src, n, 2);
    ASSERT_EQ(grim_sendMemory(g, grim_my_endpoint(g), grim_va(g, dst), src, n, grim_va(g, (void *)lock), 8), 0);
    ASSERT_EQ(grim_wait_word(g, lock, 8), 0);
    ASSERT_MEM_EQ(dst, src, n);
    ASSERT_EQ(r.ni.xmisses, 0);

    /* RM-V into page-pinned user memory: scattered frames, translation
     * misses answered by the driver's interrupt service */
    uint32_t un = 70000;
    uint8_t *user = plat_alloc(r.f.p, un);
    memset(user, 0, un);
    ASSERT_EQ(grim_register_memory(g, user, un), 0);
    uint32_t uva = grim_va(g, user);
    ASSERT_NE(uva, 0);
    ASSERT_EQ(uva % 4096, 0);
    fill(src, n, 3);
    ASSERT_EQ(grim_sendMemory(g, grim_my_endpoint(g), uva + 1004, src, n, grim_va(g, (void *)lock), 9), 0);
    ASSERT_EQ(grim_wait_word(g, lock, 9), 0);
    ASSERT_MEM_EQ(user + 1004, src, n);
    ASSERT_EQ(user[1003], 0);
    ASSERT_EQ(user[1004 + n], 0);
    harness_note("RM-V into page-pinned memory: %u misses, %u hits, %llu interrupts", r.ni.xmisses, r.ni.xhits,
                 (unsigned long long)grim_get_stats(g)->irqs);
    ASSERT_TRUE(r.ni.xmisses >= 1);
    ASSERT_TRUE(grim_get_stats(g)->irqs >= r.ni.xmisses);
    /* the driver merged no more runs than pages and covered each request */
    ASSERT_EQ(grim_unregister_memory(g, user), 0);
    ASSERT_EQ(grim_va(g, user), 0);
    plat_free(r.f.p, user);
    close_rig(&r);
}

/* ---- overflow ---- */

typedef struct {
    uint32_t pongs, ping_h, pong_h, bad, next;
    uint8_t *buf;
} ovf_ctx;

static void on_ping(grim *g, const grim_am *m, void *ctx)
{
    ovf_ctx *c = ctx;
    (void)m;
    for (uint32_t i = 0; i < 4; i++) {
        memset(c->buf, (int)(0x40 + i), 1500);
        if (grim_send(g, grim_my_endpoint(g), c->pong_h, i, 0, 0, 0, c->buf, 1500)) {
            grim_abort(g, "pong: %s", grim_error(g));
            return;
        }
    }
}

static void on_pong(grim *g, const grim_am *m, void *ctx)
{
    ovf_ctx *c = ctx;
    (void)g;
    if (m->arg[0] != c->next || m->len != 1500 || m->data[0] != 0x40 + m->arg[0] || m->data[1499] != 0x40 + m->arg[0])
        c->bad++;
    c->next++;
    c->pongs++;
}

TEST(grim_loop, a_handler_facing_a_full_queue_uses_the_host_overflow_queue)
{
    rig r;
    grim_options o;
    grim_options_default(&o);
    o.queue_bytes = 4096;          /* one 1.5 KB message fits, two do not */
    o.am_ring_bytes = 16384;
    open_rig(&r, CHIP_LANAI9, 0, &o);
    ovf_ctx c = {0};
    c.buf = plat_alloc(r.f.p, 1500);
    ASSERT_EQ(grim_register_handler(r.g, on_ping, &c, "ping"), 0);
    ASSERT_EQ(grim_register_handler(r.g, on_pong, &c, "pong"), 0);
    ASSERT_EQ(grim_syncHandlers(r.g), 0);
    ASSERT_EQ(grim_resolveHandler(r.g, "ping", &c.ping_h), 0);
    ASSERT_EQ(grim_resolveHandler(r.g, "pong", &c.pong_h), 0);
    ASSERT_NE(c.ping_h, c.pong_h);
    ASSERT_EQ(grim_send(r.g, grim_my_endpoint(r.g), c.ping_h, 0, 0, 0, 0, NULL, 0), 0);
    /* let the ping arrive, then stop the NI from freeing its queue */
    sim_time until = plat_now(r.f.p) + SIM_US(50);
    while (plat_now(r.f.p) < until) ASSERT_TRUE(plat_compute(r.f.p, SIM_US(1)) == 0);
    r.ni.hold_front = 1;
    ASSERT_EQ(grim_poll(r.g), 1);  /* the ping handler runs, sends four pongs into a stuck queue */
    ASSERT_TRUE(grim_get_stats(r.g)->overflowed >= 2);
    r.ni.hold_front = 0;
    poll_until(r.g, &c.pongs, 4);
    ASSERT_EQ(c.bad, 0);
    close_rig(&r);
}

/* ---- host DMA and its handshake ---- */

TEST(grim_loop, large_injections_use_dma_only_when_the_firmware_lends_its_engine)
{
    for (int lend = 0; lend < 2; lend++) {
        rig r;
        open_rig(&r, CHIP_LANAI4, lend ? GRIM_FEAT_HDMA : 0, NULL);
        uint32_t n = 60000;
        uint8_t *src = plat_alloc(r.f.p, n), *dst = grim_malloc_pinned(r.g, n);
        volatile uint32_t *lock = grim_malloc_pinned(r.g, 4);
        fill(src, n, 9);
        ASSERT_EQ(grim_sendPhysicalMemory(r.g, grim_my_endpoint(r.g), grim_get_pinned_pa(r.g, dst), src, n,
                                          grim_va(r.g, (void *)lock), 1), 0);
        ASSERT_EQ(grim_wait_word(r.g, lock, 1), 0);
        ASSERT_MEM_EQ(dst, src, n);
        const grim_stats *st = grim_get_stats(r.g);
        harness_note("lend %d: %llu DMA and %llu PIO injections, %u grants", lend,
                     (unsigned long long)st->dma_injections, (unsigned long long)st->pio_injections, r.ni.grants);
        ASSERT_EQ(st->dma_injections > 0, lend);
        ASSERT_EQ(r.ni.grants > 0, lend);
        close_rig(&r);
    }
}

/* ---- errors ---- */

static void nop(grim *g, const grim_am *m, void *ctx) { (void)g, (void)m, (void)ctx; }

TEST(grim_loop, errors_name_what_is_wrong)
{
    rig r;
    open_rig(&r, CHIP_LANAI9, 0, NULL);
    ASSERT_EQ(grim_register_handler(r.g, nop, NULL, "a"), 0);
    ASSERT_EQ(grim_register_handler(r.g, nop, NULL, "a"), -1);
    ASSERT_TRUE(strstr(grim_error(r.g), "registered twice") != NULL);
    ASSERT_EQ(grim_send(r.g, grim_my_endpoint(r.g), 3, 0, 0, 0, 0, NULL, 0), -1);
    ASSERT_TRUE(strstr(grim_error(r.g), "not a registered user handler") != NULL);
    uint32_t id;
    ASSERT_EQ(grim_resolveHandler(r.g, "nobody", &id), -1);
    ASSERT_TRUE(strstr(grim_error(r.g), "'nobody'") != NULL);
    ASSERT_EQ(grim_get_pinned_pa(r.g, &id), 0);
    ASSERT_TRUE(strstr(grim_error(r.g), "not memory from grim_malloc_pinned") != NULL);
    /* a message for a handler id nobody registered fails the poll that finds it */
    ASSERT_EQ(grim_send(r.g, grim_my_endpoint(r.g), 99, 0, 0, 0, 0, NULL, 0), 0);
    int got = 0;
    for (int i = 0; i < 2000 && got == 0; i++) got = grim_poll(r.g);
    ASSERT_EQ(got, -1);
    ASSERT_TRUE(strstr(grim_error(r.g), "handler 99") != NULL);
    /* RM-V to memory that is not registered: the driver refuses the translation */
    uint8_t b[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    ASSERT_EQ(grim_sendMemory(r.g, grim_my_endpoint(r.g), 0x7000000, b, 8, 0, 0), 0);
    got = 0;
    for (int i = 0; i < 5000 && got == 0; i++) got = grim_poll(r.g);
    ASSERT_EQ(got, -1);
    harness_note("%s", grim_error(r.g));
    ASSERT_TRUE(strstr(grim_error(r.g), "not registered memory") != NULL);
    r.ni.err[0] = 0;
    gfni_stop(&r.ni);
    grim_disable(r.g, 1);
    fixture_close(&r.f);

    /* no firmware: grim_enable gives up naming the magic word */
    char err[500];
    fixture f;
    ASSERT_EQ(fixture_open(&f, &host_p3_550, 0, CHIP_LANAI4, 0, err, sizeof err), 0);
    grim_options o;
    grim_options_default(&o);
    ASSERT_TRUE(grim_enable(f.p, &o, err, sizeof err) == NULL);
    ASSERT_TRUE(strstr(err, "GRIM_C_MAGIC") != NULL);
    fixture_close(&f);
    /* bad options */
    ASSERT_EQ(fixture_open(&f, &host_p3_550, 0, CHIP_LANAI4, 0, err, sizeof err), 0);
    o.nlc = 40;
    ASSERT_TRUE(grim_enable(f.p, &o, err, sizeof err) == NULL);
    ASSERT_TRUE(strstr(err, "nlc = 40") != NULL);
    fixture_close(&f);
}
