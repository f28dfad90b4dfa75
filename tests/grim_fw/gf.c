/* The GRIM firmware test host (gf.h). */
#define _POSIX_C_SOURCE 200809L
#include "gf.h"
#include "../harness/harness.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void gf_opts_default(gf_opts *o)
{
    memset(o, 0, sizeof *o);
    o->chip = "lanai9";
    o->nodes = 2;
    o->nlc = 1;
    o->options = GRIM_OPT_DEFAULT;
    o->retx = 2000;                /* 1 ms */
    o->qsize = 32768;
    o->amsize = 65536;
    o->hp = &host_p3_550;
}

const char *const gf_chips[2] = {"lanai4", "lanai9"};

gf_opts gf_opts_on(const char *chip)
{
    gf_opts o;
    gf_opts_default(&o);
    o.chip = chip;
    return o;
}

int gf_fail(gf *g, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(g->err, sizeof g->err, fmt, ap);
    va_end(ap);
    return -1;
}

int gf_new(gf *g, const gf_opts *o)
{
    memset(g, 0, sizeof *g);
    g->o = *o;
    char err[600];
    if (o->nodes < 1 || o->nodes > GF_MAX_NODES || o->nlc < 1 || o->nlc > GF_MAX_LC)
        return gf_fail(g, "gf: %d nodes, %d LCs: out of range", o->nodes, o->nlc);
    topo_init(&g->t);
    topo_opts to;
    topo_opts_default(&to);
    if (o->line > 1) {
        if (o->nodes < 2) return gf_fail(g, "gf: a line of switches needs 2 or more nodes");
        int sw = -1, prev = -1;
        for (int k = 0; k < o->line; k++, prev = sw) {
            char name[32];
            snprintf(name, sizeof name, "sw%d", k);
            sw = topo_add_switch(&g->t, name, 16);
            if (prev >= 0) topo_connect(&g->t, prev, 1, sw, 0, to.kind, to.length_m);
        }
        for (int i = 0; i < o->nodes; i++) {
            char name[32];
            snprintf(name, sizeof name, "ni%d", i);
            int ni = topo_add_ni(&g->t, name);
            if (i == 0) topo_connect(&g->t, ni, 0, sw - o->line + 1, 2, to.kind, to.length_m);
            else topo_connect(&g->t, ni, 0, sw, (unsigned)(1 + i), to.kind, to.length_m);
        }
        if (topo_validate(&g->t, err, sizeof err)) return gf_fail(g, "%s", err);
    } else if (topo_build_switch(&g->t, o->nodes, &to, err, sizeof err)) return gf_fail(g, "%s", err);
    cosim_opts co;
    cosim_opts_default(&co);
    co.chip = o->chip;
    co.watchdog = o->watchdog;
    co.idle_skip = !o->no_idle_skip;
    co.fab.link.loss_prob = o->loss;
    co.fab.link.corrupt_prob = o->corrupt;
    g->s = cosim_new(&g->t, &co, err, sizeof err);
    if (!g->s || cosim_add_hosts(g->s, o->hp, 0, err, sizeof err)) return gf_fail(g, "%s", err);
    char elf[700];
    snprintf(elf, sizeof elf, "%s/build/fw/grim/%s.%s.elf", harness_root(),
             o->instr ? "grim_instr" : o->backoff ? "grim_backoff" : "grim", strcmp(o->chip, "lanai4") ? "l9" : "l4");
    for (int i = 0; i < o->nodes; i++)
        if (cosim_load(g->s, i, elf, err, sizeof err)) return gf_fail(g, "%s", err);
    return 0;
}

void gf_free(gf *g)
{
    for (int i = 0; i < GF_MAX_NODES; i++) plat_free_platform(g->p[i]);
    cosim_free(g->s);
    topo_free(&g->t);
    memset(g->p, 0, sizeof g->p);
    g->s = NULL;
}

/* ---- one host thread drives every node's platform (the plain-C backend) ---- */

