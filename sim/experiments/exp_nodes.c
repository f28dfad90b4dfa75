/* A failed run's per-node lines, grouped (see exp_nodes.h). */
#define _GNU_SOURCE
#include "exp_nodes.h"
#include "exp_util.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    char *host;          /* NULL: nothing to say */
    char *ni_state;      /* NULL: nothing to say */
    char *ni_group;      /* the state as a group says it */
    char *console;       /* its tail, "" if empty */
} node_text;

struct exp_nodes {
    int n;
    node_text *t;
};

exp_nodes *exp_nodes_new(int n)
{
    exp_nodes *l = calloc(1, sizeof *l);
    if (l) l->t = calloc((size_t)(n > 0 ? n : 1), sizeof *l->t);
    if (!l || !l->t) {
        free(l);
        return NULL;
    }
    l->n = n;
    return l;
}

void exp_nodes_free(exp_nodes *l)
{
    if (!l) return;
    for (int i = 0; i < l->n; i++) {
        free(l->t[i].host);
        free(l->t[i].ni_state);
        free(l->t[i].ni_group);
        free(l->t[i].console);
    }
    free(l->t);
    free(l);
}

void exp_nodes_host(exp_nodes *l, int i, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *s = NULL;
    if (vasprintf(&s, fmt, ap) < 0) s = NULL;
    va_end(ap);
    free(l->t[i].host);
    l->t[i].host = s;
}

/* The last three lines of a console, as the report shows them. */
static const char *tail_of(const char *text)
{
    const char *start = text + strlen(text);
    for (int lines = 0; start > text && lines < 3; lines++) {
        start--;
        while (start > text && start[-1] != '\n') start--;
    }
    return start;
}

void exp_nodes_ni(exp_nodes *l, int i, const char *state, const char *group_state, const char *console,
                  int say_empty)
{
    if (!console[0] && !say_empty) return;
    free(l->t[i].ni_state);
    free(l->t[i].ni_group);
    free(l->t[i].console);
    l->t[i].ni_state = strdup(state);
    l->t[i].ni_group = strdup(group_state);
    l->t[i].console = strdup(tail_of(console));
}

static int same(const char *a, const char *b) { return a && b && !strcmp(a, b); }

/* "1-3, 5, 7-127": the nodes marked in `in`. */
static void list_nodes(const char *in, int n, char *buf, size_t len)
{
    size_t k = 0;
    buf[0] = 0;
    for (int i = 0; i < n; i++) {
        if (!in[i]) continue;
        int j = i;
        while (j + 1 < n && in[j + 1]) j++;
        int w = j > i ? snprintf(buf + k, len - k, "%s%d-%d", k ? ", " : "", i, j)
                      : snprintf(buf + k, len - k, "%s%d", k ? ", " : "", i);
        if (w < 0 || (size_t)w >= len - k) return;
        k += (size_t)w;
        i = j;
    }
}

static void emit_host(exp_nodes *l, int i, char *done, char *in, run_result *res)
{
    int count = 0;
    memset(in, 0, (size_t)l->n);
    for (int j = i; j < l->n; j++)
        if (!done[j] && same(l->t[j].host, l->t[i].host)) in[j] = done[j] = 1, count++;
    if (count == 1) {
        result_fail(res, "node %d: %s", i, l->t[i].host);
        return;
    }
    char who[2048];
    list_nodes(in, l->n, who, sizeof who);
    result_fail(res, "nodes %s (%d): %s", who, count, l->t[i].host);
}

static int same_ni(const node_text *a, const node_text *b)
{
    return same(a->ni_group, b->ni_group) && same(a->console, b->console);
}

static void emit_ni(exp_nodes *l, int i, char *done, char *in, run_result *res)
{
    const node_text *t = &l->t[i];
    int count = 0;
    memset(in, 0, (size_t)l->n);
    for (int j = i; j < l->n; j++)
        if (!done[j] && same_ni(&l->t[j], t)) in[j] = done[j] = 1, count++;
    if (count == 1) {   /* alone: the exact state */
        if (t->console[0]) result_fail(res, "node %d's NI %s; its console ends:", i, t->ni_state);
        else result_fail(res, "node %d's NI %s (nothing on its console)", i, t->ni_state);
    } else {
        char who[2048];
        list_nodes(in, l->n, who, sizeof who);
        if (t->console[0]) result_fail(res, "nodes %s (%d): each NI %s; each console ends:", who, count, t->ni_group);
        else result_fail(res, "nodes %s (%d): each NI %s (nothing on their consoles)", who, count, t->ni_group);
    }
    exp_fail_lines(res, t->console, 3);
}

void exp_nodes_emit(exp_nodes *l, run_result *res)
{
    char *done_host = calloc((size_t)l->n + 1, 1), *done_ni = calloc((size_t)l->n + 1, 1);
    char *in = calloc((size_t)l->n + 1, 1);
    if (!done_host || !done_ni || !in) {
        result_fail(res, "(no memory for the per-node lines)");
    } else {
        /* the programs first: a failed one is usually the cause */
        for (int i = 0; i < l->n; i++)
            if (l->t[i].host && !done_host[i]) emit_host(l, i, done_host, in, res);
        for (int i = 0; i < l->n; i++)
            if (l->t[i].ni_state && !done_ni[i]) emit_ni(l, i, done_ni, in, res);
    }
    free(done_host);
    free(done_ni);
    free(in);
}
