/* cosim_write_record: everything observable of a run as text, for
 * comparing runs byte for byte (tests, the SystemC shell's test program)
 * and for people. */
#include "cosim.h"

void cosim_write_record(cosim *s, cosim_status st, FILE *f)
{
    fprintf(f, "status %s\n", cosim_status_name(st));
    for (int i = 0; i < cosim_nodes(s); i++) {
        lanai_core *c = cosim_core(s, i);
        const card_stats *cs = card_get_stats(cosim_card(s, i));
        fprintf(f, "ni%d state %d exit %d cycles %llu insns %llu pc %08x\n", i, (int)lanai_state_of(c),
                lanai_exit_code(c), (unsigned long long)lanai_cycles(c), (unsigned long long)lanai_insns(c),
                lanai_pc(c));
        fprintf(f, "ni%d card sent %llu/%llu recv %llu/%llu crc %llu buff %llu stolen %llu\n", i,
                (unsigned long long)cs->packets_sent, (unsigned long long)cs->bytes_sent,
                (unsigned long long)cs->packets_recv, (unsigned long long)cs->bytes_recv,
                (unsigned long long)cs->crc_errors, (unsigned long long)cs->buff_ints,
                (unsigned long long)cs->stolen_cycles);
        int n;
        const lanai_mark *m = lanai_marks(c, &n);
        for (int k = 0; k < n; k++)
            fprintf(f, "ni%d mark %u %llu %llu\n", i, m[k].id, (unsigned long long)m[k].cycle,
                    (unsigned long long)m[k].insns);
        fprintf(f, "ni%d console:\n%s", i, cosim_console(s, i));
    }
    if (st == COSIM_FAULT || st == COSIM_DEADLOCK) fprintf(f, "report:\n%s", cosim_report(s));
}
