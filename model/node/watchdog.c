/* The deadlock watchdog's report and the fault report. Firmware that only
 * polls makes no progress; a register write or a byte moved does.
 *
 * The report's first line names the cycle, because that is the answer a
 * reader wants: either the links wait on each other (a wait-for cycle of
 * channels, model/switch/deadlock.h), or the NIs do: NI a "waits for" NI b
 * when a's outgoing packet is blocked, hop by hop, by b not taking bytes.
 * When the firmware exports protocol waits (fw_waits, protowait.h), a
 * cycle of NI channels waiting for space or credits at each other comes
 * first: links can be quiet because the NIs wait on each other inside the
 * message layer. The lines after it say when progress stopped, then the
 * channels and the NIs in detail, each once. */
#define _POSIX_C_SOURCE 200809L
#include "watchdog.h"
#include "protowait.h"
#include "../text/textbuf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>


/* The NI index of a topology node name, -1 if it is not an NI. */
static int ni_named(cosim *s, const char *name)
{
    for (int i = 0; i < cosim_nodes(s); i++)
        if (!strcmp(card_name(cosim_card(s, i)), name)) return i;
    return -1;
}

/* The channel (cable * 2 + dir) on which NI i sends, -1 if none. */
static int out_channel(const topo *t, int i)
{
    int node = topo_ni_node(t, i);
    for (int c = 0; c < t->ncable; c++) {
        if (t->cable[c].a == node) return c * 2;
        if (t->cable[c].b == node) return c * 2 + 1;
    }
    return -1;
}

#define WAITS_LINKS (-2)   /* NI i's packet is stuck in a cycle of links */

/* Whom NI i waits for: follow its outgoing packet's wait-for chain to the
 * NI that does not take the packet at its end (*last: that channel). -1 if
 * it is not blocked. */
static int waits_for(cosim *s, const dl_state *d, int i, int *last)
{
    int c = out_channel(cosim_topo(s), i);
    for (int steps = 0; c >= 0 && c < d->n; steps++) {
        if (steps > d->n) return WAITS_LINKS;
        if (d->ch[c].why == DL_REFUSES) {
            *last = c;
            return ni_named(s, d->ch[c].at);
        }
        c = d->ch[c].waits_on;
    }
    return -1;
}

/* Why NI i waits for NI j: "ni1 has no receive buffer posted; its firmware
 * is in ctl_send", after "its packet to ni0 waits behind ni0#0 (ni0 ->
 * ni2), and " when the packet ni j does not take is another NI's. */
static void why_waits(textbuf *o, cosim *s, const dl_state *d, int i, int j, int last)
{
    const dl_channel *c = &d->ch[last];
    int first = out_channel(cosim_topo(s), i);
    if (c->has_pkt && c->pkt.src != (unsigned)i && first >= 0 && d->ch[first].has_pkt) {
        char mine[96], theirs[96];
        dl_packet_name(d, &c->pkt, theirs, sizeof theirs);
        const lk_sym *p = &d->ch[first].pkt;
        if (p->dst < d->nni && d->ni_names) snprintf(mine, sizeof mine, "to %s", d->ni_names[p->dst]);
        else snprintf(mine, sizeof mine, "out");
        tb_put(o, "its packet %s waits behind %s, and ", mine, theirs);
    }
    ni_card *card = cosim_card(s, j);
    lanai_core *core = cosim_core(s, j);
    const char *r = card_rx_refusal(card);
    tb_put(o, "%s %s", card_name(card), r ? r : "does not take the packet");
    uint32_t off;
    if (lanai_state_of(core) == LANAI_RUNNING) tb_put(o, "; its firmware is in %s", lanai_symbolize(core, lanai_pc(core), &off));
    else tb_put(o, "; its firmware has %s", lanai_state_of(core) == LANAI_HALTED ? "exited" : "stopped");
}

