/* RECOV (seed 002 §4.3, Figs 4.10-4.15): deadlock detection and recovery
 * for LFC's multicast, included by ucast.c only when built with
 * -DLFC_RECOV (build/fw/lfc/recov.l4.elf); ucast.l4.elf is unchanged.
 *
 * Detection: a send that finds no credit is a suspected deadlock. If this
 * NI has no recovery of its own in progress it starts one: the head of
 * that blocked-sends queue goes out WITHOUT a credit on this NI's recovery
 * channel (header field deadlocked/channel = me + 1). Every NI keeps one
 * escape buffer per other NI (its recovery channel), besides the credited
 * buffers. An NI that receives a packet on channel C may forward, per
 * child with no credit, one packet of the same tree on C (the oldest such
 * packet queued for that child, so a tree stays FIFO): the recovery tree
 * is a subtree of the packet's tree and cannot close a cycle. The channel
 * is cleared bottom-up: an NI holding C's escape buffer frees it at the
 * next release of a buffer of that tree (no credit is returned then) and,
 * once its own buffer and every child it extended C to are clear, sends
 * CHANNEL_CLEAR to the NI it got C's packet from; at the owner the
 * recovery ends and the next nonempty blocked-sends queue (round robin)
 * starts a new one. Trees: a unicast packet from s is on tree s, a
 * multicast packet of group g rooted at r on tree 64 + 64 g + r. */
#ifndef MYRISIM_LFC_RECOV_H
#define MYRISIM_LFC_RECOV_H

#define TREE_NONE 0xFFFFu

static unsigned char d_dl[DESC_N];              /* 0, or channel + 1 to send on */
static unsigned char rc_acks[LFC_MAX_NODES];    /* clears still due before channel c is clear here (nr_acks) */
static unsigned char rc_parent[LFC_MAX_NODES];  /* where channel c's packet came from */
static unsigned char rc_esc[LFC_MAX_NODES];     /* channel c's escape buffer is taken */
static unsigned short rc_tree[LFC_MAX_NODES];   /* tree channel c is active in here (active_channels) */
static unsigned rc_seq[LFC_MAX_NODES], rc_next_seq, rc_n;   /* arrival order; channels active here */
static unsigned short rb_tree[RB_N];
static unsigned rc_busy, rc_rr;                 /* recovery_active; round-robin start */

static void cw_inc(unsigned off) { CW(off) = CW(off) + 1u; }

/* the tree a descriptor's packet travels on (unicast descriptors here are
 * all this NI's own packets to one destination: one tree) */
static unsigned desc_tree(unsigned d)
{
    const unsigned *h = (const unsigned *)d_hdr[d];
    if (((h[0] >> 16) & 0xFFu) == LFC_TAG_MCAST) return h[2] >> 16;
    return 0x10000u;
}

/* Take a descriptor out of dest's blocked-sends queue: the first on tree t
 * (any tree if t is TREE_NONE). The queue is nonempty and holds one. */
static unsigned bq_take(unsigned dest, unsigned t)
{
    unsigned prev = 0, d = bhead[dest] - 1u;
    while (t != TREE_NONE && desc_tree(d) != t) {
        prev = d + 1u;
        if (!d_next[d]) fault(8);               /* the caller's descriptor is in the queue */
        d = d_next[d] - 1u;
    }
    if (prev) d_next[prev - 1u] = d_next[d];
    else bhead[dest] = d_next[d];
    if (btail[dest] == d + 1u) btail[dest] = prev;
    PCB(dest, LFC_PCB_BLOCKED) = PCB(dest, LFC_PCB_BLOCKED) - 1u;
    if (!bhead[dest] || !prev) block_since[dest] = ni_rtc();
    waits_set(dest);
    return d;
}

static void esc_send(unsigned d, unsigned chan)
{
    d_dl[d] = (unsigned char)(chan + 1u);
    cw_inc(LFC_C_ESC_SENT);
    txq_push(d);
}

static void recov_start(unsigned dest)
{
    rc_busy = 1;
    CW(LFC_C_RECOV_BUSY) = 1;
    rc_acks[me] = 1;                            /* the child's clear */
    cw_inc(LFC_C_RECOVERIES);
    esc_send(bq_take(dest, TREE_NONE), me);
}

/* credit_send found no credit for d, now queued at dest's tail (Fig 4.13) */
RARE static void recov_blocked(unsigned d, unsigned dest)
{
    unsigned dl = d_dl[d];
    d_dl[d] = 0;
    if (dl) {                                   /* arrived on channel dl - 1: extend the recovery tree */
        rc_acks[dl - 1u]++;
        esc_send(bq_take(dest, desc_tree(d)), dl - 1u);
    } else if (!rc_busy) {
        recov_start(dest);
    }
}

RARE static void try_new_recovery(void)
{
    for (unsigned i = 1; i <= nodes; i++) {
        unsigned dest = rc_rr + i;
        if (dest >= nodes) dest -= nodes;
        if (bhead[dest]) {
            rc_rr = dest;
            recov_start(dest);
            return;
        }
    }
}

/* Fig 4.15: one party below or at this NI says channel c is clear */
RARE static void release_channel(unsigned c)
{
    if (c >= nodes || !rc_acks[c]) fault(9);
    if (--rc_acks[c]) return;
    if (c == me) {
        rc_busy = 0;
        CW(LFC_C_RECOV_BUSY) = 0;
        try_new_recovery();
        return;
    }
    cw_inc(LFC_C_CLEARS);
    txq_push(ITEM_CLEAR | c << 24 | rc_parent[c]);
}

/* A packet arrived in buffer k from src on tree t with deadlock field dl. */
RARE static void recov_rx(unsigned k, unsigned src, unsigned t, unsigned dl)
{
    rb_tree[k] = (unsigned short)t;
    unsigned c = dl - 1u;
    if (c >= nodes || c == me || rc_esc[c] || rc_acks[c]) fault(7);   /* one packet per recovery per NI */
    rc_esc[c] = 1;
    rc_acks[c] = 1;                             /* my own release */
    rc_parent[c] = (unsigned char)src;
    rc_tree[c] = (unsigned short)t;
    rc_seq[c] = rc_next_seq++;
    rc_n++;
    cw_inc(LFC_C_ESC_USED);
    CW(LFC_C_ESC_HELD) = CW(LFC_C_ESC_HELD) + 1u;
}

/* Buffer k is free. If a recovery is active in its tree here, the buffer
 * counts as that channel's escape buffer (the oldest such channel): no
 * credit is owed, the channel is released instead. Returns 1 then. */
static int recov_release(unsigned k)
{
    if (!rc_n) return 0;
    unsigned t = rb_tree[k], best = LFC_MAX_NODES;
    for (unsigned c = 0; c < nodes; c++)
        if (rc_esc[c] && rc_tree[c] == t && (best == LFC_MAX_NODES || (int)(rc_seq[c] - rc_seq[best]) < 0)) best = c;
    if (best == LFC_MAX_NODES) return 0;
    rc_esc[best] = 0;
    rc_n--;
    CW(LFC_C_ESC_HELD) = CW(LFC_C_ESC_HELD) - 1u;
    rfree[rfree_n++] = k;
    release_channel(best);
    return 1;
}

#endif
