/* A host with one Myrinet card (the stand-in card model) on one of its
 * buses, a host process on the test platform backend, the driver and TPIL:
 * what the TPIL tests and the calibration benchmark run on. */
#ifndef MYRISIM_TESTS_TPIL_FIXTURE_H
#define MYRISIM_TESTS_TPIL_FIXTURE_H

#include "../../hostlib/platform_evq.h"
#include "../../hostlib/tpil/tpil.h"
#include "../pci/standin_card.h"

#define FIX_BAR 0x80000000ull
#define FIX_SCRATCH 0x100          /* TPIL's SRAM scratch */
#define FIX_DST 0x1000             /* where injections land */

typedef struct fixture {
    evq *q;
    host *h;
    standin_card *card;
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

#endif
