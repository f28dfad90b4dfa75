/* The RC-1000 on a P3-550's PCI bus (model/rc1000/pci.c): host PIO to the
 * request, grant and control registers, the PLX-9080-style chained DMA
 * between host memory and the banks, and PCI-side accesses refused without
 * the CPLD's grant. */
#include "../harness/harness.h"
#include "../../model/host/host.h"
#include "../../model/host/host_profile.h"
#include "../../model/host/hostmem.h"
#include "../../model/rc1000/pci.h"
#include "../../model/rc1000/rc1000_map.h"

#include <stdio.h>
#include <string.h>

#define BAR 0x80000000ull

typedef struct {
    evq *q;
    host *h;
    rc1000 *c;
    rc1000_pci *rp;
    hm_space *k;
} rig;

static void rig_open(rig *r)
{
    char err[256];
    memset(r, 0, sizeof *r);
    r->q = evq_new();
    r->h = host_new(r->q, host_profile_get("p3-550"), 1, err, sizeof err);
    ASSERT_TRUE(r->h != NULL);
    rc1000_params p = rc1000_default_params;
    p.config_ps = p.reset_ps = 0;
    r->c = rc1000_new(r->q, &p, err, sizeof err);
    r->rp = rc1000_pci_attach(r->c, host_bus(r->h, 0), BAR, NULL, err, sizeof err);
    ASSERT_TRUE(r->rp != NULL);
    uint32_t *b0 = rc1000_bank(r->c, 0);
    b0[RC_CTL_PAGE] = b0[RC_CTL_PAGE + 1] = RC_PAGE_NONE;
    rc1000_configure(r->c);
    r->k = hm_space_new(host_mem(r->h), "kernel");
}

static void rig_close(rig *r)
{
    hm_space_free(r->k);
    rc1000_pci_free(r->rp);
    rc1000_free(r->c);
    host_free(r->h);
    evq_free(r->q);
}

static void flag(void *ctx, int st) { *(int *)ctx = st == 0 ? 1 : -1; }

static int wait_flag(rig *r, int *f)
{
    while (!*f && evq_pending(r->q)) evq_step(r->q);
    return *f;
}

static int reg_w(rig *r, uint32_t reg, uint32_t v)
{
    int f = 0;
    if (host_pio_write(r->h, 0, BAR + RC_BAR_REGS + reg, &v, 4, HPIO_PLAIN, flag, &f)) return -1;
    return wait_flag(r, &f) == 1 ? 0 : -1;
}

static uint32_t reg_r(rig *r, uint32_t reg)
{
    int f = 0;
    uint32_t v = 0;
    ASSERT_EQ(host_pio_read(r->h, 0, BAR + RC_BAR_REGS + reg, &v, 4, flag, &f), 0);
    ASSERT_EQ(wait_flag(r, &f), 1);
    return v;
}

/* The host's acquire (section 6.3.6): write the request register, poll the grant. */
static sim_time acquire(rig *r, uint8_t banks)
{
    sim_time t0 = evq_now(r->q);
    ASSERT_EQ(reg_w(r, RC_REG_REQ, banks), 0);
    while ((reg_r(r, RC_REG_GRANT) & banks) != banks) {}
    return evq_now(r->q) - t0;
}

TEST(rc1000, host_chained_dma_to_a_bank_and_back)
{
    rig r;
    rig_open(&r);
    uint64_t pa_src, pa_dst, pa_desc;
    uint8_t *src = hm_alloc_contig(r.k, 4096, &pa_src);
    uint8_t *dst = hm_alloc_contig(r.k, 4096, &pa_dst);
    uint32_t *d = hm_alloc_contig(r.k, 64, &pa_desc);
    ASSERT_TRUE(src && dst && d);
    for (int i = 0; i < 4096; i++) src[i] = (uint8_t)(i * 13 + 1);
    sim_time t_acq = acquire(&r, 0x8);
    const uint32_t la = (3u << 21) + 0x40;
    /* descriptor 0: host -> bank 3; descriptor 1: bank 3 -> host, end of chain */
    d[0] = (uint32_t)pa_src; d[1] = la; d[2] = 4096; d[3] = (uint32_t)(pa_desc + 16);
    d[4] = (uint32_t)pa_dst; d[5] = la; d[6] = 4096; d[7] = RC_DPR_EOC | RC_DPR_TO_PCI;
    ASSERT_EQ(reg_w(&r, RC_REG_DMAMODE, RC_DMAMODE_CHAIN), 0);
    ASSERT_EQ(reg_w(&r, RC_REG_DMADPR, (uint32_t)pa_desc), 0);
    sim_time t0 = evq_now(r.q);
    ASSERT_EQ(reg_w(&r, RC_REG_DMACSR, RC_CSR_ENABLE | RC_CSR_START), 0);
    sim_time t_first = 0;
    while (!(reg_r(&r, RC_REG_DMACSR) & RC_CSR_DONE) && evq_now(r.q) < t0 + SIM_US(1000))
        if (!t_first && rc1000_pci_dma_descs(r.rp) == 1) t_first = evq_now(r.q);
    ASSERT_TRUE(rc1000_error(r.c) == NULL);
    ASSERT_EQ(rc1000_pci_dma_descs(r.rp), 2);
    ASSERT_EQ(rc1000_pci_dma_bytes(r.rp), 8192);
    ASSERT_MEM_EQ(dst, src, 4096);
    ASSERT_EQ(rc1000_bank(r.c, 3)[0x10], (uint32_t)src[0] | (uint32_t)src[1] << 8 |
                                             (uint32_t)src[2] << 16 | (uint32_t)src[3] << 24);
    char b1[32], b2[32], b3[32];
    harness_note("acquire bank 3 by host PIO %s; 4 KB host->card DMA done %s after start, "
                 "chain of two %s (polled)",
                 sim_time_us(t_acq, b1, sizeof b1), sim_time_us(t_first - t0, b2, sizeof b2),
                 sim_time_us(evq_now(r.q) - t0, b3, sizeof b3));
    rig_close(&r);
}

