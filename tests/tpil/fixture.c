/* The TPIL test fixture on the real card model. */
#include "fixture.h"

#include <stdio.h>
#include <string.h>

int fixture_open(fixture *f, const host_profile *hp, int bus, lanai_chip_id chip, int wait_irq,
                 char *err, size_t errlen)
{
    memset(f, 0, sizeof *f);
    f->bus = bus;
    f->chip = chip;
    f->q = evq_new();
    f->h = host_new(f->q, hp, 12345, err, errlen);
    if (!f->h) return -1;
    const lanai_profile *lp = chip == CHIP_LANAI4 ? &lanai4_profile : &lanai9_profile;
    f->core = lanai_new(lp);
    if (!f->core) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    lanai_set_console(f->core, NULL);
    ni_clock_init(&f->clk, lp->clock_hz);
    f->nc = card_new(f->q, f->core, "ni0", err, errlen);
    if (!f->nc) return -1;
    /* the board's own bus timing where the host names one (the DAS node's LANai 4.1), as hosts.c does */
    if (card_attach_pci_tm(f->nc, host_bus(f->h, bus), FIX_BAR, hp->card_pci, err, errlen)) return -1;
    f->sram = lanai_sram(f->core);
    f->sram_size = lanai_sram_size(f->core);
    f->sreg = lp->sreg_base;
    plat_evq_init(&f->pe, f->q);
    plat_backend be = plat_evq_backend(&f->pe);
    f->p = plat_new(f->h, bus, FIX_BAR, pci_card_layout(card_pci(f->nc)), &be, err, errlen);
    if (!f->p) return -1;
    f->d = drv_open(f->p, err, errlen);
    if (!f->d) return -1;
    tpil_params prm = {.scratch = FIX_SCRATCH, .bounce_bytes = 0, .wait_irq = wait_irq};
    f->t = tpil_create(f->d, &prm, err, errlen);
    return f->t ? 0 : -1;
}

void fixture_close(fixture *f)
{
    tpil_destroy(f->t);
    drv_close(f->d);
    plat_free_platform(f->p);
    card_free(f->nc);
    lanai_free(f->core);
    host_free(f->h);
    evq_free(f->q);
    memset(f, 0, sizeof *f);
}

pci_card *fixture_pci(fixture *f) { return card_pci(f->nc); }

static uint64_t lanai_cycle(fixture *f) { return ni_clock_cycle_at(&f->clk, evq_now(f->q)); }

sim_time fixture_lanai_time(fixture *f) { return ni_clock_ps(&f->clk, lanai_cycle(f)); }

int fixture_lanai_write(fixture *f, uint32_t off, uint32_t val)
{
    return card_reg_write(f->nc, f->sreg + off, 4, lanai_cycle(f), val);
}

uint32_t fixture_lanai_read(fixture *f, uint32_t off)
{
    uint32_t v = 0;
    card_reg_read(f->nc, f->sreg + off, 4, lanai_cycle(f), &v);
    return v;
}

uint32_t fixture_isr_off(const fixture *f) { return f->chip == CHIP_LANAI4 ? L4_REG_ISR : L9_REG_ISR; }
uint32_t fixture_eimr_off(const fixture *f) { return f->chip == CHIP_LANAI4 ? L4_REG_EIMR : L9_REG_EIMR; }
uint32_t fixture_isr(fixture *f) { return fixture_lanai_read(f, fixture_isr_off(f)); }
void fixture_sram_written(fixture *f, uint32_t addr, uint32_t len) { lanai_sram_written(f->core, addr, len); }
