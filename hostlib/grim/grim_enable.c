/* grim_enable / grim_disable: bringing the NI firmware up and down, and the
 * small accessors. */
#include "grim_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WAIT_STEP_NS 5000               /* between PIO reads while the firmware starts */
#define START_TIMEOUT_US 200000         /* firmware start-up and GO: far beyond any image's crt0 */
#define DRAIN_TIMEOUT_US 200000         /* grim_disable waits this long for its queue to empty */
#define LINGER_US 100                   /* then keeps the NI running this long */

int grim_fail(grim *g, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(g->err, sizeof g->err, fmt, ap);
    va_end(ap);
    return -1;
}

int grim_fail_plat(grim *g, const char *what) { return grim_fail(g, "%s: %s", what, plat_error(g->p)); }

const char *grim_error(const grim *g) { return g->err; }
platform *grim_platform(grim *g) { return g->p; }
drv *grim_driver(grim *g) { return g->d; }
struct drv_xlat *grim_xlat(grim *g) { return g->xl; }
uint32_t grim_getMyVNN(const grim *g) { return g->node; }
uint32_t grim_nodes(const grim *g) { return g->nodes; }
uint32_t grim_getDestID(const grim *g, uint32_t vnn, uint32_t lc)
{
    (void)g;
    return GRIM_EP(vnn, lc);
}
uint32_t grim_my_endpoint(const grim *g) { return g->ep; }
const grim_stats *grim_get_stats(const grim *g) { return &g->st; }
const grim_options *grim_get_options(const grim *g) { return &g->o; }
uint32_t grim_fw_features(const grim *g) { return g->features; }
uint32_t grim_lcd(const grim *g, uint32_t lc, uint32_t off) { (void)g; return GRIM_LCD + lc * GRIM_LCD_BYTES + off; }

void grim_options_default(grim_options *o)
{
    memset(o, 0, sizeof *o);
    o->nlc = 1;
    o->fw_options = GRIM_OPT_DEFAULT;
    o->retx_us = 10000;
    o->am_ring_bytes = 512u << 10;
}

int grim_read_ctrl(grim *g, uint32_t off, uint32_t *v)
{
    if (plat_pio_read32(g->p, grim_sram(g, GRIM_CTRL + off), v)) return grim_fail_plat(g, "control block read");
    return 0;
}

int grim_read_lcd(grim *g, uint32_t lc, uint32_t off, uint32_t *v)
{
    if (plat_pio_read32(g->p, grim_sram(g, grim_lcd(g, lc, off)), v)) return grim_fail_plat(g, "LC descriptor read");
    return 0;
}

int grim_read_step(grim *g, int step, uint32_t *last, uint32_t *sum, uint32_t *count)
{
    if (step < 0 || (step >= GRIM_NSTEPS && (step < (int)GRIM_ST_MC_RX || step > (int)GRIM_ST_MC_LAST)))
        return grim_fail(g, "instrumentation step %d (0..%d, %u..%u)", step, GRIM_NSTEPS - 1, GRIM_ST_MC_RX, GRIM_ST_MC_LAST);
    uint32_t a = GRIM_STATS + (uint32_t)step * 16;
    if (plat_pio_read32(g->p, grim_sram(g, a + GRIM_S_LAST), last) ||
        plat_pio_read32(g->p, grim_sram(g, a + GRIM_S_SUM), sum) ||
        plat_pio_read32(g->p, grim_sram(g, a + GRIM_S_COUNT), count))
        return grim_fail_plat(g, "instrumentation read");
    return 0;
}

/* PIO-read a control word until it is nonzero (or want, if want != 0). */
static int wait_ctrl(grim *g, uint32_t off, uint32_t want, uint32_t *v, const char *what)
{
    sim_time give_up = plat_now(g->p) + SIM_US(START_TIMEOUT_US);
    for (;;) {
        if (grim_read_ctrl(g, off, v)) return -1;
        if (want ? *v == want : *v != 0) return 0;
        if (plat_now(g->p) > give_up)
            return grim_fail(g, "%s: not after %u us (is the NI running the GRIM firmware?)", what, START_TIMEOUT_US);
        if (plat_compute(g->p, SIM_NS(WAIT_STEP_NS))) return grim_fail_plat(g, what);
    }
}

