/* rc1000_outstanding: the status port's mod-64 count against results left
 * in the outgoing slots (L2567: an 8-bit port, 6 bits of count;
 * docs/endpoints.md "Design limit: 63 results outstanding"). Node 0 has the
 * card on its bus (experiment.rc1000_node = 0) and, through hostlib/rc1000,
 * injects MESSAGES messages of WORDS words (the pass circuit, slot 0, into
 * outgoing queue 0) without taking any, until rch_inject holds one back;
 * waits until the frame has taken every message it was given; reads the
 * status port; then takes what it says is ready and checks each against
 * what was sent, in order. GUARD = 0 lifts rch_inject's bound to 64 (to
 * show what it prevents: 64 results waiting read as none). ENTRY: the
 * forwarding entry the messages name (default 1, the one set up; another
 * is unset, and the run fails with rch_badreq's error naming it). Reports
 * injected, held_back, ready_seen (the status port's answer), taken_intact,
 * left_in_slots (full slots found in queue 0 after the takes). Every node
 * opens GRIM only to run and stop its NI (the grim images); the others do
 * nothing else. */
#include "app_grim_util.h"
#include "../rc1000/rc1000_host.h"

#include <string.h>

#define FWD 1u

static uint32_t word_of(uint32_t k, uint32_t i) { return 0xA0000000u ^ k << 12 ^ i; }

static int outstanding(platform *p, happ_env *e);

static int run(platform *p, happ_env *e)
{
    grim_options o;
    if (gapp_options(e, &o)) return -1;
    grim *g = gapp_open(p, e, &o);
    if (!g) return -1;
    int rc = outstanding(p, e);
    if (grim_barrier(g) && !rc) rc = gapp_fail(e, g, "final barrier");
    return gapp_close(g, e, rc);
}

static int outstanding(platform *p, happ_env *e)
{
    long long nmsg, words, guard, entry;
    if (happ_int(e, "MESSAGES", 80, &nmsg) || happ_int(e, "WORDS", 4, &words) || happ_int(e, "GUARD", 1, &guard) ||
        happ_int(e, "ENTRY", FWD, &entry))
        return -1;
    if (entry < 0 || entry > 255) return happ_fail(e, "ENTRY must be 0..255 (the card's directory), not %lld", entry);
    if (nmsg < 1 || nmsg > 200) return happ_fail(e, "MESSAGES must be 1..200, not %lld", nmsg);
    if (words < 1 || words > 64) return happ_fail(e, "WORDS must be 1..64 (they all wait in queue 0), not %lld", words);
    if (guard != 0 && guard != 1) return happ_fail(e, "GUARD must be 0 or 1, not %lld", guard);
    if (e->node != 0) return 0;
    rch c;
    if (rch_open(&c, p, PLAT_PIO_PLAIN)) return happ_fail(e, "the RC-1000: %s", c.err);
    if (!guard) c.max_owed = RC_NSLOTS;   /* one queue's every slot */
    uint32_t func, fwd[8] = {0x0636u << 16, 1u << 26, 0, 0x99, 0, 0, 0, 0}, pay[64];
    if (rch_acquire(&c, 1) || rch_read_word(&c, 0, RC_CTL_FUNCS, &func)) return happ_fail(e, "%s", c.err);
    for (uint32_t i = 0; i < 8; i++)
        if (rch_write_word(&c, 0, RC_DIR_BASE + FWD * RC_DIR_WORDS + i, fwd[i])) return happ_fail(e, "%s", c.err);
    if (rch_release(&c)) return happ_fail(e, "%s", c.err);
    if (!func) return happ_fail(e, "canvas slot 0 has no circuit on this card");
    uint32_t injected = 0, held = 0;
    for (uint32_t k = 0; k < (uint32_t)nmsg; k++) {
        uint32_t hdr[8] = {0x0636u << 16, 1u << 26, (uint32_t)words << 16, func,
                           RC_ARG0((uint32_t)entry, 0, 0, 1, 0, (uint32_t)words), 0, 0, RC_ARG3_QUEUE};
        for (uint32_t i = 0; i < (uint32_t)words; i++) pay[i] = word_of(k, i);
        int rc = rch_inject(&c, hdr, pay, (uint32_t)words);
        if (rc < 0) return happ_fail(e, "the RC-1000: %s", c.err);
        if (rc == 1) {
            held = c.owed_waits;
            break;
        }
        injected++;
    }
    /* the frame takes one message a poll at least: wait until queue 0 is empty, then a poll more */
    uint32_t head = 0;
    for (int i = 0; i < 10000 && head != c.tail; i++) {
        plat_compute(p, SIM_US(20));
        uint32_t ready;
        if (rch_ready(&c, &ready)) return happ_fail(e, "the RC-1000: %s", c.err);   /* a fault stops the wait */
        if (rch_acquire(&c, 1) || rch_read_word(&c, 0, RC_Q0_BASE + 1, &head) || rch_release(&c))
            return happ_fail(e, "%s", c.err);
    }
    if (head != c.tail) {
        uint32_t r0 = 0, kind = 0;
        rch_status(&c, &r0, &kind);
        return happ_fail(e, "the frame did not take the %u messages (queue 0 head %u, tail %u; status kind %u)", injected,
                         head, c.tail, kind);
    }
    plat_compute(p, SIM_US(200));
    uint32_t ready;
    if (rch_ready(&c, &ready)) return happ_fail(e, "the RC-1000: %s", c.err);
    uint32_t intact = 0, left = 0;
    for (uint32_t k = 0; k < ready; k++) {
        if (rch_take(&c)) return happ_fail(e, "the RC-1000: %s", c.err);
        int ok = (c.buf[2] >> 16) == (uint32_t)words;
        for (uint32_t i = 0; i < (uint32_t)words && ok; i++) ok = c.buf[8 + i] == word_of(k, i);
        intact += (uint32_t)ok;
    }
    if (rch_acquire(&c, 8)) return happ_fail(e, "%s", c.err);
    for (uint32_t s = 0; s < RC_NSLOTS; s++) {
        uint32_t w0;
        if (rch_read_word(&c, 3, RC_SLOT_BASE(0, s), &w0)) return happ_fail(e, "%s", c.err);
        left += w0 != 0;
    }
    if (rch_release(&c)) return happ_fail(e, "%s", c.err);
    happ_measure(e, "injected", injected);
    happ_measure(e, "held_back", held);
    happ_measure(e, "ready_seen", ready);
    happ_measure(e, "taken_intact", intact);
    happ_measure(e, "left_in_slots", left);
    rch_close(&c);
    return 0;
}

static const char *const params[] = {"MESSAGES", "WORDS", "GUARD", "ENTRY", GAPP_COMMON_PARAMS, NULL};

const happ happ_rc1000_outstanding = {
    .name = "rc1000_outstanding",
    .summary = "the RC-1000 status port's mod-64 result count: rch_inject keeps at most 63 results outstanding "
               "(GUARD = 0 shows 64 reading as none)",
    .params = params,
    .run = run,
};
