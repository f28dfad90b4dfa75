/* Active-message handler management (dissertation §4.4.1, C.4.1): a local
 * table of named handlers, a global name -> id database served by one node
 * (server_node) over GRIM messages, and a barrier built the same way. */
#include "grim_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int grim_handlers_init(grim *g)
{
    g->ngname = GRIM_H_USER;
    g->gname = calloc(g->ngname, sizeof *g->gname);
    if (!g->gname) return grim_fail(g, "handler table: out of memory");
    return 0;
}

void grim_handlers_free(grim *g)
{
    free(g->gname);
    g->gname = NULL;
}

static int is_server(const grim *g) { return g->node == g->o.server_node; }
static uint32_t server_ep(const grim *g) { return GRIM_EP(g->o.server_node, g->o.lc); }

static int global_id(const grim *g, const char *name)
{
    for (uint32_t i = GRIM_H_USER; i < g->ngname; i++)
        if (!strcmp(g->gname[i], name)) return (int)i;
    return -1;
}

static int set_global(grim *g, uint32_t id, const char *name)
{
    if (id < GRIM_H_USER || id > 0xFFFF) return grim_fail(g, "handler table: id %u", id);
    if (id >= g->ngname) {
        char (*n)[GRIM_MAX_NAME] = realloc(g->gname, (size_t)(id + 1) * sizeof *n);
        if (!n) return grim_fail(g, "handler table: out of memory");
        memset(n + g->ngname, 0, (size_t)(id + 1 - g->ngname) * sizeof *n);
        g->gname = n;
        g->ngname = id + 1;
    }
    snprintf(g->gname[id], GRIM_MAX_NAME, "%s", name);
    return 0;
}

/* The server: an id for a name, new ones in order of first sight. */
static int assign(grim *g, const char *name)
{
    int id = global_id(g, name);
    if (id >= 0) return id;
    id = (int)g->ngname;
    return set_global(g, (uint32_t)id, name) ? -1 : id;
}

static void bind_local(grim *g)
{
    for (int i = 0; i < g->nlh; i++) {
        int id = global_id(g, g->lh[i].name);
        g->lh[i].id = id > 0 ? (uint32_t)id : 0;
    }
}

int grim_register_handler(grim *g, grim_handler_fn fn, void *ctx, const char *name)
{
    if (!fn || !name || !name[0]) return grim_fail(g, "grim_register_handler: a function and a name are needed");
    if (strlen(name) >= GRIM_MAX_NAME) return grim_fail(g, "handler name '%s' longer than %d characters", name, GRIM_MAX_NAME - 1);
    for (int i = 0; i < g->nlh; i++)
        if (!strcmp(g->lh[i].name, name)) return grim_fail(g, "handler '%s' registered twice", name);
    if (g->nlh == GRIM_MAX_HANDLERS) return grim_fail(g, "more than %d handlers", GRIM_MAX_HANDLERS);
    grim_local_handler *h = &g->lh[g->nlh++];
    snprintf(h->name, sizeof h->name, "%s", name);
    h->fn = fn;
    h->ctx = ctx;
    h->id = 0;
    return 0;
}

/* The whole global table as { id (2 bytes, big-endian), name, NUL }... */
static uint32_t table_bytes(const grim *g, uint8_t *out)
{
    uint32_t n = 0;
    for (uint32_t i = GRIM_H_USER; i < g->ngname; i++) {
        if (!g->gname[i][0]) continue;
        size_t l = strlen(g->gname[i]) + 1;
        if (out) {
            out[n] = (uint8_t)(i >> 8);
            out[n + 1] = (uint8_t)i;
            memcpy(out + n + 2, g->gname[i], l);
        }
        n += 2 + (uint32_t)l;
    }
    return n;
}

static int send_table(grim *g, uint32_t to)
{
    uint32_t n = table_bytes(g, NULL);
    uint8_t *b = malloc(n ? n : 1);
    if (!b) return grim_fail(g, "handler table: out of memory");
    table_bytes(g, b);
    uint32_t a[4] = {0, 0, 0, 0};
    int r = grim_send_internal(g, to, GRIM_H_NS_TABLE, a, b, n);
    free(b);
    return r;
}

static int wait_flag(grim *g, const int *flag, const char *what)
{
    sim_time give_up = plat_now(g->p) + SIM_US(2000000);
    while (*flag) {
        if (grim_poll_idle(g, give_up - plat_now(g->p) + 1) < 0) return -1;
        if (plat_now(g->p) > give_up) return grim_fail(g, "%s: no answer from the server (node %u) in 2 s", what, g->o.server_node);
    }
    return 0;
}

int grim_syncHandlers(grim *g)
{
    if (is_server(g)) {
        for (int i = 0; i < g->nlh; i++)
            if (assign(g, g->lh[i].name) < 0) return -1;
        bind_local(g);
        return 0;
    }
    uint32_t n = 0;
    for (int i = 0; i < g->nlh; i++) n += (uint32_t)strlen(g->lh[i].name) + 1;
    uint8_t *b = malloc(n ? n : 1);
    if (!b) return grim_fail(g, "grim_syncHandlers: out of memory");
    uint32_t k = 0;
    for (int i = 0; i < g->nlh; i++) {
        size_t l = strlen(g->lh[i].name) + 1;
        memcpy(b + k, g->lh[i].name, l);
        k += (uint32_t)l;
    }
    uint32_t a[4] = {(uint32_t)g->nlh, 0, 0, 0};
    g->sync_wait = 1;
    int r = grim_send_internal(g, server_ep(g), GRIM_H_NS_SYNC, a, b, n);
    free(b);
    if (r || wait_flag(g, &g->sync_wait, "grim_syncHandlers")) return -1;
    for (int i = 0; i < g->nlh; i++)
        if (!g->lh[i].id) return grim_fail(g, "grim_syncHandlers: the server's table lacks '%s'", g->lh[i].name);
    return 0;
}

