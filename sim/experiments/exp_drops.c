/* What the switches dropped, for a failed run's report (see exp_drops.h). */
#include "exp_drops.h"

void exp_switch_drops(const fabric *f, run_result *res)
{
    char line[1024];
    fabric_drop_summary(f, line, sizeof line);   /* "" when nothing was dropped */
    if (line[0]) result_fail(res, "%s", line);
}
