/* Card lifecycle, the register window (reads are pure functions of state
 * and time; writes with side effects schedule events), ISR/EIMR and the
 * host line, SRAM arbitration, and the watchdog's view of what the card
 * waits on. Timers, send and receive engines live in their own files. */
#include "card_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int mmio_read(void *ctx, uint32_t addr, int size, uint64_t cycle, uint32_t *val)
{
    return card_reg_read(ctx, addr, size, cycle, val);
}

static int mmio_write(void *ctx, uint32_t addr, int size, uint64_t cycle, uint32_t val)
{
    return card_reg_write(ctx, addr, size, cycle, val);
}

/* Timers tick without events; so does a LANai 4 DMA_CTR in flight. */
static uint64_t next_change(void *ctx, uint64_t since)
{
    uint64_t a = card_next_change(ctx, since), b = card_hostif_next_change(ctx, since);
    return a < b ? a : b;
}

ni_card *card_new(evq *q, lanai_core *core, const char *name, char *err, size_t errlen)
{
    const lanai_profile *p = lanai_profile_of(core);
    const card_chip *chip = card_chip_for(p->id);
    if (!chip || p->sreg_base != chip->base || (p->pkt_word != 4 && p->pkt_word != 8)) {
        snprintf(err, errlen, "%s: profile %s has no NI register map or packet word size", name, p->name);
        return NULL;
    }
    ni_card *c = calloc(1, sizeof *c);
    if (!c) {
        snprintf(err, errlen, "%s: out of memory", name);
        return NULL;
    }
    if (ni_clock_init(&c->clk, p->clock_hz) < 0) {
        snprintf(err, errlen, "%s: clock of %llu Hz cannot be converted exactly", name,
                 (unsigned long long)p->clock_hz);
        free(c);
        return NULL;
    }
    c->q = q;
    c->core = core;
    c->sram = lanai_sram(core);
    c->prof = p;
    c->chip = chip;
    c->w = p->pkt_word;
    c->dma_start = (sim_time)p->dma_start_ns * 1000u;
    snprintf(c->name, sizeof c->name, "%s", name);
    lanai_mmio m = {c, mmio_read, mmio_write};
    lanai_set_mmio(core, &m);
    lanai_set_next_change(core, next_change);
    c->ctr_read = UINT64_MAX;
    card_reset(c);
    return c;
}

void card_free(ni_card *c)
{
    if (!c) return;
    card_hostif_free(c);
    evq_cancel(c->q, c->snd.ev);
    evq_cancel(c->q, c->rcv.kick);
    for (int i = 0; i < 3; i++) evq_cancel(c->q, c->it[i].wrap);
    free(c->snd.buf);
    free(c);
}

void card_reset(ni_card *c)
{
    memset(c->reg, 0, sizeof c->reg);
    c->isr = c->chip->send;   /* the send engine is idle: ready for a segment */
    c->eimr = 0;
    c->doorbell_host = 0;
    c->line = 0;
    c->steal_bytes = 0;
    c->last_progress = 0;
    c->epoch++;
    memset(&c->st, 0, sizeof c->st);
    card_timers_reset(c);
    card_send_reset(c);
    card_recv_reset(c);
    card_hostif_reset(c);
}

void card_attach(ni_card *c, lk_ep *ep, uint64_t rate)
{
    c->ep = ep;
    c->rate = rate;
    c->use_n = 0;            /* card_sram_use's kept duration: right for n = 0 at any rate */
    c->use_dur = 0;
    ep_set_callbacks(ep, card_send_done, NULL, c);
    ep_set_rx_sink(ep, card_recv_arrived, c);
    ep_set_rx_idle(ep, card_recv_idle_at, c);
}

const char *card_name(const ni_card *c) { return c->name; }
void card_set_ni(ni_card *c, unsigned ni) { c->ni = ni; }
lanai_core *card_core(const ni_card *c) { return c->core; }
const card_stats *card_get_stats(const ni_card *c) { return &c->st; }
int card_line(const ni_card *c) { return c->line; }
sim_time card_last_progress(const ni_card *c) { return c->last_progress; }
uint64_t card_epoch(const ni_card *c) { return c->epoch; }

void card_set_line(ni_card *c, card_line_fn fn, void *ctx)
{
    c->line_fn = fn;
    c->line_ctx = ctx;
}

sim_time card_time(const ni_card *c, uint64_t cycle) { return ni_clock_ps(&c->clk, cycle); }

