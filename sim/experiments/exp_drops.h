/* What the switches dropped, for a failed run's report: a packet blocked
 * longer than the switch's timeout (Myrinet's 50 ms), a bad route byte or
 * a runt vanishes silently, and a run that then waits for it reads as a
 * hang unless the report says so. And, for runs on damaged links, what the
 * damage was and how much of it the NIs' CRCs missed. */
#ifndef MYRISIM_EXPERIMENTS_EXP_DROPS_H
#define MYRISIM_EXPERIMENTS_EXP_DROPS_H

#include "../../model/node/cosim.h"
#include "../../model/switch/fabric.h"
#include "../runner/result.h"

#include <stddef.h>

/* One line (nothing if no switch dropped anything): fabric_drop_summary's
 * totals by cause and the switches whose blocked packets timed out. */
void exp_switch_drops(const fabric *f, run_result *res);

/* Link damage (experiment.link_corrupt_prob / link_loss_prob): sets the
 * results corrupted_chunks and lost_chunks (every link's error injection),
 * damaged_packets (packets the cards received with a damaged byte) and
 * crc_missed (those the cards' CRC checks passed: card_stats.crc_missed)
 * and crc_missed_short (of those, packets that lost bytes on the way),
 * and writes "link damage: ..." with the cards that missed some into buf.
 * Only for runs with damage on, so other runs' results keep their set. */
const char *exp_link_damage(cosim *s, run_result *res, char *buf, size_t n);

#endif
