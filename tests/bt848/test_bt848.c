/* The BT848 on a bus (model/bt848): the driver's RISC program decoded as
 * the data sheet encodes it; the card fetches it over PCI and every line of
 * every frame lands where its WRITE says, at the format's data rate; a
 * malformed program stops the card naming the instruction; a loaded bus
 * delays the card without corrupting a frame; a target too slow for the
 * stream makes the FIFO overrun and frames drop. */
#include "../harness/harness.h"
#include "../../model/bt848/bt848.h"
#include "../../model/bt848/bt848_prog.h"
#include "../../model/bt848/bt848_risc.h"

#include <stdio.h>
#include <string.h>

#define CLK 30000
#define FRAME (640 * 480 * 2)
#define PROG (2 * FRAME)            /* the program follows the two buffers */
static const pci_bus_params bp = {"32b/33", CLK, 4, 2, 1, 5};
static uint8_t mem[2 * FRAME + 16384];
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
    else memcpy(d, mem + a, n);
    return 0;
}
static const pci_target_ops ops = {plan, NULL, acc};

/* A card on a fresh bus with the driver's program for w x h at PROG. */
static bt848 *setup(uint32_t w, uint32_t h, uint32_t ws, evq **q)
{
    char err[200];
    *q = evq_new();
    bus_ = pci_bus_new(*q, &bp, "bus");
    ASSERT_EQ(pci_bus_add_target(bus_, 0, sizeof mem, 4, &ops, NULL, "ram"), 0);
    wait_states = ws;
    memset(mem, 0, sizeof mem);
    bt848 *v = bt848_new(bus_, &bt848_default, w, h, err, sizeof err);
    ASSERT_TRUE(v != NULL);
    ASSERT_EQ(bt848_set_trigger(v, 32), 0);   /* what bttv's GPIO_DMA_CTL write sets (PKTP_32) */
    uint64_t buf[2] = {0, (uint64_t)w * h * 2};
    ASSERT_EQ(bt848_prog_build(mem + PROG, sizeof mem - PROG, PROG, w, h, buf, 2, 1), bt848_prog_bytes(w, h, 2));
    return v;
}

static const bt848_stats *run(bt848 *v, evq *q, uint32_t frames)
{
    ASSERT_EQ(bt848_start(v, PROG, frames), 0);
    while (!bt848_done(v) && evq_pending(q)) evq_step(q);
    ASSERT_TRUE(bt848_done(v));
    return bt848_stats_of(v);
}

static void teardown(bt848 *v, evq *q)
{
    bt848_free(v);
    pci_bus_free(bus_);
    evq_free(q);
}

/* Every byte of buffer b is frame f's, as the camera made it. */
static int frame_intact(uint32_t w, uint32_t h, int b, uint32_t f)
{
    const uint8_t *p = mem + (size_t)b * w * h * 2;
    for (uint32_t row = 0; row < h; row++)
        for (uint32_t i = 0; i < w * 2; i++)
            if (p[row * w * 2 + i] != bt848_pixel(f, row, i)) return 0;
    return 1;
}

