/* The packet send and receive DMA engines on a real fabric, driven through
 * their registers without firmware: data and CRC residues in the receive
 * buffer, RMP and ORUN, SEND_INT / RECV_INT timing from the link rate and
 * cable, multi-segment packets, back-pressure without a buffer, BUFF_INT,
 * CRC errors under error injection, CRC-32, HEAD_INT, a bad route byte
 * dropped by a switch. Expected values follow lanai-hardware.md §4.7 and
 * model/switch/README.md (link timing), computed here. */
#include "../harness/harness.h"
#include "../../model/card/crc.h"
#include "card_fixture.h"

#include <stdlib.h>
#include <string.h>

static const char *CHIPS[] = {"lanai4", "lanai9"};

typedef struct {
    card_fix x;
    const fix_regs *R;
    int l4;
    uint64_t rate;
    sim_time dma, prop;
} eng;

static void eng_init(eng *e, const char *chip, int nswitch, const fabric_opts *fo)
{
    fix_init(&e->x, chip, nswitch, fo);
    e->R = fix_regs_of(chip);
    e->l4 = !strcmp(chip, "lanai4");
    e->rate = e->l4 ? 160000000ull : 250000000ull;
    e->dma = (sim_time)e->x.prof->dma_start_ns * 1000u;
    e->prop = 2 * 5000;   /* 2 m of cable at 5 ns/m (fabric defaults) */
}

static uint8_t *mem(eng *e, int ni) { return lanai_sram(e->x.core[ni]); }

/* Time the receive engine needs to write n bytes (profile rate), rounded up. */
static sim_time engine(const eng *e, unsigned n)
{
    uint64_t den = e->x.prof->clock_hz * (uint64_t)e->x.prof->pkt_dma_bytes_per_kcycle;
    return (n * 1000000000000000ull + den - 1) / den;
}

static sim_time ser(const eng *e, unsigned n) { return (n * 1000000000000ull + e->rate - 1) / e->rate; }

static void fill(uint8_t *p, unsigned n, uint32_t seed)
{
    for (unsigned i = 0; i < n; i++) {
        seed = seed * 1103515245u + 12345u;
        p[i] = (uint8_t)(seed >> 16) & 0x7F;   /* MSB 0: never mistaken for a route byte */
    }
}

/* Post a receive buffer at time t (RMP, then RML = buf + size - 4). */
static void post(eng *e, int ni, sim_time t, uint32_t buf, uint32_t size)
{
    uint64_t c = fix_cycle(&e->x, t);
    fix_wr(&e->x, ni, e->R->rmp, c, buf);
    fix_wr(&e->x, ni, e->R->rml, c, buf + size - 4);
}

/* Start a segment [addr, addr + len) at time t; returns the time the card
 * saw the write. LANai 4 limits are the last word, so its segments end on
 * a word boundary. */
static sim_time send_seg(eng *e, int ni, sim_time t, uint32_t addr, uint32_t len, int tail)
{
    uint32_t w = e->R->word, end = addr + len;
    uint64_t c = fix_cycle(&e->x, t);
    if (e->l4) ASSERT_EQ(end % 4, 0);
    fix_wr(&e->x, ni, e->R->smp, c, addr & ~(w - 1));
    fix_wr(&e->x, ni, e->R->sa, c, addr & (w - 1));
    fix_wr(&e->x, ni, tail ? e->R->smlt : e->R->sml, c, e->l4 ? end - 4 : end);
    return fix_time(&e->x, c);
}

static uint32_t isr(eng *e, int ni, sim_time t) { return card_isr(e->x.card[ni], t); }

static void crc_on(eng *e, int ni, int crc32)
{
    fix_wr(&e->x, ni, e->R->myrinet, 0, e->R->crc8_tx | e->R->crc8_rx | (crc32 ? e->R->crc32 : 0));
}