/* A fragment must fit half the outgoing queue and half the AM ring. */
static uint32_t clamp_frag(uint32_t frag, uint32_t queue, uint32_t ring)
{
    uint32_t qmax = grim_ring_max_msg(queue) - GRIM_HDR_BYTES, rmax = grim_ring_max_msg(ring) - GRIM_HDR_BYTES;
    if (!frag || frag > GRIM_MTU) frag = GRIM_MTU;
    if (frag > qmax) frag = qmax & ~7u;
    if (frag > rmax) frag = rmax & ~7u;
    return frag;
}

uint32_t grim_set_frag(grim *g, uint32_t bytes)
{
    g->o.frag_bytes = g->max_payload = clamp_frag(bytes, g->o.queue_bytes, g->o.am_ring_bytes);
    return g->max_payload;
}

static int check_options(grim *g, grim_options *o)
{
    if (o->nlc < 1 || o->nlc > GRIM_MAX_LC) return grim_fail(g, "nlc = %u: 1..%u logical channels", o->nlc, GRIM_MAX_LC);
    if (o->lc >= o->nlc) return grim_fail(g, "lc = %u: this NI is configured with %u channels (0..%u)", o->lc, o->nlc, o->nlc - 1);
    uint32_t area = GRIM_QUEUE_END(g->lay.sram.size) - GRIM_QUEUE_BASE;
    uint32_t q = o->queue_bytes ? o->queue_bytes : area / o->nlc;
    q &= ~7u;
    if ((uint64_t)q * o->nlc > area)
        return grim_fail(g, "queue_bytes = %u for %u channels: the NI's queue area holds %u bytes", o->queue_bytes, o->nlc,
                         area);
    if (grim_ring_max_msg(q) < GRIM_HDR_BYTES + 8)
        return grim_fail(g, "queues of %u bytes are too small for a message", q);
    o->queue_bytes = q;
    if (o->frag_bytes > GRIM_MTU) return grim_fail(g, "frag_bytes = %u: at most GRIM_MTU = %u", o->frag_bytes, GRIM_MTU);
    if (o->am_ring_bytes % 8 || o->am_ring_bytes < 4096)
        return grim_fail(g, "am_ring_bytes = %u: a multiple of 8, at least 4096", o->am_ring_bytes);
    o->frag_bytes = clamp_frag(o->frag_bytes, q, o->am_ring_bytes);
    if (o->seg_bytes) {
        o->seg_bytes = (o->seg_bytes + 7) & ~7u;
        if (!(o->fw_options & GRIM_OPT_SEND_CT)) o->seg_bytes = 0;   /* the NI would not transmit partial messages */
    }
    if (o->server_node >= GRIM_MAX_NODES) return grim_fail(g, "server_node = %u", o->server_node);
    if (o->mcast & ~(GRIM_MC_ON | GRIM_MC_UNSAFE | GRIM_MC_NOTICKETS))
        return grim_fail(g, "mcast = 0x%x: GRIM_MC_ON [| GRIM_MC_UNSAFE | GRIM_MC_NOTICKETS]", o->mcast);
    if (o->mcast && o->nlc > GRIM_MAX_LC - 2)
        return grim_fail(g, "mcast with nlc = %u: the RM-RV reply and recycle LCs need nlc <= %u", o->nlc, GRIM_MAX_LC - 2);
    if (o->mcast) o->mcast |= GRIM_MC_ON;
    return 0;
}

/* The TPIL cut-offs in effect: given, or calibrated for this machine; with
 * DMA removed when the firmware cannot share its host-DMA engine or the
 * caller asked for PIO only. */
