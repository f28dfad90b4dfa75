/* The platform boundary on the test backend: what each call costs (from the
 * host and chipset profiles), interrupt service, PIO timing, errors, and
 * a second device's window (plat_dev_*). */
#include "../harness/harness.h"
#include "../tpil/fixture.h"
#include "../../model/host/plat_backend.h"
#include "../../model/rc1000/pci.h"
#include "../../model/rc1000/rc1000_map.h"

#include <string.h>

static void open_fx(fixture *f, const host_profile *hp, int bus, lanai_chip_id chip)
{
    char err[300];
    if (fixture_open(f, hp, bus, chip, 0, err, sizeof err))
        harness_fail(__FILE__, __LINE__, "fixture: %s", err);
}

TEST(platform, kernel_services_cost_what_the_profile_says)
{
    fixture f;
    open_fx(&f, &host_p3_550, 0, CHIP_LANAI4);
    const host_profile *hp = &host_p3_550;
    uint8_t *a = plat_alloc(f.p, 5 * 4096);
    ASSERT_TRUE(a != NULL);
    sim_time t = plat_now(f.p);
    ASSERT_EQ(plat_pin(f.p, a + 100, 4 * 4096), 0);                /* touches 5 pages */
    ASSERT_EQ(plat_now(f.p) - t, hp->pin_call_ps + 5 * hp->pin_page_ps);
    t = plat_now(f.p);
    ASSERT_EQ(plat_unpin(f.p, a + 100, 4 * 4096), 0);
    ASSERT_EQ(plat_now(f.p) - t, 5 * hp->unpin_page_ps);
    t = plat_now(f.p);
    uint64_t pa;
    size_t c;
    ASSERT_EQ(plat_virt_to_phys(f.p, a + 4097, &pa, &c), 0);
    ASSERT_EQ(plat_now(f.p) - t, hp->xlate_page_ps);
    ASSERT_EQ(pa % 4096, 1);
    t = plat_now(f.p);
    ASSERT_EQ(plat_syscall(f.p), 0);
    ASSERT_EQ(plat_now(f.p) - t, hp->syscall_ps);
    t = plat_now(f.p);
    ASSERT_EQ(plat_memcpy(f.p, a, a + 8192, 4096), 0);
    ASSERT_EQ(plat_now(f.p) - t, hp->memcpy_call_ps + (sim_time)(4096 / hp->memcpy_Bps * 1e12 + 0.5));
    t = plat_now(f.p);
    ASSERT_EQ(plat_compute(f.p, 12345), 0);
    ASSERT_EQ(plat_now(f.p) - t, 12345);
    fixture_close(&f);
}

TEST(platform, pio_read_is_a_bus_round_trip_of_about_a_microsecond)
{
    const struct { const host_profile *hp; int bus; lanai_chip_id chip; } c[] = {
        {&host_p3_550, 0, CHIP_LANAI4}, {&host_p3_550, 0, CHIP_LANAI9},
        {&host_p4_1700, 0, CHIP_LANAI4}, {&host_p4_1700, 1, CHIP_LANAI9}};
    for (int i = 0; i < 4; i++) {
        fixture f;
        open_fx(&f, c[i].hp, c[i].bus, c[i].chip);
        const pci_chipset *cs = c[i].hp->bus[c[i].bus];
        const card_pci_params *cp = cardpci_for(c[i].chip);
        sim_time clk = cs->bus.clock_ps;
        ASSERT_EQ(plat_pio_flush(f.p), 0);                         /* quiet bus */
        sim_time t0 = plat_now(f.p);
        uint32_t v;
        ASSERT_EQ(plat_pio_read32(f.p, drv_isr_off(f.d), &v), 0);
        /* clock edge, arbitration, the bridge's gap, address, 1 + wait
         * states of the target's single data phase, then back to the CPU */
        sim_time edge = (t0 + clk - 1) / clk * clk;
        sim_time expect = edge - t0 + (cs->bus.arb_cycles + cs->br.pio_gap + 1 + 1 + cp->tgt_rd_wait) * clk +
                          cs->br.pio_rd_host_ps;
        ASSERT_EQ(plat_now(f.p) - t0, expect);
        harness_note("%s bus %d LANai %d: PIO read %.2f us", c[i].hp->name, c[i].bus, c[i].chip,
                     (double)expect / 1e6);
        /* the dissertation: "roughly 1 us for reads" (L1469) */
        ASSERT_TRUE(expect > SIM_NS(700) && expect < SIM_NS(1300));
        fixture_close(&f);
    }
}

