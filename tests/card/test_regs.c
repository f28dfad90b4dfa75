/* Register semantics of the NI card per chip: timers in 0.5 us ticks,
 * interval-timer wrap, ISR write-1-to-clear and HOST_SIG, the EIMR host
 * line, refusals for unknown or unmodelled registers. Expected values come
 * from lanai-hardware.md §4.2-§4.5 and the clock rates, not from the model. */
#include "../harness/harness.h"
#include "../iss/iss_util.h"
#include "card_fixture.h"

#include <string.h>

static const char *CHIPS[] = {"lanai4", "lanai9"};

TEST(card_regs, rtc_counts_half_microseconds_from_its_last_write)
{
    for (int k = 0; k < 2; k++) {
        card_fix x;
        fix_init_single(&x, CHIPS[k]);
        const fix_regs *R = fix_regs_of(CHIPS[k]);
        /* the last cycle before 0.5 us and the first at or after it */
        uint64_t c_half = fix_cycle(&x, 500000);
        ASSERT_EQ(fix_rd(&x, 0, R->rtc, 0), 0);
        ASSERT_EQ(fix_rd(&x, 0, R->rtc, c_half - 1), 0);
        ASSERT_EQ(fix_rd(&x, 0, R->rtc, c_half), 1);
        ASSERT_EQ(fix_rd(&x, 0, R->rtc, fix_cycle(&x, 1000000000)), 2000);   /* 1 ms */
        /* written 1000 at 3 us: 1000 until 3.5 us, then 1001 */
        uint64_t c3 = fix_cycle(&x, 3000000);
        fix_wr(&x, 0, R->rtc, c3, 1000);
        ASSERT_EQ(fix_rd(&x, 0, R->rtc, c3), 1000);
        ASSERT_EQ(fix_rd(&x, 0, R->rtc, fix_cycle(&x, 3500000) - 1), 1000);
        ASSERT_EQ(fix_rd(&x, 0, R->rtc, fix_cycle(&x, 3500000)), 1001);
        fix_free(&x);
    }
}

TEST(card_regs, interval_timers_count_down_and_wrap_into_their_time_bit)
{
    for (int k = 0; k < 2; k++) {
        card_fix x;
        fix_init_single(&x, CHIPS[k]);
        const fix_regs *R = fix_regs_of(CHIPS[k]);
        int ntimers = k ? 3 : 1;
        for (int i = 0; i < ntimers; i++) {
            /* loaded with 3 at 10 us: 3, 2, 1, 0, then wraps to 0xFFFFFFFF at 12 us */
            uint64_t t0 = 10000000 + (uint64_t)i * 20000000, c0 = fix_cycle(&x, t0);
            fix_wr(&x, 0, R->it[i], c0, 3);
            ASSERT_EQ(fix_rd(&x, 0, R->it[i], c0), 3);
            ASSERT_EQ(fix_rd(&x, 0, R->it[i], fix_cycle(&x, t0 + 1500000)), 0);
            ASSERT_EQ(fix_rd(&x, 0, R->it[i], fix_cycle(&x, t0 + 2000000)), 0xFFFFFFFFu);
            evq_run_until(x.q, t0 + 2000000 - 1);
            ASSERT_EQ(card_isr(x.card[0], t0 + 2000000 - 1) & R->time[i], 0);
            evq_run_until(x.q, t0 + 2000000);
            ASSERT_EQ(card_isr(x.card[0], t0 + 2000000) & R->time[i], R->time[i]);
            for (int j = 0; j < ntimers; j++)
                if (j != i) ASSERT_EQ(card_isr(x.card[0], t0 + 2000000) & R->time[j], 0);
            fix_wr(&x, 0, R->isr, fix_cycle(&x, t0 + 2000000), R->time[i]);   /* acknowledge */
            ASSERT_EQ(card_isr(x.card[0], t0 + 2000000) & R->time[i], 0);
        }
        fix_free(&x);
    }
}

