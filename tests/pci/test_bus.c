/* PCI bus: tenure timing, disconnects, round robin, latency timer, aborts,
 * hidden arbitration, progress counters, interrupt lines. Expected times are
 * worked out here from the bus parameters, not read back from the model. */
#include "../harness/harness.h"
#include "../../model/pci/bus.h"

#include <string.h>

#define CLK 30000
static const pci_bus_params P = {"test 32b/33", CLK, 4, 2, 1, 5};

typedef struct tt {             /* a test target */
    uint32_t iw, pw, boundary;
    uint8_t mem[8192];
    int refuse;
} tt;

static void tt_plan(void *ctx, const pci_burst *b, pci_plan *out)
{
    tt *t = ctx;
    pci_plan_simple(b, t->iw, t->pw, t->boundary, out);
}

static int tt_access(void *ctx, pci_cmd cmd, uint64_t addr, uint8_t *data, uint32_t len, sim_time tm,
                     char *err, size_t n)
{
    (void)tm;
    tt *t = ctx;
    if (t->refuse) {
        strncpy(err, "test target says no", n);
        return -1;
    }
    uint32_t off = (uint32_t)(addr - 0x10000);
    if (cmd == PCI_WRITE) memcpy(t->mem + off, data, len);
    else memcpy(data, t->mem + off, len);
    return 0;
}

static const pci_target_ops tt_ops = {tt_plan, NULL, tt_access};

typedef struct rec { int order[16]; int n; } rec;
static rec done_log;

static void on_done(pci_txn *x, void *ctx)
{
    (void)x;
    done_log.order[done_log.n++] = (int)(intptr_t)ctx;
}

static pci_txn mk(pci_cmd c, uint64_t a, uint8_t *d, uint32_t len, int id)
{
    pci_txn x;
    memset(&x, 0, sizeof x);
    x.cmd = c;
    x.addr = a;
    x.data = d;
    x.len = len;
    x.on_done = on_done;
    x.ctx = (void *)(intptr_t)id;
    return x;
}

static void setup(evq **q, pci_bus **b, tt *t)
{
    *q = evq_new();
    *b = pci_bus_new(*q, &P, "bus");
    ASSERT_EQ(pci_bus_add_target(*b, 0x10000, 8192, 4, &tt_ops, t, "tt"), 0);
    memset(&done_log, 0, sizeof done_log);
}

TEST(pci_bus, single_burst_timing)
{
    evq *q; pci_bus *b; static tt t = {.iw = 3, .pw = 1};
    setup(&q, &b, &t);
    pci_master *m = pci_master_new(b, "m", 4, 64, 0);
    uint8_t d[64];
    for (int i = 0; i < 64; i++) d[i] = (uint8_t)i;
    pci_txn x = mk(PCI_WRITE, 0x10000, d, 64, 1);
    ASSERT_EQ(pci_submit(m, &x), 0);
    evq_run_until(q, SIM_TIME_NEVER - 1);
    /* arbitration 2 cycles, address 1, first phase 1+3, 15 more phases of 1+1 */
    sim_time t_addr = 2 * CLK;
    ASSERT_EQ(x.t_first, t_addr);
    ASSERT_EQ(x.t_done, t_addr + CLK + 4 * CLK + 15 * 2 * CLK);
    ASSERT_EQ(x.resp, PCI_RESP_OK);
    ASSERT_EQ(x.bursts, 1);
    ASSERT_MEM_EQ(t.mem, d, 64);
    /* the bus is busy from the address cycle through the turnaround */
    ASSERT_EQ(pci_bus_busy_ps(b), x.t_done + CLK - t_addr);
    pci_bus_free(b);
    evq_free(q);
}