TEST(card_engines, packet_arrives_with_crc_residue_rmp_orun_and_exact_timing)
{
    for (int k = 0; k < 2; k++) {
        eng e;
        eng_init(&e, CHIPS[k], 0, NULL);
        crc_on(&e, 0, 0);
        crc_on(&e, 1, 0);
        const unsigned n = 37;
        uint32_t src = 0x1000 + (40 - n);   /* ends on a word boundary */
        fill(mem(&e, 0) + src, n, 7);
        post(&e, 1, 1000000, 0x2000, 128);
        sim_time tw = send_seg(&e, 0, 2000000, src, n, 1);
        ASSERT_EQ(isr(&e, 0, tw) & e.R->send, 0);              /* cleared by the start */
        /* 37 bytes + CRC-8 leave after the start-up latency and 38 byte times */
        sim_time sent = tw + e.dma + ser(&e, n + 1);
        evq_run_until(e.x.q, sent - 1);
        ASSERT_EQ(isr(&e, 0, sent - 1) & e.R->send, 0);
        evq_run_until(e.x.q, sent);
        ASSERT_EQ(isr(&e, 0, sent) & e.R->send, e.R->send);
        /* Both chips' receive engines are slower than this link, so from the
         * first chunk's arrival the engine is busy without a gap: RECV_INT at
         * first arrival + 38 bytes at the engine rate, give or take the
         * rounding of each take (< 1 ps per take, at most 38 takes). */
        fabric_opts fd;
        fabric_opts_default(&fd);
        unsigned c1 = fd.link.chunk < n + 1 ? fd.link.chunk : n + 1;
        ASSERT_TRUE(engine(&e, 1000) > ser(&e, 1000));
        sim_time first = tw + e.dma + ser(&e, c1) + e.prop, done = first + engine(&e, n + 1);
        evq_run_until(e.x.q, done - 1);
        ASSERT_EQ(isr(&e, 1, done - 1) & e.R->recv, 0);
        sim_time arrive = done + 38;
        evq_run_until(e.x.q, arrive);
        ASSERT_EQ(isr(&e, 1, arrive) & e.R->recv, e.R->recv);
        ASSERT_MEM_EQ(mem(&e, 1) + 0x2000, mem(&e, 0) + src, n);
        ASSERT_EQ(mem(&e, 1)[0x2000 + n], 0);                   /* CRC-8 residue: good */
        /* 38 bytes: RMP rounds up to the next word, ORUN = the unused bytes */
        uint32_t used = 40, over = 2;
        ASSERT_EQ(fix_rd(&e.x, 1, e.R->rmp, fix_cycle(&e.x, arrive)), 0x2000 + used);
        ASSERT_EQ(isr(&e, 1, arrive) & (e.R->orun1 | e.R->orun2 | e.R->orun4), over == 2 ? e.R->orun2 : 0);
        if (!e.l4) ASSERT_EQ(isr(&e, 1, arrive) & e.R->head, e.R->head);
        ASSERT_EQ(card_get_stats(e.x.card[1])->crc_errors, 0);
        fix_free(&e.x);
    }
}

TEST(card_engines, rmp_advances_in_whole_words_while_bytes_arrive)
{
    for (int k = 0; k < 2; k++) {
        eng e;
        eng_init(&e, CHIPS[k], 0, NULL);
        fill(mem(&e, 0) + 0x1000, 400, 3);
        post(&e, 1, 0, 0x4000, 1024);
        sim_time tw = send_seg(&e, 0, 1000000, 0x1000, 400, 1);
        sim_time first = tw + e.dma;
        /* sample RMP every 10 ns: always a whole number of words, never
         * ahead of what the link can have delivered, never going back */
        uint32_t last = 0x4000;
        for (sim_time t = first; t < first + ser(&e, 400) + e.prop; t += 10000) {
            evq_run_until(e.x.q, t);
            uint32_t rmp = fix_rd(&e.x, 1, e.R->rmp, fix_cycle(&e.x, t));
            uint32_t got = rmp - 0x4000;
            ASSERT_EQ(got % e.R->word, 0);
            ASSERT_TRUE(rmp >= last);
            uint64_t max = t > first + e.prop ? (t - first - e.prop) * e.rate / 1000000000000ull + 4 : 0;
            ASSERT_TRUE(got <= max);
            last = rmp;
        }
        evq_run_until(e.x.q, SIM_US(100));
        ASSERT_EQ(fix_rd(&e.x, 1, e.R->rmp, fix_cycle(&e.x, SIM_US(100))), 0x4000 + 400);
        ASSERT_MEM_EQ(mem(&e, 1) + 0x4000, mem(&e, 0) + 0x1000, 400);
        fix_free(&e.x);
    }
}

