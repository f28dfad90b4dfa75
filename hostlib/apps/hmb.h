/* The host side of the mailbox to the NI firmware of the host experiments
 * (firmware/bench/host_mbox.h): write the arguments, then the command, and
 * sleep on the card's interrupt until the firmware has answered. */
#ifndef MYRISIM_APPS_HMB_H
#define MYRISIM_APPS_HMB_H

#include "../../firmware/bench/host_mbox.h"
#include "../driver/driver.h"

typedef struct hmb {
    platform *p;
    drv *d;
    uint32_t seq;              /* commands answered so far */
    char err[400];
} hmb;

/* Enable the firmware's HOST_SIG interrupt in the driver. */
int hmb_open(hmb *m, platform *p, drv *d);
/* Run one command: args[0..3] -> res[0..2] (res may be NULL). Fails if the
 * firmware answers with an error status. */
int hmb_call(hmb *m, uint32_t cmd, const uint32_t args[4], uint32_t res[3]);
/* Write a command and return at once (QUIT, or IRQ which the caller waits
 * for itself). */
int hmb_post(hmb *m, uint32_t cmd, const uint32_t args[4]);
/* After the caller saw the answer to a posted command: its results. */
int hmb_results(hmb *m, uint32_t res[3]);
/* BAR offset of SRAM address a. */
uint32_t hmb_sram(const hmb *m, uint32_t a);
/* The firmware's checksum (HMB_CMD_CHECK) of n host bytes: the 16-bit
 * ones-complement sum of big-endian halfwords, an odd last byte as a high
 * half. */
uint32_t hmb_csum16(const uint8_t *p, size_t n);
/* Open the driver and the mailbox on p; on failure a message in err. */
drv *hmb_start(hmb *m, platform *p, char *err, size_t errlen);
/* Tell the firmware to exit with code (best effort) and close the driver. */
void hmb_finish(hmb *m, int code);

#define HMB_HOST_SIG (1u << 30)    /* the ISR bit the firmware raises (both chips) */

#endif
