/* BT848 capture card: the camera side puts status codes and lines into the
 * FIFO at NTSC's pace (one event each; a line's bytes then arrive at a
 * steady pace over its active part); the DMA side fetches and executes the
 * RISC program over PCI, one instruction at a time, a WRITE as a burst
 * each time the FIFO reaches its trigger point. */
#include "bt848_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* NTSC timing (30 frames of 525 lines a second); the FIFO size is our
 * reading of the Bt848 data sheet's "630 DWORD" FIFO (2,520 bytes), an
 * input; the latency timer is a typical BIOS setting; the active part of a
 * line is NTSC's (SMPTE 170M: 52.66 us of a 63.56 us line), an input. */
const bt848_params bt848_default = {
    .name = "bt848",
    .fps = 30,
    .lines_per_frame = 525,
    .fifo_bytes = 2520,
    .latency_timer = 32,
    .max_burst = 0,
    .line_active = 52.66 / 63.56,
};

uint8_t bt848_pixel(uint32_t frame, uint32_t row, uint32_t i)
{
    /* luma ramps along the row, chroma marks the frame */
    return (uint8_t)(i & 1 ? 0x80 + frame * 13 : row + i / 2);
}

static sim_time at_ps(const bt848 *v, uint64_t half_slots)
{
    return v->t0 + (sim_time)((double)half_slots * 1e12 / (v->p.fps * v->p.lines_per_frame * 2) + 0.5);
}

/* Bytes in the FIFO: lines not yet taken, and what the write in flight has not moved. */
static uint32_t fifo_level(const bt848 *v, sim_time now)
{
    uint32_t n = v->queued;
    if (v->w_busy) n += v->wt.len - pci_txn_progress(&v->wt, now);
    return n;
}

static void stop(bt848 *v, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void execute(bt848 *v);

static void stop(bt848 *v, const char *fmt, ...)
{
    if (!v->err[0]) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(v->err, sizeof v->err, fmt, ap);
        va_end(ap);
    }
    v->x = X_STOPPED;
    /* the card is off: the camera side stops feeding it */
    if (v->ev) evq_cancel(v->q, v->ev);
    if (v->w_ev) evq_cancel(v->q, v->w_ev);
    if (v->end_ev) evq_cancel(v->q, v->end_ev);
    v->ev = v->w_ev = v->end_ev = 0;
    v->running = 0;
}

/* Stop naming the instruction in hand. */
static void refuse(bt848 *v, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void refuse(bt848 *v, const char *fmt, ...)
{
    char why[200];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, sizeof why, fmt, ap);
    va_end(ap);
    stop(v, "%s: RISC instruction at 0x%08llx (%s, dword0 0x%08x): %s", v->p.name, (unsigned long long)v->pc,
         bt848_risc_op_name(v->in.op), v->in.w0, why);
}

static void pop_head(bt848 *v)
{
    fifo_item *it = v->head;
    v->head = it->next;
    if (!v->head) v->tail = NULL;
    if (v->producing == it) v->producing = NULL;
    free(it->data);
    free(it);
}

static void fetch_done(pci_txn *t, void *ctx)
{
    bt848 *v = ctx;
    v->st.fetches++;
    if (t->resp != PCI_RESP_OK) {
        stop(v, "%s: RISC fetch at 0x%08llx failed (%s)", v->p.name, (unsigned long long)v->pc, pci_resp_name(t->resp));
        return;
    }
    char why[160];
    if (bt848_risc_decode(v->fetch_buf, &v->in, why, sizeof why)) {
        stop(v, "%s: RISC instruction at 0x%08llx (opcode 0x%x, dword0 0x%08x): %s", v->p.name,
             (unsigned long long)v->pc, v->in.op, v->in.w0, why);
        return;
    }
    v->x = X_WAIT;
    execute(v);
}

