/* One direction of a Myrinet cable: a transmitter that pulls characters from
 * a source (an NI send engine or a switch output), a wire with a propagation
 * delay, and a receiver slack buffer drained by a sink (an NI receive engine
 * or a switch input). STOP/GO flow control runs from the slack buffer back to
 * the transmitter. A full-duplex cable is two independent lk_dir.
 *
 * Timing: characters move in chunks of up to `chunk` symbols; a chunk of n
 * symbols started at t is fully received at t + n/rate + prop (one event per
 * chunk). A chunk never spans two packets or two NI send segments. */
#ifndef MYRISIM_SWITCH_LINK_H
#define MYRISIM_SWITCH_LINK_H

#include "../event/evq.h"
#include "sym.h"

#include <stddef.h>

typedef enum { LK_SAN1280, LK_M2000 } lk_kind;

/* Defaults (see README: the slack figures are the PROPOSED ones of
 * lanai-hardware.md §5, not documented values). */
#define LK_RATE_SAN1280   160000000ull   /* bytes/s, "1.28 Gb/s" */
#define LK_RATE_M2000     250000000ull   /* bytes/s, "2.0 Gb/s" */
#define LK_PS_PER_M       5000u          /* ~5 ns per metre of cable */
#define LK_DEFAULT_LENGTH 2.0            /* metres */
#define LK_DEFAULT_CHUNK  4u
#define LK_DEFAULT_SLACK  80u
#define LK_DEFAULT_STOP   56u
#define LK_DEFAULT_GO     40u

typedef struct {
    uint64_t rate;         /* bytes per second in this direction */
    sim_time prop;         /* propagation delay, ps (also for STOP/GO) */
    unsigned chunk;        /* most symbols moved by one event */
    unsigned slack;        /* receiver slack buffer, symbols */
    unsigned stop_mark;    /* occupancy reaching this sends STOP */
    unsigned go_mark;      /* occupancy falling below this sends GO */
    double corrupt_prob;   /* per chunk: one byte gets a bit flipped */
    double loss_prob;      /* per chunk: its data bytes vanish (a tail survives) */
    uint64_t seed;         /* for the two probabilities above */
    /* Tests: damage of their own choosing, applied to every chunk after
     * the random injection (NULL: none). It must mark what it changes
     * LK_CORRUPT, as the injection does, so the receiver's statistics see it. */
    void (*damage)(void *ctx, lk_sym *sym, unsigned n);
    void *damage_ctx;
    int unchecked;         /* skip the slack check: demonstrations only */
} lk_params;

/* Defaults for a cable kind and length (metres). */
void lk_params_default(lk_params *p, lk_kind kind, double length_m);
uint64_t lk_kind_rate(lk_kind kind);
const char *lk_kind_name(lk_kind kind);

/* Time to serialise n symbols at the link rate (rounded up to a ps). */
sim_time lk_ser_time(const lk_params *p, unsigned n);
/* Smallest slack that can never overflow with these parameters:
 * stop_mark + (chunk-1) [the chunk that crosses the mark]
 *           + 2*chunk + ceil(2*prop*rate) [what is still sent before the STOP
 * reaches the transmitter, and what was already on the wire]. */
unsigned lk_slack_needed(const lk_params *p);
/* 0 if the parameters are consistent, else -1 and a message in err. */
int lk_params_check(const lk_params *p, char *err, size_t errlen);

/* ---- the direction ---- */
typedef struct lk_dir lk_dir;

/* What a transmitter pulls from. avail(): how many symbols could go now (at
 * most max); *unit_end = 1 if the last of them ends a packet or an NI send
 * segment (so a short chunk need not wait for more). pull(): take n symbols;
 * they leave the source at `start` (>= now; the link may commit a chunk a
 * little ahead of its start) and have been serialised by `end`. */
typedef struct {
    unsigned (*avail)(void *ctx, unsigned max, int *unit_end);
    void (*pull)(void *ctx, lk_sym *out, unsigned n, sim_time start, sim_time end);
} lk_source_ops;

/* Called after new symbols entered the slack buffer. */
typedef void (*lk_arrived_fn)(void *ctx, lk_dir *d);
/* Asked when a chunk for this sink is committed: 1 if its arrival at t is
 * certain to change nothing an NI core can read, whatever the cores do
 * before it runs (the NI's receive engine busy past t). */
