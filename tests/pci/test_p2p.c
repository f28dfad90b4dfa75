/* PCI-to-PCI bridge (model/pci/p2p.c): upstream posted writes reach host
 * memory and peers intact and cost throughput against the same DMA on one
 * bus; a full set of buffers holds bursts off; downstream accesses through
 * the window; unclaimed addresses fault on the primary bus naming the
 * bridge; the secondary interrupt line reaches the primary bus. */
#include "../harness/harness.h"
#include "../../model/pci/p2p.h"

#include <string.h>

#define CLK 30000
#define RAM_SIZE 0x20000u
#define PEER 0x90000000u
#define DEV 0x80000000u

static const pci_bus_params bp = {"32b/33", CLK, 4, 2, 1, 5};

/* memory on the primary bus (one wait state, as a host bridge) and a peer */
static uint8_t ram[RAM_SIZE], peer[4096], dev[4096];
static void one_wait(void *c, const pci_burst *b, pci_plan *o)
{
    (void)c;
    pci_plan_simple(b, 1, 0, 0, o);
}
static int mem_acc(void *c, pci_cmd cmd, uint64_t a, uint8_t *d, uint32_t n, sim_time t, char *e, size_t el)
{
    (void)t; (void)e; (void)el;
    uint8_t *m = c == ram ? ram : c == peer ? peer : dev;
    uint64_t base = c == ram ? 0 : c == peer ? PEER : DEV;
    if (cmd == PCI_WRITE) memcpy(m + (a - base), d, n);
    else memcpy(d, m + (a - base), n);
    return 0;
}
static const pci_target_ops mem_ops = {one_wait, NULL, mem_acc};

typedef struct rig {
    evq *q;
    pci_bus *pri;
    pci_p2p *br;
    pci_master *dma;           /* on the secondary bus */
    pci_master *cpu;           /* on the primary bus */
} rig;

static void rig_open(rig *r)
{
    char err[256];
    r->q = evq_new();
    r->pri = pci_bus_new(r->q, &bp, "primary");
    ASSERT_EQ(pci_bus_add_target(r->pri, 0, RAM_SIZE, 4, &mem_ops, ram, "ram"), 0);
    ASSERT_EQ(pci_bus_add_target(r->pri, PEER, sizeof peer, 4, &mem_ops, peer, "peer"), 0);
    r->br = pci_p2p_new(r->pri, &p2p_rc1000, "rc1000.0 bridge", err, sizeof err);
    ASSERT_TRUE(r->br != NULL);
    pci_bus *sec = pci_p2p_secondary(r->br);
    ASSERT_EQ(pci_bus_add_target(sec, DEV, sizeof dev, 4, &mem_ops, dev, "pmc"), 0);
    ASSERT_EQ(pci_p2p_open_window(r->br, DEV, sizeof dev, err, sizeof err), 0);
    r->dma = pci_master_new(sec, "pmc dma", 4, 32, 0);
    r->cpu = pci_master_new(r->pri, "cpu", 4, 32, 0);
}

static void rig_close(rig *r)
{
    pci_bus_free(r->pri);
    pci_p2p_free(r->br);
    evq_free(r->q);
}

static pci_txn txn(pci_cmd c, uint64_t a, uint8_t *d, uint32_t n) { return (pci_txn){.cmd = c, .addr = a, .data = d, .len = n}; }

static uint8_t src[65536];

/* Time of a 64 KB DMA write into address 0x1000 of primary memory, from
 * the secondary bus through the bridge (via = 1) or on the primary bus. */
static sim_time dma_time(int via, rig *r)
{
    for (size_t i = 0; i < sizeof src; i++) src[i] = (uint8_t)(i * 7 + 3);
    memset(ram, 0, sizeof ram);
    pci_txn t = txn(PCI_WRITE, 0x1000, src, sizeof src);
    pci_master *m = via ? r->dma : pci_master_new(r->pri, "slot dma", 4, 32, 0);
    ASSERT_EQ(pci_submit(m, &t), 0);
    evq_run_until(r->q, SIM_TIME_NEVER - 1);
    ASSERT_EQ(t.resp, PCI_RESP_OK);
    ASSERT_MEM_EQ(ram + 0x1000, src, sizeof src);
    return t.t_done;
}

TEST(pci_p2p, posted_upstream_writes_arrive_intact_and_cost_throughput)
{
    rig r;
    rig_open(&r);
    sim_time via = dma_time(1, &r);
    const pci_p2p_stats *st = pci_p2p_stats_of(r.br);
    ASSERT_EQ(st->up_bytes, 65536);
    ASSERT_EQ(st->up_bursts, 65536 / p2p_rc1000.post_buf_bytes);
    ASSERT_TRUE(st->held_bursts > 0);              /* the primary side paces the secondary one */
    rig_close(&r);
    rig_open(&r);
    sim_time direct = dma_time(0, &r);
    rig_close(&r);
    /* the bridge costs bandwidth, but the two buses work in parallel: less
     * than twice the time of the direct DMA */
    ASSERT_TRUE(via > direct);
    ASSERT_TRUE(via < 2 * direct);
}

