/* trace_load.h */
#include "trace_load.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

static int bad(tr_trace *t, int i, const char *what)
{
    snprintf(t->err, sizeof t->err, "traceEvents[%d]: %s", i, what);
    return -1;
}

static const char *proc_name(const tr_trace *t, const jv *evs, int pid)
{
    for (int i = 0; i < evs->n; i++) {
        const jv *e = &evs->item[i];
        if (!strcmp(jv_str(e, "ph", ""), "M") && !strcmp(jv_str(e, "name", ""), "process_name") &&
            jv_num(e, "pid", -1) == pid)
            return jv_str(jv_get(e, "args"), "name", NULL);
    }
    (void)t;
    return NULL;
}

int tr_load_text(tr_trace *t, const char *text, size_t len)
{
    memset(t, 0, sizeof *t);
    char err[200];
    t->root = jv_parse(text, len, err, sizeof err);
    if (!t->root) {
        snprintf(t->err, sizeof t->err, "not JSON: %s", err);
        return -1;
    }
    const jv *evs = jv_get(t->root, "traceEvents");
    if (!evs || evs->type != JV_ARR) {
        snprintf(t->err, sizeof t->err, "no traceEvents array");
        return -1;
    }
    t->ev = calloc((size_t)evs->n + 1, sizeof *t->ev);
    t->trk = calloc((size_t)evs->n + 1, sizeof *t->trk);
    /* tracks first: metadata may come anywhere */
    for (int i = 0; i < evs->n; i++) {
        const jv *e = &evs->item[i];
        if (e->type != JV_OBJ) return bad(t, i, "not an object");
        const char *ph = jv_str(e, "ph", NULL);
        if (!ph || strlen(ph) != 1) return bad(t, i, "no one-letter ph");
        if (!jv_get(e, "pid") || jv_get(e, "pid")->type != JV_NUM) return bad(t, i, "no numeric pid");
        if (*ph == 'M' && !strcmp(jv_str(e, "name", ""), "thread_name")) {
            const jv *tid = jv_get(e, "tid");
            const char *nm = jv_str(jv_get(e, "args"), "name", NULL);
            if (!tid || !nm) return bad(t, i, "thread_name without tid or args.name");
            int pid = (int)jv_num(e, "pid", -1);
            const char *proc = proc_name(t, evs, pid);
            if (!proc) return bad(t, i, "thread of a process without a process_name");
            t->trk[t->ntrk++] = (tr_track){pid, (int)tid->num, nm, proc};
        }
    }
    for (int i = 0; i < evs->n; i++) {
        const jv *e = &evs->item[i];
        const char *ph = jv_str(e, "ph", "?");
        if (*ph == 'M') continue;
        tr_event *v = &t->ev[t->nev++];
        v->ph = *ph;
        v->pid = (int)jv_num(e, "pid", -1);
        v->tid = jv_get(e, "tid") ? (int)jv_num(e, "tid", -1) : -1;
        v->name = jv_str(e, "name", NULL);
        v->cat = jv_str(e, "cat", "");
        v->args = jv_get(e, "args");
        if (!v->name) return bad(t, i, "no name");
        v->ts = jv_us_to_ps(jv_get(e, "ts"));
        if (v->ts < 0) return bad(t, i, "ts missing or not microseconds with at most 6 decimals");
        if (v->ph == 'X') {
            v->dur = jv_us_to_ps(jv_get(e, "dur"));
            if (v->dur < 0) return bad(t, i, "X without a usable dur");
        }
        if (v->ph == 's' || v->ph == 't' || v->ph == 'f') {
            const jv *id = jv_get(e, "id");
            if (!id || id->type != JV_NUM) return bad(t, i, "flow without a numeric id");
            v->id = (uint64_t)id->num;
        }
        int global = v->ph == 'i' && !strcmp(jv_str(e, "s", ""), "g");
        int needs_track = !global && v->ph != 'C';
        if (needs_track) {
            int found = 0;
            for (int k = 0; k < t->ntrk && !found; k++) found = t->trk[k].pid == v->pid && t->trk[k].tid == v->tid;
            if (!found) return bad(t, i, "on a track no thread_name declared");
        }
    }
    return 0;
}

int tr_load_file(tr_trace *t, const char *path)
{
    memset(t, 0, sizeof *t);
    gzFile f = gzopen(path, "rb");
    if (!f) {
        snprintf(t->err, sizeof t->err, "cannot open %s", path);
        return -1;
    }
    size_t cap = 1 << 20, n = 0;
    char *buf = malloc(cap);
    int k;
    while ((k = gzread(f, buf + n, (unsigned)(cap - n))) > 0) {
        n += (size_t)k;
        if (n == cap) buf = realloc(buf, cap *= 2);
    }
    gzclose(f);
    int rc = tr_load_text(t, buf, n);
    free(buf);
    return rc;
}

void tr_free(tr_trace *t)
{
    jv_free(t->root);
    free(t->ev);
    free(t->trk);
    memset(t, 0, sizeof *t);
}

const tr_track *tr_track_find(const tr_trace *t, const char *proc, const char *name)
{
    for (int i = 0; i < t->ntrk; i++)
        if (!strncmp(t->trk[i].process, proc, strlen(proc)) && !strcmp(t->trk[i].name, name)) return &t->trk[i];
    return NULL;
}

int64_t tr_arg(const tr_event *e, const char *key, int64_t dflt)
{
    const jv *v = jv_get(e->args, key);
    return v && v->type == JV_NUM ? (int64_t)v->num : dflt;
}

const char *tr_meta(const tr_trace *t, const char *key)
{
    return jv_str(jv_get(t->root, "otherData"), key, NULL);
}