typedef int (*lk_idle_fn)(void *ctx, sim_time t);

typedef struct {
    uint64_t chunks, syms, tails;     /* delivered into the slack buffer */
    uint64_t stops, gos;              /* flow-control symbols sent */
    uint64_t lost_chunks, corrupted_chunks;
    uint64_t overflows;               /* MODEL ERROR: symbols that did not fit */
    unsigned max_occ;                 /* highest slack occupancy seen */
    uint64_t idle_arrivals;           /* chunks an NI sink said it would ignore (sent ahead) */
} lk_stats;

/* Shared by every direction of a fabric so a watchdog can see "no progress". */
typedef struct {
    uint64_t syms;      /* symbols delivered or consumed anywhere */
    sim_time last;      /* time of the last such move */
} lk_progress;

/* NULL and a message if the parameters are rejected. */
lk_dir *lk_dir_new(evq *q, const lk_params *p, const char *name, char *err, size_t errlen);
void lk_dir_free(lk_dir *d);
void lk_dir_set_source(lk_dir *d, const lk_source_ops *ops, void *ctx);
void lk_dir_set_sink(lk_dir *d, lk_arrived_fn fn, void *ctx);
/* An NI sink's probe (lk_idle_fn): an arrival it says is idle goes ahead. */
void lk_dir_set_sink_idle(lk_dir *d, lk_idle_fn fn, void *ctx);
void lk_dir_set_progress(lk_dir *d, lk_progress *p);
/* The fabric's own ends say what they are, after setting themselves as
 * source or sink (endpoint.c, xbar.c; set_source and set_sink make an end
 * LK_END_OTHER again). With both ends known the direction schedules its
 * events ahead (evq_at_ahead: they change nothing an NI core can read),
 * except a chunk's arrival at an NI, which stays loud unless the NI's
 * probe (lk_dir_set_sink_idle) says it will be idle; not under a written
 * trace (its records follow where the cores' runs end). */
enum { LK_END_OTHER, LK_END_SWITCH, LK_END_NI };
/* The place (model/event/evq.h) of an arrival at an NI sink: that NI's. */
void lk_dir_sink_place(lk_dir *d, uint32_t place);
void lk_dir_source_is(lk_dir *d, int end);
void lk_dir_sink_is(lk_dir *d, int end);
/* The least delay from an event ahead (anywhere in the fabric) to a loud
 * event of this direction: a chunk arriving at an NI, or at an end it does
 * not know, is at least one symbol's serialisation + prop after the event
 * that commits it; an unknown source's GO resumes prop after the event
 * that sends it. SIM_TIME_NEVER when it makes none. */
sim_time lk_dir_loud_delay(const lk_dir *d);
/* The source has new symbols: start moving them if rate and flow control allow. */
void lk_dir_kick(lk_dir *d);

const char *lk_dir_name(const lk_dir *d);
const lk_params *lk_dir_params(const lk_dir *d);
const lk_stats *lk_dir_stats(const lk_dir *d);
/* Is the transmitter held by a STOP right now? */
int lk_tx_stopped(lk_dir *d);
/* Chunks on the wire (committed, not yet received). */
unsigned lk_in_flight(const lk_dir *d);
/* When the serialiser is free: the end of the last chunk committed. */
sim_time lk_tx_free(const lk_dir *d);
/* When the earliest chunk on the wire arrives (SIM_TIME_NEVER if none).
 * A chunk committed later arrives after every one already on the wire. */
sim_time lk_next_arrival(const lk_dir *d);

/* ---- receiver side, for the sink ---- */
/* Symbols in the slack buffer that have not been taken. */
unsigned lk_rx_count(const lk_dir *d);
lk_sym lk_rx_peek(const lk_dir *d, unsigned i);
/* How many of the first `max` untaken symbols (at most lk_rx_count) form
 * the rest of the current unit: up to and including the first tail
 * (*tail = 1), else all of them (*tail = 0). */
unsigned lk_rx_unit(const lk_dir *d, unsigned max, int *tail);
/* Take n symbols (n <= lk_rx_count) into out (may be NULL). They leave the
 * buffer at `when` (>= now): until then they still count against the slack. */
void lk_rx_take(lk_dir *d, lk_sym *out, unsigned n, sim_time when);
/* Slack occupancy now: untaken symbols plus those leaving later. */
unsigned lk_rx_occupancy(lk_dir *d);

#endif
