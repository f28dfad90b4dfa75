/* The network reset (model/card/nres.c) through the registers, without
 * firmware, on two NIs back to back (no switch, so no 50 ms switch kill):
 * off by default, a packet that nobody takes waits for ever; with
 * NRES_ENABLE it is drained after the selected period (1/16 s, 1/4 s),
 * NRES_INT is raised, the sender's engine finishes, and the next packet
 * arrives intact in a posted buffer. */
#include "../harness/harness.h"
#include "card_fixture.h"

#include <string.h>

static void packet(card_fix *x, const fix_regs *R, int l4, sim_time t, uint32_t addr, uint32_t len, uint8_t seed)
{
    uint8_t *m = lanai_sram(x->core[0]);
    for (uint32_t i = 0; i < len; i++) m[addr + i] = (uint8_t)((seed + i * 7u) & 0x7F);
    uint64_t c = fix_cycle(x, t);
    fix_wr(x, 0, R->smp, c, addr);
    fix_wr(x, 0, R->sa, c, 0);
    fix_wr(x, 0, R->smlt, c, l4 ? addr + len - 4 : addr + len);
}

/* select: the 2-bit period; -1 leaves resets disabled */
static void nres_on(card_fix *x, const fix_regs *R, int l4, int select)
{
    if (select < 0) return;
    if (l4) {
        fix_wr(x, 1, 0x88, 0, (uint32_t)select);                 /* TIMEOUT */
        fix_wr(x, 1, R->myrinet, 0, 1u);                          /* NRES_ENABLE */
    } else {
        fix_wr(x, 1, R->myrinet, 0, 1u | (uint32_t)select << 6);  /* NRES_ENABLE, TIMEOUT1:0 */
    }
}

TEST(card_nres, a_blocked_packet_is_drained_after_the_selected_period)
{
    static const char *chips[] = {"lanai4", "lanai9"};
    const uint32_t nres_int = 1u << 11;
    for (int k = 0; k < 2; k++) {
        for (int select = -1; select <= 1; select++) {
            card_fix x;
            fix_init(&x, chips[k], 0, NULL);
            const fix_regs *R = fix_regs_of(chips[k]);
            int l4 = k == 0;
            nres_on(&x, R, l4, select);
            packet(&x, R, l4, SIM_US(1), 0x1000, 1024, 3);
            sim_time period = select == 0 ? SIM_US(62500) : SIM_US(250000);
            sim_time before = select < 0 ? SIM_US(5000000) : period;   /* off: nothing for 5 s */
            evq_run_until(x.q, before);
            harness_note("%s select %d: at %.1f ms sent %u, nres %llu", chips[k], select, (double)before / 1e9,
                         (unsigned)(card_isr(x.card[0], before) & R->send) != 0,
                         (unsigned long long)card_get_stats(x.card[1])->nres);
            ASSERT_EQ(card_isr(x.card[0], before) & R->send, 0);   /* still blocked */
            ASSERT_EQ(card_isr(x.card[1], before) & nres_int, 0);
            ASSERT_EQ(card_get_stats(x.card[1])->nres, 0);
            if (select < 0) {
                fix_free(&x);
                continue;
            }
            sim_time after = period + SIM_US(100);
            evq_run_until(x.q, after);
            ASSERT_EQ(card_get_stats(x.card[1])->nres, 1);
            ASSERT_EQ(card_isr(x.card[1], after) & nres_int, nres_int);
            ASSERT_EQ(card_isr(x.card[0], after) & R->send, R->send);   /* drained: the sender is free */
            ASSERT_EQ(card_get_stats(x.card[1])->packets_recv, 0);      /* and nothing was delivered */
            /* the next packet goes into a posted buffer, whole */
            uint64_t c = fix_cycle(&x, after);
            fix_wr(&x, 1, R->rmp, c, 0x8000);
            fix_wr(&x, 1, R->rml, c, 0x8000 + 2048 - 4);
            packet(&x, R, l4, after, 0x3000, 512, 9);
            evq_run_until(x.q, after + SIM_US(200));
            ASSERT_EQ(card_get_stats(x.card[1])->packets_recv, 1);
            ASSERT_MEM_EQ(lanai_sram(x.core[1]) + 0x8000, lanai_sram(x.core[0]) + 0x3000, 500);
            ASSERT_EQ(card_get_stats(x.card[1])->nres, 1);
            fix_free(&x);
        }
    }
}