TEST(rc1000, dma_into_a_bank_not_granted_is_an_error_naming_the_card)
{
    rig r;
    rig_open(&r);
    uint64_t pa;
    uint8_t *src = hm_alloc_contig(r.k, 256, &pa);
    ASSERT_TRUE(src != NULL);
    acquire(&r, 0x8);                          /* bank 3, but the DMA targets bank 2 */
    ASSERT_EQ(reg_w(&r, RC_REG_DMAMODE, 0), 0);
    ASSERT_EQ(reg_w(&r, RC_REG_DMAPADR, (uint32_t)pa), 0);
    ASSERT_EQ(reg_w(&r, RC_REG_DMALADR, 2u << 21), 0);
    ASSERT_EQ(reg_w(&r, RC_REG_DMASIZ, 256), 0);
    ASSERT_EQ(reg_w(&r, RC_REG_DMADPR, 0), 0);
    ASSERT_EQ(reg_w(&r, RC_REG_DMACSR, RC_CSR_ENABLE | RC_CSR_START), 0);
    for (int i = 0; i < 2000 && !rc1000_error(r.c); i++) evq_step(r.q);
    const char *e = rc1000_error(r.c);
    ASSERT_TRUE(e != NULL);
    harness_note("%s", e);
    ASSERT_TRUE(strstr(e, "rc1000.0: a PCI-side write of bank 2 word 0x00000 without its grant") != NULL);
    rig_close(&r);
}

TEST(rc1000, pio_to_sram_without_grant_is_a_target_abort)
{
    rig r;
    rig_open(&r);
    uint32_t v = 0x1234;
    int f = 0;
    host_pio_write(r.h, 0, BAR + (1u << 21), &v, 4, HPIO_PLAIN, flag, &f);
    for (int i = 0; i < 1000 && !rc1000_error(r.c); i++) evq_step(r.q);
    ASSERT_TRUE(rc1000_error(r.c) && strstr(rc1000_error(r.c), "write of bank 1"));
    ASSERT_EQ(rc1000_bank(r.c, 1)[0], 0);
    rig_close(&r);
}

/* The PLX 9080's Direct Slave write FIFO (pci_profile.c): the host's
 * write-combined bursts fill it faster than the local bus empties it, so a
 * 4 KB PIO is paced by the local bus (one Lword per ds_write_clocks),
 * bursts are cut by disconnects, and a read behind the writes waits for
 * them to leave the FIFO (the 9080 keeps PCI order). */
TEST(rc1000, pio_writes_are_paced_by_the_9080_write_fifo)
{
    rig r;
    rig_open(&r);
    acquire(&r, 0x2);
    static uint8_t src[4096];
    for (int i = 0; i < 4096; i++) src[i] = (uint8_t)(i * 7 + 3);
    const rc1000_pci_params *p = &rc1000_pci_default;
    sim_time word = (sim_time)p->ds_write_clocks * p->local_clock_ps;
    sim_time t0 = evq_now(r.q);
    int f = 0;
    ASSERT_EQ(host_pio_write(r.h, 0, BAR + (1u << 21), src, 4096, HPIO_SSE, flag, &f), 0);
    ASSERT_EQ(wait_flag(&r, &f), 1);
    uint32_t g = reg_r(&r, RC_REG_GRANT);
    sim_time t_read = evq_now(r.q), drained = rc1000_pci_ds_drained(r.rp);
    ASSERT_EQ(g & 2, 2);
    ASSERT_MEM_EQ(rc1000_bank(r.c, 1), src, 4096);
    /* the local bus wrote 1,024 Lwords one after the other */
    ASSERT_TRUE(drained - t0 >= 1024 * word);
    ASSERT_TRUE(drained - t0 < 1024 * word + SIM_US(5));
    ASSERT_TRUE(rc1000_pci_ds_disconnects(r.rp) > 0);
    ASSERT_TRUE(t_read > drained);             /* the read came back after the writes landed */
    char b1[32], b2[32];
    harness_note("4 KB SSE PIO: FIFO drained %s after the first store, %llu disconnects; grant read back %s later",
                 sim_time_us(drained - t0, b1, sizeof b1), (unsigned long long)rc1000_pci_ds_disconnects(r.rp),
                 sim_time_us(t_read - drained, b2, sizeof b2));
    rig_close(&r);
}
