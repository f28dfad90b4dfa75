/* A fixture for card tests without firmware: an event queue, a fabric from
 * a topology, and one core + card per NI. Registers are driven through the
 * card's mmio functions at chosen core cycles; events run with evq. */
#ifndef MYRISIM_CARD_FIXTURE_H
#define MYRISIM_CARD_FIXTURE_H

#include "../../model/card/card.h"
#include "../../model/switch/fabric.h"

typedef struct {
    evq *q;
    topo t;
    fabric *f;
    int n;
    lanai_core *core[8];
    ni_card *card[8];
    const lanai_profile *prof;
} card_fix;

/* chip "lanai4"/"lanai9"; nswitch 0 = two NIs back to back, else a line of
 * nswitch switches with one NI at each end. */
void fix_init(card_fix *x, const char *chip, int nswitch, const fabric_opts *fo);
/* A single card with no network. */
void fix_init_single(card_fix *x, const char *chip);
void fix_free(card_fix *x);

/* Register access by offset in the chip's window; fail the test on refusal. */
uint32_t fix_rd(card_fix *x, int ni, uint32_t off, uint64_t cycle);
void fix_wr(card_fix *x, int ni, uint32_t off, uint64_t cycle, uint32_t v);
/* Raw result code of a write (0 ok, 1 refused, -1 unmapped). */
int fix_wr_rc(card_fix *x, int ni, uint32_t off, uint64_t cycle, uint32_t v);
/* Core cycle at which time t (ps) begins, computed independently of the
 * card: ceil(t * hz / 1e12). */
uint64_t fix_cycle(const card_fix *x, uint64_t t_ps);
/* Time (ps) of a core cycle, independently: floor(cycle * 1e12 / hz). */
uint64_t fix_time(const card_fix *x, uint64_t cycle);
/* The card's idle-skip hook (timers.c), for direct tests. */
uint64_t card_next_change(void *ctx, uint64_t since);

/* Register offsets per chip. */
typedef struct {
    uint32_t isr, eimr, it[3], rtc, rmp, rml, smp, sml, smlt, sa, myrinet;
    uint32_t send, recv, buff, head, time[3], orun1, orun2, orun4, host_sig, send_rdy;
    uint32_t crc8_tx, crc8_rx, crc32;
    unsigned word;
} fix_regs;
const fix_regs *fix_regs_of(const char *chip);

#endif
