/* Call paths from clang's LANai call and return sequences
 * (model/lanai/callpath.h), on a made-up instruction stream. */
#include "../harness/harness.h"
#include "../../model/lanai/callpath.h"

/* One instruction at pc costing c cycles (charged at the next step). */
static void step(callpath *p, uint32_t pc, uint32_t insn, uint64_t *pending)
{
    callpath_step(p, pc, insn, *pending);
    *pending = 1;
}

TEST(regress_callpath, call_and_return)
{
    callpath p;
    ASSERT_EQ(callpath_init(&p), 0);
    uint64_t c = 0;
    step(&p, 0x100, 0, &c);                          /* root */
    step(&p, 0x104, LANAI_CALL_LINK_INSN, &c);       /* add %pc,16,%rca */
    step(&p, 0x108, 0, &c);                          /* st %rca,[--%sp] */
    step(&p, 0x10c, 0, &c);                          /* bt f */
    step(&p, 0x110, 0, &c);                          /* delay slot */
    step(&p, 0x200, 0, &c);                          /* f */
    step(&p, 0x204, 0, &c);
    step(&p, 0x208, 0, &c);                          /* ld -4[%fp],%pc */
    step(&p, 0x114, 0, &c);                          /* back at the link */
    step(&p, 0x118, 0, &c);
    callpath_step(&p, 0x11c, 0, c);
    ASSERT_EQ(p.nnode, 2);
    ASSERT_EQ(p.node[1].entry, 0x200);
    ASSERT_EQ(p.node[1].parent, 0);
    ASSERT_EQ(p.node[1].calls, 1);
    ASSERT_EQ(p.node[1].cycles, 3);                  /* 0x200, 0x204, 0x208 */
    ASSERT_EQ(p.node[0].cycles, 7);
    ASSERT_EQ(p.depth, 0);
    callpath_free(&p);
}

TEST(regress_callpath, nested_and_repeated_calls_share_nodes)
{
    callpath p;
    ASSERT_EQ(callpath_init(&p), 0);
    uint64_t c = 0;
    for (int rep = 0; rep < 2; rep++) {
        step(&p, 0x100, LANAI_CALL_LINK_INSN, &c);   /* main calls f */
        step(&p, 0x104, 0, &c);
        step(&p, 0x108, 0, &c);
        step(&p, 0x10c, 0, &c);
        step(&p, 0x200, LANAI_CALL_LINK_INSN, &c);   /* f calls g */
        step(&p, 0x204, 0, &c);
        step(&p, 0x208, 0, &c);
        step(&p, 0x20c, 0, &c);
        step(&p, 0x300, 0, &c);                      /* g */
        step(&p, 0x210, 0, &c);                      /* back in f */
        step(&p, 0x110, 0, &c);                      /* back in main */
    }
    callpath_step(&p, 0x114, 0, c);
    ASSERT_EQ(p.nnode, 3);
    ASSERT_EQ(p.node[2].parent, 1);
    ASSERT_EQ(p.node[2].entry, 0x300);
    ASSERT_EQ(p.node[2].calls, 2);
    ASSERT_EQ(p.node[1].calls, 2);
    ASSERT_EQ(p.node[2].cycles, 2);
    ASSERT_EQ(p.node[1].cycles, 10);                 /* 0x200..0x20c and 0x210, twice */
    callpath_free(&p);
}