TEST(bt848, the_program_decodes_as_the_data_sheet_encodes_it)
{
    uint8_t p[8];
    bt848_insn in;
    char err[200];
    bt848_risc_put(p, 0x1u << 28 | 1u << 27 | 1u << 26 | 1u << 24 | 1280, 0x12345678);
    ASSERT_EQ(bt848_risc_decode(p, &in, err, sizeof err), 0);
    ASSERT_EQ(in.op, BT848_OP_WRITE);
    ASSERT_EQ(in.count, 1280);
    ASSERT_EQ(in.addr, 0x12345678);
    ASSERT_EQ(in.dwords, 2);
    ASSERT_TRUE((in.w0 & BT848_RISC_SOL) && (in.w0 & BT848_RISC_EOL) && (in.w0 & BT848_RISC_IRQ));
    bt848_risc_put(p, 0x8u << 28 | 1u << 15 | 0xc, 0);
    ASSERT_EQ(bt848_risc_decode(p, &in, err, sizeof err), 0);
    ASSERT_EQ(in.op, BT848_OP_SYNC);
    ASSERT_EQ(in.status, BT848_ST_VRO);
    ASSERT_TRUE(in.w0 & BT848_RISC_RESYNC);
    bt848_risc_put(p, 0x2u << 28 | 640, 0);
    ASSERT_EQ(bt848_risc_decode(p, &in, err, sizeof err), 0);
    ASSERT_EQ(in.dwords, 1);
    ASSERT_EQ(in.count, 640);
    bt848_risc_put(p, 0x7u << 28, 0x1000);
    ASSERT_EQ(bt848_risc_decode(p, &in, err, sizeof err), 0);
    ASSERT_EQ(in.addr, 0x1000);
    bt848_risc_put(p, 0x3u << 28, 0);
    ASSERT_EQ(bt848_risc_decode(p, &in, err, sizeof err), -1);
    ASSERT_TRUE(strstr(err, "reserved opcode 0x3") != NULL);
    bt848_risc_put(p, 0x9u << 28, 0);
    ASSERT_EQ(bt848_risc_decode(p, &in, err, sizeof err), -1);
    ASSERT_TRUE(strstr(err, "WRITE123") != NULL);
    bt848_risc_put(p, 0x8u << 28 | 0x3, 0);
    ASSERT_EQ(bt848_risc_decode(p, &in, err, sizeof err), -1);
    ASSERT_TRUE(strstr(err, "reserved SYNC status 0x3") != NULL);

    /* the driver's 640x480 program: per buffer VRE, FM1, 240 odd rows, VRO,
     * FM1, 240 even rows (IRQ on the last), then JUMP to the start */
    evq *q;
    bt848 *v = setup(640, 480, 0, &q);
    const uint8_t *prog = mem + PROG;
    uint32_t n = 2 * 484 + 1, writes = 0, irqs = 0;
    ASSERT_EQ(bt848_prog_bytes(640, 480, 2), 8 * n);
    for (uint32_t k = 0; k < n; k++) {
        ASSERT_EQ(bt848_risc_decode(prog + 8 * k, &in, err, sizeof err), 0);
        uint32_t b = k / 484, j = k % 484;
        if (k == n - 1) {
            ASSERT_EQ(in.op, BT848_OP_JUMP);
            ASSERT_EQ(in.addr, PROG);
        } else if (j == 0 || j == 1 || j == 242 || j == 243) {
            ASSERT_EQ(in.op, BT848_OP_SYNC);
            ASSERT_EQ(in.status, j == 0 ? BT848_ST_VRE : j == 242 ? BT848_ST_VRO : BT848_ST_FM1);
        } else {
            uint32_t row = j < 242 ? 2 * (j - 2) : 2 * (j - 244) + 1;
            ASSERT_EQ(in.op, BT848_OP_WRITE);
            ASSERT_EQ(in.w0 & (BT848_RISC_SOL | BT848_RISC_EOL), BT848_RISC_SOL | BT848_RISC_EOL);
            ASSERT_EQ(in.count, 1280);
            ASSERT_EQ(in.addr, (uint64_t)b * FRAME + row * 1280);
            writes++;
            irqs += !!(in.w0 & BT848_RISC_IRQ);
        }
    }
    ASSERT_EQ(writes, 960);
    ASSERT_EQ(irqs, 2);
    teardown(v, q);
}

