/* Host bridge: PIO posting and merging, room, read-after-write ordering;
 * DMA write buffer pacing and read prefetch, against hand-worked times. */
#include "../harness/harness.h"
#include "../../model/pci/bridge.h"

#include <stdlib.h>
#include <string.h>

#define CLK 30000

static pci_chipset cs = {
    .name = "test", .desc = "test chipset",
    .bus = {"32b/33", CLK, 4, 2, 1, 5},
    .br = {.post_bytes = 64, .uc_merge = 32, .wc_merge = 64, .pio_gap = 0, .latency_timer = 32,
           .pio_rd_host_ps = 0,
           .wr_wait = 0, .wr_buf = 0, .wr_drain_Bps = 0, .wr_boundary = 0,
           .rd_miss_wait = 10, .rd_hit_wait = 2, .rd_boundary = 0, .rd_Bps = 0},
};

/* host memory stub */
static uint8_t ram[16384];
static int ram_rd(void *c, uint64_t pa, uint8_t *b, uint32_t n, char *e, size_t el)
{
    (void)c; (void)e; (void)el;
    memcpy(b, ram + pa, n);
    return 0;
}
static int ram_wr(void *c, uint64_t pa, const uint8_t *b, uint32_t n, char *e, size_t el)
{
    (void)c; (void)e; (void)el;
    memcpy(ram + pa, b, n);
    return 0;
}

/* a device target counting tenures */
static uint8_t dev[4096];
static int dev_tenures;
static void dev_plan(void *c, const pci_burst *b, pci_plan *o)
{
    (void)c;
    pci_plan_simple(b, 0, 0, 0, o);
}
static int dev_acc(void *c, pci_cmd cmd, uint64_t a, uint8_t *d, uint32_t n, sim_time t, char *e, size_t el)
{
    (void)c; (void)t; (void)e; (void)el;
    dev_tenures++;
    if (cmd == PCI_WRITE) memcpy(dev + (a - 0x80000000u), d, n);
    else memcpy(d, dev + (a - 0x80000000u), n);
    return 0;
}
static const pci_target_ops dev_ops = {dev_plan, NULL, dev_acc};

typedef struct rig { evq *q; pci_bus *b; pci_bridge *br; } rig;

static void rig_open(rig *r, const pci_chipset *c)
{
    r->q = evq_new();
    r->b = pci_bus_new(r->q, &c->bus, "bus");
    pci_mem_port mp = {NULL, 0, sizeof ram, ram_rd, ram_wr};
    r->br = pci_bridge_new(r->b, c, &mp);
    ASSERT_TRUE(r->br != NULL);
    ASSERT_EQ(pci_bus_add_target(r->b, 0x80000000u, 4096, 4, &dev_ops, NULL, "dev"), 0);
    dev_tenures = 0;
}

static void rig_close(rig *r)
{
    pci_bridge_free(r->br);
    pci_bus_free(r->b);
    evq_free(r->q);
}

TEST(pci_bridge, uncached_stores_merge_up_to_the_limit_wc_further)
{
    rig r;
    rig_open(&r, &cs);
    uint8_t d[64];
    for (int i = 0; i < 64; i++) d[i] = (uint8_t)(i + 1);
    ASSERT_EQ(pci_bridge_post(r.br, 0x80000000u, d, 64, PIO_UC), 0);
    evq_run_until(r.q, SIM_TIME_NEVER - 1);
    ASSERT_EQ(dev_tenures, 2);                      /* 2 x 32 bytes */
    ASSERT_MEM_EQ(dev, d, 64);
    dev_tenures = 0;
    ASSERT_EQ(pci_bridge_post(r.br, 0x80000100u, d, 64, PIO_WC), 0);
    evq_run_until(r.q, SIM_TIME_NEVER - 1);
    ASSERT_EQ(dev_tenures, 1);                      /* one 64-byte burst */
    ASSERT_MEM_EQ(dev + 0x100, d, 64);
    rig_close(&r);
}