void card_share_progress(ni_card *c, sim_time *max) { c->progress_max = max; }
void card_share_faults(ni_card *c, uint64_t *count) { c->fault_count = count; }

/* ---- ISR and the host line ---- */

uint32_t card_isr(const ni_card *c, sim_time t)
{
    (void)t;   /* every ISR bit is state; kept for a future level bit that is not */
    uint32_t v = c->isr;
    if (c->chip->send_rdy && !c->snd.busy) v |= c->chip->send_rdy;
    return v;
}

void card_line_update(ni_card *c, sim_time t)
{
    int level = (card_isr(c, t) & c->eimr) != 0;
    if (level == c->line) return;
    c->line = level;
    if (c->line_fn) c->line_fn(c->line_ctx, c, level, t);
    if (c->pci) card_pci_line(c, t, level);
}

void card_isr_set(ni_card *c, sim_time t, uint32_t bits)
{
    c->isr |= bits;
    card_line_update(c, t);
}

void card_isr_clear(ni_card *c, sim_time t, uint32_t bits)
{
    c->isr &= ~bits;
    card_line_update(c, t);
}

void card_host_isr_write(ni_card *c, sim_time t, uint32_t ones)
{
    c->epoch++;
    card_isr_clear(c, t, ones & ~c->chip->send_rdy);
}

void card_host_signal(ni_card *c, sim_time t, uint32_t bits)
{
    c->epoch++;
    bits &= c->chip->doorbells;
    c->doorbell_host |= bits;
    card_isr_set(c, t, bits);
}

uint32_t card_host_signal_bits(const ni_card *c) { return c->chip->doorbells; }

/* ---- SRAM arbitration ---- */

void card_sram_charge(ni_card *c, sim_time t, unsigned n, sim_time dur)
{
    uint32_t width = c->prof->sram_bytes_per_cycle ? c->prof->sram_bytes_per_cycle : 4;
    c->steal_bytes += n;
    if (c->steal_bytes < width) return;   /* no whole cycle yet (half the chunks): skip the divisions */
    uint32_t cycles;
    if (c->steal_bytes < 2ull * width) {    /* one cycle: the usual case, without a division */
        cycles = 1;
        c->steal_bytes -= width;
    } else {
        cycles = (uint32_t)(c->steal_bytes / width);
        c->steal_bytes %= width;
    }
    /* charges come a chunk apart: the kept positions spare the divisions */
    uint64_t until = ni_clock_cycle_at_pos(&c->clk, &c->steal_until_pos, t + dur);
    uint64_t from = ni_clock_cycle_at_pos(&c->clk, &c->steal_from_pos, t);
    if (until <= from) until = from + cycles;
    lanai_steal_cycles(c->core, cycles, until);
    c->st.stolen_cycles += cycles;
}

/* ---- the register window ---- */

int card_refuse(ni_card *c, uint32_t addr, const char *fmt, ...)
{
    char msg[112];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    const char *rn = card_reg_name(c->chip, addr - c->chip->base);
    lanai_device_error(c->core, "%s %s: %s", c->chip->name, rn ? rn : "register", msg);
    return 1;
}

/* Decode an access: the register, or a refusal (1) / nothing mapped (-1). */
static int decode(ni_card *c, uint32_t addr, int size, card_reg *r)
{
    uint32_t off = addr - c->chip->base;
    if (addr < c->chip->base || off >= c->chip->size) return -1;
    *r = (card_reg)c->chip->slot[off / 4];
    if (*r == R_NONE) {
        lanai_device_error(c->core, "%s: no special register at 0x%08x (offset 0x%x)", c->chip->name,
                           addr, off);
        return 1;
    }
    if (*r == R_SINGLE || *r == R_CONTEXT)
        return card_refuse(c, addr, "not modelled (%s)",
                           *r == R_SINGLE ? "single-character send/receive" : "context pipeline register");
    if (size != 4) return card_refuse(c, addr, "%d-byte access to a 32-bit register", size);
    return 0;
}

