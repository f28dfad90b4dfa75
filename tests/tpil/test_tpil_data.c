/* Every TPIL mechanism delivers the data intact, at every size from 1 byte
 * to 1 MB and at odd alignments of source and destination, and touches no
 * SRAM byte outside the destination. */
#include "../harness/harness.h"
#include "fixture.h"

#include <string.h>

#define GUARD 0xA5

static uint32_t seed;
static uint8_t rnd(void)
{
    seed = seed * 1103515245u + 12345u;
    return (uint8_t)(seed >> 16);
}

static int check(fixture *f, tpil_mech m, uint32_t dst, const uint8_t *src, size_t n)
{
    uint8_t *s = f->sram;
    uint32_t size = f->sram_size;
    uint32_t lo = dst >= 64 ? dst - 64 : 0, hi = dst + n + 64 <= size ? (uint32_t)(dst + n + 64) : size;
    memset(s + lo, GUARD, hi - lo);
    if (tpil_h2c_mech(f->t, m, dst, src, n)) {
        harness_note("%s", tpil_error(f->t));
        return -1;
    }
    if (plat_pio_flush(f->p)) return -1;
    if (memcmp(s + dst, src, n) != 0) {
        harness_note("%s: %zu bytes to 0x%x: data differ", tpil_mech_name(m), n, dst);
        return -1;
    }
    for (uint32_t i = lo; i < dst; i++)
        if (s[i] != GUARD) {
            harness_note("%s: %zu bytes to 0x%x: byte 0x%x before it changed", tpil_mech_name(m), n, dst, i);
            return -1;
        }
    for (uint32_t i = (uint32_t)(dst + n); i < hi; i++)
        if (s[i] != GUARD) {
            harness_note("%s: %zu bytes to 0x%x: byte 0x%x after it changed", tpil_mech_name(m), n, dst, i);
            return -1;
        }
    return 0;
}

static void all_sizes(const host_profile *hp, int bus, lanai_chip_id chip)
{
    fixture f;
    char err[300];
    if (fixture_open(&f, hp, bus, chip, 0, err, sizeof err)) harness_fail(__FILE__, __LINE__, "%s", err);
    const size_t big = 1u << 20;
    uint8_t *src = plat_alloc(f.p, big + 64);
    seed = 99;
    for (size_t i = 0; i < big + 64; i++) src[i] = rnd();
    static const size_t small[] = {1, 2, 3, 4, 5, 7, 8, 63, 64, 65, 1000, 4095, 4096, 4097, 8193};
    static const size_t large[] = {65537, 131071, 262147};
    int runs = 0;
    for (int m = 0; m < TPIL_NMECH; m++) {
        if (!tpil_available(f.t, (tpil_mech)m)) continue;
        for (size_t i = 0; i < sizeof small / sizeof small[0]; i++)
            for (int so = 0; so < 4; so += 1)
                for (int dof = 0; dof < 4; dof++) {
                    if (so == 2) continue;                       /* sources at +0, +1, +3 */
                    ASSERT_EQ(check(&f, (tpil_mech)m, FIX_DST + 0x100 + (uint32_t)dof, src + so, small[i]), 0);
                    runs++;
                }
        for (size_t i = 0; i < sizeof large / sizeof large[0]; i++) {
            ASSERT_EQ(check(&f, (tpil_mech)m, FIX_DST + 3, src + 1, large[i]), 0);
            ASSERT_EQ(check(&f, (tpil_mech)m, FIX_DST, src + 4, large[i] & ~(size_t)3), 0);
            runs += 2;
        }
        /* 1 MB: the whole SRAM of a LANai 4 from 0, and an odd 1 MB - 5 */
        uint32_t d = chip == CHIP_LANAI4 ? 0 : FIX_DST;
        ASSERT_EQ(check(&f, (tpil_mech)m, d, src, big), 0);
        ASSERT_EQ(check(&f, (tpil_mech)m, d + 3, src + 1, big - 5), 0);
        runs += 2;
    }
    harness_note("%d injections checked", runs);
    ASSERT_EQ(host_faults(f.h), 0);
    fixture_close(&f);
}

TEST(tpil_data, p3_lanai4_every_mechanism_size_and_alignment) { all_sizes(&host_p3_550, 0, CHIP_LANAI4); }
TEST(tpil_data, p3_lanai9_every_mechanism_size_and_alignment) { all_sizes(&host_p3_550, 0, CHIP_LANAI9); }
TEST(tpil_data, p4_lanai9_64bit_every_mechanism_size_and_alignment) { all_sizes(&host_p4_1700, 1, CHIP_LANAI9); }
TEST(tpil_data, p4_lanai4_32bit_every_mechanism_size_and_alignment) { all_sizes(&host_p4_1700, 0, CHIP_LANAI4); }
TEST(tpil_data, ppro_lanai9_plain_pio_and_dma) { all_sizes(&host_ppro200, 0, CHIP_LANAI9); }
