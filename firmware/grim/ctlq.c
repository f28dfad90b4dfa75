/* Control messages (ACK / NACK, 8 bytes) and the control-message queue of
 * §4.2.3. A control message leaves at once when the link is free and
 * nothing is queued before it; otherwise it waits in the queue, which the
 * main loop drains as soon as the link is free, so receiving never waits
 * for the outgoing link (Fig 4.5b). With GRIM_OPT_CTLQ off the firmware
 * instead waits for the link before it goes on receiving -- the cyclic
 * dependency of Fig 4.5(a): two NIs streaming to each other deadlock. */
#include "fw.h"

static unsigned q[CTLQ_N][3];
static unsigned qh;

int ctl_send(unsigned dni, unsigned w0, unsigned w1)
{
    if (!(cfg.opts & GRIM_OPT_CTLQ)) {
        for (;;) {                     /* wait for the link; receive nothing meanwhile */
            if (send_idle()) {
                if (!tx.active) break;
                tx_continue();
            }
        }
        ctl_tx(dni, w0, w1);
        return 1;
    }
    if (ctl_now(dni, w0, w1)) return 1;
    if (ctlq_n == CTLQ_N) return 0;
    unsigned *e = q[(qh + ctlq_n) % CTLQ_N];
    e[0] = dni;
    e[1] = w0;
    e[2] = w1;
    ctlq_n++;
    txw_sync();
    return 1;
}

void ctl_drain(void)
{
    const unsigned *e = q[qh];
    qh = (qh + 1u) % CTLQ_N;
    ctlq_n--;
    txw_sync();
    ctl_tx(e[0], e[1], e[2]);
}
