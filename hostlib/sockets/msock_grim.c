/* The sockets emulation's GRIM transport: a registered active-message
 * handler per message kind, grim_send to the peer's endpoint, waiting by
 * grim_poll_idle (handlers run inside it and append to socket buffers). */
#include "msock_grim.h"
#include "../grim/grim_frag.h"

#include <stdlib.h>

typedef struct kctx {
    msock_grim *t;
    uint32_t kind;
} kctx;

struct msock_grim {
    grim *g;
    msock *m;
    grim_frag *f;              /* Figure 8.9 fragmentation of DATA messages */
    uint32_t id[MSOCK_K_N];
    kctx k[MSOCK_K_N];
};

static const char *const names[MSOCK_K_N] = {"msock.connect", "msock.accepted", "msock.data", "msock.fin",
                                             "msock.credit"};

static void on_msg(grim *g, const grim_am *am, void *ctx)
{
    kctx *k = ctx;
    (void)g;
    if (!k->t->m) return;
    /* a fragmented DATA message: the block its init message allocated
     * becomes the socket's (one allocation and one list append per 64 KB
     * fragment, L2417); a small one is copied into a new block */
    uint8_t *b = k->kind == MSOCK_K_DATA ? grim_frag_keep(k->t->f) : NULL;
    if (b) msock_deliver_block(k->t->m, GRIM_EP_NI(am->src), am->arg, b, am->len);
    else msock_deliver(k->t->m, GRIM_EP_NI(am->src), k->kind, am->arg, am->data, am->len);
}

msock_grim *msock_grim_new(grim *g)
{
    msock_grim *t = calloc(1, sizeof *t);
    if (!t) return NULL;
    t->g = g;
    grim_frag_handlers fh = {"msock.frag.init", "msock.frag.body", "msock.frag.final", NULL, NULL, NULL};
    if (!(t->f = grim_frag_new(g, &fh, 0))) {
        free(t);
        return NULL;
    }
    for (uint32_t i = 0; i < MSOCK_K_N; i++) {
        t->k[i] = (kctx){t, i};
        if (grim_register_handler(g, on_msg, &t->k[i], names[i])) {
            grim_frag_free(t->f);
            free(t);
            return NULL;
        }
    }
    return t;
}

int msock_grim_resolve(msock_grim *t)
{
    if (grim_frag_resolve(t->f)) return -1;
    for (int i = 0; i < MSOCK_K_N; i++)
        if (grim_resolveHandler(t->g, names[i], &t->id[i])) return -1;
    return 0;
}

msock *msock_grim_open(msock_grim *t, const msock_costs *c)
{
    t->m = msock_new(grim_platform(t->g), &msock_grim_net, t, grim_getMyVNN(t->g), grim_nodes(t->g), c);
    return t->m;
}

void msock_grim_free(msock_grim *t)
{
    if (!t) return;
    msock_free(t->m);
    grim_frag_free(t->f);
    free(t);
}

static int g_send(void *ctx, uint32_t dst, uint32_t kind, const uint32_t a[4], const void *data, uint32_t len)
{
    msock_grim *t = ctx;
    if (kind == MSOCK_K_DATA)
        return grim_frag_send(t->f, grim_getDestID(t->g, dst, grim_get_options(t->g)->lc), t->id[kind], a, data, len);
    return grim_send(t->g, grim_getDestID(t->g, dst, grim_get_options(t->g)->lc), t->id[kind], a[0], a[1], a[2], a[3],
                     data, len);
}

static int g_wait(void *ctx, sim_time max)
{
    msock_grim *t = ctx;
    return grim_poll_idle(t->g, max);
}

static const char *g_error(void *ctx) { return grim_error(((msock_grim *)ctx)->g); }

const msock_net msock_grim_net = {"grim", MSOCK_GRIM_MTU, 1, 0, g_send, g_wait, g_error};