TEST(platform, pio_writes_are_posted_until_a_flush)
{
    fixture f;
    open_fx(&f, &host_p3_550, 0, CHIP_LANAI4);
    const bar_layout *l = plat_card_layout(f.p);
    static uint8_t d[4096];
    for (int i = 0; i < 4096; i++) d[i] = (uint8_t)(i + 9);
    sim_time t0 = plat_now(f.p);
    ASSERT_EQ(plat_pio_write(f.p, l->sram.off + 0x8000, d, 4, PLAT_PIO_PLAIN), 0);
    /* one plain store: the call, the store, an eighth of a source line */
    const host_profile *hp = &host_p3_550;
    ASSERT_EQ(plat_now(f.p) - t0, hp->pio_call_ps + hp->uc_store_ps + hp->src_line_ps / 8);
    ASSERT_TRUE(f.sram[0x8000] != d[0]);                            /* still on its way */
    ASSERT_EQ(plat_pio_flush(f.p), 0);
    ASSERT_MEM_EQ(f.sram + 0x8000, d, 4);
    /* a big write returns once the last store is posted: the posting buffer
     * holds the tail */
    ASSERT_EQ(plat_pio_write(f.p, l->sram.off + 0x9000, d, 4096, PLAT_PIO_SSE), 0);
    ASSERT_TRUE(!pci_bridge_drained(host_bridge(f.h, 0)));
    ASSERT_EQ(plat_pio_flush(f.p), 0);
    ASSERT_MEM_EQ(f.sram + 0x9000, d, 4096);
    fixture_close(&f);
}

/* The LANai raises HOST_SIG (a firmware store to ISR) at the event's time. */
typedef struct raise_at { fixture *f; sim_time at; } raise_at;
static void do_raise(void *arg)
{
    raise_at *r = arg;
    r->at = fixture_lanai_time(r->f);
    fixture_lanai_write(r->f, fixture_isr_off(r->f), FIX_HOST_SIG);
}

static sim_time irq_service(const host_profile *hp, lanai_chip_id chip)
{
    fixture f;
    open_fx(&f, hp, 0, chip);
    uint32_t bit = FIX_HOST_SIG;
    ASSERT_EQ(drv_enable_irq(f.d, bit), 0);
    ASSERT_EQ(plat_pio_flush(f.p), 0);
    raise_at r = {&f, 0};
    evq_at(f.q, plat_now(f.p) + SIM_US(20), do_raise, &r);
    uint32_t seen = 0;
    ASSERT_EQ(drv_wait_irq(f.d, bit, &seen), 0);
    ASSERT_EQ(seen, bit);
    sim_time took = plat_now(f.p) - r.at;
    ASSERT_EQ(fixture_isr(&f) & bit, 0);                            /* acknowledged */
    ASSERT_EQ(plat_irq_level(f.p), 0);
    ASSERT_EQ(drv_irq_count(f.d), 1);
    fixture_close(&f);
    return took;
}

TEST(platform, interrupt_service_time_matches_appendix_a)
{
    /* appendix A (L2490): interrupt service time 6.5 us (LANai 4), 6 us
     * (LANai 9), measured on the P3 hosts */
    sim_time l4 = irq_service(&host_p3_550, CHIP_LANAI4), l9 = irq_service(&host_p3_550, CHIP_LANAI9);
    harness_note("LANai 4: %.2f us, LANai 9: %.2f us", (double)l4 / 1e6, (double)l9 / 1e6);
    ASSERT_TRUE(l4 > SIM_NS(5850) && l4 < SIM_NS(7150));
    ASSERT_TRUE(l9 > SIM_NS(5400) && l9 < SIM_NS(6600));
    ASSERT_TRUE(l9 < l4);
}

TEST(platform, waiting_for_what_never_comes_is_an_error_not_a_hang)
{
    fixture f;
    open_fx(&f, &host_p3_550, 0, CHIP_LANAI9);
    ASSERT_EQ(drv_enable_irq(f.d, L9_ISR_WAKE0), 0);
    ASSERT_EQ(drv_wait_irq(f.d, L9_ISR_WAKE0, NULL), -1);
    harness_note("%s", drv_error(f.d));
    ASSERT_TRUE(strstr(drv_error(f.d), "never comes") != NULL);
    ASSERT_EQ(drv_wait_irq(f.d, 1u << 3, NULL), -1);
    ASSERT_TRUE(strstr(drv_error(f.d), "not enabled") != NULL);
    fixture_close(&f);
}