TEST(card_engines, multi_segment_packet_is_one_packet)
{
    for (int k = 0; k < 2; k++) {
        eng e;
        eng_init(&e, CHIPS[k], 0, NULL);
        crc_on(&e, 0, 0);
        crc_on(&e, 1, 0);
        /* header 8 bytes at 0x1000, payload parts of 24 and 64 bytes elsewhere */
        fill(mem(&e, 0) + 0x1000, 8, 1);
        fill(mem(&e, 0) + 0x3000, 24, 2);
        fill(mem(&e, 0) + 0x5000, 64, 3);
        post(&e, 1, 0, 0x8000, 256);
        sim_time t = 1000000;
        const uint32_t at[3] = {0x1000, 0x3000, 0x5000}, len[3] = {8, 24, 64};
        for (int s = 0; s < 3; s++) {
            send_seg(&e, 0, t, at[s], len[s], s == 2);
            /* wait for SEND_INT before the next segment, as Cplant does */
            while (!(isr(&e, 0, evq_now(e.x.q)) & e.R->send)) ASSERT_TRUE(evq_step(e.x.q) > 0);
            ASSERT_EQ(isr(&e, 1, evq_now(e.x.q)) & e.R->recv, 0);
            t = evq_now(e.x.q) + 100000;
        }
        evq_run_until(e.x.q, t + SIM_US(10));
        ASSERT_EQ(isr(&e, 1, t) & e.R->recv, e.R->recv);
        uint8_t want[96];
        memcpy(want, mem(&e, 0) + 0x1000, 8);
        memcpy(want + 8, mem(&e, 0) + 0x3000, 24);
        memcpy(want + 32, mem(&e, 0) + 0x5000, 64);
        ASSERT_MEM_EQ(mem(&e, 1) + 0x8000, want, 96);
        ASSERT_EQ(mem(&e, 1)[0x8000 + 96], 0);
        ASSERT_EQ(card_get_stats(e.x.card[1])->packets_recv, 1);
        ASSERT_EQ(card_get_stats(e.x.card[0])->segments_sent, 3);
        fix_free(&e.x);
    }
}

TEST(card_engines, no_buffer_blocks_the_sender_until_one_is_posted)
{
    for (int k = 0; k < 2; k++) {
        eng e;
        eng_init(&e, CHIPS[k], 1, NULL);   /* through a switch: blocking spreads back */
        fill(mem(&e, 0) + 0x1000, 1, 0);
        mem(&e, 0)[0x1000] = 0x83;          /* route: switch port 0 -> port 3 */
        fill(mem(&e, 0) + 0x1001, 1023, 5);
        send_seg(&e, 0, 1000000, 0x1000, 1024, 1);
        evq_run_until(e.x.q, SIM_US(200));
        ASSERT_EQ(isr(&e, 0, SIM_US(200)) & e.R->send, 0);     /* still not sent */
        char why[512];
        ASSERT_EQ(card_describe_waits(e.x.card[0], SIM_US(200), why, sizeof why), 1);
        ASSERT_EQ(card_describe_waits(e.x.card[1], SIM_US(200), why, sizeof why), 1);
        ASSERT_TRUE(strstr(why, "no receive buffer posted") != NULL);
        post(&e, 1, SIM_US(200), 0x10000, 2048);
        evq_run_until(e.x.q, SIM_US(200) + e.dma - 1);
        ASSERT_EQ(card_get_stats(e.x.card[1])->bytes_recv, 0);  /* the engine starts after its latency */
        evq_run_until(e.x.q, SIM_US(300));
        ASSERT_EQ(isr(&e, 0, SIM_US(300)) & e.R->send, e.R->send);
        ASSERT_EQ(isr(&e, 1, SIM_US(300)) & e.R->recv, e.R->recv);
        ASSERT_MEM_EQ(mem(&e, 1) + 0x10000, mem(&e, 0) + 0x1001, 1023);
        ASSERT_EQ(fabric_overflows(e.x.f), 0);
        fix_free(&e.x);
    }
}

