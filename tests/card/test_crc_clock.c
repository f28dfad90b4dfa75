/* The CRCs against their published check values, and the exact
 * cycle/picosecond conversion against 128-bit arithmetic. */
#include "../harness/harness.h"
#include "../../model/card/crc.h"
#include "../../model/card/niclock.h"

#include <stdlib.h>
#include <string.h>

TEST(card_crc, check_values)
{
    const uint8_t *s = (const uint8_t *)"123456789";
    ASSERT_EQ(crc8(s, 9), 0xF4);          /* CRC-8 poly 0x07, init 0 ("CRC-8/SMBUS" check) */
    ASSERT_EQ(crc32(s, 9), 0xCBF43926u);  /* IEEE 802.3 check value */
    ASSERT_EQ(crc8(s, 0), 0);
    ASSERT_EQ(crc32(s, 0), 0);
}

TEST(card_crc, crc8_of_message_and_its_crc_is_zero_and_one_bit_flips_are_caught)
{
    uint8_t m[65];
    uint32_t x = 12345;
    for (int i = 0; i < 64; i++) { x = x * 1103515245u + 12345u; m[i] = (uint8_t)(x >> 16); }
    m[64] = crc8(m, 64);
    ASSERT_EQ(crc8(m, 65), 0);
    for (int bit = 0; bit < 65 * 8; bit++) {
        m[bit / 8] ^= (uint8_t)(1u << (bit % 8));
        ASSERT_NE(crc8(m, 65), 0);
        m[bit / 8] ^= (uint8_t)(1u << (bit % 8));
    }
    /* split updates give the same result */
    ASSERT_EQ(crc8_update(crc8(m, 10), m + 10, 54), crc8(m, 64));
    ASSERT_EQ(crc32_final(crc32_update(crc32_update(CRC32_INIT, m, 7), m + 7, 57)), crc32(m, 64));
}

static uint64_t ref_ps(uint64_t c, uint64_t hz)
{
    return (uint64_t)((unsigned __int128)c * 1000000000000ull / hz);
}

TEST(card_clock, conversion_is_exact_both_ways)
{
    const uint64_t hz[] = {33000000, 133000000, 200000000, 37000001, 1000000000};
    for (int h = 0; h < 5; h++) {
        ni_clock k;
        ASSERT_EQ(ni_clock_init(&k, hz[h]), 0);
        uint64_t x = 88172645463325252ull;
        for (int i = 0; i < 20000; i++) {
            x ^= x << 13; x ^= x >> 7; x ^= x << 17;
            uint64_t c = i < 100 ? (uint64_t)i : x % (1ull << (i % 39 + 10));   /* results below 2^64 */
            ASSERT_EQ(ni_clock_ps(&k, c), ref_ps(c, hz[h]));
            /* the first cycle at or after time t */
            uint64_t t = x % 1000000000000000ull;
            uint64_t a = ni_clock_cycle_at(&k, t);
            ASSERT_TRUE(ref_ps(a, hz[h]) >= t);
            if (a) ASSERT_TRUE(ref_ps(a - 1, hz[h]) < t);
        }
    }
    ni_clock k;
    ASSERT_EQ(ni_clock_init(&k, 0), -1);
    ASSERT_EQ(ni_clock_init(&k, 33000000), 0);
    ASSERT_EQ(ni_clock_cycle_at(&k, SIM_TIME_NEVER), UINT64_MAX);
}

/* The stepping conversion (a core's cycles from run to run) equals the
 * dividing one: small steps, large jumps, a step back, saturation. */
