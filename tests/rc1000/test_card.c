/* The RC-1000 card model (model/rc1000/rc1000.c) on the event queue: the
 * FPGA held through configuration load and reset delay, a 4 KB pass at a
 * settable clock, the per-card timeout naming card and circuit, PCI-side
 * bank access checked against the CPLD's grant. */
#include "../harness/harness.h"
#include "../../model/rc1000/rc1000.h"
#include "../../model/rc1000/rc1000_map.h"

#include <stdio.h>
#include <string.h>

enum { H_PASS = 0x40, H_HANG = 0x42, H_ALU = 0x50 };

static rc1000 *card(evq *q, sim_time clock_ps, uint64_t timeout)
{
    rc1000_params p = rc1000_default_params;
    p.name = "rc1000.3";
    p.clock_ps = clock_ps;
    p.timeout_clocks = timeout;
    char err[128];
    rc1000 *c = rc1000_new(q, &p, err, sizeof err);
    ASSERT_TRUE(c != NULL);
    uint32_t *b0 = rc1000_bank(c, 0);
    b0[RC_CTL_FUNCS + 0] = H_PASS;
    b0[RC_CTL_FUNCS + 2] = H_HANG;
    b0[RC_CTL_FUNCS + 8] = H_ALU;
    b0[RC_CTL_PAGE] = b0[RC_CTL_PAGE + 1] = RC_PAGE_NONE;
    rc_fwd_plain(b0, 0, 0);
    return c;
}

/* Appends a message to queue 0 as the host would, holding bank 0. */
static void send(rc1000 *c, unsigned handler, uint32_t arg0, const uint32_t *p, unsigned n)
{
    uint32_t *b0 = rc1000_bank(c, 0), tail = b0[RC_Q0_BASE];
    uint32_t *m = b0 + RC_Q0_BASE + RC_Q_RING + tail;
    memset(m, 0, 32);
    m[2] = n << 16;
    m[3] = handler;
    m[4] = arg0;
    m[7] = RC_ARG3_QUEUE;
    if (n)   /* no payload pointer with no payload */
        memcpy(m + 8, p, n * 4u);
    b0[RC_Q0_BASE] = tail + 8 + n;
}

static sim_time run_until_produced(evq *q, rc1000 *c, unsigned n, sim_time limit)
{
    while (RC_ST_PRODUCED(rc1000_status(c)) < n && !rc1000_error(c) && evq_next(q) <= limit)
        evq_step(q);
    return evq_now(q);
}

TEST(rc1000, fpga_starts_after_configuration_and_reset_delay)
{
    evq *q = evq_new();
    rc1000 *c = card(q, 50000, 0);
    sim_time ready = rc1000_configure(c);
    ASSERT_EQ(ready, SIM_US(95114) + SIM_US(56813));
    evq_run_until(q, ready - 1);
    ASSERT_EQ(rc1000_clocks(c), 0);
    evq_run_until(q, ready + SIM_US(10));
    ASSERT_EQ(rc1000_clocks(c), 200);          /* 10 us at 20 MHz */
    rc1000_free(c);
    evq_free(q);
}

/* Table 7.3's 4 KB pass: the FPGA part is about 3,072 store clocks plus a
 * few dozen; at 20 MHz that is ~155 us, at 40 MHz half. */
