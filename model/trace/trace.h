/* A tiny recorder of Chrome trace events (the JSON "trace event format" that
 * chrome://tracing and ui.perfetto.dev open). A trace holds processes (pid:
 * a node, or the fabric) with tracks (tid: one component each) and writes
 * complete events ("X": a span with a start and a duration), instants
 * ("i"), counters ("C") and flow events ("s"/"t"/"f": one arrow chain that
 * follows a packet across tracks) as they are recorded, straight to a sink.
 *
 * Time is simulated time in picoseconds, written as microseconds with six
 * decimals (ps precision). Output depends only on what is recorded, in
 * recording order: no wall clock, no addresses, so the same run gives the
 * same bytes.
 *
 * Size bound: after max_events events (metadata not counted) recording
 * stops with one last global instant saying so.
 *
 * trace_cur is the trace of the running simulation, NULL when tracing is
 * off: every hook in the models is `if (trace_cur) trace_...(...)`, so an
 * untraced run pays one load and a branch per hook (hooks.h). */
#ifndef MYRISIM_TRACE_H
#define MYRISIM_TRACE_H

#include "../event/evq.h"

#include <stddef.h>
#include <stdint.h>

#define TRACE_DEFAULT_MAX_EVENTS 2000000u

typedef struct trace trace;

extern trace *trace_cur;

/* Where the JSON text goes. write: 0 ok; close: 0 ok, else a message in
 * err; close releases what the sink holds. */
typedef struct trace_sink {
    void *ctx;
    int (*write)(void *ctx, const char *buf, size_t n);
    int (*close)(void *ctx, char *err, size_t errlen);
} trace_sink;

/* A recorder writing to sink (max_events 0: the default). */
trace *trace_new(const trace_sink *sink, uint64_t max_events);
/* A recorder writing to a file: gzip-compressed if path ends in ".gz",
 * plain JSON otherwise (trace_gz.c). NULL and a message naming the file. */
trace *trace_open(const char *path, uint64_t max_events, char *err, size_t errlen);
/* Finish the JSON, close the sink, free t. 0, or -1 and a message (a write
 * error on the way is reported here). */
int trace_close(trace *t, char *err, size_t errlen);

/* A recorder that writes nothing and records no event, but keeps the track
 * bindings and fingerprints (myrisim baseline/regress: sim/regress/). */
trace *trace_new_silent(void);
/* 1 for a recorder made by trace_new_silent. */
int trace_is_silent(const trace *t);
/* 1 while no trace is written (none, or a silent one): only then may the
 * cores pass events they cannot observe (quiet and ahead events,
 * docs/speed.md), since a written trace records where their runs end. */
static inline int trace_unwritten(void) { return !trace_cur || trace_is_silent(trace_cur); }

/* A string written under "otherData" (scenario, run, ...). */
void trace_meta(trace *t, const char *key, const char *value);

/* A process (pid 1, 2, ... in creation order) and a track in it (tid 1, 2,
 * ... per process); both are named and sorted in creation order. Returns
 * the pid, or the track handle (>= 0) that events take. */
int trace_process(trace *t, const char *name);
int trace_track(trace *t, int pid, const char *name);
int trace_ntracks(const trace *t);

/* Event arguments: a number, or a string when str is non-NULL. */
typedef struct trace_arg {
    const char *key;
    const char *str;
    int64_t num;
} trace_arg;

/* A span [t0, t1] on a track. */
void trace_complete(trace *t, int trk, const char *cat, const char *name, sim_time t0, sim_time t1,
                    const trace_arg *args, int nargs);
/* A point on a track; trk < 0: a global instant (every track). */
void trace_instant(trace *t, int trk, const char *cat, const char *name, sim_time at, const trace_arg *args,
                   int nargs);
/* A counter track of process pid: series `series` of counter `name` is v. */
void trace_counter(trace *t, int pid, const char *name, sim_time at, const char *series, int64_t v);
/* One step of flow `id` on a track at `at`, binding to the span that
 * encloses `at` there: ph 's' starts it, 't' continues, 'f' ends it. */
void trace_flow(trace *t, int trk, char ph, const char *name, uint64_t id, sim_time at);

/* Events recorded (metadata not counted), and 1 once max_events stopped it. */
uint64_t trace_events(const trace *t);
int trace_stopped(const trace *t);

/* ---- for the hooks (hooks.c): objects bound to tracks ----
 * A model object (a link direction, a switch, a card, a bus, a host) and a
 * slot (an output port, an engine) name a track; node-indexed components
 * (what the endpoints report by NI index) the same way by node and kind.
 * Lookups of unbound objects give -1, and their hooks record nothing. */
void trace_bind(trace *t, const void *obj, int slot, int trk);
int trace_find(const trace *t, const void *obj, int slot);
#define TRACE_NODE_KINDS 8     /* kinds 0..7 per node */
void trace_bind_node(trace *t, int node, int kind, int trk);
int trace_find_node(const trace *t, int node, int kind);

/* A span being built on a track, for hooks whose start and end come in
 * separate calls (one packet's chunks, a DMA's start and completion). */
typedef struct trace_pending {
    int open;                  /* a span has started */
    sim_time t0;
    sim_time last, idle;       /* end of its latest piece; gaps between pieces */
    uint64_t bytes;
    int has_pkt;               /* src/dst/seq name a packet */
    uint16_t src, dst, seq;
    int in;                    /* a switch input port, a flag */
} trace_pending;
trace_pending *trace_pending_of(trace *t, int trk);

/* ---- fingerprint of the observable records (docs/regress.md) ----
 * The hooks add one record per observable event at a component boundary
 * (a packet's head and tail on a link direction or a switch output, a send
 * or receive DMA, a host-DMA completion, a host platform call) to the
 * fingerprint of its track: 64-bit FNV-1a over the record's words, in the
 * track's own order. The run's fingerprint combines the tracks in track
 * order, so it depends on what each component saw and when, not on the
 * order the engine interleaved components in. */
void trace_fp_record(trace *t, int trk, const uint64_t *w, int n);
uint64_t trace_fp_string(const char *s);      /* FNV-1a of a name, a record word */
/* The run's fingerprint; *records: how many records went into it. */
uint64_t trace_fingerprint(const trace *t, uint64_t *records);

#endif
