/* GRIM's wire format and queue arithmetic (hostlib/grim/grim_wire.h):
 * header words against Figure 4.2 written out by hand, packing round trips,
 * payload correction, and the ring's placement rule against an independent
 * byte-level model of a queue that the NI frees in order. */
#include "../harness/harness.h"
#include "../../hostlib/grim/grim_wire.h"

#include <string.h>

TEST(grim_wire, header_words_follow_figure_4_2)
{
    grim_hdr h;
    uint32_t a[4] = {0x11223344, 0x55667788, 0x99AABBCC, 0xDDEEFF00};
    grim_hdr_make(&h, GRIM_T_AM, 0x0102, 0x0300, 7, 0x11, a, 17);   /* 17 bytes: 5 words, correction 3 */
    uint8_t b[32];
    grim_hdr_pack(&h, b);
    /* word 0: 0x0636 | token 0 | sequence 0 */
    static const uint8_t want[32] = {
        0x06, 0x36, 0x00, 0x00,                 /* GRIM id, token, sequence */
        0x07, 0x00, 0x01, 0x02,                 /* type 1 << 2 | corr 3, tree 0, source 0x0102 */
        0x00, 0x05, 0x03, 0x00,                 /* 5 payload words, destination 0x0300 */
        0x00, 0x07, 0x00, 0x11,                 /* logical channel 7, handler 0x11 */
        0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88, 0x99, 0xAA, 0xBB, 0xCC, 0xDD, 0xEE, 0xFF, 0x00,
    };
    ASSERT_MEM_EQ(b, want, 32);
}

TEST(grim_wire, headers_round_trip_and_payload_lengths_come_back)
{
    uint32_t seed = 12345;
    for (int i = 0; i < 2000; i++) {
        seed = seed * 1103515245u + 12345u;
        uint32_t len = seed % 70000, a[4] = {seed, ~seed, seed * 7, seed ^ 0x5A5A5A5A};
        uint32_t type = 1 + (seed >> 8) % 5;
        grim_hdr h, u;
        grim_hdr_make(&h, type, seed & 0xFFFF, (seed >> 16) & 0xFFFF, (seed >> 4) & 0xFFFF, (seed >> 12) & 0xFFFF, a,
                      len & 0x3FFFF);
        if ((len & 0x3FFFF) > 0x3FFFC) continue;
        h.tok = (seed >> 3) & 0xFF;
        h.seq = (seed >> 11) & 0xFF;
        uint8_t b[32];
        grim_hdr_pack(&h, b);
        ASSERT_EQ(grim_hdr_unpack(b, &u), 0);
        ASSERT_EQ(memcmp(&h, &u, sizeof h), 0);
        ASSERT_EQ(grim_hdr_payload(&u), len & 0x3FFFF);
        ASSERT_EQ(GRIM_PAYLOAD_BYTES(grim_get32(b + 4), grim_get32(b + 8)), len & 0x3FFFF);
    }
    for (uint32_t n = 0; n < 12; n++) {
        grim_hdr h;
        grim_hdr_make(&h, GRIM_T_RMP, 0, 0, 0, 0, NULL, n);
        ASSERT_EQ(h.words, (n + 3) / 4);
        ASSERT_TRUE(h.corr <= 3);
        ASSERT_EQ(h.words * 4 - h.corr, n);
        ASSERT_EQ(grim_msg_bytes(n), ((32 + n + 7) / 8) * 8);
    }
}

TEST(grim_wire, a_header_without_the_grim_id_is_refused)
{
    uint8_t b[32] = {0x06, 0x37};
    grim_hdr h;
    ASSERT_EQ(grim_hdr_unpack(b, &h), -1);
    uint8_t w[8];
    grim_wrap_pack(w);
    ASSERT_EQ(grim_hdr_unpack((uint8_t[32]){w[0], w[1], w[2], w[3], w[4], w[5], w[6], w[7]}, &h), 0);
    ASSERT_EQ(h.type, GRIM_T_WRAP);
}

/* ---- the ring against a model ---- */

typedef struct { uint32_t at, len; } live_msg;

/* Does [a, a+n) overlap a live message? */
static int overlaps(const live_msg *q, int nq, uint32_t a, uint32_t n)
{
    for (int i = 0; i < nq; i++)
        if (a < q[i].at + q[i].len && q[i].at < a + n) return 1;
    return 0;
}

TEST(grim_wire, ring_placement_never_overlaps_live_messages_and_the_reader_follows_the_writer)
{
    static const uint32_t sizes[] = {4096, 16384, 65536 + 4096};
    for (int s = 0; s < 3; s++) {
        uint32_t size = sizes[s], maxm = grim_ring_max_msg(size);
        ASSERT_TRUE(maxm >= 32 && maxm % 8 == 0 && 2 * (maxm + 8) <= size);
        grim_ring r = {size, 0, 0};
        live_msg q[4096];
        int nq = 0, placed = 0, wraps = 0;
        uint32_t reader = 0;        /* the NI's walk through the queue */
        uint32_t seed = 99 + (uint32_t)s;
        for (int step = 0; step < 20000; step++) {
            seed = seed * 1664525u + 1013904223u;
            int free_one = nq && (seed >> 28) < 7;
            if (free_one) {                       /* the NI frees the oldest message */
                uint32_t end = q[0].at + q[0].len;
                memmove(q, q + 1, (size_t)(nq - 1) * sizeof q[0]);
                nq--;
                /* its front: the next message, or (before a WRAP it has not
                 * passed yet) the end of the freed one */
                r.front = !nq ? r.back : (seed >> 20) & 1 ? q[0].at : end;
                continue;
            }
            uint32_t m = GRIM_ROUND8(32 + (seed >> 8) % (maxm - 31));
            if (m > maxm) m = maxm;
            uint32_t at;
            int wrap;
            if (grim_ring_place(&r, m, &at, &wrap)) {
                /* no room: then the free bytes cannot hold m plus the 8 kept free,
                 * counting only the ways a message may lie */
                if (nq == 0) harness_fail(__FILE__, __LINE__, "an empty ring of %u refused %u bytes", size, m);
                continue;
            }
            ASSERT_EQ(at % 8, 0);
            ASSERT_TRUE(at + m < size);                    /* never ends at the very end */
            ASSERT_TRUE(!overlaps(q, nq, at, m));
            if (wrap) {
                ASSERT_EQ(at, 0);
                ASSERT_TRUE(r.back + 8 <= size);
                ASSERT_TRUE(!overlaps(q, nq, r.back, 8));  /* the WRAP marker too */
                wraps++;
            } else {
                ASSERT_EQ(at, r.back);
            }
            /* the reader, at the old back, finds the message there (after the WRAP) */
            ASSERT_EQ(reader, r.back);
            reader = (wrap ? 0 : reader) + m;
            r.back = at + m;
            ASSERT_TRUE(r.back != r.front || nq == 0);   /* full never looks empty */
            q[nq++] = (live_msg){at, m};
            placed++;
            ASSERT_TRUE(grim_ring_used(&r) <= size);
        }
        harness_note("ring %u: %d messages, %d wraps", size, placed, wraps);
        ASSERT_TRUE(placed > 1000 && wraps > 10);
    }
}
