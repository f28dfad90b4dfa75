/* A host program that fails ends its run there: the run is failed (exit 1)
 * with that program's error first, not a watchdog deadlock (exit 3) a
 * simulated second later while the other nodes wait for it; and the nodes
 * that read the same are named once ("nodes 1-15 (15): ..."). */
#include "../harness/harness.h"
#include "../sim/sim_util.h"

#include <string.h>

TEST(host_fail, a_failed_program_fails_the_run_at_once_and_same_lines_are_grouped)
{
    const char *d = sim_scratch("host_fail");
    /* tree kind 7 does not exist: node 0 refuses it; nodes 1-15 wait for node 0 */
    int st = sim_cli("run scenarios/lfc/lfc_bcast_latency.cfg --quick --jobs 1 --set experiment.params.TREE=7 "
                     "--set \"sweep.quick=[16]\" --out %s",
                     d);
    const char *e = sim_stderr();
    harness_note("%s", e);
    ASSERT_EQ(st, 1);
    ASSERT_TRUE(strstr(e, "DEADLOCK") == NULL);
    const char *first = strstr(e, "nodes=16:\n");
    ASSERT_TRUE(first != NULL);
    ASSERT_TRUE(!strncmp(first + 10, "  node 0: host program lfc_bcast_latency failed: broadcast tree kind 7", 70));
    ASSERT_TRUE(strstr(e, "  nodes 1-15 (15): host program lfc_bcast_latency had not finished when the simulation "
                          "stopped\n") != NULL);
    ASSERT_TRUE(strstr(e, "  nodes 0-15 (16): each NI is still running in ") != NULL);
}
