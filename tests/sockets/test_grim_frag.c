/* Figure 8.9 fragmentation (hostlib/grim/grim_frag.h) end to end: the host
 * program grim_frag_check on two nodes through build/myrisim, with the
 * default handlers and with a user's own body handler. */
#include "../harness/harness.h"
#include "../sim/sim_util.h"
#include "sock_util.h"

static const char *const chips[] = {"lanai-4.csv", "lanai-9.csv"};

static void check(const char *scratch, int custom)
{
    const char *d = sim_scratch(scratch);
    int st = sim_cli("run tests/sockets/fixtures/frag_check.cfg --jobs 2 --set experiment.params.CUSTOM=%d --out %s",
                     custom, d);
    if (st != 0) harness_note("%s", sim_stderr());
    ASSERT_EQ(st, 0);
    for (int i = 0; i < 2; i++) {
        double frags = sock_csv_value(d, chips[i], "fragments");
        harness_note("%s: %g received, %g bad, %g bodies sent, %g seen by the user's handler", chips[i],
                     sock_csv_value(d, chips[i], "received"), sock_csv_value(d, chips[i], "bad"), frags,
                     sock_csv_value(d, chips[i], "bodies"));
        ASSERT_EQ(sock_csv_value(d, chips[i], "received"), 40);
        ASSERT_EQ(sock_csv_value(d, chips[i], "bad"), 0);
        ASSERT_TRUE(frags > 0);
        ASSERT_EQ(sock_csv_value(d, chips[i], "bodies"), custom ? frags : 0);
    }
}

TEST(sockets, frag_init_body_final_deliver_every_message_whole_and_in_order)
{
    check("sock_frag", 0);
}

TEST(sockets, frag_a_users_own_body_handler_replaces_the_default)
{
    check("sock_frag_custom", 1);
}