TEST(card_engines, buffer_full_before_the_tail_raises_buff_int_and_waits)
{
    for (int k = 0; k < 2; k++) {
        eng e;
        eng_init(&e, CHIPS[k], 0, NULL);
        crc_on(&e, 0, 0);
        crc_on(&e, 1, 0);
        fill(mem(&e, 0) + 0x1000, 200, 9);
        post(&e, 1, 0, 0x2000, 64);
        send_seg(&e, 0, 1000000, 0x1000, 200, 1);
        evq_run_until(e.x.q, SIM_US(50));
        ASSERT_EQ(isr(&e, 1, SIM_US(50)) & (e.R->buff | e.R->recv), e.R->buff);
        ASSERT_EQ(fix_rd(&e.x, 1, e.R->rmp, fix_cycle(&e.x, SIM_US(50))), 0x2000 + 64);
        ASSERT_EQ(isr(&e, 0, SIM_US(50)) & e.R->send, 0);      /* the rest is held back */
        ASSERT_MEM_EQ(mem(&e, 1) + 0x2000, mem(&e, 0) + 0x1000, 64);
        /* acknowledge and post a second buffer for the rest */
        fix_wr(&e.x, 1, e.R->isr, fix_cycle(&e.x, SIM_US(50)), e.R->buff);
        post(&e, 1, SIM_US(50), 0x3000, 256);
        evq_run_until(e.x.q, SIM_US(100));
        ASSERT_EQ(isr(&e, 1, SIM_US(100)) & (e.R->buff | e.R->recv), e.R->recv);
        ASSERT_MEM_EQ(mem(&e, 1) + 0x3000, mem(&e, 0) + 0x1000 + 64, 136);
        ASSERT_EQ(mem(&e, 1)[0x3000 + 136], 0);                 /* CRC over the whole packet */
        ASSERT_EQ(card_get_stats(e.x.card[1])->buff_ints, 1);
        fix_free(&e.x);
    }
}

TEST(card_engines, corrupted_chunks_give_a_nonzero_crc_residue)
{
    for (int k = 0; k < 2; k++) {
        fabric_opts fo;
        fabric_opts_default(&fo);
        fo.link.corrupt_prob = 1.0;        /* every chunk gets one bit flipped */
        eng e;
        eng_init(&e, CHIPS[k], 0, &fo);
        crc_on(&e, 0, 0);
        crc_on(&e, 1, 0);
        fill(mem(&e, 0) + 0x1000, 64, 4);
        post(&e, 1, 0, 0x2000, 128);
        send_seg(&e, 0, 1000000, 0x1000, 64, 1);
        evq_run_until(e.x.q, SIM_US(50));
        ASSERT_EQ(isr(&e, 1, SIM_US(50)) & e.R->recv, e.R->recv);
        ASSERT_NE(mem(&e, 1)[0x2000 + 64], 0);
        ASSERT_EQ(card_get_stats(e.x.card[1])->crc_errors, 1);
        /* the data arrived damaged: it differs from what was sent */
        ASSERT_TRUE(memcmp(mem(&e, 1) + 0x2000, mem(&e, 0) + 0x1000, 64) != 0);
        fix_free(&e.x);
    }
}

/* Chosen damage (lk_params.damage): flip the given bits of the nth data
 * byte of every packet, marked as the links' own injection marks them. */
typedef struct {
    unsigned off;        /* data bytes of the current packet seen so far */
    int nflip;
    unsigned at[2];      /* byte offsets in the packet */
    uint8_t mask[2];
} flips;

static void flip_bytes(void *ctx, lk_sym *sym, unsigned n)
{
    flips *fl = ctx;
    for (unsigned i = 0; i < n; i++) {
        if (sym[i].flags & LK_GAP) continue;
        for (int k = 0; k < fl->nflip; k++)
            if (fl->at[k] == fl->off) {
                sym[i].byte ^= fl->mask[k];
                sym[i].flags |= LK_CORRUPT;
            }
        fl->off++;
        if (sym[i].flags & LK_TAIL) fl->off = 0;
    }
}

