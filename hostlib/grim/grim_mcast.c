/* GRIM multicast on the host (grim_mcast.h): tree names and ids through the
 * name server, subscriptions through the tree's owner, the owner's tree
 * and its in-band update to the root, and grim_sendMC / grim_broadcast.
 * A subscriber sets its LCs in its own NI's tree table (GRIM_MT_MASK) and
 * tells the owner; the owner keeps, per NI, the LCs subscribed there, and
 * after every change sends the tree's sequencer a GRIM_T_MCUPD with the
 * complete NI list (which NIs were in the tree before: they keep checking
 * tickets). The sequencer is the tree's first root, for the tree's life:
 * it stamps every message and update of the tree in one ticket order and
 * passes it to the current root (docs/grim.md "Tickets and the sequencer").
 * Senders address the sequencer, learnt from the owner. */
#include "grim_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MC_WAIT_US 2000000

typedef struct mc_tree {
    char name[GRIM_MAX_NAME];
    int known;                 /* the id has been found (by this endpoint) */
    uint32_t owner;            /* owner endpoint */
    uint32_t root;             /* the tree's sequencer NI as last learnt (where to send), 0xFF = unknown / never a member */
    uint32_t local;            /* this endpoint's node: LCs it subscribed here */
    /* owner only */
    int owned;
    uint32_t mask[GRIM_MAX_NODES];   /* per NI: its subscribed LCs */
    uint32_t order[GRIM_MC_MAX_MEMBERS], n;   /* NIs in order of subscription */
    uint32_t list[GRIM_MC_MAX_MEMBERS], nl;   /* the tree as last sent */
    uint32_t seq;                             /* the sequencer: the first tree's root, 0xFF before */
    uint32_t askers[GRIM_MAX_NODES / 32];     /* nodes to tell when the root moves */
} mc_tree;

typedef struct grim_mc {
    mc_tree t[GRIM_MC_TREES];
    /* server side: names in id order */
    char names[GRIM_MC_TREES][GRIM_MAX_NAME];
    uint32_t owners[GRIM_MC_TREES], nnames;
    /* waits */
    int find_wait, root_wait;
    uint32_t found_id, found_owner, root_status;
} grim_mc;

static grim_mc *mc_of(grim *g)
{
    if (!g->mc && (g->mc = calloc(1, sizeof *g->mc)))
        for (uint32_t i = 0; i < GRIM_MC_TREES; i++) g->mc->t[i].root = g->mc->t[i].seq = 0xFF;
    return g->mc;
}

void grim_mc_free(grim *g)
{
    free(g->mc);
    g->mc = NULL;
}

static uint32_t mclc(const grim *g) { return GRIM_MC_LC(g->o.nlc); }
static uint32_t server_ep(const grim *g) { return GRIM_EP(g->o.server_node, g->o.lc); }

static int need_mc(grim *g, const char *what)
{
    if (!g->o.mcast) return grim_fail(g, "%s: multicast is off (grim_options.mcast = 0, scenario MCAST = 0)", what);
    if (!mc_of(g)) return grim_fail(g, "%s: out of memory", what);
    return 0;
}

static int wait_until(grim *g, const int *flag, const char *what)
{
    sim_time give_up = plat_now(g->p) + SIM_US(MC_WAIT_US);
    while (*flag) {
        if (grim_poll_idle(g, give_up - plat_now(g->p) + 1) < 0) return -1;
        if (plat_now(g->p) > give_up) return grim_fail(g, "%s: no answer in %u us", what, MC_WAIT_US);
    }
    return 0;
}

/* ---- the name server (node server_node) ---- */

static int ns_find(grim *g, const char *name, uint32_t asker, uint32_t *id, uint32_t *owner)
{
    grim_mc *c = g->mc;
    for (uint32_t i = 0; i < c->nnames; i++)
        if (!strcmp(c->names[i], name)) {
            *id = i;
            *owner = c->owners[i];
            return 0;
        }
    if (c->nnames == GRIM_MC_TREES) {
        *id = ~0u;
        *owner = 0;
        return 0;
    }
    *id = c->nnames;
    *owner = asker;
    snprintf(c->names[c->nnames], GRIM_MAX_NAME, "%s", name);
    c->owners[c->nnames++] = asker;
    return 0;
}

static int learn(grim *g, const char *name, uint32_t id, uint32_t owner)
{
    if (id == ~0u) return grim_fail(g, "grim_findMulticastTree('%s'): the tree table is full (%u trees)", name, GRIM_MC_TREES);
    mc_tree *t = &g->mc->t[id];
    snprintf(t->name, GRIM_MAX_NAME, "%s", name);
    t->known = 1;
    t->owner = owner;
    if (owner == g->ep) t->owned = 1;
    return 0;
}

