/* The event queue through which every plain-C timed model (links, switches,
 * DMA engines, timers) schedules work. Time is in picoseconds. Events at the
 * same time run in the order of their creation stamps, then in the order
 * they were scheduled (below), so runs are deterministic.
 * In the full simulator the SystemC shell pumps this queue in step with
 * sc_time; unit tests pump it directly with evq_run_until(). */
#ifndef MYRISIM_EVENT_EVQ_H
#define MYRISIM_EVENT_EVQ_H

#include <stddef.h>
#include <stdint.h>

typedef uint64_t sim_time;               /* picoseconds */
#define SIM_TIME_NEVER UINT64_MAX
#define SIM_NS(x) ((sim_time)(x) * 1000u)
#define SIM_US(x) ((sim_time)(x) * 1000000u)

/* "5516.490 us": a time in microseconds, rounded to the nanosecond. The
 * one format of the run reports (deadlock, faults), so their times agree. */
const char *sim_time_us(sim_time t, char *buf, size_t n);

typedef void (*ev_fn)(void *arg);
typedef struct evq evq;
/* The start of every evq, visible so the two reads made on every event and
 * every co-simulation round inline (evq_now, evq_wakes); only evq.c writes it. */
typedef struct {
    uint64_t now;                         /* sim_time */
    uint64_t wakes;                       /* evq_note_wake calls */
    uint64_t loud_adds;                   /* events added that evq_next_loud sees */
    uint64_t push_min;                    /* earliest time pushed since evq_push_min_reset */
    uint32_t place;                       /* the place given to new events (evq_place_swap) */
    uint32_t cre;                         /* the place of whatever runs now (an event, a store, a host) */
} evq_head;
typedef uint64_t ev_id;                  /* 0 is never a valid id */

evq *evq_new(void);
/* 1 when MYRISIM_SLOW_PATHS (set, not "0") asks for every fast path off:
 * the reference the fast paths are tested against (quiet events here,
 * the co-simulation's caches in model/node). */
int evq_slow_paths(void);
void evq_free(evq *q);

/* Schedule fn(arg) at absolute time t (t >= now, else it runs at now). */
ev_id evq_at(evq *q, sim_time t, ev_fn fn, void *arg);
/* A quiet event: scheduled, ordered, counted and run exactly like
 * evq_at's, but evq_next_loud does not see it, so a driver may let the NI
 * cores run past it. Only for an event the scheduler has proved does
 * nothing a core can observe, whatever the cores do before it runs (the
 * receive DMA's pace event that will find no byte: model/card/recv.c).
 * With MYRISIM_SLOW_PATHS=1 it is an ordinary event. Cancellable. */
ev_id evq_at_quiet(evq *q, sim_time t, ev_fn fn, void *arg);
/* An event ahead: like a quiet one, scheduled, ordered, counted and run
 * exactly like evq_at's, but evq_next_loud sees it only as its time plus
 * the queue's lookahead la (evq_set_lookahead), so the cores may run up to
 * that far past it. Only for an event that changes nothing a core can
 * observe and whose scheduler has proved that every event it makes is
 * again ahead (at or after its own time), or loud at or after its time +
 * la (evq_at checks this: a MODEL ERROR otherwise), or loud at or after a
 * floor its maker publishes (evq_at_floored, floor.h). The fabric's events
 * that reach no NI (model/switch: a chunk arriving at a switch input,
 * routing, flow control). Not cancellable. With MYRISIM_SLOW_PATHS=1 an
 * ordinary event. */
ev_id evq_at_ahead(evq *q, sim_time t, ev_fn fn, void *arg);
/* A loud event whose maker has checked it against the floor it published
 * (floor.h) instead of the lookahead (an NI's send-done: model/switch). */
ev_id evq_at_floored(evq *q, sim_time t, ev_fn fn, void *arg);
/* The lookahead of events ahead: the least delay from one to any loud
 * event it makes (model/switch/fabric.c sets it from the cables). 0, the
 * default, lets no core pass one. */
void evq_set_lookahead(evq *q, sim_time la);
/* 1 while the event running is an event ahead (for its callee's checks). */
int evq_running_ahead(const evq *q);
sim_time evq_lookahead(const evq *q);
/* 1 under MYRISIM_SLOW_PATHS: no event is quiet or ahead. */
int evq_ahead_off(const evq *q);
/* Schedule fn(arg) after a delay from now. */
ev_id evq_after(evq *q, sim_time delay, ev_fn fn, void *arg);
/* Cancel a pending event; harmless if it already ran or was cancelled. */
void evq_cancel(evq *q, ev_id id);

static inline sim_time evq_now(const evq *q) { return ((const evq_head *)(const void *)q)->now; }
/* Move "now" forward without running anything (the caller guarantees no
 * event is pending before t): used when another clock domain (an ISS) has
 * advanced to t and is about to act on the models. */
void evq_advance(evq *q, sim_time t);
/* Time of the earliest pending event, or SIM_TIME_NEVER. */
sim_time evq_next(const evq *q);
/* The bound for running cores ahead: the earliest loud event, or, while
 * events ahead are pending, the earliest one's time + the lookahead or the
 * least floor (floor.h) if earlier. Quiet events do not count. */
sim_time evq_next_loud(const evq *q);
/* Run every event with time <= limit in order; now ends at the time of the
 * last event run (not at limit). Returns the number of events run. */
uint64_t evq_run_until(evq *q, sim_time limit);
/* Run every event at the earliest pending time (one time step). */
uint64_t evq_step(evq *q);
/* Time steps (evq_step) while the earliest event is at or before lim, until
 * a step notes a wake (evq_note_wake) or *stop (if stop) is set, checked
 * after each step; at least one step if the earliest event is at or before
 * lim; none once the queue is empty (lim may be SIM_TIME_NEVER). Returns
 * the number of steps (0: the earliest event is after lim, or none is left).
 * One call for a driver's loop of steps (model/node/hosts.c, cosim_advance). */
