/* The function- and page-fault handlers (rc1000_fault.h). */
#include "rc1000_fault.h"

#include "../../model/rc1000/rc1000_map.h"

#include <stdio.h>

static int bad(const rcf_ops *o, char *err, size_t n, const char *step)
{
    snprintf(err, n, "%s: %s", step, o->error(o->ctx));
    return -1;
}

int rcf_function_fault(const rcf_ops *o, const rcf_function *f, rcf_times *t, char *err, size_t n)
{
    void *c = o->ctx;
    t->t[0] = o->now(c);
    if (o->acquire(c, 1)) return bad(o, err, n, "function fault, acquire bank 0");
    t->t[1] = o->now(c);
    if (o->read(c, RC_CTL_FAULT, t->record, 4)) return bad(o, err, n, "function fault, fault record");
    t->t[2] = o->now(c);
    if (t->record[0] >> 30 != RC_ST_FFAULT) {
        snprintf(err, n, "the fault record says 0x%08x, not a function fault", t->record[0]);
        return -1;
    }
    /* the configuration: loaded from its file, shifted into the FPGA by
     * serial PIO (the CPU busy throughout), then the clock */
    if (o->cpu(c, f->file_load)) return bad(o, err, n, "function fault, loading the configuration file");
    sim_time ready = o->configure(c);
    if (o->cpu(c, f->config) || o->cpu(c, f->set_clock)) return bad(o, err, n, "function fault, configuring");
    if (o->set_clock) o->set_clock(c);
    t->t[3] = o->now(c);
    if (o->write(c, RC_CTL_FUNCS, f->funcs, 9)) return bad(o, err, n, "function fault, function list");
    t->t[4] = o->now(c);
    if (o->now(c) < ready && o->cpu(c, ready - o->now(c))) return bad(o, err, n, "function fault, reset");
    t->t[5] = o->now(c);
    if (o->acquire(c, 0)) return bad(o, err, n, "function fault, release");
    t->t[6] = o->now(c);
    return 0;
}

/* The frame for port i's page (1 A, 2 B, 3 C): A's goes to frame 1 and B's
 * to frame 2 (the frame does not read A and B from one bank), C's to
 * frame 2 unless this fault filled it, else frame 1; 0 if both are taken. */
static unsigned frame_for(int i, unsigned filled)
{
    unsigned f = i == 1 ? 1u : i == 2 ? 2u : (filled >> 2 & 1) ? 1u : 2u;
    return filled >> f & 1 ? 0u : f;
}

int rcf_page_fault(const rcf_ops *o, rcf_times *t, char *err, size_t n)
{
    void *c = o->ctx;
    t->unload = t->load = 0;
    t->unloads = t->loads = 0;
    t->t[0] = o->now(c);
    if (o->acquire(c, 7)) return bad(o, err, n, "page fault, acquire banks 0-2");
    t->t[1] = o->now(c);
    if (o->read(c, RC_CTL_FAULT, t->record, 4) || o->read(c, RC_CTL_PAGE, t->pages, 2))
        return bad(o, err, n, "page fault, fault record");
    t->t[2] = o->now(c);
    if (t->record[0] >> 30 != RC_ST_PFAULT) {
        snprintf(err, n, "the fault record says 0x%08x, not a page fault", t->record[0]);
        return -1;
    }
    uint32_t pages[2] = {t->pages[0], t->pages[1]};
    unsigned filled = 0;
    for (int i = 1; i <= 3; i++) {
        uint32_t p = t->record[i];
        if (p == RC_PAGE_NONE || p == pages[0] || p == pages[1]) continue;
        unsigned f = frame_for(i, filled);
        if (!f) {
            snprintf(err, n, "page fault: no frame left for port C's page %u (A's and B's pages fill both)", p);
            return -1;
        }
        sim_time a = o->now(c);
        if (pages[f - 1] != RC_PAGE_NONE) {
            if (o->page_out(c, f, pages[f - 1])) return bad(o, err, n, "page fault, unload");
            t->unloads++;
        }
        sim_time b = o->now(c);
        if (o->page_in(c, f, p)) return bad(o, err, n, "page fault, load");
        t->loads++;
        t->unload += b - a;
        t->load += o->now(c) - b;
        pages[f - 1] = p;
        filled |= 1u << f;
    }
    t->t[3] = t->t[2] + t->unload;
    t->t[4] = o->now(c);
    for (unsigned f = 1; f <= 2; f++)
        if (filled >> f & 1 && o->write(c, RC_CTL_PAGE + f - 1, &pages[f - 1], 1))
            return bad(o, err, n, "page fault, page table");
    if (o->resume(c)) return bad(o, err, n, "page fault, resume");
    t->t[5] = o->now(c);
    if (o->acquire(c, 0)) return bad(o, err, n, "page fault, release");
    t->t[6] = o->now(c);
    return 0;
}
