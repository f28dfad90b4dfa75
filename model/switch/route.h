/* Source routes between every pair of NIs of a topology, as a Myrinet mapper
 * would compute them, and the route table the NI firmware reads from SRAM.
 *
 * up* / down*: in each connected group of switches, the lowest-numbered switch
 * is the root; a BFS from it gives every switch a level. A switch-to-switch
 * hop u->v goes "up" if v is closer to the root (lower level, or the same
 * level and a lower node index), else "down". Legal routes never take an up
 * hop after a down hop, which makes the channel dependency graph acyclic and
 * the routes deadlock-free. Among legal routes the shortest is chosen; ties go
 * to the lower port number (BFS in port order), so routes are deterministic.
 *
 * shortest: plain BFS shortest paths with the same tie-break, no turn rule;
 * NOT deadlock-free (for teaching scenarios).
 *
 * A route is one byte per switch traversed: 0x80 | ((out - in) & 0x3F). */
#ifndef MYRISIM_SWITCH_ROUTE_H
#define MYRISIM_SWITCH_ROUTE_H

#include "topo.h"

#include <stddef.h>
#include <stdint.h>

#define ROUTE_MAX_HOPS 31
#define ROUTE_NONE     0xFF          /* route_path.len: no route */

typedef enum { ROUTE_UPDOWN, ROUTE_SHORTEST } route_algo;

typedef struct {
    uint8_t len;                     /* bytes, or ROUTE_NONE */
    uint8_t byte[ROUTE_MAX_HOPS];
} route_path;

typedef struct {
    route_algo algo;
    int nni, nnode;
    route_path *path;                /* [src * nni + dst], NI indices */
    int *level;                      /* per node: switch level, -1 for NIs */
    int *root;                       /* per node: root switch of its group */
} route_set;

const char *route_algo_name(route_algo a);
/* 0, or -1 with an error naming the first unroutable pair (and how many
 * more there are). A pair of NIs cabled back to back gets an empty route;
 * an NI's route to itself is 0x80 (out the port it came in) if it hangs on a
 * switch and ROUTE_NONE otherwise. Topology must be valid. */
int route_compute(const topo *t, route_algo algo, route_set *rs, char *err, size_t errlen);
void route_free(route_set *rs);
const route_path *route_get(const route_set *rs, int src_ni, int dst_ni);
/* Direction of a switch-to-switch hop under the up* / down* orientation. */
int route_hop_is_up(const route_set *rs, int from_node, int to_node);

/* Follow route bytes from an NI through the topology, as the switches would.
 * Returns the node reached (an NI), or -1 if a byte is bad or the bytes run
 * out inside the network; *used gets the number of route bytes consumed. */
int route_walk(const topo *t, const int *port_map, int src_node, const uint8_t *bytes,
               unsigned len, unsigned *used);

/* Route table for NI src_ni, big-endian, as the firmware reads it:
 *   0x00 u32 magic 0x4D525431 ("MRT1")
 *   0x04 u32 header size in 32-bit words (5)
 *   0x08 u32 number of destinations D (NI indices 0..D-1)
 *   0x0C u32 entry size E in bytes (32; see route_table_entry)
 *   0x10 u32 this NI's index
 *   0x14 D entries of E bytes: length byte (0..31, 0xFF = no route), the
 *        route bytes, zero padding.
 * Returns the bytes written, or -1 with a message if cap is too small. */
#define ROUTE_TABLE_MAGIC  0x4D525431u
#define ROUTE_TABLE_HDR    20u
#define ROUTE_TABLE_ENTRY  32u
#define ROUTE_TABLE_MAX    0x4000u   /* the NIs' window for it (firmware/hal/ni.h) */
/* E for src_ni's table: ROUTE_TABLE_ENTRY while D of them fit in
 * ROUTE_TABLE_MAX (up to 511 NIs, every table so far); in a larger cluster
 * the longest of src_ni's routes plus its length byte, rounded up to a
 * word (the firmware reads E from the header). */
unsigned route_table_entry(const route_set *rs, int src_ni);
size_t route_table_size(const route_set *rs, int src_ni);
long route_table_write(const route_set *rs, int src_ni, uint8_t *buf, size_t cap,
                       char *err, size_t errlen);

#endif
