/* Firmware console lines as instants on the NI core's track (trace_console.h). */
#include "trace_console.h"

#include "../card/niclock.h"
#include "hooks.h"

#include <stdlib.h>

enum { LINE_MAX_CHARS = 200 };   /* a longer line is recorded in pieces */

typedef struct {
    trace *t;
    int trk;
    ni_clock clk;
    char buf[LINE_MAX_CHARS + 1];
    int len;
} console_line;

/* One cluster is traced per process (trace_cur), so one set of lines. */
static console_line *lines;
static int nlines;

static void flush_line(console_line *l, uint64_t cycle)
{
    l->buf[l->len] = 0;
    trace_arg a = {"text", l->buf, 0};
    trace_instant(l->t, l->trk, "console", "console", ni_clock_ps(&l->clk, cycle), &a, 1);
    l->len = 0;
}

static void on_byte(void *ctx, const lanai_core *c, int ch)
{
    console_line *l = ctx;
    if (ch == '\n') {
        flush_line(l, lanai_cycles(c));
        return;
    }
    if (ch == '\r') return;
    l->buf[l->len++] = (char)ch;
    if (l->len == LINE_MAX_CHARS) flush_line(l, lanai_cycles(c));
}

void trace_console_attach(trace *t, cosim *s)
{
    int n = cosim_nodes(s);
    lines = calloc((size_t)n, sizeof *lines);
    if (!lines) return;   /* out of memory: the trace goes without consoles */
    nlines = n;
    for (int i = 0; i < n; i++) {
        lanai_core *c = cosim_core(s, i);
        lines[i].t = t;
        lines[i].trk = trace_find_node(t, i, TK_CORE);
        ni_clock_init(&lines[i].clk, lanai_profile_of(c)->clock_hz);
        if (lines[i].trk >= 0) lanai_set_console_hook(c, on_byte, &lines[i]);
    }
}

void trace_console_detach(trace *t, cosim *s)
{
    (void)t;
    for (int i = 0; i < nlines && i < cosim_nodes(s); i++) {
        lanai_core *c = cosim_core(s, i);
        if (lines[i].len) flush_line(&lines[i], lanai_cycles(c));
        lanai_set_console_hook(c, NULL, NULL);
    }
    free(lines);
    lines = NULL;
    nlines = 0;
}
