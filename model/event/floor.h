/* Floors: lower bounds that a model publishes on when it can make a loud
 * event from inside events ahead (evq_at_ahead), other than by the
 * queue's lookahead. The queue's bound for the cores (evq_next_loud) takes
 * the least of them while events ahead are pending. An NI's send-done is
 * the one user (model/switch/endpoint.c): it lies at least the rest of the
 * segment's serialisation after the link's next start, which may be long
 * after the lookahead.
 *
 * A floor must only ever be raised, except by a loud event (which the
 * cores do not pass): then it may be set to anything at or after its
 * time. The slots are a tournament tree: set is O(log n), the least O(1). */
#ifndef MYRISIM_EVENT_FLOOR_H
#define MYRISIM_EVENT_FLOOR_H

#include "evq.h"

typedef struct evq_floors evq_floors;

/* n slots, all SIM_TIME_NEVER, registered with q (evq_set_floor). lead:
 * no loud event a slot stands for can be made less than lead after the
 * event that makes it, so a floor that time has passed still bounds it
 * (the least serialisation of one symbol of the NIs' links). */
evq_floors *evq_floors_new(evq *q, int n, sim_time lead);
void evq_floors_free(evq_floors *f);
void evq_floors_set(evq_floors *f, int slot, sim_time t);
sim_time evq_floors_get(const evq_floors *f, int slot);
sim_time evq_floors_least(const evq_floors *f);

/* For floor.c: the queue reads *least; a lowered floor counts as a loud
 * add (evq_loud_adds). NULL unregisters. */
void evq_set_floor(evq *q, const sim_time *least, sim_time lead);
void evq_floor_lowered(evq *q);

#endif
