/* The NI's virtual-memory translation cache (§4.5.2, Fig 4.13): 16 static
 * entries the host library programs and 16 dynamic ones filled on a miss.
 * A miss DMAs a request to the driver's area (GRIM_C_XREQ_PHYS), raises
 * HOST_SIG, and waits -- without blocking the main loop -- until the ISR has
 * written the entry into the named dynamic slot and GRIM_C_XREQ_DONE = seq.
 * One request at a time; dynamic slots are replaced round robin. */
#include "fw.h"
#include "instr.h"

#if LANAI_CHIP == 4
#define HOST_SIG L4_HOST_SIG
#else
#define HOST_SIG L9_HOST_SIG
#endif

enum { X_IDLE, X_POST, X_DMA, X_HOST };
static unsigned xreq[6] __attribute__((aligned(8)));
static unsigned xstate, xseq, xnext, xticket;
I_ONLY(static unsigned xt0;)

/* F->mru: per LC the two entries found last (by the scan or from the
 * driver), newest first, tried before the scan of all entries.  A hit on
 * either leaves them as they are: an RM's data and its lock word
 * alternate between the two. */
static unsigned xslot;                   /* the entry the request in progress asked the driver to fill */

/* The entry at e (of LC lc) covers [va, va + len)? */
AI int covers(const volatile unsigned *e, unsigned lc, unsigned va, unsigned len)
{
    if (LD(e, GRIM_X_VALID) != 1u || LD(e, GRIM_X_LC) != lc) return 0;
    unsigned off = va - LD(e, GRIM_X_VA), blen = LD(e, GRIM_X_LEN);
    return off < blen && len <= blen - off;
}

AI const volatile unsigned *entry_at(unsigned i) { return (const volatile unsigned *)opaque(xlat_entry((int)i)); }

AI void mru_hit(unsigned char *m, unsigned i)
{
    if (m[0] != i) {
        m[1] = m[0];
        m[0] = (unsigned char)i;
    }
}

/* F->miss_*: the lookup that missed last, for the very next lookup only:
 * the receive fast path tries a translation, and on a miss the staged path
 * asks for the same one at once -- it need not scan all entries again.
 * (miss_lc = ~0: none; main.c starts it so.) */
#define miss_lc  (F->miss_lc)
#define miss_va  (F->miss_va)
#define miss_len (F->miss_len)

/* The search (Table 5.3's "cache search", timed here: a hit, or a miss
 * that looked at every entry). */
int xlat_lookup(unsigned lc, unsigned va, unsigned len)
{
    I_VAR(t0);
    unsigned char *m = F->mru[lc & (GRIM_MAX_LC - 1u)];
    unsigned i = m[0];
    if (covers(entry_at(i), lc, va, len) || covers(entry_at(i = m[1]), lc, va, len)) goto known;
    if (lc == miss_lc && va == miss_va && len == miss_len) {
        miss_lc = ~0u;
        return XL_FAIL;
    }
    const volatile unsigned *e = entry_at(0), *end = entry_at(GRIM_XLAT_ENTRIES);
    for (; e != end; e += GRIM_XLAT_BYTES / 4u)
        if (covers(e, lc, va, len)) {
            i = ((unsigned)e - GRIM_XLAT) / GRIM_XLAT_BYTES;
            mru_hit(m, i);
            goto known;
        }
    miss_lc = lc;
    miss_va = va;
    miss_len = len;
    I_STEP(GRIM_ST_XLAT_MISS, t0);
    return XL_FAIL;
known:
    miss_lc = ~0u;
    I_STEP(GRIM_ST_XLAT_HIT, t0);
    return (int)i;
}

unsigned xlat_phys(unsigned lc, unsigned va, unsigned len)
{
    int i = xlat_lookup(lc, va, len);
    if (i < 0) return 0;
    const volatile unsigned *e = (const volatile unsigned *)opaque(xlat_entry(i));
    unsigned n = LD(e, GRIM_X_NRUNS), off = va - LD(e, GRIM_X_VA);
    if (n > GRIM_X_MAX_RUNS) n = GRIM_X_MAX_RUNS;
    const volatile unsigned *r = e + GRIM_X_RUNS / 4u;
    for (; n; n--, r += 2) {
        unsigned rlen = r[1];
        if (off < rlen) return len <= rlen - off ? r[0] + off : 0u;
        off -= rlen;
    }
    return 0;
}

void xlat_request(unsigned lc, unsigned va, unsigned len)
{
    unsigned slot = xlat_entry((int)(GRIM_XLAT_STATIC + (xnext++ & (GRIM_XLAT_DYNAMIC - 1u))));
    W(slot + GRIM_X_VALID) = 0;        /* never used half-written */
    xseq++;
    xreq[GRIM_XR_SEQ / 4] = xseq;
    xreq[GRIM_XR_LC / 4] = lc;
    xreq[GRIM_XR_VA / 4] = va;
    xreq[GRIM_XR_LEN / 4] = len;
    xreq[GRIM_XR_SLOT / 4] = slot;
    xslot = slot;
    xreq[5] = 0;
    xstate = X_POST;
}

int xlat_poll(unsigned lc, unsigned va, unsigned len)
{
    switch (xstate) {
    case X_POST:
        if (!CTRL(GRIM_C_XREQ_PHYS)) {
            xstate = X_IDLE;
            return XL_FAIL;            /* no driver area: nobody can translate */
        }
        if (!hdma_may_post(HD)) return XL_WAIT;
        I_SET(xt0);
        xticket = hdma_post(HD, HDMA_TO_HOST, (unsigned)xreq, sizeof xreq, CTRL(GRIM_C_XREQ_PHYS));
        xstate = X_DMA;
        return XL_WAIT;
    case X_DMA:
        if ((int)(hdma_done(HD, HDMA_TO_HOST) - xticket) < 0) return XL_WAIT;
        I_STEP(GRIM_ST_XLAT_REQ_DMA, xt0);
        CTRL(GRIM_C_XREQ_SEQ) = xseq;
        NI_REG(NI_ISR) = HOST_SIG;     /* interrupt the host */
        I_SET(xt0);
        xstate = X_HOST;
        return XL_WAIT;
    case X_HOST:
        if (CTRL(GRIM_C_XREQ_DONE) != xseq) return XL_WAIT;
        I_STEP(GRIM_ST_XLAT_WAIT, xt0);
        xstate = X_IDLE;
        if (covers((const volatile unsigned *)xslot, lc, va, len)) {   /* the entry just filled */
            unsigned i = (xslot - GRIM_XLAT) / GRIM_XLAT_BYTES;
            mru_hit(F->mru[lc & (GRIM_MAX_LC - 1u)], i);
            return (int)i;
        }
        return xlat_lookup(lc, va, len);
    default:
        return XL_FAIL;
    }
}