TEST(bt848, every_line_lands_where_the_program_says)
{
    evq *q;
    bt848 *v = setup(640, 480, 0, &q);
    const bt848_stats *st = run(v, q, 3);
    ASSERT_TRUE(bt848_error(v)[0] == 0);
    ASSERT_EQ(st->frames, 3);
    ASSERT_EQ(st->frames_dropped, 0);
    ASSERT_EQ(st->lines, 3 * 480);
    ASSERT_EQ(st->bytes, 3ull * FRAME);
    /* frame 2 (0-based) went to buffer 0, frame 1 to buffer 1, every byte */
    ASSERT_TRUE(frame_intact(640, 480, 0, 2));
    ASSERT_TRUE(frame_intact(640, 480, 1, 1));
    ASSERT_EQ(st->irqs, 3);
    /* the last line (the even field's row 479 of frame 2) ends at slot
     * 2 x 525 + 262.5 + 240 and its 1,280 bytes take some 10 us more */
    double slot = 1.0 / (30 * 525), secs = (double)st->last_done_ps / 1e12;
    ASSERT_TRUE(secs > (2 * 525 + 262.5 + 240) * slot && secs < (2 * 525 + 262.5 + 240) * slot + 20e-6);
    teardown(v, q);
    char err[200];
    ASSERT_TRUE(bt848_new(NULL, &bt848_default, 800, 600, err, sizeof err) == NULL);
    ASSERT_TRUE(strstr(err, "800x600") != NULL);

    /* 320x240: the odd field only, rows 0..239 one a line slot */
    v = setup(320, 240, 0, &q);
    st = run(v, q, 3);
    ASSERT_EQ(st->frames_dropped, 0);
    ASSERT_EQ(st->bytes, 3ull * 320 * 240 * 2);
    ASSERT_TRUE(frame_intact(320, 240, 0, 2));
    ASSERT_TRUE(frame_intact(320, 240, 1, 1));
    teardown(v, q);
}

/* Each instruction is one 8-byte read on the bus: the card's transactions
 * are its fetches and its line bursts, and the fetches are the program's
 * instructions as far as it ran (3 frames, the JUMP, the next frame's
 * SYNC VRE) plus the SYNC FM1 it waits in when the stream ends. */
TEST(bt848, the_instruction_fetches_appear_on_the_bus)
{
    for (int big = 0; big < 2; big++) {
        uint32_t w = big ? 640 : 320, h = w * 3 / 4, per = big ? 484 : 243;
        evq *q;
        bt848 *v = setup(w, h, 0, &q);
        const bt848_stats *st = run(v, q, 3);
        const pci_master_stats *ms = pci_master_stats_of(bt848_master(v));
        harness_note("%ux%u: %llu fetches, %llu instructions, %llu transactions, %llu bytes on the bus", w, h,
                     (unsigned long long)st->fetches, (unsigned long long)st->insns, (unsigned long long)ms->txns,
                     (unsigned long long)ms->bytes);
        ASSERT_EQ(st->insns, 3 * per + 2);
        ASSERT_EQ(st->fetches, st->insns + 1);
        /* an idle bus: each line goes as one burst a 32-DWORD trigger point */
        ASSERT_EQ(st->bursts, 3ull * h * (w * 2 / 128));
        ASSERT_EQ(ms->txns, st->fetches + st->bursts);
        ASSERT_EQ(ms->bytes, st->bytes + 8 * st->fetches);
        teardown(v, q);
    }
}

/* Patch one instruction of the driver's program and expect the card to
 * stop on it with `want` in its message. */
static void refused(uint32_t k, uint32_t w0, uint32_t w1, const char *want)
{
    evq *q;
    bt848 *v = setup(640, 480, 0, &q);
    bt848_risc_put(mem + PROG + 8 * k, w0, w1);
    run(v, q, 2);
    char at[40];
    snprintf(at, sizeof at, "at 0x%08x", PROG + 8 * k);
    harness_note("%s", bt848_error(v));
    ASSERT_TRUE(strstr(bt848_error(v), at) != NULL);
    ASSERT_TRUE(strstr(bt848_error(v), want) != NULL);
    teardown(v, q);
}

