/* The instrumentation record (instr.h): last, sum and count of a step's
 * core cycles in GRIM_STATS. Empty unless built with -DGRIM_INSTR. */
#include "instr.h"

#ifdef GRIM_INSTR
void instr_add(unsigned step, unsigned cycles)
{
    volatile unsigned *s = (volatile unsigned *)(GRIM_STATS + step * 16u);
    s[GRIM_S_LAST / 4] = cycles;
    s[GRIM_S_SUM / 4] += cycles;
    s[GRIM_S_COUNT / 4] += 1u;
}
#else
typedef int grim_instr_unused;   /* ISO C wants something in a translation unit */
#endif
