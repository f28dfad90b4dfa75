/* The protocol-wait graph of the watchdog (model/node/protowait.c) on
 * hand-built fw_waits records: a cycle of two NIs is found and named from
 * its lowest NI; chains that end at a channel that does not wait are no
 * cycle; a cycle reached through a chain is reported once, without the
 * chain; a credit wait with no channel matches any waiting channel of that
 * NI; records decode from big-endian SRAM, and a wrong version is absent. */
#include "../harness/harness.h"
#include "../../model/node/protowait.h"

#include <string.h>

static void wait_on(pw_record *r, int ni, int k, unsigned kind, unsigned chan, unsigned on_ni, unsigned on_chan)
{
    r[ni].present = 1;
    strcpy(r[ni].proto, "grim-mc");
    if (r[ni].n < (unsigned)k + 1) r[ni].n = (unsigned)k + 1;
    r[ni].w[k] = (pw_wait){kind, chan, on_ni, on_chan, 0};
}

TEST(protowait, two_nis_waiting_on_each_other_are_a_cycle)
{
    pw_record r[4];
    memset(r, 0, sizeof r);
    wait_on(r, 2, 0, FW_WAIT_SPACE, 9, 0, 9);
    wait_on(r, 0, 0, FW_WAIT_SPACE, 9, 2, 9);
    r[1].present = 1;                  /* exports a record, waits for nothing */
    pw_node cyc[8];
    int len[4];
    ASSERT_EQ(pw_cycles(r, 4, cyc, 8, len, 4), 1);
    ASSERT_EQ(len[0], 2);
    ASSERT_EQ(cyc[0].ni, 0);           /* named from its lowest NI */
    ASSERT_EQ(cyc[1].ni, 2);
    char buf[512];
    const char *names[4] = {"ni0", "ni1", "ni2", "ni3"};
    ASSERT_EQ(pw_report_cycles(r, 4, names, buf, sizeof buf), 1);
    ASSERT_STR_EQ(buf, "DEADLOCK: grim-mc channels wait in a cycle: ni0 ch 9 waits for space at ni2 ch 9 -> "
                       "ni2 ch 9 waits for space at ni0 ch 9 -> back to ni0 ch 9\n");
}

TEST(protowait, a_chain_is_no_cycle)
{
    pw_record r[4];
    memset(r, 0, sizeof r);
    /* 0 -> 1 -> 2 -> 2's host LC 3, which does not wait */
    wait_on(r, 0, 0, FW_WAIT_SPACE, 9, 1, 9);
    wait_on(r, 1, 0, FW_WAIT_SPACE, 9, 2, 9);
    wait_on(r, 2, 0, FW_WAIT_SPACE, 9, 2, 3);
    /* 3 waits on a channel of 0 that is not the waiting one */
    wait_on(r, 3, 0, FW_WAIT_SPACE, 9, 0, 4);
    pw_node cyc[8];
    int len[4];
    ASSERT_EQ(pw_cycles(r, 4, cyc, 8, len, 4), 0);
    ASSERT_EQ(pw_next(r, 4, (pw_node){0, 0}).ni, 1);
    ASSERT_EQ(pw_next(r, 4, (pw_node){2, 0}).ni, -1);
    char buf[512];
    ASSERT_EQ(pw_report_cycles(r, 4, NULL, buf, sizeof buf), 0);
    ASSERT_STR_EQ(buf, "");
    pw_report_waits(r, 4, NULL, buf, sizeof buf);
    ASSERT_TRUE(strstr(buf, "ni0 ch 9 waits for space at ni1 ch 9\n") != NULL);
    ASSERT_TRUE(strstr(buf, "ni2 ch 9 waits for space at ni2 ch 3\n") != NULL);
}