cosim_status gf_run(gf *g, int (*fn)(gf *g, void *arg), void *arg, sim_time until, int *rc)
{
    *rc = -1;
    if (cosim_cbackend_init(&g->be, g->s, until)) {
        gf_fail(g, "out of memory");
        return COSIM_FAULT;
    }
    plat_backend be = cosim_cbackend_platform(&g->be);
    char err[400];
    for (int i = 0; i < g->o.nodes; i++) {
        g->p[i] = cosim_platform_new(g->s, i, &be, err, sizeof err);
        if (!g->p[i]) {
            gf_fail(g, "%s", err);
            cosim_agent_done(g->s, g->be.agent);
            return COSIM_FAULT;
        }
    }
    g->sram_off = plat_card_layout(g->p[0])->sram.off;
    *rc = fn(g, arg);
    cosim_agent_done(g->s, g->be.agent);
    if (g->be.halted) return g->be.stopped;
    return cosim_run(g->s, until);
}

/* ---- host side ---- */

static int pio32(gf *g, int node, uint32_t addr, uint32_t v)
{
    if (plat_pio_write32(g->p[node], g->sram_off + addr, v))
        return gf_fail(g, "node %d: PIO write 0x%x: %s", node, addr, plat_error(g->p[node]));
    return 0;
}

static int rd32(gf *g, int node, uint32_t addr, uint32_t *v)
{
    if (plat_pio_read32(g->p[node], g->sram_off + addr, v))
        return gf_fail(g, "node %d: PIO read 0x%x: %s", node, addr, plat_error(g->p[node]));
    return 0;
}

int gf_pio32(gf *g, int node, uint32_t sram_addr, uint32_t v) { return pio32(g, node, sram_addr, v); }
int gf_idle(gf *g, sim_time d) { return plat_compute(g->p[0], d) ? gf_fail(g, "idle: %s", plat_error(g->p[0])) : 0; }

uint32_t gf_le32(const volatile uint8_t *p) { return p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24; }
static uint32_t be32(const uint8_t *p) { return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3]; }
static void put_be32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

