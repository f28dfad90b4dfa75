/* The host's fault handlers (kind rc1000_stage, op fault) end to end with
 * the Verilated frame: a function fault is served by reconfiguring and the
 * message is then produced; a page fault by unloading and loading a 2 MB
 * page, the produced message carrying the new page's words (the runs fail
 * otherwise). The handler's times obey their inputs and the bus. */
#include "../harness/harness.h"
#include "../sim/sim_util.h"

#include <stdio.h>
#include <string.h>


TEST(rc1000_fault, a_function_fault_is_served_by_reconfiguring_and_nothing_is_lost)
{
    const char *d = sim_scratch("rc_ffault");
    ASSERT_EQ(sim_cli("run scenarios/thesis/table7_1.cfg --out %s", d), 0);
    double v[11];   /* detect acquire process reconfigure set_ids reset_wait release handler resume fault reload */
    ASSERT_EQ(sim_csv_nums_in(d, "p3-550-host-20-mhz-fpga.csv", v, 11), 0);
    harness_note("process %.2f us, reconfigure %.0f us, set ids %.2f us, handler %.0f us, fault %g clocks", v[2], v[3],
                 v[4], v[7], v[9]);
    /* the file load, the configuration shift and the clock setting are inputs */
    ASSERT_TRUE(v[3] >= 10205 + 95114 + 2405 && v[3] < 10205 + 95114 + 2405 + 50);
    /* the handler waited out the reset too */
    ASSERT_TRUE(v[7] >= 10205 + 95114 + 56813);
    ASSERT_TRUE(v[4] > 0 && v[2] > 0 && v[9] > 0 && v[10] > 0);
}

TEST(rc1000_fault, a_page_fault_is_served_by_unloading_and_loading_a_page)
{
    const char *d = sim_scratch("rc_pfault");
    ASSERT_EQ(sim_cli("run scenarios/thesis/table7_2.cfg --out %s", d), 0);
    double v[8];    /* unload load process notify acquire release detect handler */
    ASSERT_EQ(sim_csv_nums_in(d, "p3-550-host.csv", v, 8), 0);
    harness_note("unload %.0f us, load %.0f us, process %.2f us, notify %.2f us, handler %.0f us", v[0], v[1], v[2],
                 v[3], v[7]);
    ASSERT_TRUE(v[0] > v[1]);                       /* one copy costs more than none */
    ASSERT_TRUE(v[1] > 2097152 / 133.4);            /* 2 MB cannot cross the bus faster */
    ASSERT_TRUE(v[7] > v[0] + v[1]);
}
