/* Livelock detection: links busy, nothing delivered. The deadlock
 * watchdog only fires when nothing moves; a message layer that refuses
 * and resends forever (a full queue NACKed, a ticket never accepted)
 * keeps its links busy without progress. Firmware that exports fw_waits
 * (firmware/hal/waits.h) counts the messages it delivers; sampled every
 * livelock period / 8, a period in which those counts did not change while
 * link symbols moved in its first half and again in its last eighth is a
 * livelock: retransmissions went on all along (GRIM resends on its
 * retransmission timer, 10 ms by default, so "every interval" would miss
 * a slow storm), and a burst that ended is not one. Only NIs whose count
 * has moved at all are judged (a firmware may export waits without
 * counting deliveries). The report names the
 * NIs that sent packets meanwhile: the ones retransmitting. */
#define _POSIX_C_SOURCE 200809L
#include "cosim_internal.h"
#include "protowait.h"
#include "watchdog.h"
#include "../text/textbuf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>


static void report(cosim *s, sim_time now, const pw_record *r, const char **names)
{
    char a[40], b[40], c[40];
    textbuf o = tb_over(s->report, sizeof s->report);
    tb_put(&o, "LIVELOCK: links busy but no message delivered for %s (the counts last changed by the sample at %s); sending meanwhile:",
        sim_time_us(now - s->ll_deliv_at, a, sizeof a), sim_time_us(s->ll_deliv_at, b, sizeof b));
    int any = 0;
    for (int i = 0; i < s->n; i++) {
        uint64_t p = card_get_stats(s->nd[i].card)->packets_sent - (s->ll_pkts ? s->ll_pkts[i] : 0);
        if (p) tb_put(&o, "%s %s %llu packets", any++ ? "," : "", names[i], (unsigned long long)p);
    }
    tb_put(&o, "%s (retransmitting: a storm of resends is not progress)\n", any ? "" : " no NI");
    tb_put(&o, "stopped at %s after the livelock period (%s; experiment.livelock_us); %llu link symbols moved in all\n",
        sim_time_us(now, a, sizeof a), sim_time_us(s->o.livelock, c, sizeof c),
        (unsigned long long)fabric_progress(s->f)->syms);
    char waits[4096];
    pw_report_waits(r, s->n, names, waits, sizeof waits);
    tb_put(&o, "%s", waits);
    tb_put(&o, "NIs:\n");
    for (int i = 0; i < s->n; i++) {
        lanai_core *core = s->nd[i].core;
        uint32_t off;
        const char *fn = lanai_symbolize(core, lanai_pc(core), &off);
        tb_put(&o, "  %s: core at pc 0x%08x (%s+0x%x), %llu packets sent in all\n", names[i], lanai_pc(core), fn, off,
            (unsigned long long)card_get_stats(s->nd[i].card)->packets_sent);
    }
}

int cosim_livelock_check(cosim *s, sim_time now)
{
    sim_time step = s->o.livelock / 8 ? s->o.livelock / 8 : 1;
    s->ll_next = now + step;
    const char **names = NULL;
    pw_record *r = cosim_protocol_waits(s, &names);
    if (!r) return 0;
    uint64_t sum = 0;
    int any = 0;
    /* only records that count: a firmware whose delivered count never
     * moved (it may not fill it) is not judged */
    for (int i = 0; i < s->n; i++)
        if (r[i].present && r[i].delivered) {
            any = 1;
            sum += r[i].delivered;
        }
    uint64_t syms = fabric_progress(s->f)->syms;
    int fired = 0;
    if (!any || !s->ll_init || sum != s->ll_delivered) {
        /* progress (or nothing to judge): start a new period here */
        s->ll_init = any;
        s->ll_delivered = sum;
        s->ll_deliv_at = now;
        s->ll_move_first = s->ll_move_last = SIM_TIME_NEVER;
        if (!s->ll_pkts) s->ll_pkts = calloc((size_t)(s->n > 0 ? s->n : 1), sizeof *s->ll_pkts);
        for (int i = 0; s->ll_pkts && i < s->n; i++) s->ll_pkts[i] = card_get_stats(s->nd[i].card)->packets_sent;
    } else {
        if (syms != s->ll_syms) {
            if (s->ll_move_first == SIM_TIME_NEVER) s->ll_move_first = now;
            s->ll_move_last = now;
        }
        if (now - s->ll_deliv_at >= s->o.livelock && s->ll_move_last == now &&
            s->ll_move_first - s->ll_deliv_at <= s->o.livelock / 2) {
            report(s, now, r, names);
            s->livelocked = fired = 1;
        }
    }
    s->ll_syms = syms;
    free(r);
    free(names);
    return fired;
}
