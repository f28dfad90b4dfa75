/* The CPLD arbiter (model/rc1000/cpld.c) and the NI-merged requests
 * (merge.c): the shared-register race of section 6.3.6 happens without the
 * merge and not with it; random request storms from host, NI and FPGA never
 * find a bank granted to two sides, and every request is granted in bounded
 * time. */
#include "../harness/harness.h"
#include "../../model/rc1000/cpld.h"
#include "../../model/rc1000/merge.h"

#include <string.h>

static void run(rc_cpld *c, int n) { while (n--) rc_cpld_clock(c); }

TEST(rc1000, cpld_grants_after_its_delay_and_releases_at_once)
{
    rc_cpld c;
    rc_cpld_init(&c, 8);
    rc_cpld_write_pci(&c, 0x1);
    run(&c, 7);
    ASSERT_EQ(rc_cpld_grant_pci(&c), 0);
    run(&c, 1);
    ASSERT_EQ(rc_cpld_grant_pci(&c), 1);
    rc_cpld_write_fpga(&c, 0x9);               /* bank 0 busy; bank 3 free */
    run(&c, 8);
    ASSERT_EQ(rc_cpld_grant_fpga(&c), 0x8);
    rc_cpld_write_pci(&c, 0);
    run(&c, 1);
    ASSERT_EQ(rc_cpld_grant_pci(&c), 0);
    run(&c, 8);
    ASSERT_EQ(rc_cpld_grant_fpga(&c), 0x9);
}

/* Section 6.3.6: host and NI both use bank 0 through the one PCI register;
 * the NI finishes first and writes its own view (nothing): the arbiter
 * hands bank 0 to the waiting FPGA while the host is still using it. */
TEST(rc1000, shared_request_register_race_and_the_merged_fix)
{
    for (int merged = 0; merged < 2; merged++) {
        rc_cpld c;
        rc_merge m;
        rc_cpld_init(&c, 8);
        rc_merge_init(&m, &c);
        enum { HOST = 0, NI = 1 };
        if (merged) rc_merge_set(&m, HOST, 0x1); else rc_cpld_write_pci(&c, 0x1);
        run(&c, 8);
        if (merged) rc_merge_set(&m, NI, 0x1); else rc_cpld_write_pci(&c, 0x1);
        run(&c, 2);
        ASSERT_EQ(rc_cpld_grant_pci(&c) & 1, 1);
        rc_cpld_write_fpga(&c, 0x1);           /* the frame wants bank 0 too */
        if (merged) rc_merge_set(&m, NI, 0); else rc_cpld_write_pci(&c, 0);   /* NI done */
        run(&c, 20);
        /* the host is still injecting: does it still hold bank 0? */
        int host_holds = rc_cpld_grant_pci(&c) & 1;
        ASSERT_EQ(host_holds, merged);
        ASSERT_EQ(rc_cpld_grant_fpga(&c) & 1, !merged);
    }
}

static uint32_t lcg(uint32_t *s) { return *s = *s * 1664525u + 1013904223u; }

/* Agents: 0 host and 1 NI (PCI side, through the merge or the raw shared
 * register), 2 the FPGA. Each asks for random banks, waits for its grant,
 * holds them for a random time and releases. Banks are granted one by one,
 * so two agents each holding part of what they want would wait for ever:
 * an agent not served within 60 clocks withdraws and asks again later.
 * Returns the number of clocks in which an agent that holds its grant found
 * a bank taken away; *served counts requests granted in full. */
static uint64_t storm(int merged, uint32_t seed, unsigned *max_wait, unsigned *served)
{
    rc_cpld c;
    rc_merge m;
    rc_cpld_init(&c, 3);
    rc_merge_init(&m, &c);
    uint8_t want[3] = {0};
    unsigned hold[3] = {0}, waited[3] = {0};
    int has[3] = {0};
    uint64_t stolen = 0;
    *max_wait = 0;
    *served = 0;
    for (int t = 0; t < 200000; t++) {
        for (int a = 0; a < 3; a++) {
            if (!want[a]) {
                if (lcg(&seed) % 8) continue;
                want[a] = (uint8_t)(1 + lcg(&seed) % 15);
                hold[a] = 1 + lcg(&seed) % 40;
                waited[a] = 0;
                has[a] = 0;
            } else if (has[a] && !--hold[a]) {
                want[a] = 0;
                has[a] = 0;
            }
            if (a == 2) rc_cpld_write_fpga(&c, want[2]);
            else if (merged) rc_merge_set(&m, (unsigned)a, want[a]);
            else rc_cpld_write_pci(&c, want[a]);   /* each writes its own view */
        }
        rc_cpld_clock(&c);
        uint8_t gp = rc_cpld_grant_pci(&c), gf = rc_cpld_grant_fpga(&c);
        if (gp & gf) harness_fail(__FILE__, __LINE__, "clock %d: banks %x granted to both sides", t, gp & gf);
        for (int a = 0; a < 3; a++) {
            if (!want[a]) continue;
            uint8_t g = a == 2 ? gf : gp;
            if (has[a] && (g & want[a]) != want[a]) stolen++;
            if (!has[a] && (g & want[a]) == want[a]) {
                has[a] = 1;
                ++*served;
                if (waited[a] > *max_wait) *max_wait = waited[a];
            }
            if (!has[a] && ++waited[a] > 60) want[a] = 0;   /* withdraw; ask again later */
        }
    }
    return stolen;
}

TEST(rc1000, request_storms_never_grant_a_bank_to_two_sides)
{
    for (uint32_t seed = 1; seed <= 4; seed++) {
        unsigned wmax, served;
        uint64_t stolen = storm(1, seed, &wmax, &served);
        ASSERT_EQ(stolen, 0);
        ASSERT_TRUE(served > 5000);
        harness_note("merged, seed %u: %u requests served, longest wait %u clocks", seed, served, wmax);
        stolen = storm(0, seed, &wmax, &served);
        ASSERT_TRUE(stolen > 0);               /* the unmerged register loses banks */
        harness_note("unmerged, seed %u: %llu clocks with a bank taken from its user", seed,
                     (unsigned long long)stolen);
    }
}