TEST(bt848, a_malformed_program_stops_the_card_naming_the_instruction)
{
    refused(5, 0x3u << 28, 0, "opcode 0x3");
    refused(5, 0x3u << 28, 0, "reserved opcode");
    refused(7, BT848_RISC_OP(BT848_OP_WRITE) | BT848_RISC_SOL | BT848_RISC_EOL | 1284, 7 * 1280,
            "WRITE, dword0 0x1c000504): byte count 1284 from byte 0 exceeds the line (1280 bytes)");
    refused(2 * 484, BT848_RISC_OP(BT848_OP_JUMP), 0x40000000, "(JUMP, dword0 0x70000000): jump to 0x40000000");
    refused(1, BT848_RISC_OP(BT848_OP_SYNC) | BT848_ST_VRO, 0, "waits for status VRO, the FIFO holds status FM1");
    refused(3, BT848_RISC_OP(BT848_OP_WRITE) | BT848_RISC_SOL | BT848_RISC_EOL | 1280, 0x7ffffff0,
            "no memory answers there");
    refused(2, BT848_RISC_OP(BT848_OP_JUMP), PROG + 16, "16 JUMPs in a row");
    refused(2, BT848_RISC_OP(BT848_OP_SKIP) | BT848_RISC_SOL | BT848_RISC_EOL | 1000, 0,
            "EOL after byte 1000 of a 1280-byte line");

    /* a SYNC with RESYNC for a status the stream never carries throws
     * every line away: counted, and the card ends with the stream */
    evq *q;
    bt848 *v = setup(640, 480, 0, &q);
    bt848_risc_put(mem + PROG, BT848_RISC_OP(BT848_OP_SYNC) | BT848_RISC_RESYNC | BT848_ST_FM3, 0);
    const bt848_stats *st = run(v, q, 2);
    ASSERT_TRUE(bt848_error(v)[0] == 0);
    ASSERT_EQ(st->lines_discarded, 960);
    ASSERT_EQ(st->bytes, 0);
    teardown(v, q);
}

/* A second master writing 64 KB blocks back to back: the card waits for
 * the bus (its fetches and writes queue behind the latency timer) yet every
 * frame arrives whole. */
static int hog_on;
static pci_txn hog_t;
static uint8_t hog_buf[65536];
static pci_master *hog_m;
static void hog_done(pci_txn *t, void *c)
{
    (void)c;
    if (!hog_on) return;
    *t = (pci_txn){.cmd = PCI_WRITE, .addr = 0x80000000u, .data = hog_buf, .len = sizeof hog_buf, .on_done = hog_done};
    pci_submit(hog_m, t);
}
static void sink_plan(void *c, const pci_burst *b, pci_plan *o)
{
    (void)c;
    pci_plan_simple(b, 0, 0, 0, o);
}
static int sink_acc(void *c, pci_cmd cmd, uint64_t a, uint8_t *d, uint32_t n, sim_time t, char *e, size_t el)
{
    (void)c; (void)cmd; (void)a; (void)d; (void)n; (void)t; (void)e; (void)el;
    return 0;
}
static const pci_target_ops sink_ops = {sink_plan, NULL, sink_acc};

TEST(bt848, a_loaded_bus_delays_the_card_but_corrupts_nothing)
{
    evq *q;
    bt848 *v = setup(640, 480, 0, &q);
    const bt848_stats *st = run(v, q, 2);
    sim_time alone = pci_master_stats_of(bt848_master(v))->wait_ps;
    teardown(v, q);

    v = setup(640, 480, 0, &q);
    ASSERT_EQ(pci_bus_add_target(bus_, 0x80000000u, 1 << 20, 4, &sink_ops, NULL, "sink"), 0);
    hog_m = pci_master_new(bus_, "hog", 4, 32, 0);
    hog_on = 1;
    hog_done(&hog_t, NULL);
    st = run(v, q, 2);
    hog_on = 0;
    sim_time loaded = pci_master_stats_of(bt848_master(v))->wait_ps;
    harness_note("the card's wait for the bus: %.1f us alone, %.1f us beside the hog", alone / 1e6, loaded / 1e6);
    ASSERT_TRUE(bt848_error(v)[0] == 0);
    ASSERT_TRUE(loaded > 4 * alone);
    ASSERT_TRUE(pci_master_stats_of(hog_m)->bytes > 10ull * FRAME);
    ASSERT_EQ(st->frames_dropped, 0);
    ASSERT_TRUE(frame_intact(640, 480, 0, 0));
    ASSERT_TRUE(frame_intact(640, 480, 1, 1));
    teardown(v, q);
}

