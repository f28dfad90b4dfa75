/* Protocol waits across NIs (protowait.h): decoding the fw_waits records,
 * the wait-for graph of (NI, channel) and the report lines naming its
 * cycles. Protocol-neutral: the record's proto string names the channels. */
#include "protowait.h"
#include "../text/textbuf.h"

#include <stdio.h>
#include <string.h>

static uint32_t be32at(const uint8_t *p) { return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3]; }

void pw_read(const uint8_t *sram, uint32_t sram_size, uint32_t at, pw_record *r)
{
    memset(r, 0, sizeof *r);
    if (!sram || !at || (at & 3) || at > sram_size || sram_size - at < PW_RECORD_BYTES) return;
    const uint8_t *p = sram + at;
    if (be32at(p) != FW_WAITS_VERSION) return;
    r->present = 1;
    r->n = be32at(p + 4);
    if (r->n > FW_WAITS_MAX) r->n = FW_WAITS_MAX;
    r->delivered = be32at(p + 8);
    memcpy(r->proto, p + 12, 8);
    r->proto[8] = 0;
    for (unsigned k = 0; k < FW_WAITS_MAX; k++) {
        const uint8_t *w = p + 20 + 20 * k;
        r->w[k] = (pw_wait){be32at(w), be32at(w + 4), be32at(w + 8), be32at(w + 12), be32at(w + 16)};
    }
}

static int waiting(const pw_record *r, int nni, pw_node a)
{
    return a.ni >= 0 && a.ni < nni && r[a.ni].present && a.k >= 0 && (unsigned)a.k < r[a.ni].n &&
           r[a.ni].w[a.k].kind != FW_WAIT_NONE;
}

pw_node pw_next(const pw_record *r, int nni, pw_node a)
{
    pw_node none = {-1, -1};
    if (!waiting(r, nni, a)) return none;
    const pw_wait *w = &r[a.ni].w[a.k];
    if (w->on_ni >= (unsigned)nni) return none;
    int b = (int)w->on_ni;
    for (int k = 0; k < (int)r[b].n; k++) {
        pw_node c = {b, k};
        if (!waiting(r, nni, c)) continue;
        if (r[b].w[k].chan == w->on_chan || (w->kind == FW_WAIT_CREDIT && w->on_chan == 0)) return c;
    }
    for (int k = 0; k < (int)r[b].n; k++)
        if (waiting(r, nni, (pw_node){b, k})) return none;   /* it waits, but not on that channel */
    int l = r[b].link_to1 - 1;
    if (l < 0 || l >= nni || l == b) return none;
    for (int k = 0; k < (int)r[l].n; k++)
        if (waiting(r, nni, (pw_node){l, k})) return (pw_node){l, k};
    return none;
}

static int idx(pw_node a) { return a.ni * (int)FW_WAITS_MAX + a.k; }

int pw_cycles(const pw_record *r, int nni, pw_node *cyc, int max, int *len, int maxc)
{
    if (nni <= 0) return 0;
    enum { N = 4096 };
    int total = nni * (int)FW_WAITS_MAX, cycles = 0, used = 0;
    if (total > N) total = N, nni = N / (int)FW_WAITS_MAX;
    int seen[N];
    memset(seen, 0, sizeof(int) * (size_t)total);
    /* each channel waits for at most one other: walk from each, mark the
     * walk with its start, and a walk that meets its own mark closes a
     * cycle (reported from its lowest node, so each cycle once) */
    for (int s = 0; s < total; s++) {
        pw_node a = {s / (int)FW_WAITS_MAX, s % (int)FW_WAITS_MAX};
        while (a.ni >= 0 && waiting(r, nni, a) && !seen[idx(a)]) {
            seen[idx(a)] = s + 1;
            a = pw_next(r, nni, a);
        }
        if (a.ni < 0 || !waiting(r, nni, a) || seen[idx(a)] != s + 1) continue;
        pw_node low = a;
        for (pw_node b = pw_next(r, nni, a); idx(b) != idx(a); b = pw_next(r, nni, b))
            if (idx(b) < idx(low)) low = b;
        int k = 0;
        pw_node b = low;
        do {
            if (used < max) cyc[used++] = b;
            k++;
            b = pw_next(r, nni, b);
        } while (idx(b) != idx(low));
        if (cycles < maxc) len[cycles] = k;
        cycles++;
    }
    return cycles;
}

