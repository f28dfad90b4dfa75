/* The simulator-services window: console, exit, marks, cycle/instruction
 * counters with the LO-latches-HI rule, and routing of other addresses to
 * the device hooks with size, value and cycle. */
#include "../harness/harness.h"
#include "iss_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

TEST(iss_svc, putchar_goes_to_the_console_and_exit_halts)
{
    char *out = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&out, &len);
    lanai_core *c = iss_core("lanai4");
    lanai_set_console(c, f);
    static uint32_t w[64];
    size_t n = iss_asm(
        "  mov 0x48, %r3\n  st %r3, " SVC_PUTCHAR "\n"
        "  mov 0x169, %r3\n  st %r3, " SVC_PUTCHAR "\n"   /* only the low byte: 'i' */
        "  mov 300, %r3\n  st %r3, " SVC_EXIT "\n"
        "  mov 0x21, %r3\n  st %r3, " SVC_PUTCHAR "\n", w, 64);
    iss_put(c, 0, w, n);
    ASSERT_EQ(lanai_run(c, 1000), LANAI_HALTED);
    fclose(f);
    ASSERT_STR_EQ(out, "Hi");
    ASSERT_EQ(lanai_exit_code(c), 300);
    ASSERT_EQ(lanai_insns(c), 6);          /* the exit store completes, nothing after */
    ASSERT_EQ(lanai_run(c, 100000), LANAI_HALTED);
    ASSERT_EQ(lanai_insns(c), 6);
    free(out);
    lanai_free(c);
}

TEST(iss_svc, marks_record_id_cycle_and_instructions)
{
    lanai_core *c = iss_run_src(
        "  mov 7, %r3\n"
        "  st %r3, " SVC_MARK "\n"     /* 2nd instruction */
        "  nop\n nop\n nop\n"
        "  mov 8, %r3\n"
        "  st %r3, " SVC_MARK "\n"     /* 7th */
        "  st %r0, " SVC_EXIT "\n", 1000);
    ASSERT_EQ(lanai_state_of(c), LANAI_HALTED);
    int n;
    const lanai_mark *m = lanai_marks(c, &n);
    ASSERT_EQ(n, 2);
    ASSERT_EQ(m[0].id, 7);
    ASSERT_EQ(m[1].id, 8);
    ASSERT_EQ(m[0].insns, 2);
    ASSERT_EQ(m[1].insns, 7);
    ASSERT_EQ(m[1].insns - m[0].insns, 5);
    ASSERT_TRUE(m[1].cycle - m[0].cycle >= 5);
    lanai_free(c);
}

TEST(iss_svc, counters_read_lo_latches_hi)
{
    lanai_core *c = iss_run_src(
        "  nop\n nop\n nop\n"
        "  ld " SVC_INSN_LO ", %r3\n"  /* 4th instruction: count includes it */
        "  ld " SVC_INSN_HI ", %r7\n"
        "  ld " SVC_CYCLE_LO ", %r9\n"
        "  ld " SVC_CYCLE_HI ", %r12\n"
        "  ld " SVC_CYCLE_LO ", %r13\n"
        "  mov 0xfffffde2, %r6\n"
        "  uld.h 0[%r6], %r14\n"       /* low half of CYCLE_LO (SPLS offsets are 10 bits) */
        "  st %r0, " SVC_EXIT "\n", 1000);
    ASSERT_EQ(lanai_state_of(c), LANAI_HALTED);
    ASSERT_EQ(lanai_reg(c, 3), 4);
    ASSERT_EQ(lanai_reg(c, 7), 0);
    ASSERT_EQ(lanai_reg(c, 12), 0);
    ASSERT_TRUE(lanai_reg(c, 9) >= 6);
    ASSERT_TRUE(lanai_reg(c, 13) > lanai_reg(c, 9));       /* time moves on */
    ASSERT_TRUE(lanai_reg(c, 14) > lanai_reg(c, 13));
    ASSERT_TRUE(lanai_reg(c, 13) < lanai_cycles(c));
    lanai_free(c);
}

typedef struct { int n; uint32_t addr[8], val[8]; int size[8]; uint64_t cycle[8]; int write[8]; } dev_log;

static int dev_read(void *ctx, uint32_t addr, int size, uint64_t cycle, uint32_t *val)
{
    dev_log *l = ctx;
    if (addr != 0xFFFFFE10 || l->n >= 8) return -1;
    l->addr[l->n] = addr; l->size[l->n] = size; l->cycle[l->n] = cycle; l->write[l->n] = 0;
    *val = l->val[l->n++] = 0x1234;
    return 0;
}

static int dev_write(void *ctx, uint32_t addr, int size, uint64_t cycle, uint32_t val)
{
    dev_log *l = ctx;
    if (l->n >= 8) return -1;
    l->addr[l->n] = addr; l->size[l->n] = size; l->cycle[l->n] = cycle; l->write[l->n] = 1;
    l->val[l->n++] = val;
    return 0;
}

TEST(iss_svc, other_addresses_go_to_the_device_hooks)
{
    dev_log log = {0};
    lanai_core *c = iss_core("lanai9");
    lanai_mmio m = {&log, dev_read, dev_write};
    lanai_set_mmio(c, &m);
    static uint32_t w[64];
    size_t n = iss_asm(
        "  mov 0xabc, %r3\n"
        "  st %r3, -512[%r0]\n"        /* 0xfffffe00 word */
        "  st.b %r3, -500[%r0]\n"      /* 0xfffffe0c byte */
        "  ld -496[%r0], %r7\n"        /* 0xfffffe10 */
        "  ld -492[%r0], %r9\n"        /* 0xfffffe14: hook says unmapped */
        , w, 64);
    iss_put(c, 0, w, n);
    ASSERT_EQ(lanai_run(c, 1000), LANAI_FAULTED);
    ASSERT_EQ(lanai_fault_info(c)->cause, FAULT_BUS);
    ASSERT_EQ(lanai_fault_info(c)->addr, 0xFFFFFE14);
    ASSERT_EQ(log.n, 3);
    ASSERT_EQ(log.addr[0], 0xFFFFFE00);
    ASSERT_EQ(log.size[0], 4);
    ASSERT_EQ(log.val[0], 0xABC);
    ASSERT_EQ(log.write[0], 1);
    ASSERT_EQ(log.addr[1], 0xFFFFFE0C);
    ASSERT_EQ(log.size[1], 1);
    ASSERT_EQ(log.val[1], 0xABC);    /* the register value; the device takes the low byte */
    ASSERT_EQ(log.write[2], 0);
    ASSERT_EQ(lanai_reg(c, 7), 0x1234);
    ASSERT_TRUE(log.cycle[1] > log.cycle[0]);
    ASSERT_TRUE(log.cycle[2] > log.cycle[1]);
    lanai_free(c);
}