int gf_start(gf *g)
{
    const uint32_t C = GRIM_CTRL;
    for (int n = 0; n < g->o.nodes; n++) {            /* wait for the firmware */
        uint32_t magic = 0;
        for (int k = 0; magic != GRIM_FW_MAGIC; k++) {
            if (k == 1000) return gf_fail(g, "node %d: no GRIM_FW_MAGIC after 1000 polls", n);
            if (rd32(g, n, C + GRIM_C_MAGIC, &magic)) return -1;
            if (magic != GRIM_FW_MAGIC && gf_idle(g, SIM_US(2))) return -1;
        }
    }
    for (int n = 0; n < g->o.nodes; n++) {
        platform *p = g->p[n];
        g->xreq[n] = plat_alloc_contig(p, 64, &g->xreq_phys[n]);
        if (!g->xreq[n]) return gf_fail(g, "node %d: %s", n, plat_error(p));
        memset(g->xreq[n], 0, 64);
        unsigned qsize = g->o.qsize, qbase = GRIM_QUEUE_BASE;
        for (int l = 0; l < g->o.nlc; l++) {
            gf_lc *c = &g->lc[n][l];
            c->qbase = qbase;
            c->qsize = qsize;
            qbase += qsize;
            c->amsize = g->amsize_of[n][l] ? g->amsize_of[n][l] : g->o.amsize;
            c->am = plat_alloc_contig(p, c->amsize + 8, &c->am_phys);
            if (!c->am) return gf_fail(g, "node %d LC %d: %s", n, l, plat_error(p));
            c->backp = c->am + c->amsize;
            c->back_phys = c->am_phys + c->amsize;
            memset(c->am, 0, c->amsize + 8);
            uint32_t d = GRIM_LCD + (uint32_t)l * GRIM_LCD_BYTES;
            if (pio32(g, n, d + GRIM_L_Q_BASE, c->qbase) || pio32(g, n, d + GRIM_L_Q_SIZE, c->qsize) ||
                pio32(g, n, d + GRIM_L_Q_BACK, 0) || pio32(g, n, d + GRIM_L_AM_PHYS, (uint32_t)c->am_phys) ||
                pio32(g, n, d + GRIM_L_AM_SIZE, c->amsize) || pio32(g, n, d + GRIM_L_AM_FRONT, 0) ||
                pio32(g, n, d + GRIM_L_AM_BACK_PHYS, (uint32_t)c->back_phys) || pio32(g, n, d + GRIM_L_OPEN, 1))
                return -1;
        }
        if (qbase > GRIM_QUEUE_END(lanai_sram_size(cosim_core(g->s, n))))
            return gf_fail(g, "%d LCs of %u bytes do not fit in the queue area", g->o.nlc, qsize);
        if (pio32(g, n, C + GRIM_C_NLC, (uint32_t)g->o.nlc) || pio32(g, n, C + GRIM_C_OPTIONS, g->o.options) ||
            pio32(g, n, C + GRIM_C_RETX_TICKS, g->o.retx) ||
            pio32(g, n, C + GRIM_C_XREQ_PHYS, (uint32_t)g->xreq_phys[n]) ||
            pio32(g, n, C + GRIM_C_SCAN_ONLY, g->o.scan_only) || pio32(g, n, C + GRIM_C_GO, 1))
            return -1;
    }
    for (int n = 0; n < g->o.nodes; n++) {
        uint32_t st = 0;
        for (int k = 0; st != 1; k++) {
            if (k == 1000) return gf_fail(g, "node %d: GRIM_C_STATE never became 1", n);
            if (rd32(g, n, C + GRIM_C_STATE, &st)) return -1;
            if (st == 2) {
                uint32_t e = 0;
                rd32(g, n, C + GRIM_C_ERROR, &e);
                return gf_fail(g, "node %d: configuration refused, GRIM_C_ERROR %u", n, e);
            }
            if (st != 1 && gf_idle(g, SIM_US(2))) return -1;
        }
    }
    return 0;
}

int gf_commit(gf *g, int node, int lc)
{
    gf_lc *c = &g->lc[node][lc];
    return pio32(g, node, GRIM_LCD + (uint32_t)lc * GRIM_LCD_BYTES + GRIM_L_Q_BACK, c->back);
}

/* Room for mlen bytes at the host's back offset (8 bytes always stay free);
 * 1 = at back, 2 = after a WRAP at 0, 0 = none. */
static int room(const gf_lc *c, unsigned mlen)
{
    unsigned back = c->back == c->qsize ? 0 : c->back, front = c->front == c->qsize ? 0 : c->front;
    if (back >= front) {
        if (back + mlen <= c->qsize && (back + mlen) % c->qsize != front) return 1;
        if (mlen < front) return 2;
        return 0;
    }
    return back + mlen < front ? 1 : 0;
}