uint64_t evq_steps(evq *q, sim_time lim, volatile int *stop);
uint64_t evq_events_run(const evq *q);   /* total, for statistics */
uint64_t evq_quiet_run(const evq *q);    /* of which quiet ones */
uint64_t evq_ahead_run(const evq *q);    /* and events ahead */
/* Wake notes: a callback that sets a flag some process waits on
 * (hostlib/platform.c) calls evq_note_wake, so a driver stepping many
 * events learns in O(1) that one of them woke a process instead of
 * scanning every waiting process after each step. */
void evq_note_wake(evq *q);
static inline uint64_t evq_wakes(const evq *q) { return ((const evq_head *)(const void *)q)->wakes; }
/* Events added so far that evq_next_loud sees: while it stands, that bound
 * can only have grown (a cancel or a run never brings it nearer), so a
 * caller that only lowers a horizon to it need not ask again. */
static inline uint64_t evq_loud_adds(const evq *q) { return ((const evq_head *)(const void *)q)->loud_adds; }
int evq_pending(const evq *q);
/* Statistics only: fn(ctx, time, callback, arg) after every event run
 * (model/node/horizon_stats.c measures a per-node horizon with it). */
typedef void (*evq_observer)(void *ctx, sim_time t, ev_fn fn, void *arg);
void evq_set_observer(evq *q, evq_observer fn, void *ctx);

/* Stamped ties (docs/speed.md "Stamped ties"): events at one time run in
 * (creation stamp, sequence) order. A core's store stamps what it creates
 * with its local time and NI (evq_stamp_core, around the card's register
 * writes); an event's callback stamps what it creates with the event's
 * time, and keeps the event's own NI key when the event was made at that
 * same time; anything else is stamped (now, 0). The stamp does not depend
 * on how the co-simulation cuts its rounds; sequence numbers do. Keys are
 * below 2^20; a stamp is kept as its age (event time - stamp time, at most
 * 2^44 - 1 ps, 17.6 s; a stamp later than its event counts as age 0). */
#define EVQ_STAMP_KEY_BITS 20
typedef struct {
    uint64_t t;          /* sim_time of the creating instant */
    uint32_t key;        /* 0: events and hosts; 1 + NI: that NI's core */
    int set;
    uint32_t place, cre; /* the places (below) saved with it */
    int storing;
    uint64_t now;        /* lagging cores: the queue's now, which a store sees as its own time */
} evq_stamp;
/* Stamp what is created until evq_stamp_restore(q, old); returns old.
 * With lagging cores (evq_set_lagging) now is t meanwhile: a store behind
 * the queue sees its own time, as it would in step with the queue. */
evq_stamp evq_stamp_core(evq *q, sim_time t, unsigned ni);
void evq_stamp_restore(evq *q, evq_stamp old);
/* Events run after one with a higher sequence number at the same time:
 * where the stamped order differs from the creation order. */
uint64_t evq_stamp_inversions(const evq *q);

/* Places (docs/speed.md "A per-node horizon"): every event carries the
 * place whose state it touches, so a driver can let a node's core lag
 * behind the queue until an event of its own place comes (model/node/lag.c).
 * New events take the place of whatever creates them (the running event,
 * a core's store: evq_stamp_core, a host: evq_creator_swap); code where an
 * event crosses between the fabric and an NI says so (evq_place_swap).
 * The stamped order uses it: what an event of node place p creates is
 * stamped with key p, so same-time ties never depend on the order in
 * which different places ran. Unknown (0): a driver must treat the event
 * as touching every node. */
#define EVQ_PLACE_UNKNOWN 0u
#define EVQ_PLACE_FABRIC ((1u << EVQ_STAMP_KEY_BITS) - 1u)
static inline uint32_t evq_place_ni(unsigned ni) { return ni + 1u; }
static inline int evq_place_is_node(uint32_t p) { return p != EVQ_PLACE_UNKNOWN && p != EVQ_PLACE_FABRIC; }
/* Give new events place p until swapped back; returns the old one. */
static inline uint32_t evq_place_swap(evq *q, uint32_t p)
{
    evq_head *h = (evq_head *)(void *)q;
    uint32_t o = h->place;
    h->place = p;
    return o;
}
/* The creator's place (and new events') for a host process acting: returns
 * the old creator's place; swap back with the same call. */
uint32_t evq_creator_swap(evq *q, uint32_t p);
/* The earliest event: 1 and its time and place, 0 if none is pending. */
int evq_peek(evq *q, sim_time *t, uint32_t *place);
/* Run the earliest event (evq_peek's; found again unless nothing was added
 * or cancelled since the peek). */
void evq_run_one(evq *q);
/* The latest time of any event run so far. */
sim_time evq_hwm(const evq *q);
/* Lagging cores (model/node/lag.c): a core's store behind the queue keeps
 * its events' times (events of its own place), and an event that another
 * place creates before evq_hwm aborts with a MODEL ERROR. 0 (the default):
 * a time before now runs at now, as always. */
void evq_set_lagging(evq *q, int on);
/* Lagging cores: the queue's now back to t (at most evq_hwm), where a host
 * process woken by a lagging core's own event acts (model/node/lag.c). */
void evq_rewind(evq *q, sim_time t);
static inline void evq_push_min_reset(evq *q) { ((evq_head *)(void *)q)->push_min = SIM_TIME_NEVER; }
static inline sim_time evq_push_min(const evq *q) { return ((const evq_head *)(const void *)q)->push_min; }

#endif
