/* What the switches dropped, for a failed run's report: a packet blocked
 * longer than the switch's timeout (Myrinet's 50 ms), a bad route byte or
 * a runt vanishes silently, and a run that then waits for it reads as a
 * hang unless the report says so. */
#ifndef MYRISIM_EXPERIMENTS_EXP_DROPS_H
#define MYRISIM_EXPERIMENTS_EXP_DROPS_H

#include "../../model/switch/fabric.h"
#include "../runner/result.h"

/* One line (nothing if no switch dropped anything): fabric_drop_summary's
 * totals by cause and the switches whose blocked packets timed out. */
void exp_switch_drops(const fabric *f, run_result *res);

#endif
