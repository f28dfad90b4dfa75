/* Figure 8.9 fragmentation: init / body / final active messages and their
 * default handlers (grim_frag.h). */
#include "grim_frag.h"
#include "grim_internal.h"

#include <stdlib.h>
#include <string.h>

/* A reassembly buffer is ordinary user memory; its allocation costs a
 * malloc call (proposed: 400 CPU cycles). The page faults of first touch
 * are not charged separately: the body copies are (plat_memcpy). */
#define ALLOC_CALL_CYCLES 400

typedef struct open_msg {
    uint32_t src, counter, total, got, handler;
    uint32_t arg[4];
    uint8_t *buf;
    struct open_msg *next;
} open_msg;

struct grim_frag {
    grim *g;
    uint32_t frag;             /* body payload */
    const char *names[3];
    uint32_t id[3];            /* global ids: init, body, final */
    uint32_t counter;          /* per sender */
    open_msg *open;
    uint8_t *finishing;        /* the buffer whose user handler runs now */
    int kept;                  /* ... and the handler kept it */
    grim_frag_stats st;
};

static const char *const default_names[3] = {"grim.frag.init", "grim.frag.body", "grim.frag.final"};

grim_frag *grim_frag_new(grim *g, const grim_frag_handlers *h, uint32_t frag_bytes)
{
    grim_frag *f = calloc(1, sizeof *f);
    if (!f) {
        grim_fail(g, "grim_frag_new: out of memory");
        return NULL;
    }
    f->g = g;
    f->frag = frag_bytes && frag_bytes < g->max_payload ? frag_bytes : g->max_payload;
    grim_handler_fn fn[3] = {grim_frag_on_init, grim_frag_on_body, grim_frag_on_final};
    const char *nm[3] = {NULL, NULL, NULL};
    if (h) {
        nm[0] = h->init_name, nm[1] = h->body_name, nm[2] = h->final_name;
        if (h->on_init) fn[0] = h->on_init;
        if (h->on_body) fn[1] = h->on_body;
        if (h->on_final) fn[2] = h->on_final;
    }
    for (int i = 0; i < 3; i++) {
        f->names[i] = nm[i] ? nm[i] : default_names[i];
        if (grim_register_handler(g, fn[i], f, f->names[i])) {
            free(f);
            return NULL;
        }
    }
    return f;
}

int grim_frag_resolve(grim_frag *f)
{
    for (int i = 0; i < 3; i++)
        if (grim_resolveHandler(f->g, f->names[i], &f->id[i])) return -1;
    return 0;
}

void grim_frag_free(grim_frag *f)
{
    if (!f) return;
    while (f->open) {
        open_msg *o = f->open;
        f->open = o->next;
        if (o->buf) plat_free(f->g->p, o->buf);
        free(o);
    }
    free(f);
}

void *grim_frag_keep(grim_frag *f)
{
    if (!f->finishing) return NULL;
    f->kept = 1;
    return f->finishing;
}

const grim_frag_stats *grim_frag_get_stats(const grim_frag *f) { return &f->st; }

int grim_frag_send(grim_frag *f, uint32_t dest, uint32_t handler, const uint32_t a[4], const void *payload,
                   uint32_t len)
{
    grim *g = f->g;
    if (!f->id[0]) return grim_fail(g, "grim_frag_send: grim_frag_resolve has not been called");
    if (len && !payload) return grim_fail(g, "grim_frag_send: %u bytes of payload from NULL", len);
    f->st.sent_messages++;
    if (len <= f->frag) return grim_send(g, dest, handler, a[0], a[1], a[2], a[3], payload, len);
    uint32_t c = ++f->counter;
    /* init: small, so it arrives (and the receiver allocates) while the
     * first body is still being injected */
    if (grim_send(g, dest, f->id[0], c, len, handler, 0, a, 16)) return -1;
    const uint8_t *p = payload;
    uint32_t off = 0;
    while (len - off > f->frag) {
        if (grim_send(g, dest, f->id[1], c, off, 0, 0, p + off, f->frag)) return -1;
        off += f->frag;
        f->st.sent_bodies++;
    }
    return grim_send(g, dest, f->id[2], c, off, 0, 0, p + off, len - off);
}