TEST(card_clock, stepped_conversion_equals_the_dividing_one)
{
    const uint64_t hz[] = {33000000, 133000000, 37000001, 1000000000, 7};
    int tabled = 0;
    for (int h = 0; h < 5; h++) {
        ni_clock k;
        ASSERT_EQ(ni_clock_init(&k, hz[h]), 0);
        uint64_t *frac = ni_clock_frac_new(&k);
        tabled += frac != NULL;
        ni_clock_pos p = {0, 0, 0};
        uint64_t c = 0, x = 88172645463325252ull;
        for (int i = 0; i < 200000; i++) {
            x ^= x << 13; x ^= x >> 7; x ^= x << 17;
            if (i % 1000 == 999) c = x % (1ull << 40);               /* a jump (either way) */
            else c += x % 4 ? x % 3 : x % (2 * k.den + 2);           /* 0..2 cycles, sometimes more */
            ASSERT_EQ(ni_clock_ps_at(&k, frac, &p, c), ni_clock_ps(&k, c));
        }
        ASSERT_EQ(ni_clock_ps_at(&k, frac, &p, UINT64_MAX), ni_clock_ps(&k, UINT64_MAX));
        free(frac);
    }
    ASSERT_EQ(tabled, 4);   /* den 33, 133, 1, 7 have tables; 37000001 divides */
}

/* The receive DMA's one-pass update equals the two CRCs run separately,
 * and its states before the last k bytes are those of byte-by-byte updates. */
TEST(card_crc, one_pass_update_equals_the_separate_ones)
{
    uint8_t m[300];
    uint32_t x = 777;
    for (int i = 0; i < 300; i++) { x = x * 1103515245u + 12345u; m[i] = (uint8_t)(x >> 16); }
    for (size_t off = 0; off < 4; off++) {      /* any alignment */
        const uint8_t *q = m + off;
        for (size_t n = 0; n <= 296; n += n < 12 ? 1 : 37) {
            for (size_t k = 0; k <= (n < 5 ? n : 5); k += k < (n < 5 ? n : 5) ? 1 : 6) {
                uint8_t c8 = 0x5A;
                uint32_t before[5], s = crc_both_update(&c8, 0x12345678u, q, n, before, k);
                ASSERT_EQ(c8, crc8_update(0x5A, q, n));
                ASSERT_EQ(s, crc32_update(0x12345678u, q, n));
                for (size_t i = 0; i < k; i++)
                    ASSERT_EQ(before[i], crc32_update(0x12345678u, q, n - k + i));
            }
        }
    }
}

/* The kept-position form of cycle_at (the card's SRAM charges) equals the
 * dividing one: small steps forward, steps back, jumps, NEVER, for narrow
 * and wide-ranging clocks. */
TEST(card_clock, positioned_cycle_at_equals_the_dividing_one)
{
    const uint64_t hz[] = {33000000, 133000000, 37000001, 1000000000, 7, 4000000000ull};
    int narrow = 0;
    for (int h = 0; h < 6; h++) {
        ni_clock k;
        ASSERT_EQ(ni_clock_init(&k, hz[h]), 0);
        narrow += k.narrow;
        ni_clock_tpos p = {0, 0, 0};
        uint64_t t = 0, x = 88172645463325252ull;
        for (int i = 0; i < 200000; i++) {
            x ^= x << 13; x ^= x >> 7; x ^= x << 17;
            if (i % 1000 == 999) t = x % 1000000000000000ull;          /* a jump (either way) */
            else if (i % 97 == 0 && t > 1000) t -= x % 1000;           /* a small step back */
            else t += x % 4 ? x % 30000 : x % (3 * k.num + 2);         /* a chunk apart, sometimes more */
            ASSERT_EQ(ni_clock_cycle_at_pos(&k, &p, t), ni_clock_cycle_at(&k, t));
        }
        ASSERT_EQ(ni_clock_cycle_at_pos(&k, &p, SIM_TIME_NEVER), UINT64_MAX);
        ASSERT_EQ(ni_clock_cycle_at_pos(&k, &p, SIM_TIME_NEVER - 1), ni_clock_cycle_at(&k, SIM_TIME_NEVER - 1));
    }
    ASSERT_TRUE(narrow >= 3);   /* 33 and 133 MHz (the chips), 1 GHz */
}
