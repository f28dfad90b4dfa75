/* A network description: nodes (NIs with one port, switches with 8/16/32)
 * and cables between (node, port) pairs, each with a link kind and length.
 * Builders make the regular shapes; topo_parse reads an explicit list for
 * irregular networks; topo_validate names whatever is wrong. */
#ifndef MYRISIM_SWITCH_TOPO_H
#define MYRISIM_SWITCH_TOPO_H

#include "link.h"

#include <stddef.h>

#define TOPO_MAX_PORTS 32
#define TOPO_NAME_LEN  24

typedef enum { TOPO_NI, TOPO_SWITCH } topo_kind;

typedef struct {
    topo_kind kind;
    unsigned nports;                 /* 1 for an NI */
    char name[TOPO_NAME_LEN];
} topo_node;

typedef struct {
    int a, b;                        /* node indices */
    unsigned pa, pb;                 /* ports */
    lk_kind kind;
    double length_m;
} topo_cable;

typedef struct {
    topo_node *node;
    int nnode, capnode;
    topo_cable *cable;
    int ncable, capcable;
} topo;

void topo_init(topo *t);
void topo_free(topo *t);
/* Return the node index. Names must be unique (checked by validate). */
int topo_add_ni(topo *t, const char *name);
int topo_add_switch(topo *t, const char *name, unsigned nports);
/* Return the cable index; checked by validate, not here. */
int topo_connect(topo *t, int a, unsigned pa, int b, unsigned pb, lk_kind kind, double length_m);
int topo_find(const topo *t, const char *name);

/* 0 if usable, else -1 and the first problem: a port used twice, a port out
 * of range, an unknown node, a cable from a node to itself, a switch with a
 * bad port count, a duplicate name, an NI without a cable. */
int topo_validate(const topo *t, char *err, size_t errlen);

/* Port map: for node n and port p, map[n * TOPO_MAX_PORTS + p] is the
 * cable index or -1. Caller frees. Assumes a valid topology. */
int *topo_port_map(const topo *t);
/* Follow a cable out of (node, port): peer node (-1 if none) and its port. */
int topo_peer(const topo *t, const int *map, int node, unsigned port, unsigned *peer_port);

int topo_ni_count(const topo *t);
/* NIs are numbered 0.. in the order they were added. */
int topo_ni_node(const topo *t, int ni);
int topo_ni_index(const topo *t, int node);
int topo_switch_count(const topo *t);

/* ---- builders (topo_build.c); each appends to t, names ni0.. and sw0.. ---- */
typedef struct {
    lk_kind kind;
    double length_m;
    unsigned ports;                  /* switch size */
    int max_nis;                     /* stop adding NIs at this many (0: no limit); the
                                        switches fill in order, the last ones may stay
                                        partly empty */
} topo_opts;

void topo_opts_default(topo_opts *o);
/* Two NIs back to back. */
int topo_build_cable(topo *t, const topo_opts *o, char *err, size_t errlen);
/* One switch, NI i on port i. */
int topo_build_switch(topo *t, int nni, const topo_opts *o, char *err, size_t errlen);
/* k switches in a line; NIs on ports 0..m-1, east port m to the next
 * switch's west port m+1. */
int topo_build_line(topo *t, int k, int m, const topo_opts *o, char *err, size_t errlen);
/* As the line, closed into a ring (k >= 3). */
int topo_build_ring(topo *t, int k, int m, const topo_opts *o, char *err, size_t errlen);
/* w x h switches (sw index y*w + x); NIs on ports 0..m-1, then north m,
 * east m+1, south m+2, west m+3. */
int topo_build_grid(topo *t, int w, int h, int m, const topo_opts *o, char *err, size_t errlen);
/* A tree of switches, `depth` levels, each inner switch with `fanout`
 * children; port 0 goes up, ports 1.. go down; m NIs on each leaf switch. */
int topo_build_tree(topo *t, int depth, int fanout, int m, const topo_opts *o, char *err, size_t errlen);
/* dim[0] x dim[1] x dim[2] switches, switch (x,y,z) = sw((z*Y + y)*X + x);
 * NIs on ports 0..m-1, then per dimension with more than one switch its
 * ports: one when it has two switches (the one neighbour), else plus and
 * minus (plus of one switch to minus of the next); no wrap-around. */
int topo_build_grid3d(topo *t, const int dim[3], int m, const topo_opts *o, char *err, size_t errlen);
/* The DAS cluster of LFC's thesis (seed 002, §1.6.2): 32 eight-port switches
 * in a three-dimensional grid, 4 nodes on each, 128 nodes. The text does not
 * give the wiring; we choose 2 x 2 x 8, the one grid of 32 switches whose
 * every switch needs at most the 4 ports left after its 4 nodes (a 4x4x2
 * grid would need 5). docs/network.md. Switches get 8 ports whatever o says. */
int topo_build_das(topo *t, const topo_opts *o, char *err, size_t errlen);
/* A two-level folded Clos (leaf and spine, a fat tree of height 2): m NIs on
 * ports 0..m-1 of each leaf, leaf port m+j to spine j's port i (leaf i). */
int topo_build_clos(topo *t, int leaves, int spines, int m, const topo_opts *o, char *err, size_t errlen);

/* ---- explicit description (topo_parse.c) ----
 *   # comment
 *   switch NAME PORTS
 *   ni NAME
 *   cable NAME:PORT NAME:PORT [san-1280|myrinet-2000] [LENGTH_M]
 * Errors name file and line. */
int topo_parse(topo *t, const char *text, const char *fname, char *err, size_t errlen);

#endif
