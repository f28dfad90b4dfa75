/* Host <-> card transfers of kind rc1000_stage (ops inject and page):
 * data arrives intact (the runs check it), PIO wins for small injections
 * and zero-copy DMA for large ones (L1955), and unloading a page by
 * one-copy DMA takes longer than loading it by zero-copy DMA (L2191). */
#include "../harness/harness.h"
#include "../sim/sim_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static double at(const char *dir, const char *file, const char *x)
{
    char path[1200], key[40];
    snprintf(path, sizeof path, "%s/%s", dir, file);
    snprintf(key, sizeof key, "\n%s,", x);
    size_t len;
    char *s = sim_read(path, &len);
    if (!s) return -1;
    const char *p = strstr(s, key);
    double v = p ? atof(p + strlen(key)) : -1;
    return v;
}

TEST(rc1000_xfer, pio_wins_small_injections_and_dma_large_ones)
{
    const char *d = sim_scratch("rc_inject");
    ASSERT_EQ(sim_cli("run scenarios/thesis/fig6_8.cfg --set 'sweep.values=[256,65536]' --jobs 2 --out %s", d), 0);
    double sse_s = at(d, "pio-sse.csv", "256"), dma_s = at(d, "zero-copy-dma.csv", "256");
    double sse_l = at(d, "pio-sse.csv", "65536"), dma_l = at(d, "zero-copy-dma.csv", "65536");
    harness_note("256 B: SSE %.2f, DMA %.2f MB/s; 64 KB: SSE %.2f, DMA %.2f MB/s", sse_s, dma_s, sse_l, dma_l);
    ASSERT_TRUE(sse_s > 0 && dma_s > 0 && sse_l > 0 && dma_l > 0);
    ASSERT_TRUE(sse_s > dma_s);
    ASSERT_TRUE(dma_l > sse_l);
    ASSERT_TRUE(dma_l < 133.4);   /* no faster than the 32b/33 MHz bus */
}

TEST(rc1000_xfer, a_page_unloads_by_one_copy_slower_than_it_loads_by_zero_copy)
{
    const char *d = sim_scratch("rc_page");
    ASSERT_EQ(sim_cli("run scenarios/thesis/table7_2.cfg --out %s", d), 0);
    char path[1200];
    snprintf(path, sizeof path, "%s/p3-550-host.csv", d);
    size_t len;
    char *s = sim_read(path, &len);
    ASSERT_TRUE(s != NULL);
    double unload = 0, load = 0;
    const char *p = strchr(s, '\n');
    ASSERT_TRUE(p && sscanf(p + 1, "%lf,%lf", &unload, &load) == 2);
    harness_note("unload %.1f us, load %.1f us", unload, load);
    ASSERT_TRUE(unload > load);
    ASSERT_TRUE(load > 2097152 / 133.4);   /* 2 MB cannot cross the bus faster */
}