int grim_findMulticastTree(grim *g, const char *name, uint32_t *id)
{
    if (need_mc(g, "grim_findMulticastTree")) return -1;
    if (!name || !name[0] || strlen(name) >= GRIM_MAX_NAME)
        return grim_fail(g, "grim_findMulticastTree: a name of 1 to %d characters is needed", GRIM_MAX_NAME - 1);
    grim_mc *c = g->mc;
    for (uint32_t i = 0; i < GRIM_MC_TREES; i++)
        if (c->t[i].known && !strcmp(c->t[i].name, name)) {
            *id = i;
            return 0;
        }
    uint32_t i, owner;
    if (g->node == g->o.server_node) {
        ns_find(g, name, g->ep, &i, &owner);
    } else {
        uint32_t a[4] = {0, 0, 0, 0};
        c->find_wait = 1;
        if (grim_send_internal(g, server_ep(g), GRIM_H_MC_FIND, a, name, (uint32_t)strlen(name) + 1) ||
            wait_until(g, &c->find_wait, "grim_findMulticastTree"))
            return -1;
        i = c->found_id;
        owner = c->found_owner;
    }
    if (learn(g, name, i, owner)) return -1;
    *id = i;
    return 0;
}

/* ---- the owner ---- */

static int send_update(grim *g, mc_tree *t, uint32_t id)
{
    uint32_t ni[GRIM_MC_MAX_MEMBERS] = {0}, n = 0;
    for (uint32_t i = 0; i < t->n; i++)
        if (t->mask[t->order[i]]) ni[n++] = t->order[i];
    uint32_t list[GRIM_MC_MAX_MEMBERS] = {0};
    grim_mc_tree_order(ni, n, !(g->o.mcast & GRIM_MC_UNSAFE), list);
    uint32_t oldroot = t->root;
    if (t->seq == 0xFF && n) t->seq = list[0];   /* the first root stamps the tree's tickets from now on */
    if (n || t->nl) {                  /* (an empty list, too: the last members finish and leave) */
        uint8_t b[4 + 4 * GRIM_MC_MAX_MEMBERS];
        grim_put32(b, n);
        for (uint32_t i = 0; i < n; i++) {
            int was = 0;
            for (uint32_t k = 0; k < t->nl; k++) was |= t->list[k] == list[i];
            grim_put32(b + 4 + 4 * i, list[i] | (was ? GRIM_MU_WASIN : 0));
        }
        grim_hdr h;
        uint32_t a[4] = {0, 0, 0, 0};
        grim_hdr_make(&h, GRIM_T_MCUPD, g->ep, GRIM_EP(t->seq, mclc(g)), g->o.lc, 0, a, 4 + 4 * n);
        h.tree = id;
        if (grim_send_begin(g)) return -1;
        int r = grim_put(g, &h, b, 4 + 4 * n);
        grim_send_end(g);
        if (r) return -1;
    }
    memcpy(t->list, list, n * sizeof list[0]);
    t->nl = n;
    t->root = t->seq;
    if (t->root != oldroot) {          /* tell who asked where to send (once: the sequencer stays) */
        uint32_t a[4] = {id, t->root, 0, 0};
        for (uint32_t node = 0; node < g->nodes; node++)
            if ((t->askers[node / 32] >> (node % 32)) & 1u && node != g->node &&
                grim_send_internal(g, GRIM_EP(node, g->o.lc), GRIM_H_MC_ROOT, a, NULL, 0))
                return -1;
    }
    return 0;
}

/* A subscription change of NI `ni` (op 1 add, 0 remove channels): 0, or an
 * error status for the subscriber (1 twice, 2 not subscribed, 3 too many). */
static uint32_t owner_change(grim *g, uint32_t id, uint32_t ni, uint32_t channels, int op)
{
    mc_tree *t = &g->mc->t[id];
    if (op) {
        if (t->mask[ni] & channels) return 1;
        if (!t->mask[ni]) {
            int listed = 0;
            for (uint32_t i = 0; i < t->n; i++) listed |= t->order[i] == ni;
            if (!listed) {
                if (t->n == GRIM_MC_MAX_MEMBERS) return 3;
                t->order[t->n++] = ni;
            }
        }
        t->mask[ni] |= channels;
    } else {
        if ((t->mask[ni] & channels) != channels) return 2;
        t->mask[ni] &= ~channels;
        if (!t->mask[ni])              /* leaves the order of subscription */
            for (uint32_t i = 0; i < t->n; i++)
                if (t->order[i] == ni) {
                    memmove(&t->order[i], &t->order[i + 1], (t->n - i - 1) * sizeof t->order[0]);
                    t->n--;
                    break;
                }
    }
    return send_update(g, t, id) ? 4 : 0;
}

