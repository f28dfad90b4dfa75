/* Table B.2's calls to a host-served card (grim_celoxica.h): the card is no
 * GRIM endpoint of its own, its node's process puts every message into the
 * frame's host queue (queue 0, by PIO: hostlib/rc1000). The calls then send
 * each card message to that process's relay handler as one AM: the four
 * arguments are Table B.1's Arg[0..3], payload word 0 is the card's handler
 * id (a circuit's, or the frame's built-in RC_FRAME_H for setPipeline /
 * killPipeline), the rest the message's payload. The process rebuilds the
 * frame's 8-word header from it (grim_celoxica_relayed) and injects it, so
 * the frame sees what an NI-served card's NI would have written. */
#include "grim_celoxica.h"
#include "grim_internal.h"

#include <stdlib.h>
#include <string.h>

int grim_celoxica_relay(grim *g, uint32_t grim_resource_id, uint32_t relay_handler)
{
    if (!relay_handler) return grim_fail(g, "grim_celoxica_relay: the card's process needs a relay handler (not 0)");
    g->cx_relay_ep = grim_resource_id;
    g->cx_relay_h = relay_handler;
    return 0;
}

int grim_celoxica_out(grim *g, uint32_t resource, uint32_t function, uint32_t a0, uint32_t a1, uint32_t a2,
                      uint32_t a3, const uint32_t *payload, uint32_t words)
{
    if (!g->cx_relay_h || resource != g->cx_relay_ep)   /* an NI-served card: its own endpoint */
        return grim_send(g, resource, function, a0, a1, a2, a3, payload, words * 4u);
    uint32_t *m = malloc(((size_t)words + 1) * 4);
    if (!m) return grim_fail(g, "grim_celoxica: out of memory for a relayed message");
    m[0] = function;
    if (words) memcpy(m + 1, payload, (size_t)words * 4);
    int rc = grim_send(g, resource, g->cx_relay_h, a0, a1, a2, a3, m, (words + 1) * 4u);
    free(m);
    return rc;
}

int grim_celoxica_relayed(const grim_am *m, uint32_t hdr[8], const void **payload, uint32_t *words)
{
    if (m->len < 4 || m->len % 4 || m->len - 4 > 1024u * 4) return -1;
    uint32_t f;
    memcpy(&f, m->data, 4);
    *words = (m->len - 4) / 4;
    *payload = m->data + 4;
    const uint32_t h[8] = {GRIM_W0(0, 0), GRIM_W1(GRIM_T_AM, 0, 0, 0), GRIM_W2(*words, 0), GRIM_W3(0, f),
                           m->arg[0], m->arg[1], m->arg[2], m->arg[3]};
    memcpy(hdr, h, sizeof h);
    return 0;
}
