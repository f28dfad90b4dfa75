/* What the switches dropped, for a failed run's report (see exp_drops.h). */
#include "exp_drops.h"
#include "../../model/switch/xbar.h"

#include <stdio.h>
#include <stdlib.h>

#define NAMED 12

typedef struct {
    const char *name;
    uint64_t n;
    int pos;                   /* topology order breaks ties: qsort is not stable */
} sw_drops;

static int most_first(const void *a, const void *b)
{
    const sw_drops *x = a, *y = b;
    if (x->n != y->n) return x->n < y->n ? 1 : -1;
    return (x->pos > y->pos) - (x->pos < y->pos);
}

void exp_switch_drops(const fabric *f, run_result *res)
{
    const topo *t = fabric_topo(f);
    sw_drops *d = calloc((size_t)(t->nnode > 0 ? t->nnode : 1), sizeof *d);
    if (!d) return;
    uint64_t timeouts = 0, bad = 0, runts = 0;
    int k = 0;
    for (int node = 0; node < t->nnode; node++) {
        xbar *x = fabric_switch(f, node);
        if (!x) continue;
        const xbar_stats *s = xbar_get_stats(x);
        uint64_t n = s->timeouts + s->bad_route + s->runts;
        timeouts += s->timeouts;
        bad += s->bad_route;
        runts += s->runts;
        if (n) d[k] = (sw_drops){xbar_name(x), n, k}, k++;
    }
    if (k) {
        qsort(d, (size_t)k, sizeof *d, most_first);
        char list[1024];
        size_t len = 0;
        list[0] = 0;
        for (int i = 0; i < k && i < NAMED; i++) {
            int w = snprintf(list + len, sizeof list - len, "%s%s %llu", i ? ", " : "", d[i].name,
                             (unsigned long long)d[i].n);
            if (w < 0 || (size_t)w >= sizeof list - len) break;
            len += (size_t)w;
        }
        result_fail(res, "the switches dropped %llu packets (blocked past the switch timeout %llu, bad route %llu, "
                         "runts %llu): %s%s",
                    (unsigned long long)(timeouts + bad + runts), (unsigned long long)timeouts,
                    (unsigned long long)bad, (unsigned long long)runts, list, k > NAMED ? ", ..." : "");
    }
    free(d);
}