TEST(protowait, a_cycle_behind_a_chain_is_reported_once_without_the_chain)
{
    pw_record r[6];
    memset(r, 0, sizeof r);
    wait_on(r, 5, 0, FW_WAIT_SPACE, 9, 4, 9);   /* the chain: 5 -> 4 -> (3 -> 1 -> 4) */
    wait_on(r, 4, 0, FW_WAIT_SPACE, 9, 3, 9);
    wait_on(r, 3, 0, FW_WAIT_SPACE, 9, 1, 9);
    wait_on(r, 1, 0, FW_WAIT_SPACE, 9, 4, 9);
    wait_on(r, 0, 1, FW_WAIT_SPACE, 7, 0, 7);   /* entry 1 of NI 0 waits on itself */
    pw_node cyc[16];
    int len[4];
    ASSERT_EQ(pw_cycles(r, 6, cyc, 16, len, 4), 2);
    ASSERT_EQ(len[0], 1);              /* ni0's self-wait first (lowest node) */
    ASSERT_EQ(cyc[0].ni, 0);
    ASSERT_EQ(cyc[0].k, 1);
    ASSERT_EQ(len[1], 3);
    ASSERT_EQ(cyc[1].ni, 1);
    ASSERT_EQ(cyc[2].ni, 4);
    ASSERT_EQ(cyc[3].ni, 3);
}

TEST(protowait, a_credit_wait_without_a_channel_matches_any_waiting_channel)
{
    pw_record r[2];
    memset(r, 0, sizeof r);
    wait_on(r, 0, 0, FW_WAIT_CREDIT, 1, 1, 0);
    wait_on(r, 1, 2, FW_WAIT_CREDIT, 5, 0, 1);
    strcpy(r[0].proto, "lfc");
    strcpy(r[1].proto, "lfc");
    char buf[512];
    ASSERT_EQ(pw_report_cycles(r, 2, NULL, buf, sizeof buf), 1);
    ASSERT_STR_EQ(buf, "DEADLOCK: lfc channels wait in a cycle: ni0 ch 1 waits for credits from ni1 -> "
                       "ni1 ch 5 waits for credits from ni0 ch 1 -> back to ni0 ch 1\n");
}

static void be(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

TEST(protowait, records_decode_from_sram)
{
    static uint8_t sram[4096];
    uint32_t at = 0x100;
    be(sram + at, FW_WAITS_VERSION);
    be(sram + at + 4, 1);
    be(sram + at + 8, 42);
    memcpy(sram + at + 12, "grim-mc", 8);
    be(sram + at + 20, FW_WAIT_SPACE);
    be(sram + at + 24, 2);
    be(sram + at + 28, 5);
    be(sram + at + 32, 2);
    be(sram + at + 36, 777);
    pw_record r;
    pw_read(sram, sizeof sram, at, &r);
    ASSERT_EQ(r.present, 1);
    ASSERT_EQ(r.delivered, 42u);
    ASSERT_STR_EQ(r.proto, "grim-mc");
    ASSERT_EQ(r.w[0].on_ni, 5u);
    ASSERT_EQ(r.w[0].since, 777u);
    pw_read(sram, sizeof sram, 0, &r);                 /* no symbol */
    ASSERT_EQ(r.present, 0);
    pw_read(sram, sizeof sram, sizeof sram - 8, &r);   /* does not fit */
    ASSERT_EQ(r.present, 0);
    be(sram + at, FW_WAITS_VERSION + 1);               /* not (yet) initialised */
    pw_read(sram, sizeof sram, at, &r);
    ASSERT_EQ(r.present, 0);
}

TEST(protowait, a_cycle_closes_through_a_link_wait_of_an_ni_that_does_not_wait_itself)
{
    pw_record r[4];
    memset(r, 0, sizeof r);
    /* ni1 waits for ni3 (the ACK of its oldest copy); ni3 waits for nothing,
     * but its packet (that ACK) is not taken by ni1 */
    wait_on(r, 1, 0, FW_WAIT_SPACE, 2, 3, 2);
    r[3].present = 1;
    r[3].link_to1 = 1 + 1;
    wait_on(r, 2, 0, FW_WAIT_SPACE, 2, 0, 2);   /* ni0 does not wait and has no link wait: a chain */
    char buf[512];
    ASSERT_EQ(pw_report_cycles(r, 4, NULL, buf, sizeof buf), 1);
    ASSERT_STR_EQ(buf, "DEADLOCK: grim-mc channels wait in a cycle: ni1 ch 2 waits for space at ni3 ch 2 -> "
                       "ni3's packet is not taken by ni1 -> back to ni1 ch 2\n");
    r[3].link_to1 = 0;
    ASSERT_EQ(pw_report_cycles(r, 4, NULL, buf, sizeof buf), 0);
}
