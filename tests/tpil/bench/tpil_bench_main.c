/* tpil-bench: the calibration figures of docs/hosts.md. TPIL's own benchmark
 * on every host/card/slot the dissertation measured, NI->host DMA (Fig 5.6),
 * and the published component figures beside the simulated ones. */
#include "../calib.h"

#include <stdio.h>
#include <string.h>

static const calib_setup *setups[] = {&calib_p3_l4, &calib_p3_l9, &calib_p4_l4_32,
                                      &calib_p4_l9_64, &calib_p4_l9_32, &calib_ppro_l9};
#define NSET (int)(sizeof setups / sizeof setups[0])

static void row(const char *what, const char *line, double pub, double sim)
{
    printf("| %-46s | %-6s | %7.1f | %7.1f | %+6.1f%% |\n", what, line, pub, sim, (sim - pub) / pub * 100);
}

int main(int argc, char **argv)
{
    int quiet = argc > 1 && strcmp(argv[1], "-q") == 0;
    char err[400];
    static tpil_bench b[NSET];
    for (int s = 0; s < NSET; s++) {
        if (calib_tpil(setups[s], &b[s], err, sizeof err)) {
            fprintf(stderr, "tpil-bench: %s\n", err);
            return 1;
        }
        if (quiet) continue;
        printf("\n%s: TPIL injection (MB/s)\n%8s", setups[s]->label, "bytes");
        for (int m = 0; m < TPIL_NMECH; m++) printf(" %12s", tpil_mech_name((tpil_mech)m));
        printf("   best\n");
        for (int i = 0; i < b[s].nsizes; i++) {
            int bm = 0;
            calib_best(&b[s], i, &bm);
            printf("%8zu", b[s].size[i]);
            for (int m = 0; m < TPIL_NMECH; m++) printf(" %12.1f", b[s].mbps[m][i]);
            printf("   %s\n", tpil_mech_name((tpil_mech)bm));
        }
        tpil_cfg cfg;
        if (tpil_cfg_from_bench(&b[s], &cfg) == 0) {
            printf("tpil_configure cut-offs:");
            for (int r = 0; r < cfg.n; r++) {
                if (r < cfg.n - 1) printf(" %s <= %zu,", tpil_mech_name(cfg.rule[r].mech), cfg.rule[r].upto);
                else printf(" %s above\n", tpil_mech_name(cfg.rule[r].mech));
            }
        }
    }
    static const uint32_t dsz[] = {4, 64, 256, 1024, 4096, 16384, 65536, 262144};
    const calib_setup *ds[] = {&calib_p3_l4, &calib_p3_l9, &calib_p4_l4_32, &calib_p4_l9_64};
    double dmb[4][8];
    for (int s = 0; s < 4; s++)
        for (int i = 0; i < 8; i++) {
            dmb[s][i] = calib_ni2host(ds[s], dsz[i], err, sizeof err);
            if (dmb[s][i] == 0) {
                fprintf(stderr, "tpil-bench: %s\n", err);
                return 1;
            }
        }
    if (!quiet) {
        printf("\nNI->host DMA into contiguous pinned memory (MB/s; 4 B column: time in us)\n%-26s", "");
        for (int i = 0; i < 8; i++) printf(" %8u", dsz[i]);
        printf("\n");
        for (int s = 0; s < 4; s++) {
            printf("%-26s %8.2f", ds[s]->label, calib_dma_time_us(ds[s], 4, err, sizeof err));
            for (int i = 1; i < 8; i++) printf(" %8.1f", dmb[s][i]);
            printf("\n");
        }
    }
    printf("\n| figure | line | published | simulated | error |\n|---|---|---|---|---|\n");
    row("Fig 5.2 P3/L4 zero-copy max", "L1517", 119, calib_max(&b[0], TPIL_DMA_ZEROCOPY, TPIL_DMA_ZEROCOPY));
    row("Fig 5.2 P3/L9 zero-copy max", "L1517", 119, calib_max(&b[1], TPIL_DMA_ZEROCOPY, TPIL_DMA_ZEROCOPY));
    row("Fig 5.3a P4/L4 32b SSE PIO max", "L1522", 102, calib_max(&b[2], TPIL_PIO_SSE, TPIL_PIO_SSE));
    row("Fig 5.3a P4/L4 32b zero-copy max", "L1522", 89, calib_max(&b[2], TPIL_DMA_ZEROCOPY, TPIL_DMA_ZEROCOPY));
    row("Fig 5.3b P4/L9 64b PIO (MMX, SSE) max", "L1522", 53, calib_max(&b[3], TPIL_PIO_MMX, TPIL_PIO_SSE));
    row("Fig 5.3b P4/L9 64b DMA max", "L1522", 213, calib_max(&b[3], TPIL_DMA_ONECOPY, TPIL_DMA_ZEROCOPY));
    row("Fig 5.6a P3/L4 NI->host max", "L1589", 132, dmb[0][7]);
    row("Fig 5.6a P3/L9 NI->host max", "L1589", 132, dmb[1][7]);
    row("Fig 5.6b P4/L4 32b NI->host max", "L1589", 130, dmb[2][7]);
    row("Fig 5.6b P4/L9 64b NI->host max", "L1589", 307, dmb[3][7]);
    row("App. A min PCI DMA time (us), L4 on P3", "L2488", 2.0, calib_dma_time_us(&calib_p3_l4, 4, err, sizeof err));
    row("App. A min PCI DMA time (us), L9 on P3", "L2488", 2.0, calib_dma_time_us(&calib_p3_l9, 4, err, sizeof err));
    for (int s = 0; s < 4; s++) {
        char what[80];
        snprintf(what, sizeof what, "Fig 5.6 %% of max at 256 B, %s", ds[s]->label);
        row(what, "L1589", 50, dmb[s][2] / dmb[s][7] * 100);
    }
    sim_time i4 = calib_irq_service(&calib_p3_l4, err, sizeof err);
    sim_time i9 = calib_irq_service(&calib_p3_l9, err, sizeof err);
    if (!i4 || !i9) {
        fprintf(stderr, "tpil-bench: %s\n", err);
        return 1;
    }
    row("App. A interrupt service (us), L4 on P3", "L2490", 6.5, (double)i4 / 1e6);
    row("App. A interrupt service (us), L9 on P3", "L2490", 6.0, (double)i9 / 1e6);
    printf("\nPIO read of a card register (\"roughly 1 us for reads\", L1469):");
    for (int s = 0; s < NSET; s++) {
        sim_time t = calib_pio_read(setups[s], err, sizeof err);
        printf("%s %s %.2f us", s ? "," : "", setups[s]->label, (double)t / 1e6);
    }
    printf("\n4-byte PIO write until it is in the card (\"2 us for writes\", L1469):");
    for (int s = 0; s < NSET; s++) {
        sim_time t = calib_pio_write_small(setups[s], err, sizeof err);
        printf("%s %s %.2f us", s ? "," : "", setups[s]->label, (double)t / 1e6);
    }
    printf("\n\nCrossovers (bytes; interpolated between benchmarked sizes):\n");
    printf("  P3/L4 best PIO -> zero-copy (thesis: ~10 KB, L1515):  %.0f\n",
           calib_cross(&b[0], TPIL_PIO_PLAIN, TPIL_PIO_SSE, &b[0], TPIL_DMA_ZEROCOPY, TPIL_DMA_ZEROCOPY));
    printf("  P3/L9 best PIO -> zero-copy (thesis: ~10 KB, L1515):  %.0f\n",
           calib_cross(&b[1], TPIL_PIO_PLAIN, TPIL_PIO_SSE, &b[1], TPIL_DMA_ZEROCOPY, TPIL_DMA_ZEROCOPY));
    printf("  P4/L9 64b zero-copy -> double-buffered (L1524):      %.0f\n",
           calib_cross(&b[3], TPIL_DMA_ZEROCOPY, TPIL_DMA_ZEROCOPY, &b[3], TPIL_DMA_DOUBLE, TPIL_DMA_DOUBLE));
    printf("  P4/L9 best on 32b -> best on 64b (thesis: 4-8 KB, L1531): %.0f\n",
           calib_cross(&b[4], 0, TPIL_NMECH - 1, &b[3], 0, TPIL_NMECH - 1));
    double gap = 0;
    size_t at = 0;
    for (int i = 0; i < b[0].nsizes; i++) {
        double g = b[0].mbps[TPIL_PIO_SSE][i] / b[0].mbps[TPIL_PIO_MMX][i] - 1;
        if (g > gap) { gap = g; at = b[0].size[i]; }
    }
    printf("  P3/L4 SSE over MMX: at most %+.1f%% (at %zu B) (thesis: similar to ~2 KB, then SSE better)\n",
           gap * 100, at);
    return 0;
}