TEST(card_regs, isr_bits_clear_on_one_and_host_sig_is_set_by_the_lanai)
{
    for (int k = 0; k < 2; k++) {
        card_fix x;
        fix_init_single(&x, CHIPS[k]);
        const fix_regs *R = fix_regs_of(CHIPS[k]);
        /* reset: the send engine is idle and ready */
        ASSERT_EQ(fix_rd(&x, 0, R->isr, 0), R->send | R->send_rdy);
        fix_wr(&x, 0, R->isr, 10, 0);                       /* writing 0 changes nothing */
        ASSERT_EQ(fix_rd(&x, 0, R->isr, 11), R->send | R->send_rdy);
        fix_wr(&x, 0, R->isr, 12, R->send | R->send_rdy);   /* SEND_INT clears; SEND_RDY is a level */
        ASSERT_EQ(fix_rd(&x, 0, R->isr, 13), R->send_rdy);
        fix_wr(&x, 0, R->isr, 14, R->host_sig);             /* the LANai raises HOST_SIG */
        ASSERT_EQ(fix_rd(&x, 0, R->isr, 15), R->send_rdy | R->host_sig);
        fix_wr(&x, 0, R->isr, 16, R->host_sig);             /* ... and cannot clear it */
        ASSERT_EQ(fix_rd(&x, 0, R->isr, 17), R->send_rdy | R->host_sig);
        card_host_isr_write(x.card[0], 1000000, R->host_sig);   /* the host clears it */
        ASSERT_EQ(fix_rd(&x, 0, R->isr, 18), R->send_rdy);
        /* doorbells: the host raises them, the LANai clears them */
        uint32_t bell = k ? 1u << 29 : 1u << 16;
        card_host_signal(x.card[0], 1000000, bell);
        ASSERT_EQ(fix_rd(&x, 0, R->isr, 19), R->send_rdy | bell);
        fix_wr(&x, 0, R->isr, 20, bell);
        ASSERT_EQ(fix_rd(&x, 0, R->isr, 21), R->send_rdy);
        fix_free(&x);
    }
}

typedef struct { int n, level[8]; sim_time t[8]; } line_log;
static void on_line(void *ctx, ni_card *c, int level, sim_time t)
{
    line_log *l = ctx;
    (void)c;
    if (l->n < 8) { l->level[l->n] = level; l->t[l->n] = t; }
    l->n++;
}

TEST(card_regs, host_line_follows_isr_and_eimr)
{
    for (int k = 0; k < 2; k++) {
        card_fix x;
        fix_init_single(&x, CHIPS[k]);
        const fix_regs *R = fix_regs_of(CHIPS[k]);
        line_log log = {0};
        card_set_line(x.card[0], on_line, &log);
        fix_wr(&x, 0, R->isr, 1, R->send);                 /* clear SEND_INT: nothing enabled yet */
        ASSERT_EQ(log.n, 0);
        uint64_t c1 = fix_cycle(&x, 1000000);
        fix_wr(&x, 0, R->eimr, c1, R->host_sig);
        ASSERT_EQ(log.n, 0);
        fix_wr(&x, 0, R->isr, c1 + 10, R->host_sig);       /* interrupt the host */
        ASSERT_EQ(log.n, 1);
        ASSERT_EQ(log.level[0], 1);
        ASSERT_EQ(log.t[0], fix_time(&x, c1 + 10));
        card_host_isr_write(x.card[0], 2000000, R->host_sig);
        ASSERT_EQ(log.n, 2);
        ASSERT_EQ(log.level[1], 0);
        ASSERT_EQ(log.t[1], 2000000);
        ASSERT_EQ(card_line(x.card[0]), 0);
        /* a masked-in bit that is already set raises the line on the EIMR write */
        fix_wr(&x, 0, R->it[0], fix_cycle(&x, 3000000), 0);   /* wraps 0.5 us later */
        evq_run_until(x.q, 4000000);
        ASSERT_EQ(log.n, 2);
        fix_wr(&x, 0, R->eimr, fix_cycle(&x, 4000000), R->time[0]);
        ASSERT_EQ(log.n, 3);
        ASSERT_EQ(log.level[2], 1);
        fix_free(&x);
    }
}

