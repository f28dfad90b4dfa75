/* The DAS settings that meet deadlocks (seed 002 L716) against LFC's
 * unrecovered MCAST deadlock (Figure 4.8, scenarios/teaching/lfc_fig4_8.cfg,
 * no RECOV): the switches' 50 ms blocked-packet kill (the fabric's
 * default, model/switch/xbar.h) and the NI network reset after a
 * software-set timeout, enabled at 1/16 s by build/fw/lfc/nres.l4.elf
 * (ucast.c with -DLFC_NRES). The watchdog waits 300 ms, past both: the
 * deadlock is still there (the same cycle of credit waits), and the fabric
 * has been idle since about 1 ms — the deadlocked packets sit in the NIs'
 * blocked-sends queues, not in the network, so neither mechanism has a
 * blocked packet to act on (a kill or a reset drain would move symbols). */
#include "../harness/harness.h"
#include "../sim/sim_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

TEST(lfc_das_timeouts, kill_and_ni_reset_do_not_break_the_unrecovered_mcast_deadlock)
{
    const char *d = sim_scratch("lfc_das_timeouts");
    int st = sim_cli("run scenarios/teaching/lfc_fig4_8.cfg --set experiment.elf=build/fw/lfc/nres.l4.elf "
                     "--set experiment.watchdog_us=300000 --out %s", d);
    const char *err = sim_stderr();
    harness_note("%s", err);
    ASSERT_EQ(st, 0);   /* expect = deadlock met */
    ASSERT_TRUE(strstr(err, "deadlock, as expected") != NULL);
    ASSERT_TRUE(strstr(err, "ni0 ch 1 waits for credits from ni1 -> ni1 ch 2 waits for credits from ni2") != NULL);
    const char *p = strstr(err, "stopped at ");
    ASSERT_TRUE(p != NULL);
    double stop = atof(p + strlen("stopped at "));
    p = strstr(err, "the last symbol crossed a link at ");
    ASSERT_TRUE(p != NULL);
    double last = atof(p + strlen("the last symbol crossed a link at "));
    harness_note("stopped at %.0f us, last symbol at %.0f us", stop, last);
    ASSERT_TRUE(stop > 300000.0);              /* past the 50 ms kill and the 62.5 ms reset */
    ASSERT_TRUE(last < 5000.0);                /* the fabric idle since the deadlock formed */
}
