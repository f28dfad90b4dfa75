/* A trace file read back for the tests: parsed with json_read, its tracks
 * (from the metadata events) and events in file order, with timestamps in
 * picoseconds. Loading checks the structure a viewer relies on: an object
 * with a traceEvents array; every event has ph and pid; every non-metadata
 * event has a ts, an X a dur, a flow an id; every track an event names was
 * declared by a thread_name event of a declared process. */
#ifndef MYRISIM_TRACE_LOAD_H
#define MYRISIM_TRACE_LOAD_H

#include "json_read.h"

typedef struct {
    char ph;
    int pid, tid;              /* tid -1 for process-wide events */
    const char *name, *cat;
    int64_t ts, dur;           /* ps; dur 0 unless X */
    uint64_t id;               /* flows */
    const jv *args;            /* NULL if none */
} tr_event;

typedef struct {
    int pid, tid;
    const char *name, *process;
} tr_track;

typedef struct {
    jv *root;
    tr_event *ev;
    int nev;
    tr_track *trk;
    int ntrk;
    char err[300];
} tr_trace;

/* 0, or -1 with the reason in t->err. */
int tr_load_text(tr_trace *t, const char *text, size_t len);
/* A file, gzip-compressed or plain (zlib reads both). */
int tr_load_file(tr_trace *t, const char *path);
void tr_free(tr_trace *t);
/* The track whose process name starts with proc and whose name is name. */
const tr_track *tr_track_find(const tr_trace *t, const char *proc, const char *name);
int64_t tr_arg(const tr_event *e, const char *key, int64_t dflt);
const char *tr_meta(const tr_trace *t, const char *key);

#endif