TEST(pci_bus, unaligned_start_uses_an_extra_phase)
{
    ASSERT_EQ(pci_phases(0x10002, 4, 4), 2);
    ASSERT_EQ(pci_phases(0x10000, 4, 4), 1);
    ASSERT_EQ(pci_phases(0x10001, 8, 8), 2);
    ASSERT_EQ(pci_phases(0x10000, 64, 8), 8);
    ASSERT_EQ(pci_phase_bytes(0x10002, 1, 4), 2);
    ASSERT_EQ(pci_phase_bytes(0x10002, 3, 4), 10);
}

TEST(pci_bus, target_disconnect_splits_into_tenures_with_hidden_arbitration)
{
    evq *q; pci_bus *b; static tt t = {.iw = 3, .pw = 1, .boundary = 32};
    setup(&q, &b, &t);
    pci_master *m = pci_master_new(b, "m", 4, 64, 0);
    uint8_t d[64] = {0};
    pci_txn x = mk(PCI_WRITE, 0x10000, d, 64, 1);
    pci_submit(m, &x);
    evq_run_until(q, SIM_TIME_NEVER - 1);
    sim_time end1 = 2 * CLK + CLK + 4 * CLK + 7 * 2 * CLK;   /* 8 phases */
    sim_time start2 = end1 + CLK;                             /* after turnaround, no arbitration */
    ASSERT_EQ(x.bursts, 2);
    ASSERT_EQ(x.t_done, start2 + CLK + 4 * CLK + 7 * 2 * CLK);
    ASSERT_EQ(pci_bus_tenures(b), 2);
    pci_bus_free(b);
    evq_free(q);
}

TEST(pci_bus, round_robin_between_masters)
{
    evq *q; pci_bus *b; static tt t = {.iw = 0, .pw = 0};
    setup(&q, &b, &t);
    pci_master *m[3];
    m[0] = pci_master_new(b, "a", 4, 64, 0);
    m[1] = pci_master_new(b, "b", 4, 64, 0);
    m[2] = pci_master_new(b, "c", 4, 64, 0);
    uint8_t d[8] = {0};
    pci_txn x[6];
    for (int i = 0; i < 6; i++) x[i] = mk(PCI_WRITE, 0x10000 + 8 * (uint64_t)i, d, 8, i);
    /* each master queues two transactions at time 0 */
    for (int i = 0; i < 6; i++) pci_submit(m[i % 3], &x[i]);
    evq_run_until(q, SIM_TIME_NEVER - 1);
    int expect[6] = {0, 1, 2, 3, 4, 5};      /* a, b, c, a, b, c */
    ASSERT_EQ(done_log.n, 6);
    for (int i = 0; i < 6; i++) ASSERT_EQ(done_log.order[i], expect[i]);
    /* every tenure: address + 2 phases + turnaround = 4 cycles, back to back */
    for (int i = 0; i < 6; i++) ASSERT_EQ(x[i].t_first, 2 * CLK + (sim_time)i * 4 * CLK);
    pci_bus_free(b);
    evq_free(q);
}

typedef struct late { pci_master *m; pci_txn *x; } late;
static void submit_late(void *arg)
{
    late *l = arg;
    pci_submit(l->m, l->x);
}

static void lt_case(sim_time req_at, uint32_t expect_phases)
{
    evq *q; pci_bus *b; static tt t = {.iw = 0, .pw = 0};
    setup(&q, &b, &t);
    pci_master *a = pci_master_new(b, "a", 4, 8, 0);       /* latency timer 8 cycles */
    pci_master *bm = pci_master_new(b, "b", 4, 64, 0);
    static uint8_t big[4096], small[4];
    pci_txn xa = mk(PCI_WRITE, 0x10000, big, 4096, 1);
    pci_txn xb = mk(PCI_WRITE, 0x11000, small, 4, 2);
    pci_submit(a, &xa);
    late l = {bm, &xb};
    evq_at(q, req_at, submit_late, &l);
    evq_run_until(q, SIM_TIME_NEVER - 1);
    /* a's first burst: address at 2 clk, phase k begins at 3 clk + k clk; it
     * stops after the phase in progress once its timer has expired (at
     * 2+8 clk) and b is waiting */
    sim_time a_end = 3 * CLK + (sim_time)expect_phases * CLK;
    sim_time b_addr = a_end + CLK;
    ASSERT_EQ(xb.t_first, b_addr);
    ASSERT_EQ(xb.t_done, b_addr + 2 * CLK);
    ASSERT_EQ(pci_master_stats_of(a)->preempted, 1);
    /* a resumes after b (turnaround, hidden arbitration) and finishes */
    ASSERT_EQ(xa.resp, PCI_RESP_OK);
    uint32_t left = 4096 - 4 * expect_phases;
    ASSERT_EQ(xa.t_done, xb.t_done + CLK + CLK + (sim_time)(left / 4) * CLK);
    ASSERT_EQ(xa.bursts, 2);
    pci_bus_free(b);
    evq_free(q);
}