static void fetch(bt848 *v)
{
    /* a fetch from where nothing answers would be a master abort, which
     * the bus reports as a fault of the whole run: refuse it here */
    if (!pci_bus_decodes(v->bus, v->pc) || !pci_bus_decodes(v->bus, v->pc + 7)) {
        stop(v, "%s: RISC fetch at 0x%08llx: no memory answers there", v->p.name, (unsigned long long)v->pc);
        return;
    }
    v->x = X_FETCH;
    v->ft = (pci_txn){.cmd = PCI_READ, .addr = v->pc, .data = v->fetch_buf, .len = 8, .on_done = fetch_done, .ctx = v};
    pci_submit(v->m, &v->ft);
}

static void next_insn(bt848 *v)
{
    v->st.insns++;
    v->jumps = v->in.op == BT848_OP_JUMP ? v->jumps + 1 : 0;
    if (v->in.w0 & BT848_RISC_IRQ) {
        v->st.irqs++;
        bt848_regs_risc_irq(v);
    }
    if (v->in.op == BT848_OP_JUMP) v->pc = v->in.addr;
    else v->pc += 4 * v->in.dwords;
    fetch(v);
}

/* Bytes of line `it` in the FIFO by `now` (whole DWORDs, at a steady pace
 * over its active part), and the first time at least n are. */
static uint32_t produced(const bt848 *v, const fifo_item *it, sim_time now)
{
    if (now >= it->t_end) return v->line_bytes;
    if (now <= it->t_begin) return 0;
    uint64_t dw = (uint64_t)(now - it->t_begin) * (v->line_bytes / 4) / (uint64_t)(it->t_end - it->t_begin);
    return (uint32_t)dw * 4;
}

static sim_time produced_by(const bt848 *v, const fifo_item *it, uint32_t n)
{
    uint64_t dw = (n + 3) / 4, all = v->line_bytes / 4, dur = (uint64_t)(it->t_end - it->t_begin);
    if (dw >= all) return it->t_end;
    return it->t_begin + (sim_time)((dw * dur + all - 1) / all);
}

static void burst(bt848 *v);

static void burst_wake(void *arg)
{
    bt848 *v = arg;
    v->w_ev = 0;
    burst(v);
}

static void burst_done(pci_txn *t, void *ctx)
{
    bt848 *v = ctx;
    v->w_busy = 0;
    if (t->resp != PCI_RESP_OK) {
        refuse(v, "line DMA to 0x%llx failed (%s)", (unsigned long long)t->addr, pci_resp_name(t->resp));
        return;
    }
    v->st.bytes += t->done;
    v->st.last_done_ps = t->t_done;
    v->st.bursts++;
    if (!v->st.burst_min || t->len < v->st.burst_min) v->st.burst_min = t->len;
    if (t->len > v->st.burst_max) v->st.burst_max = t->len;
    v->w_addr += t->len;
    v->w_off += t->len;
    v->w_left -= t->len;
    burst(v);
}

/* The WRITE in hand: once the FIFO holds the trigger point's bytes of its
 * line (or all it still needs, if fewer) ask for the bus and move what the
 * FIFO holds of them; the last burst ends the instruction. */
static void burst(bt848 *v)
{
    if (!v->w_left) {
        if (v->w_eol) pop_head(v);
        next_insn(v);
        return;
    }
    sim_time now = evq_now(v->q);
    uint32_t have = produced(v, v->head, now) - v->w_off, trig = 4 * v->trigger_dwords;
    uint32_t need = v->w_left < trig ? v->w_left : trig;
    if (have < need) {
        v->w_ev = evq_at(v->q, produced_by(v, v->head, v->w_off + need), burst_wake, v);
        return;
    }
    uint32_t n = have < v->w_left ? have : v->w_left;
    v->queued -= n;
    v->w_busy = 1;
    v->wt = (pci_txn){.cmd = PCI_WRITE, .addr = v->w_addr, .data = v->head->data + v->w_off, .len = n,
                      .on_done = burst_done, .ctx = v};
    pci_submit(v->m, &v->wt);
}