static open_msg *find(grim_frag *f, uint32_t src, uint32_t counter, open_msg ***link)
{
    for (open_msg **l = &f->open; *l; l = &(*l)->next)
        if ((*l)->src == src && (*l)->counter == counter) {
            if (link) *link = l;
            return *l;
        }
    return NULL;
}

void grim_frag_on_init(grim *g, const grim_am *m, void *ctx)
{
    grim_frag *f = ctx;
    if (m->len != 16) {
        grim_abort(g, "grim.frag.init from endpoint 0x%04x: %u bytes of arguments (16 expected)", m->src, m->len);
        return;
    }
    if (find(f, m->src, m->arg[0], NULL)) {
        grim_abort(g, "grim.frag.init from endpoint 0x%04x: message %u is already open", m->src, m->arg[0]);
        return;
    }
    open_msg *o = calloc(1, sizeof *o);
    if (!o || plat_compute(g->p, (sim_time)ALLOC_CALL_CYCLES * 1000000 / plat_host_profile(g->p)->cpu_mhz) ||
        !(o->buf = plat_alloc(g->p, m->arg[1] ? m->arg[1] : 1))) {
        free(o);
        grim_abort(g, "grim.frag.init: no reassembly buffer of %u bytes", m->arg[1]);
        return;
    }
    o->src = m->src, o->counter = m->arg[0], o->total = m->arg[1], o->handler = m->arg[2];
    memcpy(o->arg, m->data, 16);
    o->next = f->open;
    f->open = o;
    f->st.allocated_bytes += o->total;
}

/* Copy a body or final message into its buffer; the open message or NULL
 * (the poll is failed). */
static open_msg *place(grim *g, grim_frag *f, const grim_am *m, const char *what, open_msg ***link)
{
    open_msg *o = find(f, m->src, m->arg[0], link);
    if (!o) {
        grim_abort(g, "%s from endpoint 0x%04x for message %u, which no init opened", what, m->src, m->arg[0]);
        return NULL;
    }
    if (m->arg[1] != o->got || o->got + m->len > o->total) {
        grim_abort(g, "%s from endpoint 0x%04x: %u bytes at offset %u, expected offset %u of %u", what, m->src, m->len,
                   m->arg[1], o->got, o->total);
        return NULL;
    }
    if (m->len && plat_memcpy(g->p, o->buf + o->got, m->data, m->len)) {
        grim_abort(g, "%s: copy: %s", what, plat_error(g->p));
        return NULL;
    }
    o->got += m->len;
    return o;
}

void grim_frag_on_body(grim *g, const grim_am *m, void *ctx)
{
    place(g, ctx, m, "grim.frag.body", NULL);
}

void grim_frag_on_final(grim *g, const grim_am *m, void *ctx)
{
    grim_frag *f = ctx;
    open_msg **link = NULL, *o = place(g, f, m, "grim.frag.final", &link);
    if (!o) return;
    if (o->got != o->total) {
        grim_abort(g, "grim.frag.final from endpoint 0x%04x: message %u has %u of %u bytes", m->src, o->counter, o->got,
                   o->total);
        return;
    }
    *link = o->next;
    grim_am whole = {m->src, o->handler, {o->arg[0], o->arg[1], o->arg[2], o->arg[3]}, o->buf, o->total};
    f->st.delivered++;
    f->finishing = o->buf;
    f->kept = 0;
    int r = grim_dispatch_user(g, &whole);
    if (!f->kept) plat_free(g->p, o->buf);
    f->finishing = NULL;
    free(o);
    if (r) grim_abort(g, "%s", grim_error(g));
}
