/* The BT848 on a bus (model/bt848): every line of every frame lands where
 * the frame buffers are, at the format's data rate; a target too slow for
 * the stream makes the FIFO overrun and frames drop. */
#include "../harness/harness.h"
#include "../../model/bt848/bt848.h"

#include <string.h>

#define CLK 30000
static const pci_bus_params bp = {"32b/33", CLK, 4, 2, 1, 5};
static uint8_t mem[2 * 640 * 480 * 2];
static uint32_t wait_states;
static pci_bus *bus_;

static void plan(void *c, const pci_burst *b, pci_plan *o)
{
    (void)c;
    pci_plan_simple(b, wait_states, wait_states, 0, o);
}
static int acc(void *c, pci_cmd cmd, uint64_t a, uint8_t *d, uint32_t n, sim_time t, char *e, size_t el)
{
    (void)c; (void)t; (void)e; (void)el;
    if (cmd == PCI_WRITE) memcpy(mem + a, d, n);
    return 0;
}
static const pci_target_ops ops = {plan, NULL, acc};

static const bt848_stats *capture(uint32_t w, uint32_t h, uint32_t frames, uint32_t ws, bt848 **out, evq **q)
{
    char err[200];
    *q = evq_new();
    pci_bus *b = bus_ = pci_bus_new(*q, &bp, "bus");
    ASSERT_EQ(pci_bus_add_target(b, 0, sizeof mem, 4, &ops, NULL, "ram"), 0);
    wait_states = ws;
    memset(mem, 0, sizeof mem);
    bt848 *v = bt848_new(b, &bt848_default, w, h, err, sizeof err);
    ASSERT_TRUE(v != NULL);
    uint64_t buf[2] = {0, (uint64_t)w * h * 2};
    ASSERT_EQ(bt848_start(v, buf, 2, frames), 0);
    while (!bt848_done(v) && evq_pending(*q)) evq_step(*q);
    ASSERT_TRUE(bt848_done(v));
    *out = v;
    return bt848_stats_of(v);
}

TEST(bt848, every_line_lands_at_the_formats_rate)
{
    bt848 *v;
    evq *q;
    const bt848_stats *st = capture(640, 480, 3, 0, &v, &q);
    ASSERT_EQ(st->frames, 3);
    ASSERT_EQ(st->frames_dropped, 0);
    ASSERT_EQ(st->lines, 3 * 480);
    ASSERT_EQ(st->bytes, 3ull * 640 * 480 * 2);
    /* the last line of frame 2 went to buffer 0, the last of frame 1 to buffer 1 */
    ASSERT_TRUE(mem[640 * 480 * 2 - 2] != 0 && mem[2 * 640 * 480 * 2 - 2] != 0);
    /* the last line ends at slot 2 x 525 + 480 (525 slots a frame, 30 frames
     * a second) and its 1,280 bytes take some 10 us more on the bus */
    double slot = 1.0 / (30 * 525), secs = (double)st->last_done_ps / 1e12;
    ASSERT_TRUE(secs > (2 * 525 + 480) * slot && secs < (2 * 525 + 480) * slot + 20e-6);
    bt848_free(v);
    pci_bus_free(bus_);
    evq_free(q);
    char err[200];
    ASSERT_TRUE(bt848_new(NULL, &bt848_default, 800, 600, err, sizeof err) == NULL);
    ASSERT_TRUE(strstr(err, "800x600") != NULL);
}

TEST(bt848, a_target_too_slow_for_the_stream_overruns_the_fifo)
{
    bt848 *v;
    evq *q;
    /* 16 wait states a data phase: ~7.5 MB/s, below 640x480's 18 MB/s */
    const bt848_stats *st = capture(640, 480, 2, 16, &v, &q);
    ASSERT_EQ(st->frames, 2);
    ASSERT_EQ(st->frames_dropped, 2);
    ASSERT_TRUE(st->lines_dropped > 0);
    bt848_free(v);
    pci_bus_free(bus_);
    evq_free(q);
    /* the same target carries 320x240 (4.5 MB/s) */
    st = capture(320, 240, 2, 16, &v, &q);
    ASSERT_EQ(st->frames_dropped, 0);
    bt848_free(v);
    pci_bus_free(bus_);
    evq_free(q);
}
