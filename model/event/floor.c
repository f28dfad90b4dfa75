/* The floors' tournament tree: leaves at [size, 2 size), each inner node
 * the least of its two children, the root at 1. */
#include "floor.h"

#include <stdio.h>
#include <stdlib.h>

struct evq_floors {
    evq *q;
    int size;
    sim_time t[];
};

evq_floors *evq_floors_new(evq *q, int n, sim_time lead)
{
    int size = 1;
    while (size < n) size *= 2;
    evq_floors *f = malloc(sizeof *f + 2 * (size_t)size * sizeof(sim_time));
    if (!f) {
        fprintf(stderr, "myrisim: out of memory for the event queue's floors\n");
        exit(3);
    }
    f->q = q;
    f->size = size;
    for (int i = 0; i < 2 * size; i++) f->t[i] = SIM_TIME_NEVER;
    evq_set_floor(q, &f->t[1], lead);
    return f;
}

void evq_floors_free(evq_floors *f)
{
    if (!f) return;
    evq_set_floor(f->q, NULL, 0);
    free(f);
}

void evq_floors_set(evq_floors *f, int slot, sim_time t)
{
    int i = f->size + slot;
    if (f->t[i] == t) return;
    sim_time least = f->t[1];
    f->t[i] = t;
    for (i /= 2; i >= 1; i /= 2) {
        sim_time m = f->t[2 * i] < f->t[2 * i + 1] ? f->t[2 * i] : f->t[2 * i + 1];
        if (f->t[i] == m) break;
        f->t[i] = m;
    }
    if (f->t[1] < least) evq_floor_lowered(f->q);
}

sim_time evq_floors_get(const evq_floors *f, int slot) { return f->t[f->size + slot]; }
sim_time evq_floors_least(const evq_floors *f) { return f->t[1]; }
