/* A host with one Myrinet card on one of its buses, a host process on the
 * test platform backend, the driver and TPIL: what the TPIL, platform and
 * PCI-card tests and the calibration benchmark run on. The card is the real
 * card model (model/card) on a LANai core that runs no firmware here: the
 * tests act for the firmware through fixture_lanai_write/read, which reach
 * the card's registers exactly as a firmware store or load would. */
#ifndef MYRISIM_TPIL_FIXTURE_H
#define MYRISIM_TPIL_FIXTURE_H

#include "../../hostlib/platform_evq.h"
#include "../../hostlib/tpil/tpil.h"
#include "../../model/card/card.h"
#include "../../model/card/niclock.h"
#include "../../model/pci/card.h"

#define FIX_BAR 0x80000000ull
#define FIX_SCRATCH 0x100          /* TPIL's SRAM scratch */
#define FIX_DST 0x1000             /* where injections land */

typedef struct fixture {
    evq *q;
    host *h;
    lanai_core *core;
    ni_card *nc;
    ni_clock clk;
    lanai_chip_id chip;
    uint8_t *sram;
    uint32_t sram_size;
    uint32_t sreg;                 /* the chip's special-register window */
    plat_evq pe;
    platform *p;
    drv *d;
    tpil_dev *t;
    int bus;
} fixture;

/* SRAM: 1 MB on the LANai 4, 2 MB on the LANai 9 (appendix A). */
int fixture_open(fixture *f, const host_profile *hp, int bus, lanai_chip_id chip, int wait_irq,
                 char *err, size_t errlen);
void fixture_close(fixture *f);
pci_card *fixture_pci(fixture *f);

/* The LANai's side, at the current time rounded up to its next cycle
 * (returned by fixture_lanai_time): write or read the special register at
 * offset off of the chip's map. Write returns 0 or the card's refusal. */
sim_time fixture_lanai_time(fixture *f);
int fixture_lanai_write(fixture *f, uint32_t off, uint32_t val);
uint32_t fixture_lanai_read(fixture *f, uint32_t off);
/* ISR as the LANai reads it now; the offsets of ISR and EIMR. */
uint32_t fixture_isr(fixture *f);
uint32_t fixture_isr_off(const fixture *f);
uint32_t fixture_eimr_off(const fixture *f);
/* The LANai announces a change of SRAM the test made behind its back. */
void fixture_sram_written(fixture *f, uint32_t addr, uint32_t len);

#define FIX_HOST_SIG (1u << 30)    /* ISR bit the LANai raises to interrupt the host (both chips) */

#endif