TEST(pci_p2p, peer_to_peer_write_and_read_reach_a_device_on_the_primary_bus)
{
    rig r;
    rig_open(&r);
    uint8_t d[256], back[256];
    for (int i = 0; i < 256; i++) d[i] = (uint8_t)(255 - i);
    pci_txn w = txn(PCI_WRITE, PEER + 64, d, sizeof d), rd = txn(PCI_READ, PEER + 64, back, sizeof back);
    pci_submit(r.dma, &w);
    pci_submit(r.dma, &rd);
    evq_run_until(r.q, SIM_TIME_NEVER - 1);
    ASSERT_EQ(w.resp, PCI_RESP_OK);
    ASSERT_EQ(rd.resp, PCI_RESP_OK);
    ASSERT_MEM_EQ(peer + 64, d, sizeof d);
    ASSERT_MEM_EQ(back, d, sizeof d);               /* the read did not pass the posted writes */
    ASSERT_EQ(pci_p2p_stats_of(r.br)->fwd_bytes, 256);
    rig_close(&r);
}

TEST(pci_p2p, downstream_access_through_the_window_pays_the_forwarding_wait)
{
    rig r;
    rig_open(&r);
    uint8_t d[16] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16}, back[16];
    pci_txn w = txn(PCI_WRITE, DEV + 32, d, 16);
    pci_submit(r.cpu, &w);
    evq_run_until(r.q, SIM_TIME_NEVER - 1);
    ASSERT_EQ(w.resp, PCI_RESP_OK);
    ASSERT_MEM_EQ(dev + 32, d, 16);
    /* arbitration 2, address 1, forwarding wait, 4 data phases */
    ASSERT_EQ(w.t_done - w.t_issue, (sim_time)(2 + 1 + p2p_rc1000.fwd_wait + 4) * CLK);
    pci_txn rd = txn(PCI_READ, DEV + 32, back, 16);
    pci_submit(r.cpu, &rd);
    evq_run_until(r.q, SIM_TIME_NEVER - 1);
    ASSERT_MEM_EQ(back, d, 16);
    rig_close(&r);
}

TEST(pci_p2p, unclaimed_addresses_fault_naming_the_bridge)
{
    rig r;
    rig_open(&r);
    uint8_t d[8] = {0};
    pci_txn w = txn(PCI_WRITE, 0xA0000000u, d, 8);   /* nothing upstream decodes it */
    pci_submit(r.dma, &w);
    evq_run_until(r.q, SIM_TIME_NEVER - 1);
    ASSERT_EQ(w.resp, PCI_RESP_TARGET_ABORT);
    ASSERT_EQ(pci_bus_faults(r.pri), 1);           /* the secondary bus's fault reaches the primary one */
    ASSERT_TRUE(strstr(pci_bus_fault_text(r.pri), "rc1000.0 bridge: nothing on primary decodes 0xa0000000") != NULL);
    pci_txn x = txn(PCI_READ, DEV + sizeof dev, d, 4);   /* past the window: nobody on the primary bus */
    pci_submit(r.cpu, &x);
    evq_run_until(r.q, SIM_TIME_NEVER - 1);
    ASSERT_EQ(x.resp, PCI_RESP_ADDRESS_ERROR);
    char err[256];
    ASSERT_EQ(pci_p2p_open_window(r.br, DEV, 16, err, sizeof err), -1);
    ASSERT_TRUE(strstr(err, "opened twice") != NULL);
    rig_close(&r);
}

static int irq_level;
static void on_irq(void *c, int level, sim_time t)
{
    (void)c; (void)t;
    irq_level = level;
}

TEST(pci_p2p, the_secondary_interrupt_line_reaches_the_primary_bus)
{
    rig r;
    rig_open(&r);
    pci_bus_set_irq_handler(r.pri, on_irq, NULL);
    pci_bus *sec = pci_p2p_secondary(r.br);
    int line = pci_bus_irq_line_new(sec);
    irq_level = 0;
    pci_bus_irq_set(sec, line, 1);
    ASSERT_EQ(irq_level, 1);
    ASSERT_EQ(pci_bus_irq_level(r.pri), 1);
    pci_bus_irq_set(sec, line, 0);
    ASSERT_EQ(irq_level, 0);
    rig_close(&r);
}
