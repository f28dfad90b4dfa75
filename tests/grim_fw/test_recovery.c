/* GRIM firmware: what the protocol does when things go wrong -- packets
 * lost or corrupted on the links (the retransmission timer recovers), the
 * deadlock of Fig 4.5(a) without the control-message queue, and the same
 * streams over routes too long to go in front of the message. */
#include "../harness/harness.h"
#include "../../model/switch/fabric.h"
#include "traffic.h"

#include <stdio.h>
#include <string.h>

/* Links that lose and corrupt chunks (CRC on): bad packets are dropped
 * silently, lost ACKs and NACKs too, and the retransmission timer (100 us)
 * brings every message through once and in order. */
TEST(grim_fw, lossy_links_recovered_by_the_timer)
{
    for (int c = 0; c < 2; c++) {
        gf_opts o = gf_opts_on(gf_chips[c]);
        o.nodes = 3;
        o.nlc = 2;
        o.retx = 200;
        o.loss = 0.001;
        o.corrupt = 0.001;
        gf g;
        GF_NEW(&g, &o);
        traffic t;
        traffic_init(&t);
        t.per_lc = 15;
        t.maxlen = 300;
        t.batch = 3;
        t.seed = 11;
        int rc = -1;
        cosim_status st = gf_run(&g, traffic_run, &t, SIM_US(400000), &rc);
        uint64_t lost = gf_link_chunks(&g, 1), bad = gf_link_chunks(&g, 0);
        harness_note("%s: %d messages; %llu chunks lost, %llu corrupted; timeouts %u, resent %u, dups %u, nacks %u",
                     o.chip, t.received, (unsigned long long)lost, (unsigned long long)bad, gf_sum(&g, GRIM_L_TIMEOUTS),
                     gf_sum(&g, GRIM_L_RESENT), gf_sum(&g, GRIM_L_DUPS), gf_sum(&g, GRIM_L_NACKS_SENT));
        if (rc || st != COSIM_DONE) harness_fail(__FILE__, __LINE__, "rc %d %s: %s", rc, cosim_status_name(st), g.err);
        ASSERT_EQ(t.received, t.expected);
        ASSERT_TRUE(lost > 0);
        ASSERT_TRUE(bad > 0);
        ASSERT_TRUE(gf_sum(&g, GRIM_L_TIMEOUTS) > 0);
        ASSERT_EQ(gf_sum(&g, GRIM_L_DELIVERED), (uint32_t)t.expected);
        ASSERT_EQ(gf_sum(&g, GRIM_L_SENT), (uint32_t)t.expected);
        gf_free(&g);
    }
}

/* Fig 4.5: two NIs stream large messages to each other "in a congested
 * network". Here the congestion is made deterministic: every message is an
 * RM-V write, and each driver answers the first translation request only
 * after XLAT_DELAY, so while each NI holds its first packet its second
 * buffer fills and the other NI's next packet stalls on the link. When the
 * translations come, each NI delivers and must send an ACK on a link held
 * by a packet the other NI is not taking. */
#define XLAT_DELAY SIM_US(300)
#define VA_BLOCK 0x70000000u

typedef struct { int msgs; unsigned len; uint8_t *mem[2]; sim_time seen[2]; int answered[2]; } burst;

static void put32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

static int fill(gf *g, int node, unsigned lc, unsigned va, unsigned len, uint32_t slot, void *ctx)
{
    burst *b = ctx;
    (void)lc, (void)va, (void)len;
    uint8_t e[GRIM_XLAT_BYTES];
    memset(e, 0, sizeof e);
    uint64_t phys;
    size_t contig;
    if (plat_virt_to_phys(g->p[node], b->mem[node], &phys, &contig) || contig < b->len)
        return gf_fail(g, "translate: %s", plat_error(g->p[node]));
    put32(e + GRIM_X_LC, 0);
    put32(e + GRIM_X_VA, VA_BLOCK);
    put32(e + GRIM_X_LEN, b->len);
    put32(e + GRIM_X_NRUNS, 1);
    put32(e + GRIM_X_RUNS, (uint32_t)phys);
    put32(e + GRIM_X_RUNS + 4, b->len);
    if (plat_pio_write(g->p[node], g->sram_off + slot + 4, e + 4, GRIM_XLAT_BYTES - 4, PLAT_PIO_PLAIN) ||
        gf_pio32(g, node, slot + GRIM_X_VALID, 1))
        return gf_fail(g, "%s", plat_error(g->p[node]));
    b->answered[node] = 1;
    return 0;
}

static int burst_run(gf *g, void *arg)
{
    burst *b = arg;
    static uint8_t buf[GRIM_MTU];
    memset(buf, 0x5A, sizeof buf);
    if (gf_start(g)) return -1;
    for (int n = 0; n < 2; n++)
        if (!(b->mem[n] = plat_alloc_contig(g->p[n], b->len, &(uint64_t){0}))) return gf_fail(g, "%s", plat_error(g->p[n]));
    for (int i = 0; i < b->msgs; i++)
        for (int n = 0; n < 2; n++) {
            unsigned a[4] = {VA_BLOCK, 0, 0, 0};
            int r = gf_send(g, n, 0, GRIM_EP(1 - n, 0), GRIM_T_RMV, 0, a, buf, b->len, 0);
            if (r != 1) return r < 0 ? -1 : gf_fail(g, "no room for message %d", i);
        }
    if (gf_commit(g, 0, 0) || gf_commit(g, 1, 0)) return -1;
    for (int k = 0; !b->answered[0] || !b->answered[1]; k++) {   /* the drivers, slow the first time */
        for (int n = 0; n < 2; n++) {
            if (b->answered[n]) continue;
            if (!b->seen[n] && g->xreq[n][3]) b->seen[n] = plat_now(g->p[0]);
            if (b->seen[n] && plat_now(g->p[0]) >= b->seen[n] + XLAT_DELAY && gf_xlat_service(g, n, fill, b) < 0)
                return -1;
        }
        if (gf_idle(g, SIM_US(5))) return -1;
    }
    if (gf_drain(g, plat_now(g->p[0]) + SIM_US(50000))) return -1;
    return gf_quit(g);
}