TEST(bt848, a_target_too_slow_for_the_stream_overruns_the_fifo)
{
    evq *q;
    /* 10 wait states a data phase: ~12 MB/s, below the 20 MB/s of 640x480
     * during a field (1,280 bytes a line slot) */
    bt848 *v = setup(640, 480, 10, &q);
    const bt848_stats *st = run(v, q, 2);
    ASSERT_TRUE(bt848_error(v)[0] == 0);   /* lost lines keep the program in step */
    ASSERT_EQ(st->frames, 2);
    ASSERT_EQ(st->frames_dropped, 2);
    ASSERT_TRUE(st->lines_dropped > 0);
    ASSERT_EQ(st->bytes, (st->lines - st->lines_dropped) * 1280);
    teardown(v, q);
    /* the same target carries 320x240: 10 MB/s during its one field */
    v = setup(320, 240, 10, &q);
    st = run(v, q, 2);
    ASSERT_EQ(st->frames_dropped, 0);
    teardown(v, q);
}

/* The program in a slow target of its own (each read waits `prog_ws`
 * cycles before its first data phase) while the buffers stay in fast
 * memory: once a fetch and a line's write no longer fit in a line slot the
 * FIFO fills and lines are lost, which the drop counter sees; the lines
 * that do arrive are still the right frame's, in the right place. */
#define SLOWPROG 0x40000000u
static uint8_t progmem[16384];
static uint32_t prog_ws;
static void slow_plan(void *c, const pci_burst *b, pci_plan *o)
{
    (void)c;
    pci_plan_simple(b, b->cmd == PCI_READ ? prog_ws : 0, 0, 0, o);
}
static int slow_acc(void *c, pci_cmd cmd, uint64_t a, uint8_t *d, uint32_t n, sim_time t, char *e, size_t el)
{
    (void)c; (void)t; (void)e; (void)el;
    if (cmd == PCI_READ) memcpy(d, progmem + (a - SLOWPROG), n);
    return 0;
}
static const pci_target_ops slow_ops = {slow_plan, NULL, slow_acc};

static const bt848_stats *slow_fetch_run(uint32_t ws, bt848 **out, evq **q)
{
    bt848 *v = setup(640, 480, 0, q);
    ASSERT_EQ(pci_bus_add_target(bus_, SLOWPROG, sizeof progmem, 4, &slow_ops, NULL, "slow"), 0);
    prog_ws = ws;
    uint64_t buf[2] = {0, FRAME};
    ASSERT_EQ(bt848_prog_build(progmem, sizeof progmem, SLOWPROG, 640, 480, buf, 2, 1), bt848_prog_bytes(640, 480, 2));
    ASSERT_EQ(bt848_start(v, SLOWPROG, 2), 0);
    while (!bt848_done(v) && evq_pending(*q)) evq_step(*q);
    ASSERT_TRUE(bt848_done(v));
    ASSERT_TRUE(bt848_error(v)[0] == 0);
    *out = v;
    return bt848_stats_of(v);
}

TEST(bt848, late_instruction_fetches_cost_fifo_room)
{
    evq *q;
    bt848 *v;
    /* 1,000 wait states: a fetch takes ~30 us, with the line's ~10 us
     * write still inside a 63.5 us line slot */
    const bt848_stats *st = slow_fetch_run(1000, &v, &q);
    harness_note("1000 wait states a fetch: %llu lines lost", (unsigned long long)st->lines_dropped);
    ASSERT_EQ(st->frames_dropped, 0);
    ASSERT_TRUE(frame_intact(640, 480, 0, 0) && frame_intact(640, 480, 1, 1));
    teardown(v, q);
    /* 2,000: ~60 us, and the two no longer fit */
    st = slow_fetch_run(2000, &v, &q);
    harness_note("2000 wait states a fetch: %llu lines lost of %llu", (unsigned long long)st->lines_dropped,
                 (unsigned long long)st->lines);
    ASSERT_EQ(st->frames_dropped, 2);
    ASSERT_TRUE(st->lines_dropped > 0);
    ASSERT_EQ(st->bytes, (st->lines - st->lines_dropped) * 1280);
    /* each row is either the right frame's or untouched (zeros) */
    uint32_t whole = 0;
    for (int b = 0; b < 2; b++)
        for (uint32_t row = 0; row < 480; row++) {
            const uint8_t *p = mem + (size_t)b * FRAME + row * 1280;
            int right = 1, zero = 1;
            for (uint32_t i = 0; i < 1280; i++) {
                right &= p[i] == bt848_pixel((uint32_t)b, row, i);
                zero &= p[i] == 0;
            }
            ASSERT_TRUE(right || zero);
            whole += right;
        }
    ASSERT_EQ(whole, st->lines - st->lines_dropped);
    teardown(v, q);
}

