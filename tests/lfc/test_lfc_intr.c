/* INTR (seed 002 §4.4; firmware/lfc/intr.h, build/fw/lfc/intr.l4.elf) and
 * the platform's asynchronous signals (hostlib/platform.h plat_set_signal)
 * through build/myrisim: process 1 sends to process 0, whose NI runs the
 * polling watchdog with a 20 us delay. A receiver that polls all the time,
 * or computes 10 us (within the delay) between polls, gets no interrupt;
 * one that computes for 1 ms gets exactly one for a packet that came,
 * and its signal handler hands the packet out long before the computation
 * ends (after the delay and the signal cost); with interrupts disabled
 * (lfc_intr_disable) it gets none and the packet waits for the poll. */
#include "../harness/harness.h"
#include "../sim/sim_util.h"

#include <stdio.h>
#include <string.h>

typedef struct { unsigned got, intrs, sigs; double us; } intr_row;

static int run(const char *sets, intr_row *o)
{
    const char *d = sim_scratch("lfc_intr");
    int st = sim_cli("run tests/lfc/fixtures/lfc_intr.cfg %s --out %s", sets, d);
    if (st) {
        harness_note("%s", sim_stderr());
        return -1;
    }
    char path[600];
    snprintf(path, sizeof path, "%s/intr.csv", d);
    const char *r = sim_csv_row(path, 0);
    harness_note("%s: %s", sets, r);
    char status[16];
    if (sscanf(r, "%u,%u,%u,%lf,%15s", &o->got, &o->intrs, &o->sigs, &o->us, status) != 5 || strcmp(status, "ok")) return -1;
    return 0;
}

TEST(lfc_intr, no_interrupt_while_the_receiver_polls_within_the_watchdog_delay)
{
    intr_row a, b;
    ASSERT_EQ(run("--set experiment.params.WORK_US=0", &a), 0);    /* polls all the time */
    ASSERT_EQ(a.got, 10);
    ASSERT_EQ(a.intrs, 0);
    ASSERT_EQ(a.sigs, 0);
    ASSERT_EQ(run("--set experiment.params.WORK_US=10", &b), 0);   /* computes 10 us < 20 us between polls */
    ASSERT_EQ(b.got, 10);
    ASSERT_EQ(b.intrs, 0);
    ASSERT_EQ(b.sigs, 0);
}

TEST(lfc_intr, one_interrupt_after_the_delay_reaches_a_computing_receiver_as_a_signal)
{
    intr_row c;
    ASSERT_EQ(run("--set experiment.params.WORK_US=1000 --set experiment.params.COUNT=1", &c), 0);
    ASSERT_EQ(c.got, 1);
    ASSERT_EQ(c.intrs, 1);
    ASSERT_EQ(c.sigs, 1);
    /* handed out by the handler: after the 20 us delay and the 17 us signal,
     * long before the 1 ms computation ends */
    ASSERT_TRUE(c.us > 20.0 + 17.0 && c.us < 200.0);
    intr_row m;   /* ten packets 100 us apart into 1 ms computations: one interrupt each */
    ASSERT_EQ(run("--set experiment.params.WORK_US=1000", &m), 0);
    ASSERT_EQ(m.got, 10);
    ASSERT_EQ(m.intrs, 10);
    ASSERT_EQ(m.sigs, 10);
}

TEST(lfc_intr, disabled_interrupts_are_not_raised_and_packets_wait_for_the_poll)
{
    intr_row d;
    ASSERT_EQ(run("--set experiment.params.WORK_US=1000 --set experiment.params.DISABLE=1", &d), 0);
    ASSERT_EQ(d.got, 10);
    ASSERT_EQ(d.intrs, 0);
    ASSERT_EQ(d.sigs, 0);
    ASSERT_TRUE(d.us > 200.0);
}

TEST(lfc_intr, interrupts_need_the_intr_image)
{
    const char *d = sim_scratch("lfc_intr_noimg");
    int st = sim_cli("run tests/lfc/fixtures/lfc_intr.cfg --set experiment.elf=build/fw/lfc/ucast.l4.elf --out %s", d);
    /* 1, or 3 when the other process, left waiting, makes the watchdog stop the run */
    ASSERT_TRUE(st == 1 || st == 3);
    ASSERT_TRUE(strstr(sim_stderr(), "need the INTR image build/fw/lfc/intr.l4.elf") != NULL);
}

/* build/fw/lfc/lfc.l4.elf: RECOV and INTR in one image, as the thesis's LFC */
TEST(lfc_intr, the_whole_lfc_image_recovers_figure_4_8_and_interrupts_a_computing_receiver)
{
    intr_row c;
    ASSERT_EQ(run("--set experiment.elf=build/fw/lfc/lfc.l4.elf --set experiment.params.WORK_US=1000 "
                  "--set experiment.params.COUNT=1", &c), 0);
    ASSERT_EQ(c.got, 1);
    ASSERT_EQ(c.intrs, 1);
    ASSERT_EQ(c.sigs, 1);
    const char *d = sim_scratch("lfc_whole_fig4_8");
    SIM_RUN_OK("run scenarios/teaching/lfc_fig4_8_recov.cfg --set experiment.elf=build/fw/lfc/lfc.l4.elf --out %s", d);
    char path[600];
    snprintf(path, sizeof path, "%s/chains-with-recov.csv", d);
    const char *r = sim_csv_row(path, 0);
    unsigned got, pairs, fwd, rec, esc, clr;
    char status[16];
    ASSERT_EQ(sscanf(r, "%u,%u,%u,%u,%u,%u,%15s", &got, &pairs, &fwd, &rec, &esc, &clr, status), 7);
    ASSERT_STR_EQ(status, "ok");
    ASSERT_EQ(got, 12);
    ASSERT_TRUE(rec > 0 && clr == esc);
}
