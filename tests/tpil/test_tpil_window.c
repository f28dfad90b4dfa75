/* The pinned source window (tpil_pin_source): zero-copy injections inside
 * it deliver the same bytes and skip their own pin and unpin ioctls, so
 * four 16 KB pieces of a pinned 64 KB buffer cost at least three pin calls
 * less than four separately pinned ones; a second window is refused
 * (1, nothing done); pieces outside the window pin as before. */
#include "../harness/harness.h"
#include "fixture.h"

#include <string.h>

static int inject_pieces(fixture *f, const uint8_t *src, uint32_t piece, int n, sim_time *took)
{
    sim_time t0 = plat_now(f->p);
    for (int i = 0; i < n; i++)
        if (tpil_h2c_mech(f->t, TPIL_DMA_ZEROCOPY, FIX_DST + (uint32_t)i * piece, src + (size_t)i * piece, piece)) {
            harness_note("%s", tpil_error(f->t));
            return -1;
        }
    *took = plat_now(f->p) - t0;
    return memcmp(f->sram + FIX_DST, src, (size_t)piece * (size_t)n) == 0 ? 0 : -1;
}

static void window(lanai_chip_id chip)
{
    fixture f;
    char err[300];
    if (fixture_open(&f, &host_p3_550, 0, chip, 0, err, sizeof err)) harness_fail(__FILE__, __LINE__, "%s", err);
    const uint32_t piece = 16384;
    uint8_t *a = plat_alloc(f.p, 4 * piece), *b = plat_alloc(f.p, 4 * piece);
    ASSERT_TRUE(a && b);
    for (uint32_t i = 0; i < 4 * piece; i++) {
        a[i] = (uint8_t)(i * 7 + 1);
        b[i] = (uint8_t)(i * 13 + 5);
    }
    sim_time plain, windowed;
    ASSERT_EQ(inject_pieces(&f, a, piece, 4, &plain), 0);
    ASSERT_EQ(tpil_pin_source(f.t, b, 4 * piece), 0);
    ASSERT_EQ(tpil_pin_source(f.t, a, 4 * piece), 1);      /* one window at a time */
    ASSERT_EQ(inject_pieces(&f, b, piece, 4, &windowed), 0);
    ASSERT_EQ(tpil_unpin_source(f.t), 0);
    const sim_time saved = 3 * host_p3_550.pin_call_ps;
    harness_note("4 x 16 KB zero-copy: %.1f us pinned each, %.1f us in a window", plain / 1e6, windowed / 1e6);
    ASSERT_TRUE(windowed + saved <= plain);
    /* outside any window again: pins and unpins itself (an unpin of pages
     * nobody pinned would fail) */
    sim_time again;
    ASSERT_EQ(inject_pieces(&f, a, piece, 4, &again), 0);
    fixture_close(&f);
}

TEST(tpil_window, p3_lanai9_pins_once) { window(CHIP_LANAI9); }
TEST(tpil_window, p3_lanai4_pins_once) { window(CHIP_LANAI4); }