/* WRITE, WRITEC, SKIP: take count bytes of the line at the FIFO's head. */
static void take_line(bt848 *v, fifo_item *it)
{
    const bt848_insn *in = &v->in;
    int sol = !!(in->w0 & BT848_RISC_SOL), eol = !!(in->w0 & BT848_RISC_EOL);
    if (in->count == 0) {
        refuse(v, "byte count 0");
        return;
    }
    if (sol != (it->taken == 0)) {
        refuse(v, "%s at byte %u of the line", sol ? "SOL" : "no SOL", it->taken);
        return;
    }
    if (in->op == BT848_OP_WRITEC && sol) {
        refuse(v, "WRITEC cannot start a line");
        return;
    }
    if (it->taken + in->count > v->line_bytes) {
        refuse(v, "byte count %u from byte %u exceeds the line (%u bytes)", in->count, it->taken, v->line_bytes);
        return;
    }
    if (eol && it->taken + in->count != v->line_bytes) {
        refuse(v, "EOL after byte %u of a %u-byte line", it->taken + in->count, v->line_bytes);
        return;
    }
    uint64_t addr = in->op == BT848_OP_WRITE ? in->addr : v->addr_ctr;
    uint32_t off = it->taken;
    it->taken += in->count;
    v->addr_ctr = addr + in->count;   /* kept current through SKIPs and overruns, as the card does */
    if (in->op == BT848_OP_SKIP || it->lost) {
        if (!it->lost) v->queued -= in->count;
        if (eol) pop_head(v);
        next_insn(v);
        return;
    }
    if (!pci_bus_decodes(v->bus, addr) || !pci_bus_decodes(v->bus, addr + in->count - 1)) {
        refuse(v, "target 0x%llx..0x%llx: no memory answers there", (unsigned long long)addr,
               (unsigned long long)(addr + in->count - 1));
        return;
    }
    v->x = X_WRITE;
    v->w_eol = eol;
    v->w_addr = addr;
    v->w_off = off;
    v->w_left = in->count;
    burst(v);
}

/* Run the instruction in hand as far as the FIFO allows; called again when
 * something arrives in the FIFO. */
static void execute(bt848 *v)
{
    const bt848_insn *in = &v->in;
    if (v->x != X_WAIT) return;
    switch (in->op) {
    case BT848_OP_JUMP:
        if ((in->addr & 3) || !pci_bus_decodes(v->bus, in->addr)) {
            refuse(v, "jump to 0x%llx: %s", (unsigned long long)in->addr,
                   in->addr & 3 ? "not dword aligned" : "no memory answers there");
            return;
        }
        /* the card would spin for ever; the model would never finish */
        if (v->jumps >= 16) {
            refuse(v, "jump to 0x%llx: 16 JUMPs in a row without an instruction that takes data (a loop)",
                   (unsigned long long)in->addr);
            return;
        }
        next_insn(v);
        return;
    case BT848_OP_SYNC:
        while (v->head) {
            fifo_item *it = v->head;
            if (!it->is_line && it->status == in->status) {
                pop_head(v);
                next_insn(v);
                return;
            }
            if (!(in->w0 & BT848_RISC_RESYNC)) {
                char what[40];
                if (it->is_line) snprintf(what, sizeof what, "a line");
                else snprintf(what, sizeof what, "status %s", bt848_risc_status_name(it->status));
                refuse(v, "waits for status %s, the FIFO holds %s (sync error)", bt848_risc_status_name(in->status),
                       what);
                return;
            }
            /* RESYNC: drop what comes before the status */
            if (it->is_line) v->st.lines_discarded++;
            if (it->is_line && !it->lost) v->queued -= v->line_bytes - it->taken;   /* the line's rest */
            pop_head(v);
        }
        return;
    default: /* WRITE, WRITEC, SKIP */
        if (!v->head) return;
        if (!v->head->is_line) {
            refuse(v, "the FIFO holds status %s, not a line (the program has more lines than the field)",
                   bt848_risc_status_name(v->head->status));
            return;
        }
        take_line(v, v->head);
        return;
    }
}

