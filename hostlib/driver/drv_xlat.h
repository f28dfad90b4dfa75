/* GRIM's virtual-memory translation service in the driver (dissertation
 * §4.5.2, firmware/grim/grim_abi.h): when the NI misses in its translation
 * cache it DMAs a request (GRIM_XR_*) into a 64-byte area of contiguous
 * pinned memory and raises HOST_SIG. The interrupt service routine reads
 * the request, translates the range page by page (one page-table lookup
 * each, the host profile's xlate cost), PIO-writes the entry (GRIM_X_*)
 * into the cache slot the request names and then GRIM_C_XREQ_DONE = seq.
 *
 * The driver knows which virtual addresses are registered (drv_xlat_add):
 * registered memory has a 32-bit virtual address in GRIM's messages and a
 * native pointer in the simulated process; a request outside registered
 * memory of the requesting channel is answered with an invalid entry and
 * remembered as an error. */
#ifndef MYRISIM_DRIVER_DRV_XLAT_H
#define MYRISIM_DRIVER_DRV_XLAT_H

#include "driver.h"

typedef struct drv_xlat drv_xlat;

/* Allocate the request area, enable HOST_SIG and hook the ISR. ctrl: SRAM
 * address of GRIM's control block. */
drv_xlat *drv_xlat_open(drv *d, uint32_t ctrl, char *err, size_t errlen);
void drv_xlat_close(drv_xlat *x);
uint64_t drv_xlat_req_phys(const drv_xlat *x);

/* Registered memory the ISR may translate: [va, va+len) is ptr's memory,
 * owned by channel lc. */
int drv_xlat_add(drv_xlat *x, uint32_t va, void *ptr, uint32_t len, uint32_t lc);
int drv_xlat_remove(drv_xlat *x, uint32_t va);

uint32_t drv_xlat_served(const drv_xlat *x);     /* requests answered */
/* The last request answered: time in the ISR from reading the request to
 * the DONE write issued (translation and NI update), pages translated. */
void drv_xlat_last(const drv_xlat *x, sim_time *ps, uint32_t *pages);
uint32_t drv_xlat_pages(const drv_xlat *x);      /* pages translated */
const char *drv_xlat_error(const drv_xlat *x);   /* "" while every request was valid */

#endif