/* The FIFO trigger point (GPIO_DMA_CTL's PKTP): on an idle bus a line goes
 * as one burst each time the FIFO holds the trigger's DWORDs, so a 1,280-
 * byte line is 1280 / (4 x trigger) bursts of 4 x trigger bytes, and every
 * frame still lands whole; the register's field sets the same trigger, and
 * a trigger the field cannot hold is refused. */
TEST(bt848, a_line_goes_in_bursts_of_the_trigger_point)
{
    static const uint32_t trig[4] = {4, 8, 16, 32};
    uint64_t prev_bursts = 0;
    for (int k = 0; k < 4; k++) {
        evq *q;
        bt848 *v = setup(640, 480, 0, &q);
        ASSERT_EQ(bt848_set_trigger(v, trig[k]), 0);
        const bt848_stats *st = run(v, q, 1);
        harness_note("trigger %2u DWORDs: %llu bursts, %u..%u bytes, card busy %.1f us", trig[k],
                     (unsigned long long)st->bursts, st->burst_min, st->burst_max,
                     pci_master_stats_of(bt848_master(v))->busy_ps / 1e6);
        ASSERT_EQ(st->frames_dropped, 0);
        ASSERT_EQ(st->bursts, 480ull * (1280 / (4 * trig[k])));
        ASSERT_EQ(st->burst_min, 4 * trig[k]);
        ASSERT_EQ(st->burst_max, 4 * trig[k]);
        ASSERT_TRUE(frame_intact(640, 480, 0, 0));
        if (k) ASSERT_TRUE(st->bursts < prev_bursts);
        prev_bursts = st->bursts;
        teardown(v, q);
    }
    evq *q;
    bt848 *v = setup(320, 240, 0, &q);
    char err[200];
    ASSERT_EQ(bt848_set_trigger(v, 12), -1);
    ASSERT_EQ(bt848_trigger(v), 32);
    ASSERT_EQ(bt848_reg_write(v, BT848_REG_GPIO_DMA_CTL, 1u << 2, err, sizeof err), 0);   /* PKTP 1 */
    ASSERT_EQ(bt848_trigger(v), 8);
    const bt848_stats *st = run(v, q, 1);
    ASSERT_EQ(st->bursts, 240ull * (640 / 32));
    ASSERT_EQ(st->burst_max, 32);
    teardown(v, q);
}

/* A bus the card must wait for delays its bursts but never makes them
 * smaller than the trigger point (a burst is sized when the card asks for
 * the bus: what the FIFO holds then). */
TEST(bt848, a_busy_bus_never_makes_the_bursts_smaller)
{
    evq *q;
    bt848 *v = setup(640, 480, 0, &q);
    ASSERT_EQ(bt848_set_trigger(v, 8), 0);
    ASSERT_EQ(pci_bus_add_target(bus_, 0x80000000u, 1 << 20, 4, &sink_ops, NULL, "sink"), 0);
    hog_m = pci_master_new(bus_, "hog", 4, 32, 0);
    hog_on = 1;
    hog_done(&hog_t, NULL);
    const bt848_stats *st = run(v, q, 1);
    hog_on = 0;
    harness_note("beside the hog, trigger 8: %llu bursts of %u..%u bytes", (unsigned long long)st->bursts,
                 st->burst_min, st->burst_max);
    ASSERT_EQ(st->frames_dropped, 0);
    ASSERT_EQ(st->burst_min, 32);
    ASSERT_TRUE(st->bursts <= 480ull * 40);
    ASSERT_TRUE(pci_master_stats_of(bt848_master(v))->wait_ps > 0);
    ASSERT_TRUE(frame_intact(640, 480, 0, 0));
    teardown(v, q);
}
