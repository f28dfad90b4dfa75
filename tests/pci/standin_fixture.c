/* The stand-in card's fixture (standin_fixture.h). */
#include "standin_fixture.h"

#include <stdio.h>
#include <string.h>

int sfixture_open(sfixture *f, const host_profile *hp, int bus, lanai_chip_id chip, char *err, size_t errlen)
{
    memset(f, 0, sizeof *f);
    f->q = evq_new();
    f->h = host_new(f->q, hp, 12345, err, errlen);
    if (!f->h) return -1;
    uint32_t sram = chip == CHIP_LANAI4 ? 1u << 20 : 2u << 20;
    f->card = standin_new(host_bus(f->h, bus), SFIX_BAR, chip, sram);
    if (!f->card) {
        snprintf(err, errlen, "cannot attach the stand-in card");
        return -1;
    }
    plat_evq_init(&f->pe, f->q);
    plat_backend be = plat_evq_backend(&f->pe);
    f->p = plat_new(f->h, bus, SFIX_BAR, pci_card_layout(f->card->pc), &be, err, errlen);
    if (!f->p) return -1;
    f->d = drv_open(f->p, err, errlen);
    return f->d ? 0 : -1;
}

void sfixture_close(sfixture *f)
{
    drv_close(f->d);
    plat_free_platform(f->p);
    standin_free(f->card);
    host_free(f->h);
    evq_free(f->q);
    memset(f, 0, sizeof *f);
}