TEST(pci_bus, latency_timer_preempts_after_expiry)
{
    /* b asks at 1 us, long after a's timer expired: a stops after the phase
     * that began before 1 us: phases begin at 90 ns + k*30 ns -> k <= 30 */
    lt_case(1000000, 31);
}

TEST(pci_bus, latency_timer_protects_the_owner_until_expiry)
{
    /* b asks at 150 ns, before the timer expires at 300 ns: a keeps the bus
     * for the phases beginning before 300 ns: k = 0..6 */
    lt_case(150000, 7);
}

TEST(pci_bus, waiting_master_limits_the_next_burst_at_its_start)
{
    evq *q; pci_bus *b; static tt t = {.iw = 0, .pw = 0};
    setup(&q, &b, &t);
    pci_master *a = pci_master_new(b, "a", 4, 8, 0);
    pci_master *c = pci_master_new(b, "c", 4, 64, 0);
    static uint8_t big[512], small[4];
    pci_txn xa = mk(PCI_WRITE, 0x10000, big, 512, 1);
    pci_txn xc = mk(PCI_WRITE, 0x11000, small, 4, 2);
    pci_submit(c, &xc);
    pci_submit(a, &xa);
    evq_run_until(q, SIM_TIME_NEVER - 1);
    /* both wait at the first arbitration; round robin starts with a, and
     * since c waits, a's timer (8 cycles from its address cycle at 2 clk)
     * ends its burst after the phases beginning before 10 clk: 7 phases */
    ASSERT_EQ(xa.t_first, 2 * CLK);
    ASSERT_EQ(xc.t_first, 10 * CLK + CLK);
    ASSERT_EQ(xc.t_done, 13 * CLK);
    ASSERT_EQ(xa.bursts, 2);
    ASSERT_EQ(xa.t_done, 14 * CLK + CLK + (512 - 28) / 4 * CLK);
    /* a latency-timer limit at the start of a tenure is not a preemption */
    ASSERT_EQ(pci_master_stats_of(a)->preempted, 0);
    pci_bus_free(b);
    evq_free(q);
}

TEST(pci_bus, master_abort_reports_and_completes)
{
    evq *q; pci_bus *b; static tt t;
    setup(&q, &b, &t);
    pci_master *m = pci_master_new(b, "dma", 4, 64, 0);
    uint8_t d[16] = {0};
    pci_txn x = mk(PCI_READ, 0x90000000u, d, 16, 1);
    pci_submit(m, &x);
    evq_run_until(q, SIM_TIME_NEVER - 1);
    ASSERT_EQ(x.resp, PCI_RESP_ADDRESS_ERROR);
    ASSERT_EQ(done_log.n, 1);
    ASSERT_EQ(pci_bus_faults(b), 1);
    const char *f = pci_bus_fault_text(b);
    harness_note("%s", f);
    ASSERT_TRUE(strstr(f, "master abort") && strstr(f, "0x90000000") && strstr(f, "dma"));
    /* address cycle + DEVSEL timeout */
    ASSERT_EQ(x.t_done, 2 * CLK + CLK + 5 * CLK);
    pci_bus_free(b);
    evq_free(q);
}

