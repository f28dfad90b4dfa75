/* Cycle finding and the report. */
#include "deadlock.h"
#include "../text/textbuf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int dl_find_cycle(const dl_state *s, int *cycle, int max)
{
    int *mark = calloc((size_t)(s->n > 0 ? s->n : 1), sizeof *mark);   /* 0 new, walk id + 1 */
    int *done = calloc((size_t)(s->n > 0 ? s->n : 1), sizeof *done);
    int found = 0, start = -1;
    if (!mark || !done) {
        free(mark);
        free(done);
        return 0;
    }
    for (int i = 0; i < s->n && start < 0; i++) {
        int c = i;
        while (c >= 0 && c < s->n && !done[c] && mark[c] != i + 1) {
            mark[c] = i + 1;
            c = s->ch[c].waits_on;
        }
        if (c >= 0 && c < s->n && !done[c] && mark[c] == i + 1) start = c;
        for (c = i; c >= 0 && c < s->n && !done[c]; c = s->ch[c].waits_on) done[c] = 1;
    }
    if (start >= 0) {
        int low = start, c = s->ch[start].waits_on;
        while (c != start) {
            if (c < low) low = c;
            c = s->ch[c].waits_on;
        }
        c = low;
        do {
            if (found < max) cycle[found] = c;
            found++;
            c = s->ch[c].waits_on;
        } while (c != low);
        if (found > max) found = max;
    }
    free(mark);
    free(done);
    return found;
}

void dl_packet_name(const dl_state *s, const lk_sym *p, char *buf, size_t n)
{
    char a[32], b[32];
    if (s->ni_names && p->src < s->nni) snprintf(a, sizeof a, "%s", s->ni_names[p->src]);
    else snprintf(a, sizeof a, "src%u", p->src);
    if (p->dst == LK_NO_NODE) snprintf(b, sizeof b, "?");
    else if (s->ni_names && p->dst < s->nni) snprintf(b, sizeof b, "%s", s->ni_names[p->dst]);
    else snprintf(b, sizeof b, "dst%u", p->dst);
    snprintf(buf, n, "%s#%u (%s -> %s)", a, p->seq, a, b);
}



static void describe(textbuf *o, const dl_state *s, int i)
{
    const dl_channel *c = &s->ch[i];
    char pkt[96] = "a packet", since[40];
    if (c->has_pkt) dl_packet_name(s, &c->pkt, pkt, sizeof pkt);
    sim_time_us(c->since, since, sizeof since);
    tb_put(o, "  %s [slack %u of %u bytes full%s]: ", c->name, c->occ, c->slack, c->stopped ? ", sender STOPped" : "");
    int w = c->waits_on;
    switch (c->why) {
    case DL_HOLDS:
        tb_put(o, "packet %s holds %s output %d since %s", pkt, c->at, c->port, since);
        if (w >= 0) tb_put(o, ", blocked: %s is STOPped\n", s->ch[w].name);
        else tb_put(o, "\n");
        break;
    case DL_WAITS:
        tb_put(o, "packet %s waits at %s input %d for output %d since %s", pkt, c->at, c->in_port, c->port, since);
        if (w >= 0 && s->ch[w].why == DL_HOLDS) tb_put(o, ", held by the packet from %s\n", s->ch[w].name);
        else if (w >= 0) tb_put(o, ", which is closing a dropped packet into %s\n", s->ch[w].name);
        else tb_put(o, "\n");
        break;
    case DL_REFUSES:
        tb_put(o, "packet %s is not being taken by %s\n", pkt, c->at);
        break;
    default:
        tb_put(o, "%s\n", c->has_pkt ? "a packet is moving" : "idle");
        break;
    }
}

int dl_report_links(const dl_state *s, char *buf, size_t n)
{
    textbuf o = tb_over(buf, n);
    int *cyc = malloc(sizeof(int) * (size_t)(s->n > 0 ? s->n : 1));
    int k = cyc ? dl_find_cycle(s, cyc, s->n) : 0;
    if (k) {
        tb_put(&o, "DEADLOCK: wait-for cycle of %d channels:\n", k);
        for (int j = 0; j < k; j++) describe(&o, s, cyc[j]);
    } else {
        tb_put(&o, "no wait-for cycle among the links\n");
    }
    /* what else is blocked: chains that end at an NI not taking bytes */
    int other = 0;
    for (int i = 0; i < s->n; i++) {
        int in_cycle = 0;
        for (int j = 0; j < k; j++) in_cycle |= cyc[j] == i;
        const dl_channel *c = &s->ch[i];
        if (in_cycle || (c->waits_on < 0 && c->why != DL_REFUSES)) continue;
        if (!other++) tb_put(&o, "%s blocked channels:\n", k ? "other" : "the");
        describe(&o, s, i);
    }
    free(cyc);
    return k > 0;
}

int dl_report(const dl_state *s, char *buf, size_t n)
{
    char a[40], b[40];
    int len = snprintf(buf, n, "at %s: last progress at %s (%llu link symbols, data bytes and GAPs, moved in all)\n",
                       sim_time_us(s->now, a, sizeof a), sim_time_us(s->last_progress, b, sizeof b),
                       (unsigned long long)s->progress);
    size_t used = len < 0 ? 0 : (size_t)len < n ? (size_t)len : n ? n - 1 : 0;
    return dl_report_links(s, buf + used, n - used);
}
