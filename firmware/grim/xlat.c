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

static unsigned char mru[GRIM_MAX_LC];   /* per LC: the entry that hit last, tried first */

/* Entry i of LC lc covers [va, va + len)? */
static inline int covers(unsigned i, unsigned lc, unsigned va, unsigned len)
{
    const volatile unsigned *e = (const volatile unsigned *)opaque(xlat_entry((int)i));
    if (LD(e, GRIM_X_VALID) != 1u || LD(e, GRIM_X_LC) != lc) return 0;
    unsigned off = va - LD(e, GRIM_X_VA), blen = LD(e, GRIM_X_LEN);
    return off < blen && len <= blen - off;
}

int xlat_lookup(unsigned lc, unsigned va, unsigned len)
{
    unsigned char *m = &mru[lc & (GRIM_MAX_LC - 1u)];
    if (covers(*m, lc, va, len)) return (int)*m;
    for (unsigned i = 0; i < GRIM_XLAT_ENTRIES; i++)
        if (covers(i, lc, va, len)) {
            *m = (unsigned char)i;
            return (int)i;
        }
    return XL_FAIL;
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
        return xlat_lookup(lc, va, len);
    default:
        return XL_FAIL;
    }
}
