/* The mailbox, host side. */
#include "hmb.h"

#include <stdarg.h>
#include <stdio.h>

static int fail(hmb *m, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int fail(hmb *m, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(m->err, sizeof m->err, fmt, ap);
    va_end(ap);
    return -1;
}

uint32_t hmb_sram(const hmb *m, uint32_t a) { return plat_card_layout(m->p)->sram.off + a; }

static uint32_t word(const hmb *m, uint32_t i) { return hmb_sram(m, HMB_ADDR + 4 * i); }

int hmb_open(hmb *m, platform *p, drv *d)
{
    m->p = p;
    m->d = d;
    m->seq = 0;
    m->err[0] = 0;
    if (drv_enable_irq(d, HMB_HOST_SIG)) return fail(m, "mailbox: %s", drv_error(d));
    return 0;
}

int hmb_post(hmb *m, uint32_t cmd, const uint32_t args[4])
{
    uint8_t b[16];
    for (int i = 0; i < 4; i++) {
        uint32_t v = args ? args[i] : 0;
        b[4 * i] = (uint8_t)(v >> 24);
        b[4 * i + 1] = (uint8_t)(v >> 16);
        b[4 * i + 2] = (uint8_t)(v >> 8);
        b[4 * i + 3] = (uint8_t)v;
    }
    /* arguments first, the command last: posted writes reach the card in order */
    if (plat_pio_write(m->p, word(m, HMB_ARG0), b, sizeof b, PLAT_PIO_PLAIN) ||
        plat_pio_write32(m->p, word(m, HMB_CMD), cmd))
        return fail(m, "mailbox command %u: %s", cmd, plat_error(m->p));
    return 0;
}

int hmb_results(hmb *m, uint32_t res[3])
{
    uint32_t seq, st;
    if (plat_pio_read32(m->p, word(m, HMB_SEQ), &seq) || plat_pio_read32(m->p, word(m, HMB_STATUS), &st))
        return fail(m, "mailbox: %s", plat_error(m->p));
    if (seq != m->seq + 1) return fail(m, "mailbox: the firmware answered %u commands, expected %u", seq, m->seq + 1);
    m->seq = seq;
    if (st != HMB_OK)
        return fail(m, "mailbox: the firmware refused the command (status %u: %s)", st,
                    st == HMB_E_RANGE ? "SRAM range outside the data area" : st == HMB_E_CMD ? "unknown command" : "?");
    for (int i = 0; res && i < 3; i++)
        if (plat_pio_read32(m->p, word(m, HMB_RES0 + (uint32_t)i), &res[i])) return fail(m, "mailbox: %s", plat_error(m->p));
    return 0;
}

int hmb_call(hmb *m, uint32_t cmd, const uint32_t args[4], uint32_t res[3])
{
    if (hmb_post(m, cmd, args)) return -1;
    if (drv_wait_irq(m->d, HMB_HOST_SIG, NULL))
        return fail(m, "mailbox command %u: waiting for the firmware: %s", cmd, drv_error(m->d));
    return hmb_results(m, res);
}

uint32_t hmb_csum16(const uint8_t *p, size_t n)
{
    uint64_t s = 0;                 /* 2^48 halfwords before it could overflow */
    size_t i = 0;
    for (; i + 1 < n; i += 2) s += (uint32_t)p[i] << 8 | p[i + 1];
    if (i < n) s += (uint32_t)p[i] << 8;
    while (s >> 16) s = (s & 0xFFFF) + (s >> 16);
    return (uint32_t)s;
}

drv *hmb_start(hmb *m, platform *p, char *err, size_t errlen)
{
    drv *d = drv_open(p, err, errlen);
    if (!d) return NULL;
    if (hmb_open(m, p, d)) {
        snprintf(err, errlen, "%s", m->err);
        drv_close(d);
        return NULL;
    }
    return d;
}

void hmb_finish(hmb *m, int code)
{
    uint32_t a[4] = {(uint32_t)code, 0, 0, 0};
    hmb_post(m, HMB_CMD_QUIT, a);
    drv_close(m->d);
    m->d = NULL;
}
