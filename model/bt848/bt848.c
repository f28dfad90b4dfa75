/* BT848 capture card: the camera side puts status codes and lines into the
 * FIFO at NTSC's pace (one event each); the DMA side fetches and executes
 * the RISC program over PCI, one instruction at a time. */
#include "bt848.h"

#include "bt848_risc.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* NTSC timing (30 frames of 525 lines a second); the FIFO size is our
 * reading of the Bt848 data sheet's "630 DWORD" FIFO (2,520 bytes), an
 * input; the latency timer is a typical BIOS setting. */
const bt848_params bt848_default = {
    .name = "bt848",
    .fps = 30,
    .lines_per_frame = 525,
    .fifo_bytes = 2520,
    .latency_timer = 32,
    .max_burst = 0,
};

/* What the camera side puts into the FIFO. */
typedef struct fifo_item {
    int is_line;
    uint32_t status;             /* !is_line: the status code */
    int lost;                    /* a line that found no room (overrun): no bytes */
    uint32_t taken;              /* bytes handed to WRITEs/SKIPs so far */
    uint8_t *data;
    struct fifo_item *next;
} fifo_item;

/* One entry of a frame's schedule, in half line slots from the frame's start. */
typedef struct src_entry {
    uint32_t at;
    int is_line;
    uint32_t status, row;
} src_entry;

typedef enum { X_IDLE, X_FETCH, X_WAIT, X_WRITE, X_STOPPED } x_state;

struct bt848 {
    bt848_params p;
    evq *q;
    pci_bus *bus;
    pci_master *m;
    uint32_t width, height, line_bytes;
    /* camera side */
    src_entry *sched;
    uint32_t nsched, pos;
    uint32_t frames, frame;
    int frame_lost, running;
    sim_time t0;
    ev_id ev;
    fifo_item *head, *tail;
    uint32_t queued;             /* line bytes in the FIFO not yet handed to a WRITE */
    /* DMA side */
    x_state x;
    uint64_t pc, addr_ctr;       /* instruction address; the target address counter (WRITEC) */
    bt848_insn in;
    uint32_t jumps;              /* JUMPs in a row (a loop of them takes no data) */
    uint8_t fetch_buf[8];
    pci_txn ft, wt;              /* the fetch, the line write */
    int w_eol;
    bt848_stats st;
    char err[300];
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
    if (v->x == X_WRITE) n += v->wt.len - pci_txn_progress(&v->wt, now);
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
    v->ev = 0;
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
    if (v->in.w0 & BT848_RISC_IRQ) v->st.irqs++;
    if (v->in.op == BT848_OP_JUMP) v->pc = v->in.addr;
    else v->pc += 4 * v->in.dwords;
    fetch(v);
}

static void write_done(pci_txn *t, void *ctx)
{
    bt848 *v = ctx;
    if (t->resp != PCI_RESP_OK) {
        refuse(v, "line DMA to 0x%llx failed (%s)", (unsigned long long)t->addr, pci_resp_name(t->resp));
        return;
    }
    v->st.bytes += t->done;
    v->st.last_done_ps = t->t_done;
    if (v->w_eol) pop_head(v);
    next_insn(v);
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
    if (!it->lost) v->queued -= in->count;
    v->addr_ctr = addr + in->count;   /* kept current through SKIPs and overruns, as the card does */
    if (in->op == BT848_OP_SKIP || it->lost) {
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
    v->wt = (pci_txn){.cmd = PCI_WRITE, .addr = addr, .data = it->data + off, .len = in->count,
                      .on_done = write_done, .ctx = v};
    pci_submit(v->m, &v->wt);
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
            if (it->is_line && !it->lost) v->queued -= v->line_bytes - it->taken;
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

static void src_event(void *arg)
{
    bt848 *v = arg;
    v->ev = 0;
    sim_time now = evq_now(v->q);
    const src_entry *e = &v->sched[v->pos];
    fifo_item *it = item_new();
    if (e->is_line) {
        it->is_line = 1;
        v->st.lines++;
        if (fifo_level(v, now) + v->line_bytes > v->p.fifo_bytes) {
            /* no room: the line is lost, its place in the stream kept */
            it->lost = 1;
            v->st.lines_dropped++;
            v->frame_lost = 1;
        } else {
            it->data = malloc(v->line_bytes);
            if (!it->data) {
                fprintf(stderr, "myrisim: out of memory in the BT848\n");
                exit(3);
            }
            for (uint32_t i = 0; i < v->line_bytes; i++) it->data[i] = bt848_pixel(v->frame, e->row, i);
            v->queued += v->line_bytes;
            if (!v->st.first_line_ps) v->st.first_line_ps = now;
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
    if (2 * (lines + 1) > p->lines_per_frame || p->fps <= 0 || width * 2 > p->fifo_bytes) {
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
    v->line_bytes = width * 2;
    /* a frame's schedule: each captured field's FM1 at its start and a line
     * at the end of each of its first `lines` slots; each field's resync at
     * its end (VRO after the odd field, VRE after the even one: 262.5 slots
     * each). 320x240 captures the odd field only. */
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
                v->sched[v->nsched++] = (src_entry){.at = f * lpf + 2 * (i + 1), .is_line = 1, .row = fields * i + f};
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
    while (v->head) pop_head(v);
    free(v->sched);
    free(v);
}

int bt848_busy(const bt848 *v) { return v->queued > 0 || v->x == X_WRITE; }
int bt848_done(const bt848 *v)
{
    /* stopped, or the stream has ended and the program waits for more of it */
    return v->x == X_STOPPED || (!v->running && v->x == X_WAIT && v->queued == 0);
}
const bt848_stats *bt848_stats_of(const bt848 *v) { return &v->st; }
const pci_master *bt848_master(const bt848 *v) { return v->m; }
const char *bt848_error(const bt848 *v) { return v->err; }
