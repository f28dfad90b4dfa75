/* TPIL: creation, mechanism dispatch, cut-offs. */
#include "tpil_internal.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int tpil_fail(tpil_dev *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(t->err, sizeof t->err, fmt, ap);
    va_end(ap);
    return -1;
}

int tpil_fail_plat(tpil_dev *t, const char *what) { return tpil_fail(t, "%s: %s", what, plat_error(t->p)); }
int tpil_fail_drv(tpil_dev *t, const char *what)
{
    return what ? tpil_fail(t, "%s: %s", what, drv_error(t->d)) : tpil_fail(t, "%s", drv_error(t->d));
}
const char *tpil_error(const tpil_dev *t) { return t->err; }

const char *tpil_mech_name(tpil_mech m)
{
    static const char *n[] = {"pio-plain", "pio-mmx", "pio-sse", "dma-onecopy", "dma-double", "dma-zerocopy"};
    return (unsigned)m < TPIL_NMECH ? n[m] : "?";
}

int tpil_mech_is_dma(tpil_mech m) { return m >= TPIL_DMA_ONECOPY && m < TPIL_NMECH; }

int tpil_available(const tpil_dev *t, tpil_mech m)
{
    switch (m) {
    case TPIL_PIO_PLAIN: return 1;
    case TPIL_PIO_MMX: return plat_has_mode(t->p, PLAT_PIO_MMX);
    case TPIL_PIO_SSE: return plat_has_mode(t->p, PLAT_PIO_SSE);
    case TPIL_DMA_ONECOPY:
    case TPIL_DMA_DOUBLE:
    case TPIL_DMA_ZEROCOPY: return 1;
    default: return 0;
    }
}

static tpil_mech best_pio(const tpil_dev *t)
{
    if (tpil_available(t, TPIL_PIO_SSE)) return TPIL_PIO_SSE;
    if (tpil_available(t, TPIL_PIO_MMX)) return TPIL_PIO_MMX;
    return TPIL_PIO_PLAIN;
}

tpil_dev *tpil_create(drv *d, const tpil_params *prm, char *err, size_t errlen)
{
    platform *p = drv_platform(d);
    const bar_layout *lay = plat_card_layout(p);
    if (prm->scratch % 8 || prm->scratch + 64 > lay->sram.size) {
        snprintf(err, errlen, "tpil: scratch area 0x%x must be 8-byte aligned and hold 64 bytes of SRAM (0x%x)",
                 prm->scratch, lay->sram.size);
        return NULL;
    }
    tpil_dev *t = calloc(1, sizeof *t);
    if (!t) {
        snprintf(err, errlen, "tpil: out of memory");
        return NULL;
    }
    t->d = d;
    t->p = p;
    t->lay = *lay;
    t->prm = *prm;
    t->bounce_bytes = prm->bounce_bytes ? prm->bounce_bytes : 128u << 10;
    if (t->bounce_bytes % 8 || t->bounce_bytes < 4096) {
        snprintf(err, errlen, "tpil: bounce buffer of %u bytes (needs a multiple of 8, at least 4 KB)",
                 t->bounce_bytes);
        free(t);
        return NULL;
    }
    t->bounce = drv_alloc_contig(d, t->bounce_bytes, &t->bounce_phys);
    if (!t->bounce) {
        snprintf(err, errlen, "tpil: bounce buffer: %s", drv_error(d));
        free(t);
        return NULL;
    }
    if (lay->chip == CHIP_LANAI9) {
        /* the terminal block the one-block chains point to; the engine never
         * writes it back because it stops there */
        uint8_t b[8] = {0, 0, 0, (uint8_t)(DMA9_E2L | DMA9_TERMINAL), 0, 0, 0, 0};
        if (plat_pio_write(p, tpil_sram_off(t, prm->scratch + DMA9_BLOCK_SIZE), b, 8, PLAT_PIO_PLAIN)) {
            snprintf(err, errlen, "tpil: %s", plat_error(p));
            free(t);
            return NULL;
        }
    }
    if (prm->wait_irq) {
        uint32_t bit = lay->chip == CHIP_LANAI4 ? L4_ISR_DMA_INT : L9_ISR_WAKE0;
        if (drv_enable_irq(d, bit)) {
            snprintf(err, errlen, "tpil: %s", drv_error(d));
            free(t);
            return NULL;
        }
        t->irq_enabled = 1;
    }
    t->cfg.n = 1;
    t->cfg.rule[0].upto = SIZE_MAX;
    t->cfg.rule[0].mech = best_pio(t);
    return t;
}