static const char *status_text(uint32_t s)
{
    switch (s) {
    case 1: return "an LC in the mask is already subscribed";
    case 2: return "an LC in the mask is not subscribed";
    case 3: return "the tree has the most members the firmware holds (GRIM_MC_MAX_MEMBERS)";
    case 4: return "the owner could not send the tree update";
    default: return "refused";
    }
}

/* ---- the subscriber ---- */

static int table_mask(grim *g, uint32_t id, uint32_t *v)
{
    uint32_t a = grim_sram(g, GRIM_MC_TABLE + id * GRIM_MT_BYTES + GRIM_MT_MASK);
    if (plat_pio_read32(g->p, a, v)) return grim_fail_plat(g, "multicast table");
    return 0;
}

static int change(grim *g, uint32_t id, uint32_t channels, int op, const char *what)
{
    if (need_mc(g, what)) return -1;
    grim_mc *c = g->mc;
    if (id >= GRIM_MC_TREES || !c->t[id].known)
        return grim_fail(g, "%s: unknown multicast tree id %u (grim_findMulticastTree gives ids)", what, id);
    if (!channels || channels >> g->o.nlc)
        return grim_fail(g, "%s: channels 0x%x: a nonempty mask of the %u configured LCs", what, channels, g->o.nlc);
    mc_tree *t = &c->t[id];
    uint32_t m;
    if (table_mask(g, id, &m)) return -1;
    if (op && (m & channels)) return grim_fail(g, "%s: tree %u ('%s'): channels 0x%x already subscribed", what, id, t->name, m & channels);
    if (!op && (m & channels) != channels)
        return grim_fail(g, "%s: tree %u ('%s'): channels 0x%x not subscribed", what, id, t->name, channels & ~m);
    uint32_t nm = op ? m | channels : m & ~channels;
    if (plat_pio_write32(g->p, grim_sram(g, GRIM_MC_TABLE + id * GRIM_MT_BYTES + GRIM_MT_MASK), nm))
        return grim_fail_plat(g, "multicast table");
    uint32_t st;
    if (t->owned) {
        st = owner_change(g, id, g->node, channels, op);
        if (st == 4) return -1;
    } else {
        uint32_t a[4] = {id, channels, (uint32_t)op, 0};
        c->root_wait = 1;
        if (grim_send_internal(g, t->owner, GRIM_H_MC_SUB, a, NULL, 0) || wait_until(g, &c->root_wait, what)) return -1;
        st = c->root_status;
    }
    if (st) return grim_fail(g, "%s: tree %u ('%s'): %s", what, id, t->name, status_text(st));
    return 0;
}

int grim_subscribeMulticast(grim *g, uint32_t id, uint32_t channels)
{
    return change(g, id, channels, 1, "grim_subscribeMulticast");
}

int grim_subscribeMulticastByName(grim *g, const char *name, uint32_t channels, uint32_t *id)
{
    uint32_t i;
    if (grim_findMulticastTree(g, name, &i)) return -1;
    if (id) *id = i;
    return grim_subscribeMulticast(g, i, channels);
}

int grim_unsubscribeMulticast(grim *g, uint32_t id, uint32_t channels)
{
    return change(g, id, channels, 0, "grim_unsubscribeMulticast");
}

/* ---- sending ---- */

static int root_of(grim *g, uint32_t id, uint32_t *root)
{
    mc_tree *t = &g->mc->t[id];
    if (t->root == 0xFF && !t->owned) {   /* ask the owner (it remembers to tell us when it moves) */
        uint32_t a[4] = {id, 0, 0, 0};
        g->mc->root_wait = 1;
        if (grim_send_internal(g, t->owner, GRIM_H_MC_ROOTQ, a, NULL, 0) ||
            wait_until(g, &g->mc->root_wait, "grim_sendMC (the tree's root)"))
            return -1;
    }
    if (t->root == 0xFF) return grim_fail(g, "grim_sendMC: tree %u ('%s') has had no subscribers yet", id, t->name);
    *root = t->root;
    return 0;
}