int grim_resolveHandler(grim *g, const char *name, uint32_t *id)
{
    int i = global_id(g, name);
    if (i < 0 && !is_server(g)) {
        g->resolve_wait = 1;
        uint32_t a[4] = {0, 0, 0, 0};
        if (grim_send_internal(g, server_ep(g), GRIM_H_NS_RESOLVE, a, name, (uint32_t)strlen(name) + 1) ||
            wait_flag(g, &g->resolve_wait, "grim_resolveHandler"))
            return -1;
        i = global_id(g, name);
    }
    if (i < 0) return grim_fail(g, "grim_resolveHandler: no endpoint has registered a handler named '%s'", name);
    *id = (uint32_t)i;
    return 0;
}

int grim_barrier(grim *g)
{
    uint32_t e = ++g->barrier_epoch;
    uint32_t a[4] = {0, e, 0, 0};
    if (!is_server(g)) {
        if (grim_send_internal(g, server_ep(g), GRIM_H_BARRIER, a, NULL, 0)) return -1;
        sim_time give_up = plat_now(g->p) + SIM_US(2000000);
        while (g->barrier_released != e) {
            if (grim_poll_idle(g, give_up - plat_now(g->p) + 1) < 0) return -1;
            if (plat_now(g->p) > give_up) return grim_fail(g, "grim_barrier %u: not released in 2 s", e);
        }
        return 0;
    }
    sim_time give_up = plat_now(g->p) + SIM_US(2000000);
    while (g->barrier_arrived[e & 1] < g->nodes - 1) {
        if (grim_poll_idle(g, give_up - plat_now(g->p) + 1) < 0) return -1;
        if (plat_now(g->p) > give_up)
            return grim_fail(g, "grim_barrier %u: %u of %u nodes arrived in 2 s", e, g->barrier_arrived[e & 1] + 1, g->nodes);
    }
    g->barrier_arrived[e & 1] = 0;
    a[0] = 1;
    for (uint32_t n = 0; n < g->nodes; n++)
        if (n != g->node && grim_send_internal(g, GRIM_EP(n, g->o.lc), GRIM_H_BARRIER, a, NULL, 0)) return -1;
    return 0;
}

int grim_abort(grim *g, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(g->err, sizeof g->err, fmt, ap);
    va_end(ap);
    g->handler_failed = 1;
    return -1;
}

/* ---- the built-in handlers ---- */

static int ns_sync(grim *g, const grim_am *m)
{
    if (!is_server(g)) return grim_fail(g, "a handler synchronisation from 0x%04x, but this is not the server", m->src);
    for (uint32_t k = 0, i = 0; i < m->arg[0]; i++) {
        const uint8_t *z = memchr(m->data + k, 0, m->len - k);
        if (k >= m->len || !z) return grim_fail(g, "handler synchronisation from 0x%04x: truncated name list", m->src);
        if (assign(g, (const char *)m->data + k) < 0) return -1;
        k = (uint32_t)(z - m->data) + 1;
    }
    bind_local(g);
    return send_table(g, m->src);
}

static int ns_table(grim *g, const grim_am *m)
{
    for (uint32_t k = 0; k < m->len;) {
        const uint8_t *z = k + 2 < m->len ? memchr(m->data + k + 2, 0, m->len - k - 2) : NULL;
        if (!z) return grim_fail(g, "handler table from 0x%04x: truncated", m->src);
        uint32_t id = (uint32_t)m->data[k] << 8 | m->data[k + 1];
        if (set_global(g, id, (const char *)m->data + k + 2)) return -1;
        k = (uint32_t)(z - m->data) + 1;
    }
    bind_local(g);
    g->sync_wait = 0;
    g->resolve_wait = 0;
    return 0;
}

int grim_builtin(grim *g, const grim_am *m)
{
    switch (m->handler) {
    case GRIM_H_NS_SYNC: return ns_sync(g, m);
    case GRIM_H_NS_TABLE: return ns_table(g, m);
    case GRIM_H_NS_RESOLVE:
        if (!is_server(g)) return grim_fail(g, "a handler lookup from 0x%04x, but this is not the server", m->src);
        return send_table(g, m->src);
    case GRIM_H_BARRIER:
        if (m->arg[0] == 0) {
            if (!is_server(g)) return grim_fail(g, "a barrier arrival from 0x%04x, but this is not the server", m->src);
            g->barrier_arrived[m->arg[1] & 1]++;
        } else {
            g->barrier_released = m->arg[1];
        }
        return 0;
    case GRIM_H_MC_FIND:
    case GRIM_H_MC_FOUND:
    case GRIM_H_MC_SUB:
    case GRIM_H_MC_ROOT:
    case GRIM_H_MC_ROOTQ: return grim_mc_builtin(g, m);
    default:
        return grim_fail(g, "a message from endpoint 0x%04x for built-in handler %u, which does not exist", m->src,
                         m->handler);
    }
}

int grim_dispatch_user(grim *g, const grim_am *m)
{
    for (int i = 0; i < g->nlh; i++)
        if (g->lh[i].id == m->handler) {
            g->handler_failed = 0;
            g->lh[i].fn(g, m, g->lh[i].ctx);
            return g->handler_failed ? -1 : 0;
        }
    return grim_fail(g, "a message from endpoint 0x%04x for handler %u (%s), which this endpoint has not registered",
                     m->src, m->handler, m->handler < g->ngname && g->gname[m->handler][0] ? g->gname[m->handler] : "unknown");
}