TEST(rc1000, pass_of_4kb_scales_with_the_settable_clock)
{
    static uint32_t p[1024];
    for (int i = 0; i < 1024; i++) p[i] = (uint32_t)i * 7u;
    sim_time took[2];
    for (int k = 0; k < 2; k++) {
        evq *q = evq_new();
        rc1000 *c = card(q, k ? 25000 : 50000, 0);
        sim_time t0 = rc1000_configure(c);
        evq_run_until(q, t0 + SIM_US(100));     /* booted, polling */
        rc_cpld_write_pci(rc1000_cpld(c), 1);  /* the host acquires bank 0 and injects */
        while (!(rc_cpld_grant_pci(rc1000_cpld(c)) & 1)) evq_step(q);
        send(c, H_PASS, RC_ARG0(0, 0, 0, 1, 0, 0), p, 1024);
        rc_cpld_write_pci(rc1000_cpld(c), 0);
        sim_time t1 = evq_now(q);
        uint64_t ph[RC_PH_COUNT];
        rc1000_take_phase_clocks(c, ph, RC_PH_COUNT);
        sim_time t2 = run_until_produced(q, c, 1, t1 + SIM_US(2000));
        ASSERT_TRUE(rc1000_error(c) == NULL);
        ASSERT_EQ(RC_ST_PRODUCED(rc1000_status(c)), 1);
        ASSERT_MEM_EQ(rc1000_bank(c, 3) + 8, p, sizeof p);
        rc1000_take_phase_clocks(c, ph, RC_PH_COUNT);
        took[k] = t2 - t1;
        char b[32];
        harness_note("%s MHz: message to slot in %s (run %llu clocks, acquire %llu)",
                     k ? "40" : "20", sim_time_us(took[k], b, sizeof b),
                     (unsigned long long)ph[RC_PH_RUN], (unsigned long long)ph[RC_PH_ACQ]);
        ASSERT_EQ(ph[RC_PH_ACQ], 8);           /* the CPLD's grant delay (an input) */
        rc1000_free(c);
        evq_free(q);
    }
    /* within a poll period (300 clocks) of 3,072 + the rest */
    ASSERT_TRUE(took[0] >= SIM_NS(50) * 3072 && took[0] <= SIM_NS(50) * (3072 + 300 + 120));
    ASSERT_TRUE(took[1] * 2 >= took[0] - SIM_NS(50) * 300 && took[1] * 2 <= took[0] + SIM_NS(50) * 300);
}

TEST(rc1000, a_circuit_that_never_finishes_is_stopped_naming_card_and_circuit)
{
    static uint32_t p[8];
    evq *q = evq_new();
    rc1000 *c = card(q, 50000, 100000);
    sim_time t0 = rc1000_configure(c);
    evq_run_until(q, t0 + SIM_US(1));
    send(c, H_HANG, RC_ARG0(0, 0, 0, 1, 0, 8), p, 8);
    while (!rc1000_error(c) && evq_pending(q)) evq_step(q);
    const char *e = rc1000_error(c);
    ASSERT_TRUE(e != NULL);
    harness_note("%s", e);
    ASSERT_TRUE(strstr(e, "rc1000.3") != NULL);
    ASSERT_TRUE(strstr(e, "'hang' (slot 2)") != NULL);
    ASSERT_TRUE(strstr(e, "100000 clocks") != NULL);
    /* stopped about 100,000 clocks (5 ms) after the job began */
    ASSERT_TRUE(evq_now(q) > t0 + SIM_US(5000) && evq_now(q) < t0 + SIM_US(5000) + SIM_US(100));
    ASSERT_EQ(evq_pending(q), 0);              /* the card stopped clocking */
    rc1000_free(c);
    evq_free(q);
}

TEST(rc1000, a_frame_that_keeps_polling_is_not_a_timeout)
{
    evq *q = evq_new();
    rc1000 *c = card(q, 50000, 1000);
    sim_time t0 = rc1000_configure(c);
    evq_run_until(q, t0 + SIM_US(1000));        /* 20,000 clocks of polling */
    ASSERT_TRUE(rc1000_error(c) == NULL);
    ASSERT_EQ(rc1000_phase(c) == RC_PH_IDLE || rc1000_phase(c) == RC_PH_POLL ||
              rc1000_phase(c) == RC_PH_ACQ0 || rc1000_phase(c) == RC_PH_REL, 1);
    rc1000_free(c);
    evq_free(q);
}

TEST(rc1000, pci_side_bank_access_needs_the_grant)
{
    evq *q = evq_new();
    rc1000 *c = card(q, 50000, 0);
    rc1000_configure(c);
    ASSERT_EQ(rc1000_pci_bank_ok(c, 3, 0x10, 1), -1);
    const char *e = rc1000_error(c);
    ASSERT_TRUE(e && strstr(e, "rc1000.3: a PCI-side write of bank 3 word 0x00010 without its grant"));
    rc1000_free(c);
    evq_free(q);
}