/* CRC-8 (x^8+x^2+x+1) has the factor x+1, so it sees every odd number of
 * flipped bits, and x has order 127 modulo it, so two flips 127 bits apart
 * (x^i (x^127 + 1)) leave the residue 0: a packet longer than 16 bytes can
 * arrive damaged with a good CRC-8. The card counts what it received
 * damaged and which of that passed: crc_missed is not vacuous. */
TEST(card_engines, crc8_misses_two_flips_127_bits_apart_and_the_card_counts_them)
{
    /* bit positions MSB first, as the CRC shifts: byte 3 bit 7 is 24, byte
     * 18 bit 0 is 18*8+7 = 151 = 24 + 127; byte 10 bit 0 is 87 (63 apart). */
    static const flips cases[3] = {
        {0, 1, {3, 0}, {0x80, 0}},        /* one flip: refused */
        {0, 2, {3, 18}, {0x80, 0x01}},    /* 127 bits apart: passes */
        {0, 2, {3, 10}, {0x80, 0x01}},    /* 63 bits apart: refused */
    };
    for (int k = 0; k < 2; k++)
        for (int c = 0; c < 3; c++) {
            flips fl = cases[c];
            fabric_opts fo;
            fabric_opts_default(&fo);
            fo.link.damage = flip_bytes;
            fo.link.damage_ctx = &fl;
            eng e;
            eng_init(&e, CHIPS[k], 0, &fo);
            crc_on(&e, 0, 0);
            crc_on(&e, 1, 0);
            fill(mem(&e, 0) + 0x1000, 64, 9);
            post(&e, 1, 0, 0x2000, 128);
            send_seg(&e, 0, 1000000, 0x1000, 64, 1);
            evq_run_until(e.x.q, SIM_US(50));
            ASSERT_EQ(isr(&e, 1, SIM_US(50)) & e.R->recv, e.R->recv);
            const card_stats *st = card_get_stats(e.x.card[1]);
            /* the data did arrive damaged, in every case */
            ASSERT_TRUE(memcmp(mem(&e, 1) + 0x2000, mem(&e, 0) + 0x1000, 64) != 0);
            ASSERT_EQ(st->packets_recv, 1);
            ASSERT_EQ(st->damaged_recv, 1);
            int passes = c == 1;
            ASSERT_EQ(mem(&e, 1)[0x2000 + 64] == 0, passes);   /* the CRC-8 residue */
            ASSERT_EQ(st->crc_errors, !passes);
            ASSERT_EQ(st->crc_missed, passes);
            fix_free(&e.x);
        }
}

/* Every chunk lost: only the framing (a bare GAP) arrives, marked as
 * having lost bytes; a cut packet never passes, so it is damaged, not missed. */
TEST(card_engines, a_packet_that_lost_its_bytes_is_damaged_and_refused)
{
    for (int k = 0; k < 2; k++) {
        fabric_opts fo;
        fabric_opts_default(&fo);
        fo.link.loss_prob = 1.0;
        eng e;
        eng_init(&e, CHIPS[k], 0, &fo);
        crc_on(&e, 0, 0);
        crc_on(&e, 1, 0);
        fill(mem(&e, 0) + 0x1000, 64, 3);
        post(&e, 1, 0, 0x2000, 128);
        send_seg(&e, 0, 1000000, 0x1000, 64, 1);
        evq_run_until(e.x.q, SIM_US(50));
        const card_stats *st = card_get_stats(e.x.card[1]);
        ASSERT_EQ(st->packets_recv, 1);
        ASSERT_EQ(st->truncated, 1);
        ASSERT_EQ(st->damaged_recv, 1);
        ASSERT_EQ(st->crc_missed, 0);
        fix_free(&e.x);
    }
}

