/* A failed run's report says what the switches dropped (exp_drops.h):
 * nothing when they dropped nothing, the totals by cause otherwise
 * (fabric_drop_summary). */
#include "../harness/harness.h"
#include "../switch/net_fixture.h"
#include "../../sim/experiments/exp_drops.h"

#include <string.h>

TEST(sim_drops, switch_drops_are_named_in_the_report)
{
    net_fx x = {0};
    fabric_opts o;
    fabric_opts_default(&o);
    char err[512];
    topo_opts to;
    topo_opts_default(&to);
    topo_init(&x.t);
    ASSERT_EQ(topo_build_switch(&x.t, 3, &to, err, sizeof err), 0);
    ASSERT_EQ(fx_open(&x, &o, err, sizeof err), 0);
    run_result r;
    result_init(&r);
    fx_send(&x, 0, 1, 100, 1, 0);
    evq_run_until(x.q, SIM_US(1000));
    exp_switch_drops(x.f, &r);
    ASSERT_EQ(r.error[0], 0);                            /* nothing dropped: nothing said */
    uint8_t pkt[200];
    const uint8_t msb0[] = {0x01}, past[] = {0x90};      /* MSB 0; port 16 of 16 */
    unsigned n = fni_make_packet(pkt, msb0, 1, 150, 1);
    fni_send_at(&x.ni[0], SIM_US(1000), pkt, n);
    n = fni_make_packet(pkt, past, 1, 150, 2);
    fni_send_at(&x.ni[2], SIM_US(1000), pkt, n);
    evq_run_until(x.q, SIM_US(2000));
    exp_switch_drops(x.f, &r);
    harness_note("%s", r.error);
    ASSERT_TRUE(strstr(r.error, "switch drops: 0 blocked-packet timeouts (0 truncated), 2 bad routes, 0 runts") != NULL);
    fx_close(&x);
}