TEST(platform, misuse_gets_clear_errors)
{
    fixture f;
    open_fx(&f, &host_ppro200, 0, CHIP_LANAI9);
    uint8_t stack[64] = {0};
    ASSERT_EQ(plat_pio_write(f.p, 0x1000, stack, 64, PLAT_PIO_MMX), -1);
    ASSERT_TRUE(strstr(plat_error(f.p), "ppro200 has no MMX") != NULL);
    ASSERT_EQ(plat_pin(f.p, stack, 64), -1);
    ASSERT_TRUE(strstr(plat_error(f.p), "allocate it with plat_alloc") != NULL);
    uint64_t pa;
    ASSERT_EQ(plat_virt_to_phys(f.p, stack, &pa, NULL), -1);
    ASSERT_EQ(plat_free(f.p, stack), -1);
    ASSERT_TRUE(plat_alloc_contig(f.p, 8u << 20, &pa) == NULL);
    ASSERT_TRUE(strstr(plat_error(f.p), "4 MB") != NULL);
    ASSERT_EQ(plat_pio_read(f.p, 0x1000, stack, 0), -1);
    fixture_close(&f);
}

TEST(platform, after_a_machine_fault_every_call_fails)
{
    fixture f;
    open_fx(&f, &host_p3_550, 0, CHIP_LANAI9);
    uint8_t b[4] = {0};
    /* a posted write into a hole of the LANai 9 layout's register window
     * decodes on the bus but the card refuses it */
    ASSERT_EQ(plat_pio_write(f.p, 0x804052, b, 2, PLAT_PIO_PLAIN), 0);
    ASSERT_EQ(plat_compute(f.p, SIM_US(5)), -1);
    ASSERT_TRUE(strstr(plat_error(f.p), "machine fault") != NULL);
    ASSERT_EQ(plat_syscall(f.p), -1);
    ASSERT_EQ(plat_pio_write32(f.p, 0x1000, 1), -1);
    fixture_close(&f);
}

TEST(platform, an_interrupt_line_stuck_on_foreign_bits_is_reported)
{
    fixture f;
    open_fx(&f, &host_p3_550, 0, CHIP_LANAI9);
    ASSERT_EQ(drv_enable_irq(f.d, L9_ISR_WAKE0), 0);
    ASSERT_EQ(plat_pio_flush(f.p), 0);        /* the EIMR write has landed */
    /* someone else enabled HOST_SIG, and the LANai raises it */
    ASSERT_EQ(fixture_lanai_write(&f, L9_REG_EIMR, fixture_lanai_read(&f, L9_REG_EIMR) | FIX_HOST_SIG), 0);
    ASSERT_EQ(fixture_lanai_write(&f, L9_REG_ISR, FIX_HOST_SIG), 0);
    ASSERT_EQ(drv_wait_irq(f.d, L9_ISR_WAKE0, NULL), -1);
    harness_note("%s", drv_error(f.d));
    ASSERT_TRUE(strstr(drv_error(f.d), "did not enable") != NULL);
    fixture_close(&f);
}

TEST(platform, write_combining_mapping_sends_whole_lines)
{
    fixture f;
    open_fx(&f, &host_p3_550, 0, CHIP_LANAI9);
    const bar_layout *l = plat_card_layout(f.p);
    static uint8_t d[4096];
    for (int i = 0; i < 4096; i++) d[i] = (uint8_t)(i * 5 + 1);
    ASSERT_EQ(plat_pio_flush(f.p), 0);
    uint64_t w0 = pci_card_stats_of(fixture_pci(&f))->pio_writes;
    ASSERT_EQ(plat_pio_write(f.p, l->sram.off + 0x4000, d, 4096, PLAT_PIO_WC), 0);
    ASSERT_EQ(plat_pio_flush(f.p), 0);
    ASSERT_MEM_EQ(f.sram + 0x4000, d, 4096);
    /* one bus burst per 32-byte line (the P3's line and the bridge's WC merge) */
    ASSERT_EQ(pci_card_stats_of(fixture_pci(&f))->pio_writes - w0, 4096 / 32);
    w0 = pci_card_stats_of(fixture_pci(&f))->pio_writes;
    ASSERT_EQ(plat_pio_write(f.p, l->sram.off + 0x4000, d, 4096, PLAT_PIO_PLAIN), 0);
    ASSERT_EQ(plat_pio_flush(f.p), 0);
    ASSERT_EQ(pci_card_stats_of(fixture_pci(&f))->pio_writes - w0, 4096 / 32);   /* uncached: merged to 32 too */
    fixture_close(&f);
    open_fx(&f, &host_ppro200, 0, CHIP_LANAI9);
    ASSERT_EQ(plat_pio_write(f.p, 0x1000, d, 64, PLAT_PIO_WC), -1);
    ASSERT_TRUE(strstr(plat_error(f.p), "no write-combining") != NULL);
    fixture_close(&f);
}