/* line > 1: the two NIs at the ends of that many switches (routes of line
 * bytes); msgs messages of len bytes each way. */
static void streams(const char *chip, unsigned options, int line, int msgs, unsigned len, burst *b, gf *g, int *rc,
                    cosim_status *st)
{
    gf_opts o = gf_opts_on(chip);
    o.options = options;
    o.line = line;
    o.qsize = 0x20000;
    o.watchdog = SIM_US(2000);
    if (gf_new(g, &o)) harness_fail(__FILE__, __LINE__, "%s", g->err);
    memset(b, 0, sizeof *b);
    b->msgs = msgs;
    b->len = len;
    *st = gf_run(g, burst_run, b, SIM_US(100000), rc);
}

TEST(grim_fw, without_control_queue_two_streams_deadlock)
{
    for (int c = 0; c < 2; c++) {
        gf g;
        burst b;
        int rc;
        cosim_status st;
        streams(gf_chips[c], GRIM_OPT_DEFAULT & ~GRIM_OPT_CTLQ, 0, 8, 8192, &b, &g, &rc, &st);
        const char *rep = cosim_report(g.s);
        uint32_t done = gf_sum(&g, GRIM_L_DELIVERED);
        harness_note("%s: status %s after %u of %d messages; report:\n%s", gf_chips[c], cosim_status_name(st), done,
                     2 * b.msgs, rep);
        ASSERT_EQ(st, COSIM_DEADLOCK);
        ASSERT_TRUE(done < 2u * (unsigned)b.msgs);
        ASSERT_TRUE(strstr(rep, "DEADLOCK") != NULL);
        ASSERT_TRUE(strstr(rep, "ctl_send") != NULL);       /* both cores wait to send an ACK */
        gf_free(&g);
    }
}

TEST(grim_fw, with_control_queue_two_streams_complete)
{
    for (int c = 0; c < 2; c++) {
        gf g;
        burst b;
        int rc;
        cosim_status st;
        streams(gf_chips[c], GRIM_OPT_DEFAULT, 0, 8, 8192, &b, &g, &rc, &st);
        harness_note("%s: status %s, %u of %d messages, %.0f us", gf_chips[c], cosim_status_name(st),
                     gf_sum(&g, GRIM_L_DELIVERED), 2 * b.msgs, (double)evq_now(cosim_evq(g.s)) / 1e6);
        if (rc || st != COSIM_DONE) harness_fail(__FILE__, __LINE__, "rc %d %s: %s %s", rc, cosim_status_name(st), g.err,
                                                 cosim_report(g.s));
        ASSERT_EQ(gf_sum(&g, GRIM_L_DELIVERED), (uint32_t)(2 * b.msgs));
        gf_free(&g);
    }
}

/* The same two streams over a line of 10 switches: every route is 10 bytes,
 * longer than the 8 that travel in front of a queued message, so each
 * packet's route goes as a segment of its own. Each NI's link is STOPped
 * behind the packets the other NI is not taking yet. A firmware that waits
 * on the spot for its route segment to leave stops receiving for good when
 * that happens at a packet boundary -- the cyclic wait through one NI that
 * froze the 128-node DAS grid until the switches' 50 ms timeout
 * (docs/speed.md). Whether a boundary meets the STOP depends on the sizes:
 * the old firmware deadlocked here with 40 messages of 304 bytes (LANai 9)
 * and 60 of 640 (LANai 4), so the test sweeps sizes around those. With the
 * control queue on every stream must complete, nothing dropped. */
TEST(grim_fw, long_routes_two_streams_complete)
{
    for (int c = 0; c < 2; c++)
        for (int msgs = 40; msgs <= 60; msgs += 20)
            for (unsigned len = 256; len <= 688; len += 48) {
                gf g;
                burst b;
                int rc;
                cosim_status st;
                streams(gf_chips[c], GRIM_OPT_DEFAULT, 10, msgs, len, &b, &g, &rc, &st);
                char drops[512];
                fabric_drop_summary(cosim_fabric(g.s), drops, sizeof drops);
                if (rc || st != COSIM_DONE || gf_sum(&g, GRIM_L_DELIVERED) != (uint32_t)(2 * msgs) || drops[0])
                    harness_fail(__FILE__, __LINE__, "%s, %d messages of %u bytes: rc %d %s, %u delivered: %s %s %s",
                                 gf_chips[c], msgs, len, rc, cosim_status_name(st), gf_sum(&g, GRIM_L_DELIVERED), g.err,
                                 drops, cosim_report(g.s));
                gf_free(&g);
            }
}