static void push(bt848 *v, fifo_item *it)
{
    if (v->tail) v->tail->next = it;
    else v->head = it;
    v->tail = it;
    execute(v);
}

static fifo_item *item_new(void)
{
    fifo_item *it = calloc(1, sizeof *it);
    if (!it) {
        fprintf(stderr, "myrisim: out of memory in the BT848\n");
        exit(3);
    }
    return it;
}

/* The line whose pixels have been arriving is complete: if the FIFO holds
 * more than it can (the DMA has fallen behind), its newest pixels, this
 * line's, were lost: the line is dropped (its place in the stream kept)
 * and so is its frame. Runs at the line's end (or at the next line's
 * start, whichever comes first). */
static void line_end(bt848 *v)
{
    fifo_item *it = v->producing;
    sim_time now = evq_now(v->q);
    if (!it || now < it->t_end) return;
    v->producing = NULL;
    if (fifo_level(v, now) <= v->p.fifo_bytes || it->taken) return;   /* (the DMA is never on an overrun line) */
    it->lost = 1;
    v->queued -= v->line_bytes;
    free(it->data);
    it->data = NULL;
    v->st.lines_dropped++;
    v->frame_lost = 1;
}

static void line_end_event(void *arg)
{
    bt848 *v = arg;
    v->end_ev = 0;
    line_end(v);
}

static void src_event(void *arg)
{
    bt848 *v = arg;
    v->ev = 0;
    sim_time now = evq_now(v->q);
    const src_entry *e = &v->sched[v->pos];
    fifo_item *it = item_new();
    line_end(v);
    if (e->is_line) {
        it->is_line = 1;
        v->st.lines++;
        {
            it->data = malloc(v->line_bytes);
            if (!it->data) {
                fprintf(stderr, "myrisim: out of memory in the BT848\n");
                exit(3);
            }
            for (uint32_t i = 0; i < v->line_bytes; i++) it->data[i] = bt848_pixel(v->frame, e->row, i);
            v->queued += v->line_bytes;
            /* its pixels arrive over the active part of its slot, the last at the slot's end */
            it->t_end = at_ps(v, (uint64_t)v->frame * 2 * v->p.lines_per_frame + e->at + 2);
            it->t_begin = it->t_end - (sim_time)(v->p.line_active * 1e12 / (v->p.fps * v->p.lines_per_frame) + 0.5);
            if (it->t_begin < now) it->t_begin = now;
            if (!v->st.first_line_ps) v->st.first_line_ps = now;
            v->producing = it;
            if (v->end_ev) evq_cancel(v->q, v->end_ev);
            v->end_ev = evq_at(v->q, it->t_end, line_end_event, v);
        }
    } else {
        it->status = e->status;
    }
    if (++v->pos == v->nsched) {
        /* the even field's resync ends the frame */
        v->st.frames++;
        if (v->frame_lost) v->st.frames_dropped++;
        v->frame_lost = 0;
        v->frame++;
        v->pos = 0;
    }
    if (v->frame < v->frames)
        v->ev = evq_at(v->q, at_ps(v, (uint64_t)v->frame * 2 * v->p.lines_per_frame + v->sched[v->pos].at), src_event, v);
    else
        v->running = 0;
    push(v, it);
}