TEST(pci_bridge, consecutive_posts_merge_only_before_the_bus_takes_them)
{
    rig r;
    rig_open(&r, &cs);
    uint8_t d[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    pci_bridge_post(r.br, 0x80000000u, d, 8, PIO_UC);
    pci_bridge_post(r.br, 0x80000008u, d, 8, PIO_UC);     /* same time: merges */
    pci_bridge_post(r.br, 0x80000020u, d, 8, PIO_UC);     /* not contiguous: new entry */
    pci_bridge_post(r.br, 0x80000028u, d, 8, PIO_WC);     /* other kind: new entry */
    evq_run_until(r.q, SIM_TIME_NEVER - 1);
    ASSERT_EQ(dev_tenures, 3);
    /* once the first entry is on the bus, a continuation is a new burst */
    dev_tenures = 0;
    pci_bridge_post(r.br, 0x80000100u, d, 8, PIO_UC);
    evq_run_until(r.q, evq_now(r.q) + 2 * CLK);            /* its address cycle has begun */
    pci_bridge_post(r.br, 0x80000108u, d, 8, PIO_UC);
    evq_run_until(r.q, SIM_TIME_NEVER - 1);
    ASSERT_EQ(dev_tenures, 2);
    rig_close(&r);
}

static int room_calls;
static void on_room(void *c) { (void)c; room_calls++; }

TEST(pci_bridge, posting_buffer_fills_and_frees)
{
    rig r;
    rig_open(&r, &cs);
    uint8_t d[64] = {0};
    ASSERT_EQ(pci_bridge_room(r.br), 64);
    ASSERT_EQ(pci_bridge_post(r.br, 0x80000000u, d, 48, PIO_UC), 0);
    ASSERT_EQ(pci_bridge_room(r.br), 16);
    ASSERT_EQ(pci_bridge_post(r.br, 0x80000040u, d, 32, PIO_UC), -1);
    room_calls = 0;
    pci_bridge_on_room(r.br, on_room, NULL);
    evq_run_until(r.q, SIM_TIME_NEVER - 1);
    ASSERT_EQ(room_calls, 1);                              /* one-shot */
    ASSERT_EQ(pci_bridge_room(r.br), 64);
    ASSERT_TRUE(pci_bridge_drained(r.br));
    rig_close(&r);
}

static sim_time rd_at;
static pci_resp rd_resp;
static void rd_done(void *c, pci_resp resp)
{
    rd_at = evq_now((evq *)c);
    rd_resp = resp;
}

TEST(pci_bridge, reads_do_not_pass_posted_writes)
{
    rig r;
    rig_open(&r, &cs);
    memset(dev, 0, sizeof dev);
    uint8_t d[32];
    for (int i = 0; i < 32; i++) d[i] = (uint8_t)(0xA0 + i);
    pci_bridge_post(r.br, 0x80000000u, d, 32, PIO_WC);
    uint8_t got[4];
    ASSERT_EQ(pci_bridge_read(r.br, 0x8000001Cu, got, 4, rd_done, r.q), 0);
    evq_run_until(r.q, SIM_TIME_NEVER - 1);
    ASSERT_EQ(rd_resp, PCI_RESP_OK);
    ASSERT_MEM_EQ(got, d + 28, 4);
    /* write: address at 2 clk, 8 phases -> ends 11 clk; read: address at 12 clk
     * (turnaround, hidden arbitration), 1 phase -> 14 clk */
    ASSERT_EQ(rd_at, 14 * CLK);
    rig_close(&r);
}

/* a DMA master on the bridge's bus */
static pci_txn dma(uint64_t a, uint32_t n, pci_cmd c)
{
    pci_txn x;
    memset(&x, 0, sizeof x);
    x.cmd = c;
    x.addr = a;
    x.data = dev;
    x.len = n;
    return x;
}

TEST(pci_bridge, dma_writes_are_paced_by_the_drain_once_the_buffer_is_full)
{
    pci_chipset c = cs;
    c.br.wr_buf = 256;
    c.br.wr_drain_Bps = 4e12 / CLK / 2;      /* half the bus rate: 66.7 MB/s */
    rig r;
    rig_open(&r, &c);
    pci_master *m = pci_master_new(r.b, "dma", 4, 64, 0);
    pci_txn x = dma(0x1000, 4096, PCI_WRITE);
    pci_submit(m, &x);
    evq_run_until(r.q, SIM_TIME_NEVER - 1);
    /* each bus phase adds 4 bytes and drains 2: the 256-byte buffer is full
     * after 128 phases (512 bytes); the other 3584 bytes go at the drain
     * rate */
    double expect = 128.0 * CLK + 3584.0 / (c.br.wr_drain_Bps * 1e-12);
    double got = (double)(x.t_done - (x.t_first + CLK));
    harness_note("data phases took %.0f ps, expected %.0f", got, expect);
    ASSERT_TRUE(got > expect * 0.995 && got < expect * 1.005 + CLK);
    ASSERT_EQ(x.bursts, 1);
    /* without the limit the bus rate rules */
    rig_close(&r);
    rig_open(&r, &cs);
    m = pci_master_new(r.b, "dma", 4, 64, 0);
    x = dma(0x1000, 4096, PCI_WRITE);
    pci_submit(m, &x);
    evq_run_until(r.q, SIM_TIME_NEVER - 1);
    ASSERT_EQ(x.t_done - (x.t_first + CLK), 1024 * CLK);
    rig_close(&r);
}

TEST(pci_bridge, dma_reads_continuing_a_stream_start_sooner)
{
    pci_chipset c = cs;
    c.br.rd_boundary = 64;
    rig r;
    rig_open(&r, &c);
    pci_master *m = pci_master_new(r.b, "dma", 4, 64, 0);
    for (int i = 0; i < 256; i++) ram[0x2000 + i] = (uint8_t)i;
    pci_txn x = dma(0x2000, 256, PCI_READ);
    pci_submit(m, &x);
    evq_run_until(r.q, SIM_TIME_NEVER - 1);
    ASSERT_EQ(x.bursts, 4);                          /* disconnect every 64 bytes */
    ASSERT_MEM_EQ(dev, ram + 0x2000, 256);
    /* burst 1 misses (10 wait states), bursts 2-4 continue it (2):
     * each: address 1 + (1 + w) + 15 phases + turnaround 1 */
    sim_time expect = 2 * CLK + (1 + 11 + 15) * CLK + 3 * (1 + (1 + 2 + 15) + 1) * CLK;
    ASSERT_EQ(x.t_done, expect);
    /* a read somewhere else misses again */
    sim_time t0 = evq_now(r.q);
    x = dma(0x3000, 64, PCI_READ);
    pci_submit(m, &x);
    evq_run_until(r.q, SIM_TIME_NEVER - 1);
    ASSERT_EQ(x.t_done - x.t_first, (1 + 11 + 15) * CLK);
    ASSERT_TRUE(x.t_first >= t0);
    rig_close(&r);
}

/* The bridge passes runs of steady data phases (full, one clock each, the
 * write buffer staying empty) in one step; MYRISIM_SLOW_PATHS=1 plans every
 * phase one by one. Two DMA masters contend (latency timer stops), with
 * random addresses and lengths, on every chipset and on variants whose
 * write buffer fills or whose reads are paced by memory: the same times. */
#define NX 60
typedef struct { sim_time first, done; uint32_t bursts; } dma_rec;

static void run_dma_mix(const pci_chipset *c, uint32_t seed, dma_rec *out)
{
    rig r;
    rig_open(&r, c);
    pci_master *m[2] = {pci_master_new(r.b, "dma0", c->bus.width, 16, 0),
                        pci_master_new(r.b, "dma1", c->bus.width, 64, 512)};
    static pci_txn x[NX];
    uint32_t s = seed;
    for (int i = 0; i < NX; i++) {
        s = s * 1103515245u + 12345u;
        uint32_t len = 1 + (s >> 8) % 4096;
        s = s * 1103515245u + 12345u;
        uint64_t a = (s >> 8) % (sizeof ram - len);
        x[i] = dma(a, len, (s >> 3) & 1 ? PCI_WRITE : PCI_READ);
        ASSERT_EQ(pci_submit(m[i & 1], &x[i]), 0);
    }
    evq_run_until(r.q, SIM_TIME_NEVER - 1);
    for (int i = 0; i < NX; i++) {
        ASSERT_EQ(x[i].done, x[i].len);
        out[i] = (dma_rec){x[i].t_first, x[i].t_done, x[i].bursts};
    }
    rig_close(&r);
}

TEST(pci_bridge, steady_phases_in_one_step_give_the_phase_by_phase_times)
{
    const pci_chipset *base[] = {&chipset_ppro200, &chipset_p3_550, &chipset_i860_ich2, &chipset_i860_p64h,
                                 &chipset_440fx};
    for (int b = 0; b < 5; b++) {
        for (int v = 0; v < 4; v++) {
            pci_chipset c = *base[b];
            if (v == 1) c.br.wr_drain_Bps = 2.0 * c.bus.width / (c.bus.clock_ps * 1e-12);   /* drains faster */
            if (v == 2) c.br.rd_Bps = 0.5 * c.bus.width / (c.bus.clock_ps * 1e-12);         /* reads paced */
            if (v == 3) {
                c.br.wr_buf = 0;                                                          /* no write limit */
                c.br.rd_Bps = 3.0 * c.bus.width / (c.bus.clock_ps * 1e-12);             /* pacing below the bus */
            }
            dma_rec fast[NX], slow[NX];
            run_dma_mix(&c, 1000u + 7u * (uint32_t)b + (uint32_t)v, fast);
            setenv("MYRISIM_SLOW_PATHS", "1", 1);
            run_dma_mix(&c, 1000u + 7u * (uint32_t)b + (uint32_t)v, slow);
            unsetenv("MYRISIM_SLOW_PATHS");
            for (int i = 0; i < NX; i++) {
                ASSERT_EQ(fast[i].first, slow[i].first);
                ASSERT_EQ(fast[i].done, slow[i].done);
                ASSERT_EQ(fast[i].bursts, slow[i].bursts);
            }
        }
    }
}