TEST(pci_bus, target_abort_carries_the_targets_reason)
{
    evq *q; pci_bus *b; static tt t;
    setup(&q, &b, &t);
    t.refuse = 1;
    pci_master *m = pci_master_new(b, "cpu", 4, 64, 0);
    uint8_t d[4] = {0};
    pci_txn x = mk(PCI_WRITE, 0x10010, d, 4, 1);
    pci_submit(m, &x);
    evq_run_until(q, SIM_TIME_NEVER - 1);
    ASSERT_EQ(x.resp, PCI_RESP_TARGET_ABORT);
    ASSERT_TRUE(strstr(pci_bus_fault_text(b), "test target says no") != NULL);
    t.refuse = 0;
    pci_bus_free(b);
    evq_free(q);
}

TEST(pci_bus, overlapping_targets_and_bad_transactions_are_refused)
{
    evq *q; pci_bus *b; static tt t;
    setup(&q, &b, &t);
    ASSERT_EQ(pci_bus_add_target(b, 0x11000, 16, 4, &tt_ops, &t, "overlap"), -1);
    pci_master *m = pci_master_new(b, "m", 4, 64, 0);
    pci_txn x = mk(PCI_WRITE, 0x10000, NULL, 4, 1);
    ASSERT_EQ(pci_submit(m, &x), -1);
    uint8_t d[4];
    x = mk(PCI_WRITE, 0x10000, d, 0, 1);
    ASSERT_EQ(pci_submit(m, &x), -1);
    ASSERT_TRUE(pci_bus_decodes(b, 0x10000));
    ASSERT_TRUE(!pci_bus_decodes(b, 0x12000));
    pci_bus_free(b);
    evq_free(q);
}

TEST(pci_bus, progress_counts_the_burst_in_flight)
{
    evq *q; pci_bus *b; static tt t = {.iw = 0, .pw = 0};
    setup(&q, &b, &t);
    pci_master *m = pci_master_new(b, "m", 4, 64, 0);
    static uint8_t d[400];
    pci_txn x = mk(PCI_READ, 0x10000, d, 400, 1);
    pci_submit(m, &x);
    /* run up to the start of the burst: address at 60 ns, data 90..3090 ns */
    evq_run_until(q, 2 * CLK);
    ASSERT_EQ(pci_txn_progress(&x, 90000), 0);
    ASSERT_EQ(pci_txn_progress(&x, 90000 + 50 * CLK), 200);
    ASSERT_EQ(pci_txn_progress(&x, 90000 + 100 * CLK), 400);
    evq_run_until(q, SIM_TIME_NEVER - 1);
    ASSERT_EQ(pci_txn_progress(&x, 0), 400);
    pci_bus_free(b);
    evq_free(q);
}

static int irq_seen[8], nirq;
static void irq_cb(void *ctx, int level, sim_time tm)
{
    (void)ctx;
    (void)tm;
    irq_seen[nirq++] = level;
}

TEST(pci_bus, interrupt_lines_are_ored)
{
    evq *q = evq_new();
    pci_bus *b = pci_bus_new(q, &P, "bus");
    nirq = 0;
    pci_bus_set_irq_handler(b, irq_cb, NULL);
    int l1 = pci_bus_irq_line_new(b), l2 = pci_bus_irq_line_new(b);
    pci_bus_irq_set(b, l1, 1);
    pci_bus_irq_set(b, l2, 1);     /* no edge: already high */
    pci_bus_irq_set(b, l1, 0);     /* still high through l2 */
    ASSERT_EQ(pci_bus_irq_level(b), 1);
    pci_bus_irq_set(b, l2, 0);
    ASSERT_EQ(pci_bus_irq_level(b), 0);
    ASSERT_EQ(nirq, 2);
    ASSERT_EQ(irq_seen[0], 1);
    ASSERT_EQ(irq_seen[1], 0);
    pci_bus_free(b);
    evq_free(q);
}
