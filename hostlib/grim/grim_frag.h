/* Active-message fragmentation as Figure 8.9 (dissertation §8.2.1,
 * L2353-L2361): a large active message goes as a small initialisation
 * message (the receiver allocates the reassembly buffer while the first
 * body message travels), body messages (each copied into the buffer at its
 * offset) and a finalisation message (copies the last block, runs the
 * user's handler on the whole message, frees the buffer).
 *
 * It is built only from public active messages: three handlers registered
 * under names of the user's choice (GRIM_FRAG_NAMES by default). A user who
 * wants other behaviour registers their own functions instead, or wraps
 * grim_frag_on_init / _body / _final (L2361). A message is known at the
 * receiver by (sending endpoint, the sender's counter) (L2373).
 *
 * This is a layer beside grim_send, whose built-in FRAG handler (grim_am.c)
 * is what the Chapter 5 measurements use; nothing in grim_send changes. */
#ifndef MYRISIM_GRIM_FRAG_H
#define MYRISIM_GRIM_FRAG_H

#include "grim.h"

typedef struct grim_frag grim_frag;

/* The three handlers' names and functions; NULL members take the defaults
 * ("grim.frag.init", "grim.frag.body", "grim.frag.final"; the functions
 * below). ctx of every handler is the grim_frag. */
typedef struct grim_frag_handlers {
    const char *init_name, *body_name, *final_name;
    grim_handler_fn on_init, on_body, on_final;
} grim_frag_handlers;

/* Register the handlers on g (before grim_syncHandlers). frag_bytes: the
 * payload of a body message (0 = the library's fragment size; never more).
 * NULL and grim_error(g) on failure. */
grim_frag *grim_frag_new(grim *g, const grim_frag_handlers *h, uint32_t frag_bytes);
/* After grim_syncHandlers: learn the handlers' global ids. */
int grim_frag_resolve(grim_frag *f);
void grim_frag_free(grim_frag *f);

/* Send one active message of any length to user handler `handler` of
 * endpoint dest by init / body / final messages (a message that fits one
 * body goes as a plain grim_send: no fragmentation needed). */
int grim_frag_send(grim_frag *f, uint32_t dest, uint32_t handler, const uint32_t a[4], const void *payload,
                   uint32_t len);

/* The default handlers, for users who wrap them. Init: a0 = message
 * counter, a1 = total bytes, a2 = user handler, payload = the four user
 * arguments (16 bytes). Body and final: a0 = counter, a1 = offset. */
void grim_frag_on_init(grim *g, const grim_am *m, void *ctx);
void grim_frag_on_body(grim *g, const grim_am *m, void *ctx);
void grim_frag_on_final(grim *g, const grim_am *m, void *ctx);

/* Inside the user's handler of a fragmented message: keep its reassembly
 * buffer (m->data, plat_alloc'd host memory) instead of letting the final
 * handler free it; the caller plat_frees it later. Returns it (NULL outside
 * such a handler). A layer that appends whole blocks to its own lists (the
 * sockets emulation, L2417) so saves a copy. */
void *grim_frag_keep(grim_frag *f);

typedef struct grim_frag_stats {
    uint64_t sent_messages, sent_bodies, delivered, allocated_bytes;
} grim_frag_stats;
const grim_frag_stats *grim_frag_get_stats(const grim_frag *f);

#endif
