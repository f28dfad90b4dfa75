/* Flow control and error paths with real firmware on both chips:
 * back-pressure from a receiver without a buffer, BUFF_INT on an oversized
 * packet, a packet from six segments, CRC errors under error injection, and
 * a bad route byte dropped by a switch while the next packet arrives. The
 * firmware checks the data; the tests check exit codes and what it printed. */
#include "../harness/harness.h"
#include "cosim_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <string.h>

static const char *CHIPS[] = {"lanai4", "lanai9"};

/* Run fw on net; fail unless every NI exited 0. Returns the record. */
static char *run_ok(const char *chip, net_kind net, const char *fw, const cosim_opts *base)
{
    cosim_opts o;
    if (base) o = *base;
    else cosim_opts_default(&o);
    o.chip = chip;
    cosim_status st;
    char *rec = cr_run_all(net, &o, fw, SIM_US(50000), &st);
    harness_note("%s", rec);
    if (st != COSIM_DONE || !strstr(rec, "ni0 state 1 exit 0") || !strstr(rec, "ni1 state 1 exit 0")) {
        ASSERT_EQ(st, COSIM_DONE);
        ASSERT_TRUE(!"a node failed");
    }
    return rec;
}

TEST(cosim_flow, receiver_without_buffer_blocks_the_sender_until_it_posts)
{
    for (int k = 0; k < 2; k++)
        for (net_kind net = NET_CABLE; net <= NET_SWITCH1; net++) {
            char *rec = run_ok(CHIPS[k], net, "backpressure", NULL);
            unsigned started, sent, posted, received, len;
            const char *a = strstr(rec, "ni0 started"), *b = strstr(rec, "ni1 posted");
            ASSERT_TRUE(a && b);
            ASSERT_EQ(sscanf(a, "ni0 started rtc %u sent rtc %u", &started, &sent), 2);
            ASSERT_EQ(sscanf(b, "ni1 posted rtc %u received rtc %u len %u", &posted, &received, &len), 3);
            /* the send began at once (after crt0 cleared .bss), the receiver
             * waited 200 us more, and the send could only end after its post */
            ASSERT_TRUE(posted >= started + 390);
            ASSERT_TRUE(sent >= posted);
            ASSERT_TRUE(received >= posted);
            /* once posted, the rest flowed at the slower of the link (160 or
             * 250 MB/s) and the receive engine (profile rate): 3009 bytes, in
             * 0.5 us RTC ticks, plus 4 ticks of start-up, 1 for reading two
             * RTC values (each quantised to a tick) and 4 per hop */
            const lanai_profile *p = lanai_profile_get(CHIPS[k]);
            double link = k ? 250.0 : 160.0;
            double eng = (double)p->clock_hz * p->pkt_dma_bytes_per_kcycle / 1e9;
            unsigned flow = (unsigned)ceil(3009.0 / (link < eng ? link : eng) / 0.5);
            harness_note("%s net %d: posted rtc %u received rtc %u: %u ticks, flow %u", CHIPS[k], (int)net, posted,
                         received, received - posted, flow);
            ASSERT_TRUE(received - posted <= flow + 5u + 4u * (unsigned)net);
            ASSERT_EQ(len, 3008);
            free(rec);
        }
}

TEST(cosim_flow, oversized_packet_raises_buff_int_and_continues_in_a_new_buffer)
{
    for (int k = 0; k < 2; k++) {
        char *rec = run_ok(CHIPS[k], NET_SWITCH1, "bufffill", NULL);
        ASSERT_TRUE(strstr(rec, "ni1 first event BUFF after 64 bytes") != NULL);
        ASSERT_TRUE(strstr(rec, "ni1 packet of 308 bytes in two buffers (64 + 244), crc ok") != NULL);
        ASSERT_TRUE(strstr(rec, "buff 1") != NULL);
        free(rec);
    }
}

TEST(cosim_flow, packet_from_six_segments_arrives_whole)
{
    for (int k = 0; k < 2; k++)
        for (net_kind net = NET_CABLE; net <= NET_LINE3; net++) {
            char *rec = run_ok(CHIPS[k], net, "multiseg", NULL);
            ASSERT_TRUE(strstr(rec, "ni1 one packet of 403 bytes from 6 segments") != NULL);
            free(rec);
        }
}

TEST(cosim_flow, corrupted_chunks_are_crc_errors_never_wrong_data)
{
    for (int k = 0; k < 2; k++) {
        const double probs[] = {0.0, 0.02, 1.0};
        for (int p = 0; p < 3; p++) {
            cosim_opts o;
            cosim_opts_default(&o);
            o.fab.link.corrupt_prob = probs[p];
            /* back to back: a flipped route byte would make a switch drop
             * the packet, which is the other test's business */
            char *rec = run_ok(CHIPS[k], NET_CABLE, "crcerr", &o);
            unsigned good, bad;
            const char *l = strstr(rec, "ni1 good");
            ASSERT_TRUE(l != NULL);
            ASSERT_EQ(sscanf(l, "ni1 good %u bad %u", &good, &bad), 2);
            ASSERT_EQ(good + bad, 20);
            if (p == 0) ASSERT_EQ(bad, 0);
            if (p == 1) ASSERT_TRUE(bad > 0 && good > 0);
            if (p == 2) ASSERT_EQ(good, 0);
            free(rec);
        }
    }
}

TEST(cosim_flow, bad_route_byte_is_dropped_and_the_next_packet_arrives)
{
    for (int k = 0; k < 2; k++)
        for (net_kind net = NET_SWITCH1; net <= NET_LINE3; net++) {
            cosim_run_t r;
            cosim_opts o;
            cosim_opts_default(&o);
            o.chip = CHIPS[k];
            cr_init(&r, net, &o);
            cr_load(&r, "badroute");
            ASSERT_EQ(cr_run(&r, SIM_US(50000)), COSIM_DONE);
            char *rec = cr_record(&r);
            harness_note("%s", rec);
            ASSERT_TRUE(strstr(rec, "ni1 got packet 2\nni1 nothing else\n") != NULL);
            ASSERT_TRUE(strstr(rec, "ni0 state 1 exit 0") && strstr(rec, "ni1 state 1 exit 0"));
            /* the first switch on the path counted one bad route */
            int sw0 = topo_find(&r.t, "sw0");
            ASSERT_EQ(xbar_get_stats(fabric_switch(cosim_fabric(r.s), sw0))->bad_route, 1);
            free(rec);
            cr_free(&r);
        }
}