/* The second device on the node's bus (plat_dev_*): without one every call
 * says so; with the RC-1000 there, its registers come back in host order
 * (the card's little-endian words), bank writes land as written, a PIO
 * read costs a bus round trip, and an offset past its BAR is refused. */
TEST(platform, a_second_device_is_reached_through_its_own_window)
{
    fixture f;
    open_fx(&f, &host_p3_550, 0, CHIP_LANAI4);
    uint32_t v = 0;
    ASSERT_TRUE(plat_dev_name(f.p) == NULL);
    ASSERT_EQ(plat_dev_read32(f.p, 0, &v), -1);
    ASSERT_TRUE(strstr(plat_error(f.p), "no second device") != NULL);
    char err[200];
    rc1000_params cp = rc1000_default_params;
    cp.config_ps = cp.reset_ps = 0;
    rc1000 *c = rc1000_new(f.q, &cp, err, sizeof err);
    ASSERT_TRUE(c != NULL);
    rc1000_pci *rp = rc1000_pci_attach(c, host_bus(f.h, 0), 0xA0000000u, NULL, err, sizeof err);
    ASSERT_TRUE(rp != NULL);
    rc1000_bank(c, 0)[RC_CTL_PAGE] = rc1000_bank(c, 0)[RC_CTL_PAGE + 1] = RC_PAGE_NONE;
    rc1000_configure(c);           /* the CPLD grants on the FPGA's clock */
    plat_set_device(f.p, "rc1000", 0xA0000000u, RC_BAR_SIZE);
    ASSERT_TRUE(plat_dev_name(f.p) && !strcmp(plat_dev_name(f.p), "rc1000"));
    ASSERT_EQ(plat_dev_write32(f.p, RC_BAR_REGS + RC_REG_REQ, 1), 0);
    int polls = 0;
    do {
        sim_time t = plat_now(f.p);
        ASSERT_EQ(plat_dev_read32(f.p, RC_BAR_REGS + RC_REG_GRANT, &v), 0);
        ASSERT_TRUE(plat_now(f.p) - t > SIM_NS(200));   /* a read crosses the bus and the 9080 */
    } while (!(v & 1) && ++polls < 1000);
    ASSERT_EQ(v & 1, 1);
    ASSERT_EQ(plat_dev_write32(f.p, RC_BAR_SRAM + 4 * 0x1234, 0x11223344u), 0);
    ASSERT_EQ(plat_dev_read32(f.p, RC_BAR_SRAM + 4 * 0x1234, &v), 0);
    ASSERT_EQ(v, 0x11223344u);
    ASSERT_EQ(rc1000_bank(c, 0)[0x1234], 0x11223344u);
    ASSERT_EQ(plat_dev_read32(f.p, RC_BAR_SIZE, &v), -1);
    ASSERT_TRUE(strstr(plat_error(f.p), "outside the rc1000's BAR") != NULL);
    rc1000_pci_free(rp);
    rc1000_free(c);
    fixture_close(&f);
}

/* Kernel work beside the program (a device's interrupt handler, e.g. the
 * BT848 driver's) takes the CPU: the program's work in progress ends that
 * much later; kernel work while the program does nothing costs it nothing. */
static void kbegin(void *h) { host_kernel_begin(h); }
static void kend(void *h) { host_kernel_end(h); }

TEST(platform, an_interrupt_handler_beside_the_program_delays_its_work)
{
    fixture f;
    open_fx(&f, &host_p3_550, 0, CHIP_LANAI4);
    sim_time t = plat_now(f.p);
    evq_at(f.q, t + SIM_US(1), kbegin, f.h);
    evq_at(f.q, t + SIM_US(4), kend, f.h);
    ASSERT_EQ(plat_compute(f.p, SIM_US(10)), 0);
    ASSERT_EQ(plat_now(f.p) - t, SIM_US(13));
    /* a handler running past the end of the work still delays it */
    t = plat_now(f.p);
    evq_at(f.q, t + SIM_US(9), kbegin, f.h);
    evq_at(f.q, t + SIM_US(15), kend, f.h);
    ASSERT_EQ(plat_compute(f.p, SIM_US(10)), 0);
    ASSERT_EQ(plat_now(f.p) - t, SIM_US(16));
    ASSERT_EQ(host_kernel_in(f.h, 0, plat_now(f.p)), SIM_US(9));
    t = plat_now(f.p);
    ASSERT_EQ(plat_compute(f.p, SIM_US(10)), 0);
    ASSERT_EQ(plat_now(f.p) - t, SIM_US(10));
    fixture_close(&f);
}