/* Without damage nothing is counted as damaged. */
TEST(card_engines, an_undamaged_packet_is_not_counted_as_damaged)
{
    for (int k = 0; k < 2; k++) {
        eng e;
        eng_init(&e, CHIPS[k], 1, NULL);
        crc_on(&e, 0, 0);
        crc_on(&e, 1, 0);
        mem(&e, 0)[0x1000] = 0x83;   /* through the switch: port 3 */
        fill(mem(&e, 0) + 0x1001, 63, 5);
        post(&e, 1, 0, 0x2000, 128);
        send_seg(&e, 0, 1000000, 0x1000, 64, 1);
        evq_run_until(e.x.q, SIM_US(50));
        const card_stats *st = card_get_stats(e.x.card[1]);
        ASSERT_EQ(st->packets_recv, 1);
        ASSERT_EQ(st->crc_errors, 0);
        ASSERT_EQ(st->damaged_recv, 0);
        ASSERT_EQ(st->crc_missed, 0);
        fix_free(&e.x);
    }
}

TEST(card_engines, lanai9_crc32_residue_word_and_head_int)
{
    for (int bad = 0; bad < 2; bad++) {
        fabric_opts fo;
        fabric_opts_default(&fo);
        fo.link.corrupt_prob = bad ? 1.0 : 0.0;
        eng e;
        eng_init(&e, "lanai9", 0, &fo);
        crc_on(&e, 0, 1);
        crc_on(&e, 1, 1);
        fill(mem(&e, 0) + 0x1000, 48, 6);
        post(&e, 1, 0, 0x2000, 128);
        send_seg(&e, 0, 1000000, 0x1000, 48, 1);
        evq_run_until(e.x.q, SIM_US(50));
        const uint8_t *r = mem(&e, 1) + 0x2000;
        uint32_t res32 = (uint32_t)r[48] << 24 | r[49] << 16 | r[50] << 8 | r[51];
        if (!bad) {
            ASSERT_MEM_EQ(r, mem(&e, 0) + 0x1000, 48);
            ASSERT_EQ(res32, 0);
            ASSERT_EQ(r[52], 0);
        } else {
            ASSERT_NE(res32 | r[52], 0);
        }
        /* 48 + 4 + 1 bytes: RMP at 56, three bytes over (ORUN1 | ORUN2) */
        ASSERT_EQ(fix_rd(&e.x, 1, e.R->rmp, fix_cycle(&e.x, SIM_US(50))), 0x2000 + 56);
        ASSERT_EQ(isr(&e, 1, SIM_US(50)) & (e.R->orun1 | e.R->orun2 | e.R->orun4), e.R->orun1 | e.R->orun2);
        ASSERT_EQ(isr(&e, 1, SIM_US(50)) & e.R->head, e.R->head);
        fix_free(&e.x);
    }
}

TEST(card_engines, bad_route_byte_is_dropped_by_the_switch_and_the_next_packet_arrives)
{
    for (int k = 0; k < 2; k++) {
        eng e;
        eng_init(&e, CHIPS[k], 1, NULL);
        /* packet A: route to port 5 (nothing cabled there); packet B: port 3 */
        mem(&e, 0)[0x1000] = 0x85;
        fill(mem(&e, 0) + 0x1001, 63, 11);
        mem(&e, 0)[0x2000] = 0x83;
        fill(mem(&e, 0) + 0x2001, 63, 12);
        post(&e, 1, 0, 0x8000, 256);
        send_seg(&e, 0, 1000000, 0x1000, 64, 1);
        while (!(isr(&e, 0, evq_now(e.x.q)) & e.R->send)) ASSERT_TRUE(evq_step(e.x.q) > 0);
        send_seg(&e, 0, evq_now(e.x.q) + 1000, 0x2000, 64, 1);
        evq_run_until(e.x.q, SIM_US(100));
        ASSERT_EQ(isr(&e, 1, SIM_US(100)) & e.R->recv, e.R->recv);
        ASSERT_MEM_EQ(mem(&e, 1) + 0x8000, mem(&e, 0) + 0x2001, 63);
        ASSERT_EQ(card_get_stats(e.x.card[1])->packets_recv, 1);
        ASSERT_EQ(xbar_get_stats(fabric_switch(e.x.f, 2))->bad_route, 1);
        fix_free(&e.x);
    }
}

