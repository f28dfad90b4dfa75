/* Checking programs for seed 002's basic protocol (firmware/lfc/basic.c,
 * hostlib/lfc/lfb.c), run by tests/lfc:
 *
 * lfb_check: every node sends COUNT packets of SIZE bytes to every other
 *   node, round-robin, polling between sends; then polls until nothing has
 *   arrived for QUIET_US. Each packet carries (source, number) and a pattern
 *   derived from both. Every node checks what it got: per source in order,
 *   never twice, every byte intact, and the packets missing equal to the
 *   number its NI dropped for want of a buffer (the basic protocol has no
 *   flow control, so loss is allowed but must be accounted for). A failed
 *   check fails that node's program. Node 0 reports received, missing,
 *   dropped (its own). DEAF_US: node 0 does nothing that long first, so
 *   its NI runs out of host buffers and drops.
 * lfb_misuse: bad input must fail with a clear error and touch nothing:
 *   a packet over the maximum payload, a destination that does not exist,
 *   a maximum payload over LFB_MAX_PAYLOAD at open. Reports caught (how
 *   many of the three failed as they should). */
#include "happ.h"
#include "../be32.h"
#include "../lfc/lfb.h"
#include "../../firmware/lfc/basic_abi.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_SRC 128

typedef struct {
    platform *p;
    unsigned next[MAX_SRC];       /* the number expected next from each source */
    unsigned got, missing, dups, damaged, foreign;
} ck;

static uint8_t pat(unsigned src, unsigned k, unsigned i) { return (uint8_t)(src * 31u + k * 7u + i); }

static void on_pkt(void *ctx, unsigned src, const void *data, unsigned size)
{
    ck *c = ctx;
    const uint8_t *d = data;
    c->got++;
    if (size < 8 || src >= MAX_SRC) { c->damaged++; return; }
    unsigned s = (unsigned)d[0] << 8 | d[1], k = be32_get(d + 4);
    if (s != src) { c->foreign++; return; }
    for (unsigned i = 8; i < size; i++)
        if (d[i] != pat(src, k, i)) { c->damaged++; return; }
    if (k < c->next[src]) c->dups++;
    else c->missing += k - c->next[src];
    if (k >= c->next[src]) c->next[src] = k + 1;
}

static int check(platform *p, happ_env *e)
{
    long long count, size, quiet;
    long long deaf;
    if (happ_int(e, "COUNT", 20, &count) || happ_int(e, "SIZE", 64, &size) || happ_int(e, "QUIET_US", 2000, &quiet) ||
        happ_int(e, "DEAF_US", 0, &deaf))
        return -1;
    if (count < 1 || size < 8 || size > LFB_MAX_PAYLOAD || quiet < 1)
        return happ_fail(e, "COUNT >= 1, SIZE 8 .. %u, QUIET_US >= 1", LFB_MAX_PAYLOAD);
    char err[400];
    lfb *b = lfb_open(p, (unsigned)size, err, sizeof err);
    if (!b) return happ_fail(e, "%s", err);
    unsigned me = lfb_node(b), n = lfb_nodes(b);
    if (n > MAX_SRC) {
        lfb_close(b);
        return happ_fail(e, "at most %d nodes", MAX_SRC);
    }
    ck *c = calloc(1, sizeof *c);
    uint8_t *msg = plat_alloc(p, (size_t)size);
    int rc = 0;
    /* DEAF_US: node 0 computes that long before it sends or polls, so its
     * 64 host buffers fill and its NI must drop (the accounting is checked) */
    if (me == 0 && deaf > 0 && plat_compute(p, SIM_US(deaf))) rc = happ_fail(e, "%s", plat_error(p));
    for (long long k = 0; rc == 0 && k < count; k++)
        for (unsigned j = 1; rc == 0 && j < n; j++) {
            unsigned dest = (me + j) % n;
            msg[0] = (uint8_t)(me >> 8);
            msg[1] = (uint8_t)me;
            msg[2] = msg[3] = 0;
            for (int i = 0; i < 4; i++) msg[4 + i] = (uint8_t)((unsigned)k >> (24 - 8 * i));
            for (unsigned i = 8; i < (unsigned)size; i++) msg[i] = pat(me, (unsigned)k, i);
            if (lfb_send(b, dest, msg, (unsigned)size)) rc = happ_fail(e, "node %u: %s", me, lfb_error(b));
            else if (lfb_poll(b, on_pkt, c) < 0) rc = happ_fail(e, "node %u: %s", me, lfb_error(b));
        }
    for (int w = 1; rc == 0 && w > 0;) {
        w = lfb_wait(b, on_pkt, c, SIM_US(quiet));
        if (w < 0) rc = happ_fail(e, "node %u: %s", me, lfb_error(b));
    }
    lfb_counters cn = {0};
    if (rc == 0 && lfb_counters_get(b, &cn)) rc = happ_fail(e, "node %u: %s", me, lfb_error(b));
    /* packets missing at the end: the sources' last ones */
    for (unsigned s = 0; rc == 0 && s < n; s++)
        if (s != me) c->missing += (unsigned)count - c->next[s];
    if (rc == 0 && (c->dups || c->damaged || c->foreign))
        rc = happ_fail(e, "node %u: %u packets twice, %u damaged, %u with a wrong source", me, c->dups, c->damaged,
                       c->foreign);
    if (rc == 0 && c->missing != cn.dropped)
        rc = happ_fail(e, "node %u: %u packets missing but its NI dropped %u", me, c->missing, cn.dropped);
    if (rc == 0 && c->got + c->missing != (unsigned)count * (n - 1))
        rc = happ_fail(e, "node %u: %u received + %u missing, expected %lld", me, c->got, c->missing, count * (n - 1));
    if (rc == 0 && cn.errors) rc = happ_fail(e, "node %u: its NI refused %u packets", me, cn.errors);
    if (rc == 0 && me == 0) {
        happ_measure(e, "received", c->got);
        happ_measure(e, "missing", c->missing);
        happ_measure(e, "dropped", cn.dropped);
    }
    free(c);
    lfb_close(b);
    return rc;
}

static int misuse(platform *p, happ_env *e)
{
    char err[400];
    int caught = 0;
    lfb *bad = lfb_open(p, LFB_MAX_PAYLOAD + 1, err, sizeof err);
    if (!bad && strstr(err, "maximum payload")) caught++;
    else if (bad) lfb_close(bad);
    lfb *b = lfb_open(p, 256, err, sizeof err);
    if (!b) return happ_fail(e, "%s", err);
    uint8_t msg[300] = {0};
    if (lfb_send(b, 0, msg, 257) < 0 && strstr(lfb_error(b), "over the maximum payload")) caught++;
    if (lfb_send(b, lfb_nodes(b), msg, 4) < 0 && strstr(lfb_error(b), "no node")) caught++;
    happ_measure(e, "caught", caught);
    lfb_close(b);
    return 0;
}

const happ happ_lfb_check = {
    "lfb_check", "basic protocol, every node to every other: order, no duplicates, intact, loss = the NI's drops",
    (const char *const[]){"COUNT", "SIZE", "QUIET_US", "DEAF_US", NULL}, check, NULL,
};

const happ happ_lfb_misuse = {
    "lfb_misuse", "basic protocol: bad input (oversize packet, unknown node, oversize maximum) fails clearly",
    (const char *const[]){NULL}, misuse, NULL,
};