static int configure_tpil(grim *g)
{
    const tpil_cfg *c = g->o.tpil;
    const host_profile *hp = plat_host_profile(g->p);
    if (!c) c = grim_profile_cuts(hp->name, g->lay.chip == CHIP_LANAI9, plat_bus_width(g->p));
    tpil_cfg use;
    if (c) {
        use = *c;
    } else {   /* no calibration for this machine: TPIL's default (its best PIO) */
        use.n = 1;
        use.rule[0].upto = SIZE_MAX;
        use.rule[0].mech = tpil_choice(g->t, 1);
    }
    if (g->o.pio_only || !(g->features & GRIM_FEAT_HDMA)) {
        tpil_mech pio = TPIL_PIO_PLAIN;
        for (int m = TPIL_PIO_SSE; m >= TPIL_PIO_PLAIN; m--)
            if (tpil_available(g->t, (tpil_mech)m)) {
                pio = (tpil_mech)m;
                break;
            }
        for (int i = 0; i < use.n; i++) {
            if (!tpil_mech_is_dma(use.rule[i].mech)) pio = use.rule[i].mech;   /* the largest PIO winner */
        }
        use.n = 1;
        use.rule[0].upto = SIZE_MAX;
        use.rule[0].mech = pio;
    }
    if (tpil_configure(g->t, &use)) return grim_fail(g, "TPIL cut-offs: %s", tpil_error(g->t));
    return 0;
}

static int write_lcd(grim *g, uint32_t lc, uint32_t qbase)
{
    uint8_t b[GRIM_L_OPEN + 4];
    memset(b, 0, sizeof b);
    int mine = lc == g->o.lc;
    grim_put32(b + GRIM_L_Q_BASE, qbase);
    grim_put32(b + GRIM_L_Q_SIZE, g->o.queue_bytes);
    grim_put32(b + GRIM_L_Q_BACK, 0);
    grim_put32(b + GRIM_L_AM_PHYS, mine ? (uint32_t)g->am_phys : 0);
    grim_put32(b + GRIM_L_AM_SIZE, mine ? g->am_size : 0);
    grim_put32(b + GRIM_L_AM_FRONT, 0);
    grim_put32(b + GRIM_L_AM_BACK_PHYS, mine ? (uint32_t)(g->am_phys + g->am_size) : 0);
    grim_put32(b + GRIM_L_OPEN, mine ? 1 : 0);
    /* host-owned words only: Q_FRONT, Q_NEXT and AM_BACK are the NI's */
    static const uint32_t host_words[] = {GRIM_L_Q_BASE, GRIM_L_Q_SIZE, GRIM_L_Q_BACK, GRIM_L_AM_PHYS,
                                          GRIM_L_AM_SIZE, GRIM_L_AM_FRONT, GRIM_L_AM_BACK_PHYS, GRIM_L_OPEN};
    for (size_t i = 0; i < sizeof host_words / sizeof host_words[0]; i++)
        if (plat_pio_write32(g->p, grim_sram(g, grim_lcd(g, lc, host_words[i])), grim_get32(b + host_words[i])))
            return grim_fail_plat(g, "LC descriptor");
    return 0;
}

static int configure(grim *g)
{
    for (uint32_t lc = 0; lc < g->o.nlc; lc++)
        if (write_lcd(g, lc, GRIM_QUEUE_BASE + lc * g->o.queue_bytes)) return -1;
    struct { uint32_t off, v; } w[] = {
        {GRIM_C_NLC, g->o.nlc},
        {GRIM_C_OPTIONS, g->o.fw_options},
        {GRIM_C_RETX_TICKS, g->o.retx_us * 2},
        {GRIM_C_XREQ_PHYS, (uint32_t)drv_xlat_req_phys(g->xl)},
        {GRIM_C_SCAN_ONLY, g->o.scan_only},
        {GRIM_C_GO, 1},            /* last: the firmware starts */
    };
    /* multicast only when asked: without it the configuration is what it was */
    if (g->o.mcast && plat_pio_write32(g->p, grim_sram(g, GRIM_CTRL + GRIM_C_MCAST), g->o.mcast))
        return grim_fail_plat(g, "configuration");
    for (size_t i = 0; i < sizeof w / sizeof w[0]; i++)
        if (plat_pio_write32(g->p, grim_sram(g, GRIM_CTRL + w[i].off), w[i].v)) return grim_fail_plat(g, "configuration");
    return 0;
}