int card_reg_read(ni_card *c, uint32_t addr, int size, uint64_t cycle, uint32_t *val)
{
    card_reg r;
    int rc = decode(c, addr, size, &r);
    if (rc) return rc;
    sim_time t = card_time(c, cycle);
    if (card_hostdma_read(c, addr, r, cycle, t, val)) return 0;
    switch (r) {
    case R_ISR: *val = card_isr(c, t); break;
    case R_EIMR: *val = c->eimr; break;
    case R_RTC:
        c->rtc.last_read = cycle;
        *val = card_timer_up(&c->rtc, t);
        break;
    case R_IT0: case R_IT1: case R_IT2: {
        card_timer *k = &c->it[r - R_IT0];
        k->last_read = cycle;
        *val = card_timer_down(k, t);
        break;
    }
    case R_RMP: *val = c->rcv.rmp; break;
    case R_RML: *val = c->rcv.rml; break;
    default: *val = c->reg[r]; break;
    }
    return 0;
}

static int reg_write(ni_card *c, uint32_t addr, card_reg r, sim_time t, uint32_t val);

int card_reg_write(ni_card *c, uint32_t addr, int size, uint64_t cycle, uint32_t val)
{
    card_reg r;
    int rc = decode(c, addr, size, &r);
    if (rc) return rc;
    sim_time t = card_time(c, cycle);
    c->st.reg_writes++;
    card_progress(c, t);
    c->lanai_side = 1;          /* host-line changes wait for this time (hostif.c) */
    evq_stamp was = evq_stamp_core(c->q, t, c->ni);
    rc = reg_write(c, addr, r, t, val);
    evq_stamp_restore(c->q, was);
    c->lanai_side = 0;
    return rc;
}

static int reg_write(ni_card *c, uint32_t addr, card_reg r, sim_time t, uint32_t val)
{
    switch (r) {
    case R_ISR: {
        /* write-1-to-clear, except HOST_SIG which the LANai sets (§4.4);
         * level bits (SEND_RDY) are read-only */
        uint32_t hs = c->chip->host_sig;
        card_isr_clear(c, t, val & ~hs & ~c->chip->send_rdy);
        if (val & hs) card_isr_set(c, t, hs);
        return 0;
    }
    case R_EIMR:
        c->eimr = val;
        card_line_update(c, t);
        return 0;
    case R_RTC:
        card_timer_load_up(&c->rtc, t, val);
        return 0;
    case R_IT0: case R_IT1: case R_IT2:
        card_timer_load_down(c, &c->it[r - R_IT0], t, val);
        lanai_request_stop(c->core);   /* its wrap is an event */
        return 0;
    case R_RMP:
        card_recv_set_rmp(c, t, val);
        return 0;
    case R_RML:
        return card_recv_post(c, addr, t, val);
    case R_SML: case R_SMLT:
        return card_send_start(c, addr, r, t, val);
    case R_EAR: case R_LAR: case R_DMA_CTR: case R_DMA_DIR: case R_DMA_STS: case R_PULSE:
    case R_DMAPTR0: case R_DMAPTR1: case R_DMAPTR2: case R_DMAPTR3:
        return card_hostdma_write(c, addr, r, t, val);
    default: break;
    }
    c->reg[r] = val;
    return 0;
}

/* ---- for the watchdog ---- */

const char *card_rx_refusal(const ni_card *c)
{
    if (c->rcv.full) return "has its receive buffer full";
    if (!c->rcv.armed) return "has no receive buffer posted";
    return NULL;
}

int card_describe_waits(const ni_card *c, sim_time now, char *buf, size_t n)
{
    int lines = 0;
    size_t len = 0;
    char ts[40];
    buf[0] = 0;
#define ADD(...)                                                                 \
    do {                                                                         \
        if (len < n) len += (size_t)snprintf(buf + len, n - len, __VA_ARGS__);   \
        lines++;                                                                 \
    } while (0)
    if (c->snd.busy) {
        sim_time_us(c->snd.since, ts, sizeof ts);
        ADD("  %s: send DMA segment of %u bytes (SRAM 0x%x, %s) started at %s has not left%s\n",
            c->name, c->snd.end - c->snd.start, c->snd.start, c->snd.tail ? "with tail" : "no tail", ts,
            c->ep && ep_send_queued(c->ep) ? " (the link is not taking it)" : "");
    }
    if (c->ep && ep_rx_pending(c->ep)) {
        unsigned waiting = ep_rx_avail(c->ep);
        if (c->rcv.full)
            ADD("  %s: receive buffer full (BUFF_INT) at 0x%x, %u bytes of the packet waiting in the link's slack\n",
                c->name, c->rcv.end, waiting);
        else if (!c->rcv.armed)
            ADD("  %s: no receive buffer posted, %u bytes waiting in the link's slack\n", c->name, waiting);
    }
#undef ADD
    (void)now;
    return lines;
}