int grim_sendMC(grim *g, uint32_t id, uint32_t handler, uint32_t a0, uint32_t a1, uint32_t a2, uint32_t a3,
                const void *payload, uint32_t len)
{
    if (need_mc(g, "grim_sendMC")) return -1;
    if (id >= GRIM_MC_TREES || !g->mc->t[id].known)
        return grim_fail(g, "grim_sendMC: unknown multicast tree id %u (grim_findMulticastTree gives ids)", id);
    if (handler < GRIM_H_USER || handler >= GRIM_MC_LASTFRAG)
        return grim_fail(g, "grim_sendMC: handler id %u is not a registered user handler (ids from %u, below %u)", handler,
                         GRIM_H_USER, GRIM_MC_LASTFRAG);
    if (len && !payload) return grim_fail(g, "grim_sendMC: %u bytes of payload from NULL", len);
    uint32_t root = 0;
    if (root_of(g, id, &root)) return -1;
    /* fragments as grim_send's (FRAG handler, reassembled per sender and tree) */
    if (grim_send_begin(g)) return -1;
    const uint8_t *p = payload;
    int pinned = grim_pin_payload(g, payload, len), r = pinned < 0 ? -1 : 0;
    /* (at most GRIM_MC_MTU a piece: the sequencer's relay to the root adds 8 bytes) */
    uint32_t off = 0, frag = g->max_payload < GRIM_MC_MTU ? g->max_payload : GRIM_MC_MTU, dst = GRIM_EP(root, mclc(g));
    grim_hdr h;
    while (r == 0 && len - off > frag) {
        uint32_t fa[4] = {handler, len, off, 0};
        grim_hdr_make(&h, GRIM_T_MC, g->ep, dst, g->o.lc, GRIM_H_FRAG, fa, frag);
        h.tree = id;
        r = grim_put(g, &h, p + off, frag);
        off += frag;
        g->st.sent_fragments++;
    }
    if (r == 0) {
        uint32_t a[4] = {a0, a1, a2, a3};
        grim_hdr_make(&h, GRIM_T_MC, g->ep, dst, g->o.lc, off ? handler | GRIM_MC_LASTFRAG : handler, a, len - off);
        h.tree = id;
        r = grim_put(g, &h, p + off, len - off);
    }
    if (grim_unpin_payload(g, pinned > 0)) r = -1;
    grim_send_end(g);
    return r;
}

int grim_broadcast(grim *g, uint32_t handler, uint32_t a0, uint32_t a1, uint32_t a2, uint32_t a3, const void *payload,
                   uint32_t len)
{
    uint32_t id;
    if (grim_findMulticastTree(g, GRIM_MC_BROADCAST, &id)) return -1;
    return grim_sendMC(g, id, handler, a0, a1, a2, a3, payload, len);
}

/* ---- the built-in handlers ---- */

int grim_mc_builtin(grim *g, const grim_am *m)
{
    if (!g->o.mcast || !mc_of(g)) return grim_fail(g, "a multicast request from 0x%04x, but multicast is off here", m->src);
    grim_mc *c = g->mc;
    uint32_t id = m->arg[0];
    switch (m->handler) {
    case GRIM_H_MC_FIND: {
        if (g->node != g->o.server_node) return grim_fail(g, "a tree lookup from 0x%04x, but this is not the server", m->src);
        if (!m->len || m->len > GRIM_MAX_NAME || m->data[m->len - 1]) return grim_fail(g, "a tree lookup from 0x%04x: bad name", m->src);
        uint32_t i, owner;
        ns_find(g, (const char *)m->data, m->src, &i, &owner);
        uint32_t a[4] = {i, owner, 0, 0};
        return grim_send_internal(g, m->src, GRIM_H_MC_FOUND, a, NULL, 0);
    }
    case GRIM_H_MC_FOUND:
        c->found_id = m->arg[0];
        c->found_owner = m->arg[1];
        c->find_wait = 0;
        return 0;
    case GRIM_H_MC_SUB:
    case GRIM_H_MC_ROOTQ: {
        if (id >= GRIM_MC_TREES || !c->t[id].owned)
            return grim_fail(g, "a multicast request for tree %u from 0x%04x, but this endpoint does not own it", id, m->src);
        mc_tree *t = &c->t[id];
        uint32_t node = GRIM_EP_NI(m->src), st = 0;
        if (m->handler == GRIM_H_MC_SUB) {
            st = owner_change(g, id, node, m->arg[1], (int)m->arg[2]);
            if (st == 4) return -1;
        }
        t->askers[node / 32] |= 1u << (node % 32);
        uint32_t a[4] = {id, t->root, st, 1};
        return grim_send_internal(g, m->src, GRIM_H_MC_ROOT, a, NULL, 0);
    }
    case GRIM_H_MC_ROOT:
        if (id < GRIM_MC_TREES) c->t[id].root = m->arg[1];
        if (m->arg[3]) {               /* an answer (not news of a move) */
            c->root_status = m->arg[2];
            c->root_wait = 0;
        }
        return 0;
    }
    return grim_fail(g, "multicast built-in handler %u", m->handler);
}
