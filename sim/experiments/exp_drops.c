/* What the switches dropped, for a failed run's report, and what damaged
 * links did (see exp_drops.h). */
#include "exp_drops.h"

#include <stdio.h>

void exp_switch_drops(const fabric *f, run_result *res)
{
    char line[1024];
    fabric_drop_summary(f, line, sizeof line);   /* "" when nothing was dropped */
    if (line[0]) result_fail(res, "%s", line);
}

const char *exp_link_damage(cosim *s, run_result *res, char *buf, size_t n)
{
    fabric *f = cosim_fabric(s);
    const topo *t = fabric_topo(f);
    uint64_t corrupted = 0, lost = 0, damaged = 0, missed = 0, shorter = 0;
    for (int c = 0; c < t->ncable; c++)
        for (int dir = 0; dir < 2; dir++) {
            const lk_stats *st = lk_dir_stats(fabric_link(f, c, dir));
            corrupted += st->corrupted_chunks;
            lost += st->lost_chunks;
        }
    for (int i = 0; i < cosim_nodes(s); i++) {
        const card_stats *cs = card_get_stats(cosim_card(s, i));
        damaged += cs->damaged_recv;
        missed += cs->crc_missed;
        shorter += cs->crc_missed_short;
    }
    result_set(res, "corrupted_chunks", (double)corrupted);
    result_set(res, "lost_chunks", (double)lost);
    result_set(res, "damaged_packets", (double)damaged);
    result_set(res, "crc_missed", (double)missed);
    result_set(res, "crc_missed_short", (double)shorter);
    if (!n) return buf;
    size_t k = (size_t)snprintf(buf, n,
                                "link damage: %llu chunks corrupted, %llu lost; %llu damaged packets received, "
                                "%llu passed the CRC (%llu of them with bytes lost)",
                                (unsigned long long)corrupted, (unsigned long long)lost, (unsigned long long)damaged,
                                (unsigned long long)missed, (unsigned long long)shorter);
    const char *sep = "; by card:";
    for (int i = 0; i < cosim_nodes(s) && k < n; i++) {
        const card_stats *cs = card_get_stats(cosim_card(s, i));
        if (!cs->crc_missed) continue;
        int w = snprintf(buf + k, n - k, "%s ni%d %llu", sep, i, (unsigned long long)cs->crc_missed);
        if (w < 0 || (size_t)w >= n - k) break;
        k += (size_t)w;
        sep = ",";
    }
    return buf;
}