TEST(card_regs, next_change_is_the_next_tick_of_a_counter_that_was_read)
{
    card_fix x;
    fix_init_single(&x, "lanai9");
    const fix_regs *R = fix_regs_of("lanai9");
    /* nothing read: nothing can change */
    ASSERT_EQ(card_next_change(x.card[0], 100), UINT64_MAX);
    fix_rd(&x, 0, R->isr, 150);                             /* ISR only changes by events */
    ASSERT_EQ(card_next_change(x.card[0], 100), UINT64_MAX);
    fix_rd(&x, 0, R->rtc, 150);
    ASSERT_EQ(card_next_change(x.card[0], 100), fix_cycle(&x, 1000000));   /* 133 cycles = 1 us */
    ASSERT_EQ(card_next_change(x.card[0], 151), UINT64_MAX);                /* read before `since` */
    /* IT1 loaded at 0.3 us ticks at 0.8 us, 1.3 us, 1.8 us ...; RTC at 1.5 us */
    fix_wr(&x, 0, R->it[1], fix_cycle(&x, 300000), 100);
    fix_rd(&x, 0, R->it[1], 200);
    ASSERT_EQ(card_next_change(x.card[0], 140), fix_cycle(&x, 1300000));   /* both read since 1.05 us: IT1 first */
    ASSERT_EQ(card_next_change(x.card[0], 180), fix_cycle(&x, 1800000));   /* only IT1 read since 1.35 us */
    fix_free(&x);
}

/* Accesses the card refuses, seen by firmware as faults with a message. */
static void expect_fault(const char *chip, const char *insn, lanai_fault_cause cause, const char *text)
{
    card_fix x;
    fix_init_single(&x, chip);
    static uint32_t w[16];
    size_t n = iss_asm(insn, w, 16);
    iss_put(x.core[0], 0, w, n);
    ASSERT_EQ(lanai_run(x.core[0], 1000), LANAI_FAULTED);
    ASSERT_EQ(lanai_fault_info(x.core[0])->cause, cause);
    if (text && !strstr(lanai_fault_info(x.core[0])->msg, text)) {
        harness_note("message: %s", lanai_fault_info(x.core[0])->msg);
        ASSERT_TRUE(!"fault message lacks the expected text");
    }
    fix_free(&x);
}

TEST(card_regs, unknown_and_unmodelled_registers_fault_with_a_message)
{
    expect_fault("lanai9", "  ld -512[%r0], %r3\n", FAULT_DEVICE, "no special register at 0xfffffe00");
    expect_fault("lanai9", "  st %r0, -224[%r0]\n", FAULT_DEVICE, "no special register at 0xffffff20");
    expect_fault("lanai4", "  ld -164[%r0], %r3\n", FAULT_DEVICE, "no special register at 0xffffff5c");
    expect_fault("lanai4", "  ld -512[%r0], %r3\n", FAULT_BUS, NULL);   /* below the LANai 4 window */
    expect_fault("lanai4", "  ld -160[%r0], %r3\n", FAULT_DEVICE, "LANai 4 RB: not modelled");
    expect_fault("lanai4", "  ld -256[%r0], %r3\n", FAULT_DEVICE, "IPF0: not modelled");
    expect_fault("lanai9", "  ld.b -432[%r0], %r3\n", FAULT_DEVICE, "LANai 9 ISR: 1-byte access");
    expect_fault("lanai4", "  mov 64, %r3\n  st %r3, -188[%r0]\n", FAULT_DEVICE, "host DMA needs a PCI model");
    expect_fault("lanai9", "  mov 2, %r3\n  st %r3, -328[%r0]\n", FAULT_DEVICE, "PULSE");
    /* a send without a network */
    expect_fault("lanai9", "  mov 64, %r3\n  st %r3, -248[%r0]\n", FAULT_DEVICE, "no network link");
}

TEST(card_regs, storage_registers_read_back)
{
    card_fix x;
    fix_init_single(&x, "lanai4");
    fix_wr(&x, 0, 0x3C, 5, 0x12345678);   /* EAR */
    fix_wr(&x, 0, 0x40, 6, 0x100);        /* LAR */
    fix_wr(&x, 0, 0x8C, 7, 3);            /* MYRINET */
    fix_wr(&x, 0, 0x94, 8, 0xA5);         /* LED */
    ASSERT_EQ(fix_rd(&x, 0, 0x3C, 9), 0x12345678);
    ASSERT_EQ(fix_rd(&x, 0, 0x40, 9), 0x100);
    ASSERT_EQ(fix_rd(&x, 0, 0x8C, 9), 3);
    ASSERT_EQ(fix_rd(&x, 0, 0x94, 9), 0xA5);
    ASSERT_EQ(fix_wr_rc(&x, 0, 0x44, 10, 0), 0);   /* DMA_CTR = 0 starts nothing */
    fix_free(&x);
}