int gf_send(gf *g, int node, int lc, unsigned dst_ep, unsigned type, unsigned handler, const unsigned a[4],
            const void *payload, unsigned len, int commit)
{
    gf_lc *c = &g->lc[node][lc];
    unsigned words = (len + 3) / 4, mlen = GRIM_ROUND8(GRIM_HDR_BYTES + words * 4);
    uint32_t d = GRIM_LCD + (uint32_t)lc * GRIM_LCD_BYTES;
    int r = room(c, mlen);
    if (!r) {                                          /* look at the NI's front again */
        if (rd32(g, node, d + GRIM_L_Q_FRONT, &c->front)) return -1;
        r = room(c, mlen);
        if (!r) return 0;
    }
    if (c->back == c->qsize) c->back = 0;
    if (r == 2) {                                      /* the rest of the ring is empty */
        uint8_t w[8];
        put_be32(w, GRIM_W0(0, 0));
        put_be32(w + 4, GRIM_W1(GRIM_T_WRAP, 0, 0, 0));
        if (plat_pio_write(g->p[node], g->sram_off + c->qbase + c->back, w, 8, PLAT_PIO_PLAIN))
            return gf_fail(g, "node %d: %s", node, plat_error(g->p[node]));
        c->back = 0;
    }
    uint8_t buf[GRIM_HDR_BYTES + GRIM_MTU + 8];
    memset(buf, 0, GRIM_HDR_BYTES + words * 4);
    put_be32(buf, GRIM_W0(0, 0));
    put_be32(buf + 4, GRIM_W1(type, words * 4 - len, 0, GRIM_EP(node, lc)));
    put_be32(buf + 8, GRIM_W2(words, dst_ep));
    put_be32(buf + 12, GRIM_W3(lc, handler));
    for (int i = 0; i < 4; i++) put_be32(buf + 16 + 4 * i, a ? a[i] : 0);
    if (len) memcpy(buf + GRIM_HDR_BYTES, payload, len);
    if (plat_pio_write(g->p[node], g->sram_off + c->qbase + c->back, buf, GRIM_HDR_BYTES + words * 4, PLAT_PIO_PLAIN))
        return gf_fail(g, "node %d: %s", node, plat_error(g->p[node]));
    c->back += mlen;                                   /* may equal qsize: the NI takes that as 0 */
    if (commit && gf_commit(g, node, lc)) return -1;
    return 1;
}

int gf_poll(gf *g, int node, int lc, gf_msg_fn fn, void *ctx)
{
    gf_lc *c = &g->lc[node][lc];
    unsigned back = gf_le32(c->backp), got = 0;
    if (back >= c->amsize) return gf_fail(g, "node %d LC %d: AM back offset %u outside the ring of %u", node, lc, back, c->amsize);
    while (c->amfront != back) {
        const uint8_t *h = c->am + c->amfront;
        uint32_t w1 = be32(h + 4), w2 = be32(h + 8), w3 = be32(h + 12);
        if (GRIM_W1_TYPE(w1) == GRIM_T_WRAP) {
            c->amfront = 0;
            continue;
        }
        gf_msg m = {GRIM_W1_TYPE(w1), GRIM_W1_SRC(w1), GRIM_W2_DST(w2), GRIM_W3_HANDLER(w3), GRIM_W3_LC(w3),
                    GRIM_PAYLOAD_BYTES(w1, w2), {be32(h + 16), be32(h + 20), be32(h + 24), be32(h + 28)},
                    h + GRIM_HDR_BYTES};
        unsigned mlen = GRIM_ROUND8(GRIM_HDR_BYTES + GRIM_W2_WORDS(w2) * 4);
        if (c->amfront + mlen > c->amsize)
            return gf_fail(g, "node %d LC %d: message of %u bytes at %u runs past the ring", node, lc, mlen, c->amfront);
        if (fn && fn(g, node, lc, &m, ctx)) return -1;
        c->amfront += mlen;
        got++;
    }
    if (got && pio32(g, node, GRIM_LCD + (uint32_t)lc * GRIM_LCD_BYTES + GRIM_L_AM_FRONT, c->amfront)) return -1;
    return (int)got;
}

int gf_xlat_service(gf *g, int node, gf_xlat_fn fill, void *ctx)
{
    const uint8_t *r = g->xreq[node];
    unsigned seq = be32(r + GRIM_XR_SEQ);
    if (seq == g->xdone[node]) return 0;
    if (fill(g, node, be32(r + GRIM_XR_LC), be32(r + GRIM_XR_VA), be32(r + GRIM_XR_LEN), be32(r + GRIM_XR_SLOT), ctx))
        return -1;
    g->xdone[node] = seq;
    return pio32(g, node, GRIM_CTRL + GRIM_C_XREQ_DONE, seq) ? -1 : 1;
}

