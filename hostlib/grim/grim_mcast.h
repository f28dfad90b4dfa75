/* GRIM multicast, host side (dissertation §8.1, appendix C.6, Tables
 * C.8-C.9). Trees are named by strings; the name server (node server_node)
 * gives each name a global id in order of first lookup, and the endpoint
 * that looked it up first owns the tree: it keeps the subscription list,
 * builds the binary tree of the subscribing NIs (parents always have
 * smaller NI ids than their children) and sends the root an in-band update
 * with the complete NI list. The NIs replicate messages (firmware/grim
 * mcast*.c). Needs grim_options.mcast = GRIM_MC_ON on every node. */
#ifndef MYRISIM_GRIM_MCAST_H
#define MYRISIM_GRIM_MCAST_H

#include <stdint.h>

typedef struct grim grim;

/* A multicast copy's grim_am.src: the sending endpoint (not reliable, C.6.2)
 * with this flag and the tree in bits 16..23. */
#define GRIM_AM_MC_FLAG     0x80000000u
#define GRIM_AM_MC_TREE(s)  (((s) >> 16) & 0xFFu)
#define GRIM_AM_MC_EP(s)    ((s) & 0xFFFFu)
/* The final piece of a fragmented multicast message carries this bit in its
 * handler id (user handlers of multicast messages are below it), so a member
 * that joined after the message's start drops it (grim_am.c). */
#define GRIM_MC_LASTFRAG    0x8000u
#define GRIM_MC_BROADCAST   "grim:broadcast"   /* the tree grim_broadcast sends to */

/* The global id of tree `name` (created, owned by this endpoint, if new);
 * -1 if the tree table (GRIM_MC_TREES) is full. */
int grim_findMulticastTree(grim *g, const char *name, uint32_t *id);
/* Subscribe this node's LCs in `channels` (bit lc) to tree id; an LC
 * already subscribed is an error. */
int grim_subscribeMulticast(grim *g, uint32_t id, uint32_t channels);
int grim_subscribeMulticastByName(grim *g, const char *name, uint32_t channels, uint32_t *id);
int grim_unsubscribeMulticast(grim *g, uint32_t id, uint32_t channels);
/* An active message (any length: fragmented above frag_bytes) to every
 * endpoint subscribed to tree id. */
int grim_sendMC(grim *g, uint32_t id, uint32_t handler, uint32_t a0, uint32_t a1, uint32_t a2, uint32_t a3,
                const void *payload, uint32_t len);
/* grim_sendMC to the tree GRIM_MC_BROADCAST (endpoints subscribe to it by name). */
int grim_broadcast(grim *g, uint32_t handler, uint32_t a0, uint32_t a1, uint32_t a2, uint32_t a3, const void *payload,
                   uint32_t len);

/* The binary tree of n NIs (ids in ni[], distinct) as the owner builds it:
 * ordered = ascending ids, so every parent has a smaller id than its
 * children (deadlock-free, §8.1.3); unordered = as given (unsafe mode).
 * out[i]'s children are out[2i+1] and out[2i+2]. Pure; tests use it. */
void grim_mc_tree_order(const uint32_t *ni, uint32_t n, int ordered, uint32_t *out);

#endif