static int start(grim *g)
{
    uint32_t v;
    if (wait_ctrl(g, GRIM_C_MAGIC, GRIM_FW_MAGIC, &v, "waiting for the firmware's GRIM_C_MAGIC")) return -1;
    if (grim_read_ctrl(g, GRIM_C_VERSION, &v)) return -1;
    if (v != GRIM_ABI_VERSION)
        return grim_fail(g, "the firmware speaks GRIM ABI version %u, this library %u", v, GRIM_ABI_VERSION);
    if (grim_read_ctrl(g, GRIM_C_FEATURES, &g->features)) return -1;

    char err[480];
    tpil_params prm = {.scratch = GRIM_SCRATCH, .bounce_bytes = 0, .wait_irq = 0};
    g->t = tpil_create(g->d, &prm, err, sizeof err);
    if (!g->t) return grim_fail(g, "%s", err);
    if (configure_tpil(g)) return -1;
    g->xl = drv_xlat_open(g->d, GRIM_CTRL, err, sizeof err);
    if (!g->xl) return grim_fail(g, "%s", err);
    g->am_size = g->o.am_ring_bytes;
    g->am = drv_alloc_contig(g->d, g->am_size + 64, &g->am_phys);
    if (!g->am) return grim_fail(g, "active-message ring: %s", drv_error(g->d));
    if (g->am_phys + g->am_size + 64 > 0xFFFFFFFFull)
        return grim_fail(g, "active-message ring at physical 0x%llx: above 4 GB", (unsigned long long)g->am_phys);
    memset(g->am, 0, g->am_size + 64);
    g->am_back = g->am + g->am_size;
    g->q_base = GRIM_QUEUE_BASE + g->o.lc * g->o.queue_bytes;
    g->sq = (grim_ring){g->o.queue_bytes, 0, 0};
    g->max_payload = g->o.frag_bytes;

    if (configure(g)) return -1;
    if (wait_ctrl(g, GRIM_C_STATE, 0, &v, "waiting for the firmware to run (GRIM_C_STATE)")) return -1;
    if (v != 1) {
        uint32_t e = 0;
        grim_read_ctrl(g, GRIM_C_ERROR, &e);
        return grim_fail(g, "the firmware refused the configuration: state %u, error %u (%s)", v, e,
                         e == GRIM_E_NLC ? "channel count" : e == GRIM_E_QUEUE ? "a queue" :
                         e == GRIM_E_ROUTES ? "no route table" : "?");
    }
    if (g->o.mcast) {                  /* an image with multicast says so once configured */
        if (grim_read_ctrl(g, GRIM_MC_WAIT - GRIM_CTRL + GRIM_MW_READY, &v)) return -1;
        if (v != 1)
            return grim_fail(g, "multicast asked for, but the NI's firmware image has none (use build/fw/grim/grim_mc.*.elf)");
    }
    if (grim_read_ctrl(g, GRIM_C_NODE, &g->node) || grim_read_ctrl(g, GRIM_C_NODES, &g->nodes)) return -1;
    if (g->nodes < 1 || g->nodes > GRIM_MAX_NODES || g->node >= g->nodes)
        return grim_fail(g, "the firmware says this is node %u of %u", g->node, g->nodes);
    if (g->o.server_node >= g->nodes)
        return grim_fail(g, "server_node = %u, but the cluster has %u nodes", g->o.server_node, g->nodes);
    g->ep = GRIM_EP(g->node, g->o.lc);
    return grim_handlers_init(g);
}