int gf_drain(gf *g, sim_time limit)
{
    for (int n = 0; n < g->o.nodes; n++)
        for (int l = 0; l < g->o.nlc; l++) {
            gf_lc *c = &g->lc[n][l];
            for (;;) {
                uint32_t f;
                if (rd32(g, n, GRIM_LCD + (uint32_t)l * GRIM_LCD_BYTES + GRIM_L_Q_FRONT, &f)) return -1;
                if (f % c->qsize == c->back % c->qsize) break;
                if (plat_now(g->p[0]) > limit)
                    return gf_fail(g, "node %d LC %d: front %u never reached back %u", n, l, f, c->back);
                if (gf_idle(g, SIM_US(5))) return -1;
            }
        }
    return 0;
}

int gf_quit(gf *g)
{
    for (int n = 0; n < g->o.nodes; n++)
        if (pio32(g, n, GRIM_CTRL + GRIM_C_QUIT, GRIM_QUIT(0))) return -1;
    return 0;
}

uint32_t gf_word(gf *g, int node, uint32_t addr)
{
    const uint8_t *m = lanai_sram(cosim_core(g->s, node)) + addr;
    return be32(m);
}

uint32_t gf_lcw(gf *g, int node, int lc, uint32_t off) { return gf_word(g, node, GRIM_LCD + (uint32_t)lc * GRIM_LCD_BYTES + off); }

uint32_t gf_sum(gf *g, uint32_t off)
{
    uint32_t s = 0;
    for (int n = 0; n < g->o.nodes; n++)
        for (int l = 0; l < g->o.nlc; l++) s += gf_lcw(g, n, l, off);
    return s;
}

int gf_xlat_entry(gf *g, int node, uint32_t slot, unsigned lc, uint32_t va, void *ptr, unsigned len, unsigned *nruns)
{
    uint8_t e[GRIM_XLAT_BYTES];
    memset(e, 0, sizeof e);
    unsigned n = 0;
    for (unsigned off = 0; off < len && n < GRIM_X_MAX_RUNS; n++) {
        uint64_t phys;
        size_t contig;
        if (plat_virt_to_phys(g->p[node], (uint8_t *)ptr + off, &phys, &contig)) return gf_fail(g, "%s", plat_error(g->p[node]));
        unsigned run = contig < len - off ? (unsigned)contig : len - off;
        put_be32(e + GRIM_X_RUNS + 8 * n, (uint32_t)phys);
        put_be32(e + GRIM_X_RUNS + 8 * n + 4, run);
        off += run;
    }
    put_be32(e + GRIM_X_LC, lc);
    put_be32(e + GRIM_X_VA, va);
    put_be32(e + GRIM_X_LEN, len);
    put_be32(e + GRIM_X_NRUNS, n);
    /* everything but the valid word first, so the NI never sees half an entry */
    if (plat_pio_write(g->p[node], g->sram_off + slot + 4, e + 4, GRIM_XLAT_BYTES - 4, PLAT_PIO_PLAIN) ||
        pio32(g, node, slot + GRIM_X_VALID, 1))
        return gf_fail(g, "%s", plat_error(g->p[node]));
    if (nruns) *nruns = n;
    return 0;
}

uint64_t gf_link_chunks(const gf *g, int lost)
{
    uint64_t n = 0;
    for (int c = 0; c < g->t.ncable; c++)
        for (int d = 0; d < 2; d++) {
            const lk_stats *s = lk_dir_stats(fabric_link(cosim_fabric(g->s), c, d));
            n += lost ? s->lost_chunks : s->corrupted_chunks;
        }
    return n;
}

void gf_run_ok(gf *g, int (*fn)(gf *g, void *arg), void *arg, sim_time until, const char *file, int line)
{
    int rc = -1;
    cosim_status st = gf_run(g, fn, arg, until, &rc);
    if (rc || st != COSIM_DONE)
        harness_fail(file, line, "%s: rc %d status %s: %s %s", g->o.chip, rc, cosim_status_name(st), g->err,
                     cosim_report(g->s));
}
