/* Host-level software for the RC-1000 (rc1000_host.h): bank arbitration,
 * queue 0 injection, status polls and DMA of outgoing slots, all through
 * the platform's second-device window. */
#include "rc1000_host.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define GRANT_POLLS 1000000        /* a grant that never comes: the frame holds the bank for ever */

static int fail(rch *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int fail(rch *r, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->err, sizeof r->err, fmt, ap);
    va_end(ap);
    return -1;
}

static int plat_fail(rch *r, const char *what) { return fail(r, "%s: %s", what, plat_error(r->p)); }

static uint32_t sram_off(unsigned bank, uint32_t word) { return RC_BAR_SRAM + (bank << 21) + word * 4u; }

int rch_acquire(rch *r, uint32_t banks)
{
    uint32_t g = 0;
    if (r->arb) return r->arb(r->arb_ctx, banks, r->err, sizeof r->err);
    if (plat_dev_write32(r->p, RC_BAR_REGS + RC_REG_REQ, banks)) return plat_fail(r, "request register");
    for (int i = 0; i < GRANT_POLLS; i++) {
        if (plat_dev_read32(r->p, RC_BAR_REGS + RC_REG_GRANT, &g)) return plat_fail(r, "grant register");
        if ((g & banks) == banks) return 0;
    }
    return fail(r, "banks 0x%x never granted (%d polls)", banks, GRANT_POLLS);
}

int rch_release(rch *r)
{
    if (r->arb) return r->arb(r->arb_ctx, 0, r->err, sizeof r->err);
    return plat_dev_write32(r->p, RC_BAR_REGS + RC_REG_REQ, 0) ? plat_fail(r, "release") : 0;
}

int rch_read_word(rch *r, unsigned bank, uint32_t word, uint32_t *v)
{
    return plat_dev_read32(r->p, sram_off(bank, word), v) ? plat_fail(r, "bank read") : 0;
}

int rch_write_word(rch *r, unsigned bank, uint32_t word, uint32_t v)
{
    return plat_dev_write32(r->p, sram_off(bank, word), v) ? plat_fail(r, "bank write") : 0;
}

int rch_open(rch *r, platform *p, plat_pio_mode mode) { return rch_open_arb(r, p, mode, NULL, NULL); }

int rch_open_arb(rch *r, platform *p, plat_pio_mode mode, rch_arbiter arb, void *ctx)
{
    memset(r, 0, sizeof *r);
    r->p = p;
    r->arb = arb;
    r->arb_ctx = ctx;
    r->mode = mode;
    const char *dev = plat_dev_name(p);
    if (!dev || strcmp(dev, "rc1000")) return fail(r, "this node has no RC-1000 on its bus (%s)", dev ? dev : "none");
    if (plat_dev_size(p) < RC_BAR_SIZE) return fail(r, "the RC-1000's BAR is 0x%x bytes, not 0x%x", plat_dev_size(p), RC_BAR_SIZE);
    r->buf = plat_alloc_contig(p, (8 + RCH_MAX_WORDS) * 4, &r->buf_pa);
    if (!r->buf) return plat_fail(r, "DMA buffer");
    uint32_t st;
    if (rch_acquire(r, 1) || rch_read_word(r, 0, RC_Q0_BASE, &r->tail) || rch_read_word(r, 0, RC_Q0_BASE + 1, &r->head) ||
        rch_release(r) || plat_dev_read32(p, RC_BAR_REGS + RC_REG_STATUS, &st))
        return -1;
    r->taken = r->owed = RC_ST_PRODUCED(st);
    r->max_owed = RCH_MAX_OWED;
    r->next[0] = r->taken % RC_NSLOTS;   /* (a frame that used only queue 0 so far) */
    return 0;
}

void rch_close(rch *r)
{
    /* the pinned buffer is the process's until it ends (plat_alloc_contig has no free) */
    r->p = NULL;
}

/* Is there room for n words at the tail (and, if they and a following wrap
 * marker do not fit before the ring's end, for a marker there and n words
 * from 0)? The ring holds head..tail; a full ring must not look empty, so
 * one word stays free. The last word is always kept for a marker: past it
 * lies queue 1. */
static int room(uint32_t head, uint32_t tail, uint32_t n, int *wrap)
{
    *wrap = tail + n >= RC_Q_RING_WORDS;
    if (!*wrap) return head <= tail || tail + n < head;
    return head <= tail && n < head;
}

