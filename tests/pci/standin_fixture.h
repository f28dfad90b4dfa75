/* A host with the stand-in card (standin_card.h) on one of its buses and a
 * host process on the test platform backend with the driver: for the unit
 * tests of the DMA engines, which look inside the card side (ISR raises,
 * SRAM ranges announced, traffic reported, fault texts) through the
 * stand-in. Everything else runs on the real card (tests/tpil/fixture.h). */
#ifndef MYRISIM_PCI_STANDIN_FIXTURE_H
#define MYRISIM_PCI_STANDIN_FIXTURE_H

#include "../../hostlib/driver/driver.h"
#include "../../hostlib/platform_evq.h"
#include "standin_card.h"

#define SFIX_BAR 0x80000000ull

typedef struct sfixture {
    evq *q;
    host *h;
    standin_card *card;
    plat_evq pe;
    platform *p;
    drv *d;
} sfixture;

/* SRAM: 1 MB on the LANai 4, 2 MB on the LANai 9. */
int sfixture_open(sfixture *f, const host_profile *hp, int bus, lanai_chip_id chip, char *err, size_t errlen);
void sfixture_close(sfixture *f);

#endif
