/* INTR (seed 002 §4.4, Fig 4.16): LFC's software polling watchdog,
 * included by ucast.c only when built with -DLFC_INTR
 * (build/fw/lfc/intr.l4.elf); ucast.l4.elf is unchanged.
 *
 * A packet delivered to the host starts the watchdog timer (LFC_C_INTR_DELAY
 * RTC ticks) unless it runs already. When it expires the NI fetches the
 * host status (packets processed, interrupts disabled) in ONE host DMA:
 * if the host processed every packet delivered, the timer stops; if it
 * disabled interrupts or processed some since the last timeout, the timer
 * restarts without an interrupt; otherwise the NI raises HOST_SIG and
 * restarts the timer. The processed count seen is kept for the next
 * timeout's progress check. */
#ifndef MYRISIM_LFC_INTR_H
#define MYRISIM_LFC_INTR_H

static unsigned wd_on, wd_at, wd_fetch, wd_ticket, wd_last, nr_delivered, intr_delay, intr_host;
static unsigned wd_buf[LFC_HS_BYTES / 4u];       /* the host status, fetched */

static void intr_start(void)
{
    intr_delay = CW(LFC_C_INTR_DELAY);
    intr_host = CW(LFC_C_INTR_HOST);
}

/* a packet is in host memory */
static void intr_delivered(void)
{
    nr_delivered++;
    if (intr_delay && !wd_on) {
        wd_on = 1;
        wd_at = ni_rtc() + intr_delay;
    }
}

/* main loop, while the timer runs */
RARE static void intr_poll(void)
{
    if (!wd_fetch) {
        if ((int)(ni_rtc() - wd_at) < 0) return;
        wd_ticket = hdma_post(&dma, HDMA_FROM_HOST, (unsigned)wd_buf, LFC_HS_BYTES, intr_host);
        wd_fetch = 1;
        CW(LFC_C_WD_FIRED) = CW(LFC_C_WD_FIRED) + 1u;
        return;
    }
    if ((int)(hdma_done(&dma, HDMA_FROM_HOST) - wd_ticket) < 0) return;
    wd_fetch = 0;
    unsigned processed = wd_buf[LFC_HS_PROCESSED / 4u], disabled = wd_buf[LFC_HS_DISABLED / 4u];
    if (processed == nr_delivered) {
        wd_on = 0;                                /* the host has them all */
    } else {
        if (!disabled && processed == wd_last) {  /* no progress, interrupts on */
            NI_REG(NI_ISR) = LFC_HOST_SIG;
            CW(LFC_C_INTRS) = CW(LFC_C_INTRS) + 1u;
        }
        wd_at = ni_rtc() + intr_delay;
    }
    wd_last = processed;
}

#endif