void tpil_destroy(tpil_dev *t)
{
    if (!t) return;
    if (t->bounce) plat_free(t->p, t->bounce);
    free(t);
}

int tpil_h2c_mech(tpil_dev *t, tpil_mech m, uint32_t dst, const void *src, size_t n)
{
    if ((unsigned)m >= TPIL_NMECH) return tpil_fail(t, "unknown mechanism %d", (int)m);
    if (!tpil_available(t, m))
        return tpil_fail(t, "%s: host %s lacks the unit", tpil_mech_name(m), plat_host_profile(t->p)->name);
    if (n == 0) return 0;
    if (dst > t->lay.sram.size || n > t->lay.sram.size - dst)
        return tpil_fail(t, "%s: destination 0x%x + %zu bytes runs past the end of card SRAM (0x%x)",
                         tpil_mech_name(m), dst, n, t->lay.sram.size);
    switch (m) {
    case TPIL_PIO_PLAIN:
    case TPIL_PIO_MMX:
    case TPIL_PIO_SSE: return tpil_pio(t, m, dst, src, n);
    case TPIL_DMA_ONECOPY: return tpil_onecopy(t, dst, src, n);
    case TPIL_DMA_DOUBLE: return tpil_double(t, dst, src, n);
    case TPIL_DMA_ZEROCOPY: return tpil_zerocopy(t, dst, src, n);
    default: return -1;
    }
}

int tpil_configure(tpil_dev *t, const tpil_cfg *c)
{
    if (c->n < 1 || c->n > TPIL_MAX_RULES) return tpil_fail(t, "configure: %d rules (1..%d)", c->n, TPIL_MAX_RULES);
    for (int i = 0; i < c->n; i++) {
        if (!tpil_available(t, c->rule[i].mech))
            return tpil_fail(t, "configure: rule %d uses %s, which this host lacks", i,
                             tpil_mech_name(c->rule[i].mech));
        if (i && c->rule[i].upto <= c->rule[i - 1].upto)
            return tpil_fail(t, "configure: cut-offs must increase (rule %d: %zu after %zu)", i,
                             c->rule[i].upto, c->rule[i - 1].upto);
    }
    t->cfg = *c;
    return 0;
}

tpil_mech tpil_choice(const tpil_dev *t, size_t n)
{
    for (int i = 0; i < t->cfg.n - 1; i++)
        if (n <= t->cfg.rule[i].upto) return t->cfg.rule[i].mech;
    return t->cfg.rule[t->cfg.n - 1].mech;
}

int tpil_inject(tpil_dev *t, uint32_t dst, const void *src, size_t n)
{
    return tpil_h2c_mech(t, tpil_choice(t, n), dst, src, n);
}

int tpil_pio(tpil_dev *t, tpil_mech m, uint32_t dst, const void *src, size_t n)
{
    plat_pio_mode mode = m == TPIL_PIO_SSE ? PLAT_PIO_SSE : m == TPIL_PIO_MMX ? PLAT_PIO_MMX : PLAT_PIO_PLAIN;
    if (plat_pio_write(t->p, tpil_sram_off(t, dst), src, n, mode)) return tpil_fail_plat(t, tpil_mech_name(m));
    return 0;
}
