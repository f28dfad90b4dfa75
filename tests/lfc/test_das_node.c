/* The DAS node (seed 002): host profile das-ppro200, chipset 440fx-32 and
 * the LANai 4.1 board profile, checked against the Table 2.1 figures they
 * are calibrated on (component calibration, docs/lfc.md), and the profile's
 * §2.5 inputs. */
#include "../harness/harness.h"
#include "../host/node_fixture.h"

#include <math.h>
#include <string.h>

static int within(double got, double want, double pct) { return fabs(got - want) <= want * pct / 100.0; }

TEST(lfc_das, profile_inputs_are_seed_002s)
{
    const host_profile *hp = host_profile_get("das-ppro200");
    ASSERT_TRUE(hp != NULL);
    ASSERT_EQ(hp->cpu_mhz, 200);
    ASSERT_EQ(hp->has_wc, 1);
    ASSERT_EQ(hp->wc_line, 32);
    ASSERT_EQ(hp->irq_entry_ps, SIM_US(8));        /* L893 */
    ASSERT_EQ(hp->signal_ps, SIM_US(17));          /* L893 */
    ASSERT_EQ(hp->poll_miss_ps, SIM_NS(5));        /* L899 */
    ASSERT_EQ(hp->poll_hit_ps, SIM_NS(74));
    ASSERT_EQ(hp->nbuses, 1);
    ASSERT_EQ(hp->bus[0]->bus.width, 4);
    ASSERT_EQ(hp->bus[0]->bus.clock_ps, 30000);    /* 33 MHz */
    ASSERT_TRUE(hp->card_pci == &cardpci_lanai41);
    /* the GRIM machine's PPro-200 is a different profile, untouched */
    ASSERT_TRUE(host_profile_get("ppro200") != hp);
    ASSERT_EQ(host_profile_get("ppro200")->has_wc, 0);
}

TEST(lfc_das, table2_1_data_paths_within_15_percent)
{
    nf_result r;
    nf_param p[] = {{"BYTES", "65536"}, {"ITERS", "1"}, {NULL, NULL}};
    nf_run("lanai4", &host_das_ppro200, 0, "das_paths", p, 1, &r);
    ASSERT_EQ(r.rc, 0);
    static const struct { const char *m; double want; } t[] = {
        {"memcpy_mibs", 52}, {"pio_mibs", 25}, {"pio_wc_mibs", 84},
        {"dma_h2n_mibs", 117}, {"pio_read_mibs", 7}, {"dma_n2h_mibs", 117},
    };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
        double v = nf_get(&r, t[i].m);
        harness_note("%s %.1f (Table 2.1: %.0f)", t[i].m, v, t[i].want);
        ASSERT_TRUE(within(v, t[i].want, 15));
    }
    /* the ordering Table 2.1 shows: WC far above plain PIO, reads slowest */
    ASSERT_TRUE(nf_get(&r, "pio_wc_mibs") > 3 * nf_get(&r, "pio_mibs"));
    ASSERT_TRUE(nf_get(&r, "pio_read_mibs") < nf_get(&r, "pio_mibs"));
    nf_free(&r);
}

TEST(lfc_das, the_das_host_refuses_a_lanai9)
{
    node_spec sp = {.chip = "lanai9", .hp = &host_das_ppro200, .bus = 0, .nodes = 1, .idle_skip = 1};
    nf_result r;
    char err[600];
    int rc = node_run(".", &sp, "das_paths", NULL, &r, err, sizeof err);
    harness_note("%s", err);
    ASSERT_EQ(rc, -1);
    ASSERT_TRUE(strstr(err, "carries a LANai 4 board") != NULL);
}
