/* The deadlock watchdog's report and the fault report. Firmware that only
 * polls makes no progress; a register write or a byte moved does. */
#define _POSIX_C_SOURCE 200809L
#include "watchdog.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void us(char *b, size_t n, sim_time t)
{
    snprintf(b, n, "%llu.%06llu us", (unsigned long long)(t / 1000000u), (unsigned long long)(t % 1000000u));
}

void cosim_deadlock_report(cosim *s, sim_time now, char *buf, size_t n)
{
    char a[40], b[40], c[40];
    size_t len = 0;
#define ADD(...) do { if (len < n) len += (size_t)snprintf(buf + len, n - len, __VA_ARGS__); } while (0)
    us(a, sizeof a, cosim_progress_time(s));
    us(b, sizeof b, now);
    us(c, sizeof c, cosim_watchdog_period(s));
    ADD("DEADLOCK: nothing moved and no firmware progress from %s to %s (watchdog %s)\n", a, b, c);
    char fab[8192];
    int cycle = fabric_deadlock_report(cosim_fabric(s), fab, sizeof fab);
    ADD("%s", fab);
    if (!cycle) ADD("(no wait-for cycle among the links: the NIs are waiting on each other)\n");
    ADD("NIs:\n");
    for (int i = 0; i < cosim_nodes(s); i++) {
        char w[1024];
        ni_card *card = cosim_card(s, i);
        lanai_core *core = cosim_core(s, i);
        uint32_t off;
        const char *fn = lanai_symbolize(core, lanai_pc(core), &off);
        if (card_describe_waits(card, now, w, sizeof w)) ADD("%s", w);
        ADD("  %s: core at pc 0x%08x (%s+0x%x), %s\n", card_name(card), lanai_pc(core), fn, off,
            lanai_state_of(core) == LANAI_RUNNING ? "running" : "stopped");
    }
#undef ADD
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