const char *pw_kind_text(unsigned kind)
{
    switch (kind) {
    case FW_WAIT_SPACE: return "waits for space at";
    case FW_WAIT_CREDIT: return "waits for credits from";
    case FW_WAIT_TICKET: return "waits for the expected ticket from";
    default: return "waits (unknown kind) on";
    }
}


static const char *ni_name(const char *const *names, int i, char *tmp, size_t n)
{
    if (names && names[i]) return names[i];
    snprintf(tmp, n, "ni%d", i);
    return tmp;
}

/* "ni0 ch 9 waits for space at ni2 ch 9" */
static void put_wait(textbuf *o, const pw_record *r, int nni, const char *const *names, pw_node a)
{
    char t1[16], t2[16];
    const pw_wait *w = &r[a.ni].w[a.k];
    tb_put(o, "%s ch %u %s ", ni_name(names, a.ni, t1, sizeof t1), w->chan, pw_kind_text(w->kind));
    if (w->on_ni < (unsigned)nni) tb_put(o, "%s", ni_name(names, (int)w->on_ni, t2, sizeof t2));
    else tb_put(o, "NI %u (not in this cluster)", w->on_ni);
    if (!(w->kind == FW_WAIT_CREDIT && w->on_chan == 0)) tb_put(o, " ch %u", w->on_chan);
}

int pw_report_cycles(const pw_record *r, int nni, const char *const *names, char *buf, size_t n)
{
    textbuf o = tb_over(buf, n);
    enum { MAXN = 256, MAXC = 16 };
    pw_node cyc[MAXN];
    int len[MAXC];
    int c = pw_cycles(r, nni, cyc, MAXN, len, MAXC);
    int at = 0;
    for (int i = 0; i < c && i < MAXC; i++) {
        tb_put(&o, "DEADLOCK: %s channels wait in a cycle: ", r[cyc[at].ni].proto[0] ? r[cyc[at].ni].proto : "protocol");
        for (int j = 0; j < len[i] && at + j < MAXN; j++) {
            pw_node a = cyc[at + j];
            put_wait(&o, r, nni, names, a);
            int b = (int)r[a.ni].w[a.k].on_ni, nx = cyc[at + (j + 1) % len[i]].ni;
            char t1[16], t2[16];
            if (b != nx)   /* through a link wait: b cannot send (its ACK) to nx */
                tb_put(&o, " -> %s's packet is not taken by %s", ni_name(names, b, t1, sizeof t1), ni_name(names, nx, t2, sizeof t2));
            tb_put(&o, " -> ");
        }
        char t[16];
        tb_put(&o, "back to %s ch %u\n", ni_name(names, cyc[at].ni, t, sizeof t), r[cyc[at].ni].w[cyc[at].k].chan);
        at += len[i];
    }
    return c;
}

void pw_report_waits(const pw_record *r, int nni, const char *const *names, char *buf, size_t n)
{
    textbuf o = tb_over(buf, n);
    int any = 0;
    for (int i = 0; i < nni; i++) any |= r[i].present;
    if (!any) return;
    tb_put(&o, "protocol waits (fw_waits):\n");
    for (int i = 0; i < nni; i++) {
        if (!r[i].present) continue;
        char t[16];
        tb_put(&o, "  %s (%s): %u messages delivered", ni_name(names, i, t, sizeof t), r[i].proto, r[i].delivered);
        int waits = 0;
        for (int k = 0; k < (int)r[i].n; k++) {
            if (r[i].w[k].kind == FW_WAIT_NONE) continue;
            tb_put(&o, waits++ ? "; " : "; ");
            put_wait(&o, r, nni, names, (pw_node){i, k});
        }
        if (!waits) tb_put(&o, "; no channel waits");
        tb_put(&o, "\n");
    }
}