bt848 *bt848_new(pci_bus *bus, const bt848_params *p, uint32_t width, uint32_t height, char *err, size_t n)
{
    if (!((width == 320 && height == 240) || (width == 640 && height == 480))) {
        snprintf(err, n, "%s: capture size %ux%u (320x240 or 640x480)", p->name, width, height);
        return NULL;
    }
    uint32_t fields = height > 240 ? 2 : 1, lines = height / fields;
    if (2 * (lines + 1) > p->lines_per_frame || p->fps <= 0 || width * 2 > p->fifo_bytes || !(p->line_active > 0) ||
        p->line_active > 1) {
        snprintf(err, n, "%s: profile cannot carry %ux%u (lines %u, fps %g, FIFO %u bytes)", p->name, width, height,
                 p->lines_per_frame, p->fps, p->fifo_bytes);
        return NULL;
    }
    bt848 *v = calloc(1, sizeof *v);
    if (!v) return NULL;
    v->p = *p;
    v->bus = bus;
    v->q = pci_bus_evq(bus);
    v->m = pci_master_new(bus, p->name, 4, p->latency_timer, p->max_burst);
    v->width = width;
    v->height = height;
    v->trigger_dwords = 4;   /* GPIO_DMA_CTL's reset value: PKTP 0 */
    v->line_bytes = width * 2;
    /* a frame's schedule: each captured field's FM1 at its start and a line
     * at the start of each of its first `lines` slots (its bytes ready by
     * the slot's end); each field's resync at its end (VRO after the odd
     * field, VRE after the even one: 262.5 slots each). 320x240 captures
     * the odd field only. */
    v->sched = calloc(2 * (lines + 2), sizeof *v->sched);
    if (!v->sched) {
        free(v);
        return NULL;
    }
    uint32_t lpf = p->lines_per_frame;
    for (uint32_t f = 0; f < 2; f++) {
        if (f < fields) {
            v->sched[v->nsched++] = (src_entry){.at = f * lpf, .status = BT848_ST_FM1};
            for (uint32_t i = 0; i < lines; i++)
                v->sched[v->nsched++] = (src_entry){.at = f * lpf + 2 * i, .is_line = 1, .row = fields * i + f};
        }
        v->sched[v->nsched++] = (src_entry){.at = (f + 1) * lpf, .status = f ? BT848_ST_VRE : BT848_ST_VRO};
    }
    return v;
}

int bt848_start(bt848 *v, uint64_t prog, uint32_t frames)
{
    if (v->running || v->x != X_IDLE || !frames || (prog & 3)) return -1;
    v->frames = frames;
    v->frame = v->pos = 0;
    v->running = 1;
    v->t0 = evq_now(v->q);
    v->pc = prog;
    /* capture starts at a frame boundary: the FIFO opens with the even
     * field's resync, then the frame's schedule runs */
    fifo_item *it = item_new();
    it->status = BT848_ST_VRE;
    push(v, it);
    v->ev = evq_at(v->q, at_ps(v, v->sched[0].at), src_event, v);
    fetch(v);
    return 0;
}

void bt848_free(bt848 *v)
{
    if (!v) return;
    if (v->ev) evq_cancel(v->q, v->ev);
    if (v->w_ev) evq_cancel(v->q, v->w_ev);
    if (v->end_ev) evq_cancel(v->q, v->end_ev);
    while (v->head) pop_head(v);
    free(v->sched);
    free(v);
}

int bt848_busy(const bt848 *v) { return v->queued > 0 || v->x == X_WRITE; }

int bt848_set_trigger(bt848 *v, uint32_t dwords)
{
    uint32_t code = dwords == 4 ? 0 : dwords == 8 ? 1 : dwords == 16 ? 2 : dwords == 32 ? 3 : 4;
    if (code > 3) return -1;
    v->trigger_dwords = dwords;
    v->dma_ctl = (v->dma_ctl & ~0xcu) | code << 2;   /* GPIO_DMA_CTL's PKTP field */
    return 0;
}
uint32_t bt848_trigger(const bt848 *v) { return v->trigger_dwords; }
int bt848_done(const bt848 *v)
{
    /* stopped, or the stream has ended and the program waits for more of it */
    return v->x == X_STOPPED || (!v->running && v->x == X_WAIT && v->queued == 0);
}
const bt848_stats *bt848_stats_of(const bt848 *v) { return &v->st; }
const pci_master *bt848_master(const bt848 *v) { return v->m; }
const char *bt848_error(const bt848 *v) { return v->err; }
