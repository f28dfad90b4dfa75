/* Loading a run-time circuit library and attaching it to a card (userc.h). */
#include "userc.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

struct rc_userc {
    rc1000 *c;
    void *dl, *model;
    void (*free_fn)(void *);
};

rc_userc *rc_userc_attach(rc1000 *c, const char *so, const char *name, char *err, size_t n)
{
    void *dl = dlopen(so, RTLD_NOW | RTLD_LOCAL);
    if (!dl) {
        snprintf(err, n, "cannot load the circuit library %s: %s", so, dlerror());
        return NULL;
    }
    void *(*new_fn)(void) = NULL;
    hw_circuit_edge_fn edge = NULL;
    void (*free_fn)(void *) = NULL;
    /* POSIX: function pointers travel through dlsym's void * */
    *(void **)&new_fn = dlsym(dl, HW_USER_NEW);
    *(void **)&edge = dlsym(dl, HW_USER_EDGE);
    *(void **)&free_fn = dlsym(dl, HW_USER_FREE);
    if (!new_fn || !edge || !free_fn) {
        snprintf(err, n, "%s: not a circuit library (no %s, %s, %s)", so, HW_USER_NEW, HW_USER_EDGE, HW_USER_FREE);
        dlclose(dl);
        return NULL;
    }
    rc_userc *u = calloc(1, sizeof *u);
    u->c = c;
    u->dl = dl;
    u->free_fn = free_fn;
    u->model = new_fn();
    rc1000_attach_circuit(c, edge, u->model, name);
    return u;
}

void rc_userc_free(rc_userc *u)
{
    if (!u) return;
    rc1000_attach_circuit(u->c, NULL, NULL, NULL);
    u->free_fn(u->model);
    /* not dlclose'd: the library holds Verilator's runtime, whose static
     * state is not meant to be unloaded; a second attach reuses it */
    free(u);
}