grim *grim_enable(platform *p, const grim_options *o, char *err, size_t errlen)
{
    grim *g = calloc(1, sizeof *g);
    if (!g) {
        snprintf(err, errlen, "grim_enable: out of memory");
        return NULL;
    }
    g->p = p;
    g->lay = *plat_card_layout(p);
    if (o) g->o = *o;
    else grim_options_default(&g->o);
    g->next_va = GRIM_VA_BASE;
    double mhz = plat_host_profile(p)->cpu_mhz;
    g->poll_ps = (sim_time)(GRIM_POLL_CYCLES * 1e6 / mhz);
    g->send_ps = (sim_time)(GRIM_SEND_CYCLES * 1e6 / mhz);
    g->dispatch_ps = (sim_time)(GRIM_DISPATCH_CYCLES * 1e6 / mhz);
    char e[400];
    g->d = drv_open(p, e, sizeof e);
    if (!g->d) {
        snprintf(err, errlen, "grim_enable: %s", e);
        free(g);
        return NULL;
    }
    if (check_options(g, &g->o) || start(g)) {
        snprintf(err, errlen, "grim_enable: %s", g->err);
        grim_disable(g, -1);
        return NULL;
    }
    return g;
}

/* Wait until the NI has every message of our queue acknowledged, so that
 * nothing we sent is lost when the firmware stops. */
static int drain(grim *g, sim_time timeout)
{
    sim_time give_up = plat_now(g->p) + timeout;
    while (g->ovf_head) {
        if (grim_poll(g) < 0) return -1;
        if (plat_now(g->p) > give_up) return grim_fail(g, "flush: the overflow queue did not drain");
    }
    for (;;) {
        uint32_t f;
        if (grim_read_lcd(g, g->o.lc, GRIM_L_Q_FRONT, &f)) return -1;
        if (f == g->sq.size) f = 0;
        g->sq.front = f;
        if (f == g->sq.back) return 0;
        if (plat_now(g->p) > give_up)
            return grim_fail(g, "flush: messages still unacknowledged after %llu us (q_front %u, q_back %u)",
                             (unsigned long long)(timeout / 1000000), f, g->sq.back);
        if (grim_poll(g) < 0 || plat_compute(g->p, SIM_NS(GRIM_FRONT_BACKOFF_NS))) return -1;
    }
}

int grim_flush(grim *g) { return drain(g, SIM_US(DRAIN_TIMEOUT_US)); }

void grim_disable(grim *g, int code)
{
    if (!g) return;
    if (g->t && g->nodes && code == 0 && drain(g, SIM_US(DRAIN_TIMEOUT_US)) == 0) {
        /* linger, polling, so the NI can still acknowledge what it delivered
         * last (an ACK waits behind the delivery): a peer flushing its queue
         * must not wait for an NI that has stopped */
        sim_time until = plat_now(g->p) + SIM_US(LINGER_US);
        while (plat_now(g->p) < until && grim_poll_idle(g, until - plat_now(g->p)) >= 0) {
        }
    }
    if (g->d) {
        /* a short computation first: after a wait the process's clock can
         * lag the simulation's (a process still running when its NI halts
         * is fine: both backends run on until every process returns) */
        plat_compute(g->p, SIM_US(2));
        plat_pio_write32(g->p, grim_sram(g, GRIM_CTRL + GRIM_C_QUIT), GRIM_QUIT((uint32_t)code));
    }
    while (g->ovf_head) {
        grim_ovf *n = g->ovf_head->next;
        free(g->ovf_head);
        g->ovf_head = n;
    }
    for (int i = 0; i < g->nreasm; i++)
        if (g->reasm[i].buf) plat_free(g->p, g->reasm[i].buf);
    free(g->reasm);
    grim_handlers_free(g);
    grim_mc_free(g);
    grim_mem_free_all(g);
    drv_xlat_close(g->xl);
    tpil_destroy(g->t);
    if (g->am) plat_free(g->p, g->am);
    drv_close(g->d);
    free(g);
}