/* The first line: the cycles among the NIs, else the cycle of links. */
static void first_line(textbuf *o, cosim *s, const dl_state *d, int proto_cycle)
{
    int n = cosim_nodes(s);
    int *next = calloc((size_t)(n > 0 ? n : 1), sizeof *next);
    int *last = calloc((size_t)(n > 0 ? n : 1), sizeof *last);
    int *seen = calloc((size_t)(n > 0 ? n : 1), sizeof *seen);
    int *cyc = calloc((size_t)(d->n > 0 ? d->n : 1), sizeof *cyc);
    int cycles = 0;
    if (!next || !last || !seen || !cyc) {
        tb_put(o, "DEADLOCK (no memory to name the cycle)\n");
        goto out;
    }
    for (int i = 0; i < n; i++) next[i] = waits_for(s, d, i, &last[i]);
    /* each NI waits for at most one other: walk from each, mark the walk,
     * and a walk that meets itself closes a cycle (named from its lowest NI) */
    for (int i = 0; i < n; i++) {
        int j = i;
        while (j >= 0 && !seen[j]) {
            seen[j] = i + 1;
            j = next[j];
        }
        if (j < 0 || seen[j] != i + 1) continue;
        int low = j;
        for (int k = next[j]; k != j; k = next[k])
            if (k < low) low = k;
        tb_put(o, "%s", cycles++ ? "; " : "DEADLOCK: ");
        int k = low;
        do {
            if (next[k] == k) tb_put(o, "%s%s waits for itself (", k == low ? "" : ", ", card_name(cosim_card(s, k)));
            else
                tb_put(o, "%s%s waits for %s (", k == low ? "" : ", ", card_name(cosim_card(s, k)),
                    card_name(cosim_card(s, next[k])));
            why_waits(o, s, d, k, next[k], last[k]);
            tb_put(o, ")");
            k = next[k];
        } while (k != low);
    }
    if (cycles) {
        tb_put(o, "\n");
        goto out;
    }
    int k = dl_find_cycle(d, cyc, d->n);
    if (k) {
        tb_put(o, "DEADLOCK: wait-for cycle of %d channels: ", k);
        for (int j = 0; j < k; j++) tb_put(o, "%s waits for ", d->ch[cyc[j]].name);
        tb_put(o, "%s (each held by a packet that waits for the next)\n", d->ch[cyc[0]].name);
    } else if (proto_cycle) {   /* the cycle is the one named above: not a second verdict */
        tb_put(o, "the links and the NIs' packets form no cycle of their own: the firmware's protocol waits above are the deadlock\n");
    } else {
        tb_put(o, "DEADLOCK: nothing moves, and no cycle of waiting NIs or links was found (what each part waits on follows)\n");
    }
out:
    free(next);
    free(last);
    free(seen);
    free(cyc);
}

/* The fw_waits records of every NI (absent where the image has none). */
pw_record *cosim_protocol_waits(cosim *s, const char ***names)
{
    int n = cosim_nodes(s);
    pw_record *r = calloc((size_t)(n > 0 ? n : 1), sizeof *r);
    const char **nm = calloc((size_t)(n > 0 ? n : 1), sizeof *nm);
    if (!r || !nm) {
        free(r);
        free(nm);
        return NULL;
    }
    for (int i = 0; i < n; i++) {
        lanai_core *c = cosim_core(s, i);
        pw_read(lanai_sram(c), lanai_sram_size(c), lanai_fw_waits_at(c), &r[i]);
        nm[i] = card_name(cosim_card(s, i));
    }
    *names = nm;
    return r;
}

void cosim_deadlock_report(cosim *s, sim_time now, char *buf, size_t n)
{
    textbuf o = tb_over(buf, n);
    fabric *f = cosim_fabric(s);
    const char **names = NULL;
    pw_record *pw = cosim_protocol_waits(s, &names);
    char pwtext[4096];
    dl_state d;
    fabric_snapshot(f, &d);
    for (int i = 0; pw && i < cosim_nodes(s); i++) {   /* the link waits join the protocol waits */
        int last, j = waits_for(s, &d, i, &last);
        pw[i].link_to1 = j >= 0 ? j + 1 : 0;
    }
    int proto_cycle = pw && pw_report_cycles(pw, cosim_nodes(s), names, pwtext, sizeof pwtext);
    if (proto_cycle) tb_put(&o, "%s", pwtext);
    first_line(&o, s, &d, proto_cycle);

    char a[40], b[40], c[40], w[40];
    sim_time cards = 0;
    for (int i = 0; i < cosim_nodes(s); i++) {
        sim_time t = card_last_progress(cosim_card(s, i));
        if (t > cards) cards = t;
    }
    tb_put(&o, "stopped at %s, when nothing had moved for the watchdog period (%s): the last symbol crossed a link at %s, "
            "the last card register write or DMA was at %s (%llu link symbols, data bytes and GAPs, moved in all)\n",
        sim_time_us(now, a, sizeof a), sim_time_us(cosim_watchdog_period(s), w, sizeof w),
        sim_time_us(fabric_progress(f)->last, b, sizeof b), sim_time_us(cards, c, sizeof c),
        (unsigned long long)fabric_progress(f)->syms);

    char fab[8192];
    dl_report_links(&d, fab, sizeof fab);
    fabric_snapshot_free(&d);
    tb_put(&o, "%s", fab);
    if (pw) {
        pw_report_waits(pw, cosim_nodes(s), names, pwtext, sizeof pwtext);
        tb_put(&o, "%s", pwtext);
    }
    free(pw);
    free(names);
    tb_put(&o, "NIs:\n");
    for (int i = 0; i < cosim_nodes(s); i++) {
        char line[1024];
        ni_card *card = cosim_card(s, i);
        lanai_core *core = cosim_core(s, i);
        uint32_t off;
        const char *fn = lanai_symbolize(core, lanai_pc(core), &off);
        if (card_describe_waits(card, now, line, sizeof line)) tb_put(&o, "%s", line);
        tb_put(&o, "  %s: core at pc 0x%08x (%s+0x%x), %s\n", card_name(card), lanai_pc(core), fn, off,
            lanai_state_of(core) == LANAI_RUNNING ? "running" : "stopped");
    }
}

void cosim_fault_report(lanai_core *core, const char *name, char *buf, size_t n)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f) {
        snprintf(buf, n, "%s: fault (no memory for the report)\n", name);
        return;
    }
    lanai_report_fault(core, f);
    fclose(f);
    snprintf(buf, n, "%s: %s", name, text ? text : "");
    free(text);
}