TEST(card_engines, send_while_busy_and_bad_segments_are_refused)
{
    eng e;
    eng_init(&e, "lanai9", 0, NULL);
    uint64_t c = fix_cycle(&e.x, 1000000);
    fix_wr(&e.x, 0, e.R->smp, c, 0x1000);
    fix_wr(&e.x, 0, e.R->sa, c, 0);
    fix_wr(&e.x, 0, e.R->smlt, c, 0x1040);
    ASSERT_EQ(fix_wr_rc(&e.x, 0, e.R->smlt, c + 1, 0x1040), 1);   /* busy */
    evq_run_until(e.x.q, SIM_US(20));
    ASSERT_EQ(fix_wr_rc(&e.x, 0, e.R->smlt, c + 1000, 0x1000), 1);   /* empty */
    ASSERT_EQ(fix_wr_rc(&e.x, 0, e.R->smlt, c + 1000, 0x7FFFFFFF), 1);   /* beyond SRAM */
    fix_wr(&e.x, 0, e.R->smp, c + 1000, 0x1004);
    ASSERT_EQ(fix_wr_rc(&e.x, 0, e.R->smlt, c + 1000, 0x1040), 1);   /* SMP not 8-byte aligned */
    fix_wr(&e.x, 1, e.R->rmp, c, 0x2004);
    ASSERT_EQ(fix_wr_rc(&e.x, 1, e.R->rml, c, 0x2100), 1);         /* RMP not aligned */
    fix_free(&e.x);
}

/* A LANai 4's receive engine is slower than a SAN-1280 link, so most chunks
 * arrive while it is still writing earlier bytes: the card tells the link
 * so when the chunk is committed, and the arrival goes ahead (the cores may
 * pass it; model/card/recv.c card_recv_idle_at). Everything the core can
 * see -- RMP sampled every 10 ns, RECV_INT's time, the bytes -- is the
 * same as with every arrival loud (MYRISIM_SLOW_PATHS=1). */
TEST(card_engines, arrivals_at_a_busy_engine_go_ahead_and_change_nothing_seen)
{
    uint32_t rmp[2][64];
    sim_time recv_at[2];
    uint64_t idle[2], ahead[2];
    for (int slow = 0; slow < 2; slow++) {
        if (slow) setenv("MYRISIM_SLOW_PATHS", "1", 1);
        eng e;
        eng_init(&e, "lanai4", 0, NULL);
        unsetenv("MYRISIM_SLOW_PATHS");
        fill(mem(&e, 0) + 0x1000, 1000, 11);
        post(&e, 1, 0, 0x4000, 2048);
        sim_time tw = send_seg(&e, 0, 1000000, 0x1000, 1000, 1);
        sim_time t = tw + e.dma;
        for (int i = 0; i < 64; i++, t += 10000) {
            evq_run_until(e.x.q, t);
            rmp[slow][i] = fix_rd(&e.x, 1, e.R->rmp, fix_cycle(&e.x, t));
        }
        recv_at[slow] = 0;
        for (; t < SIM_US(100) && !recv_at[slow]; t += 1000) {
            evq_run_until(e.x.q, t);
            if (isr(&e, 1, t) & e.R->recv) recv_at[slow] = t;
        }
        ASSERT_TRUE(recv_at[slow] != 0);
        ASSERT_MEM_EQ(mem(&e, 1) + 0x4000, mem(&e, 0) + 0x1000, 1000);
        idle[slow] = lk_dir_stats(ep_tx_link(fabric_ep(e.x.f, 0)))->idle_arrivals;
        ahead[slow] = evq_ahead_run(e.x.q);
        fix_free(&e.x);
    }
    harness_note("%llu of the chunks went ahead; %llu events ahead", (unsigned long long)idle[0],
                 (unsigned long long)ahead[0]);
    ASSERT_TRUE(idle[0] > 100);   /* 1000 bytes in 4-byte chunks, nearly all at a busy engine */
    ASSERT_TRUE(ahead[0] >= idle[0]);
    ASSERT_EQ(idle[1], 0);
    ASSERT_EQ(ahead[1], 0);
    ASSERT_EQ(recv_at[0], recv_at[1]);
    ASSERT_MEM_EQ(rmp[0], rmp[1], sizeof rmp[0]);
}