int rch_inject(rch *r, const uint32_t hdr[8], const void *payload, uint32_t words)
{
    /* (0 words: a header alone, such as killPipeline's or an operation on scratchpad operands) */
    if (words > RCH_MAX_WORDS) return fail(r, "a message carries 0..%u words, not %u", RCH_MAX_WORDS, words);
    if (hdr[0] == RC_Q_WRAP) return fail(r, "header word 0 may not be the wrap marker 0x%x", RC_Q_WRAP);
    int owes = RC_HDR_TO_QUEUE(hdr) ? 1 : 0;
    if (owes && (int32_t)(r->owed - r->taken) >= (int32_t)r->max_owed) {   /* the status port could not tell */
        r->owed_waits++;
        return 1;
    }
    sim_time t0 = plat_now(r->p);
    uint32_t n = 8 + words;
    int wrap;
    if (rch_acquire(r, 1)) return -1;
    if (!room(r->head, r->tail, n, &wrap)) {
        /* the frame has moved on since we last looked */
        if (rch_read_word(r, 0, RC_Q0_BASE + 1, &r->head)) return -1;
        if (!room(r->head, r->tail, n, &wrap)) {
            r->inject_ps += plat_now(r->p) - t0;
            return rch_release(r) ? -1 : 1;
        }
    }
    uint32_t at = wrap ? 0 : r->tail;
    /* payload first, then the header, then (the marker and) the tail: the
     * frame sees the message only when the tail moves */
    if ((words && plat_dev_write(r->p, sram_off(0, RC_Q0_BASE + RC_Q_RING + at + 8), payload, words * 4, r->mode)) ||
        plat_dev_write(r->p, sram_off(0, RC_Q0_BASE + RC_Q_RING + at), hdr, 32, r->mode))
        return plat_fail(r, "queue 0");
    if (wrap && rch_write_word(r, 0, RC_Q0_BASE + RC_Q_RING + r->tail, RC_Q_WRAP)) return -1;
    r->tail = at + n;
    if (rch_write_word(r, 0, RC_Q0_BASE, r->tail) || rch_release(r)) return -1;
    r->owed += (uint32_t)owes;
    r->inject_ps += plat_now(r->p) - t0;
    return 0;
}

int rch_ready(rch *r, uint32_t *ready)
{
    uint32_t st;
    if (plat_dev_read32(r->p, RC_BAR_REGS + RC_REG_STATUS, &st)) return plat_fail(r, "status port");
    r->status_reads++;
    if (RC_ST_KIND(st) == RC_ST_BADREQ) return rch_badreq(r);
    if (RC_ST_KIND(st) != RC_ST_RUN)
        return fail(r, "the frame stopped with a %s (status 0x%02x)",
                    RC_ST_KIND(st) == RC_ST_FFAULT ? "function fault" : RC_ST_KIND(st) == RC_ST_PFAULT ? "page fault"
                                                                                              : "bad request", st);
    *ready = (RC_ST_PRODUCED(st) - r->taken) & 63u;
    return 0;
}

int rch_status(rch *r, uint32_t *ready, uint32_t *kind)
{
    uint32_t st;
    if (plat_dev_read32(r->p, RC_BAR_REGS + RC_REG_STATUS, &st)) return plat_fail(r, "status port");
    r->status_reads++;
    *kind = RC_ST_KIND(st);
    *ready = (RC_ST_PRODUCED(st) - r->taken) & 63u;
    return 0;
}

int rch_take(rch *r)
{
    sim_time t0 = plat_now(r->p);
    if (rch_acquire(r, 8)) return -1;
    if (rch_take_slot(r, RC_SLOT_BASE(0, r->next[0]), t0)) return -1;
    r->next[0] = (r->next[0] + 1) % RC_NSLOTS;
    r->taken_q[0]++;
    return 0;
}

int rch_take_slot(rch *r, uint32_t base, sim_time t0)
{
    uint32_t w2, csr = 0;
    if (rch_read_word(r, 3, base + 2, &w2)) return -1;
    uint32_t words = (w2 >> 16) & 0x7FFu;
    if (words > RCH_MAX_WORDS) return fail(r, "the outgoing slot at bank 3 word 0x%x says %u words", base, words);
    if (plat_dev_write32(r->p, RC_BAR_REGS + RC_REG_DMAMODE, 0) ||
        plat_dev_write32(r->p, RC_BAR_REGS + RC_REG_DMAPADR, (uint32_t)r->buf_pa) ||
        plat_dev_write32(r->p, RC_BAR_REGS + RC_REG_DMALADR, (3u << 21) + base * 4) ||
        plat_dev_write32(r->p, RC_BAR_REGS + RC_REG_DMASIZ, 32 + words * 4) ||
        plat_dev_write32(r->p, RC_BAR_REGS + RC_REG_DMADPR, RC_DPR_TO_PCI) ||
        plat_dev_write32(r->p, RC_BAR_REGS + RC_REG_DMACSR, RC_CSR_ENABLE | RC_CSR_START))
        return plat_fail(r, "DMA set-up");
    do {
        if (plat_dev_read32(r->p, RC_BAR_REGS + RC_REG_DMACSR, &csr)) return plat_fail(r, "DMA status");
    } while (!(csr & RC_CSR_DONE));
    /* word 0 = 0: the frame may fill the slot again */
    if (rch_write_word(r, 3, base, 0) || rch_release(r)) return -1;
    r->taken++;
    r->take_ps += plat_now(r->p) - t0;
    return 0;
}
