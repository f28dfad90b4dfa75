/* card_fixture.h. The register offsets and bits below are typed in from
 * lanai-hardware.md §4.2/§4.3 (not taken from the model's tables). */
#include "card_fixture.h"
#include "../harness/harness.h"

#include <string.h>

static const fix_regs L4 = {
    .isr = 0x28, .eimr = 0x2C, .it = {0x30, 0, 0}, .rtc = 0x34, .rmp = 0x48, .rml = 0x4C,
    .smp = 0x50, .sml = 0x54, .smlt = 0x58, .sa = 0x6C, .myrinet = 0x8C,
    .send = 1u << 3, .recv = 1u << 1, .buff = 1u << 2, .head = 0, .time = {1u << 5, 0, 0},
    .orun1 = 1u << 8, .orun2 = 1u << 9, .orun4 = 0, .host_sig = 1u << 30, .send_rdy = 1u << 13,
    .crc8_tx = 2, .crc8_rx = 2, .crc32 = 0, .word = 4,
};
static const fix_regs L9 = {
    .isr = 0x50, .eimr = 0x58, .it = {0x60, 0xC0, 0xC8}, .rtc = 0x68, .rmp = 0xE0, .rml = 0xE8,
    .smp = 0xF0, .sml = 0x100, .smlt = 0x108, .sa = 0x118, .myrinet = 0x130,
    .send = 1u << 3, .recv = 1u << 1, .buff = 1u << 2, .head = 1u << 0,
    .time = {1u << 6, 1u << 7, 1u << 13}, .orun1 = 1u << 8, .orun2 = 1u << 9, .orun4 = 1u << 10,
    .host_sig = 1u << 30, .send_rdy = 0, .crc8_tx = 4, .crc8_rx = 8, .crc32 = 2, .word = 8,
};

const fix_regs *fix_regs_of(const char *chip) { return strcmp(chip, "lanai4") ? &L9 : &L4; }

static void add_card(card_fix *x, int i, const char *name)
{
    char err[256];
    x->core[i] = lanai_new(x->prof);
    lanai_set_console(x->core[i], NULL);
    x->card[i] = card_new(x->q, x->core[i], name, err, sizeof err);
    if (!x->card[i]) harness_fail(__FILE__, __LINE__, "card_new: %s", err);
}

void fix_init_single(card_fix *x, const char *chip)
{
    memset(x, 0, sizeof *x);
    x->q = evq_new();
    x->prof = lanai_profile_get(chip);
    x->n = 1;
    add_card(x, 0, "ni0");
}

void fix_init(card_fix *x, const char *chip, int nswitch, const fabric_opts *fo)
{
    char err[512];
    memset(x, 0, sizeof *x);
    x->q = evq_new();
    x->prof = lanai_profile_get(chip);
    topo_init(&x->t);
    topo_opts to;
    topo_opts_default(&to);
    to.kind = strcmp(chip, "lanai4") ? LK_M2000 : LK_SAN1280;
    int rc = nswitch == 0 ? topo_build_cable(&x->t, &to, err, sizeof err) : 0;
    if (nswitch > 0) {
        /* a line of switches, one NI on each end switch */
        int sw[8], a = topo_add_ni(&x->t, "ni0"), b = topo_add_ni(&x->t, "ni1");
        for (int s = 0; s < nswitch; s++) {
            char nm[16];
            snprintf(nm, sizeof nm, "sw%d", s);
            sw[s] = topo_add_switch(&x->t, nm, 8);
        }
        topo_connect(&x->t, a, 0, sw[0], 0, to.kind, 2.0);
        for (int s = 0; s + 1 < nswitch; s++) topo_connect(&x->t, sw[s], 1, sw[s + 1], 2, to.kind, 2.0);
        topo_connect(&x->t, b, 0, sw[nswitch - 1], 3, to.kind, 2.0);
    }
    if (rc) harness_fail(__FILE__, __LINE__, "topology: %s", err);
    fabric_opts o;
    if (fo) o = *fo;
    else fabric_opts_default(&o);
    x->f = fabric_new(x->q, &x->t, &o, err, sizeof err);
    if (!x->f) harness_fail(__FILE__, __LINE__, "fabric: %s", err);
    x->n = 2;
    for (int i = 0; i < 2; i++) {
        add_card(x, i, i ? "ni1" : "ni0");
        card_attach(x->card[i], fabric_ep(x->f, i), lk_kind_rate(to.kind));
    }
}

void fix_free(card_fix *x)
{
    for (int i = 0; i < x->n; i++) {
        card_free(x->card[i]);
        lanai_free(x->core[i]);
    }
    if (x->f) {
        fabric_free(x->f);
        topo_free(&x->t);
    }
    evq_free(x->q);
}

int fix_wr_rc(card_fix *x, int ni, uint32_t off, uint64_t cycle, uint32_t v)
{
    return card_reg_write(x->card[ni], x->prof->sreg_base + off, 4, cycle, v);
}

uint32_t fix_rd(card_fix *x, int ni, uint32_t off, uint64_t cycle)
{
    uint32_t v = 0;
    int rc = card_reg_read(x->card[ni], x->prof->sreg_base + off, 4, cycle, &v);
    if (rc) harness_fail(__FILE__, __LINE__, "read of offset 0x%x refused (%d)", off, rc);
    return v;
}

void fix_wr(card_fix *x, int ni, uint32_t off, uint64_t cycle, uint32_t v)
{
    int rc = fix_wr_rc(x, ni, off, cycle, v);
    if (rc) harness_fail(__FILE__, __LINE__, "write of 0x%x to offset 0x%x refused (%d)", v, off, rc);
}

uint64_t fix_cycle(const card_fix *x, uint64_t t_ps)
{
    unsigned __int128 p = (unsigned __int128)t_ps * x->prof->clock_hz;
    uint64_t c = (uint64_t)(p / 1000000000000ull);
    if (p % 1000000000000ull) c++;
    return c;
}

uint64_t fix_time(const card_fix *x, uint64_t cycle)
{
    return (uint64_t)((unsigned __int128)cycle * 1000000000000ull / x->prof->clock_hz);
}
