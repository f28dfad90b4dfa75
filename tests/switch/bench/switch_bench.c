/* Network model speed: events per second and events per chunk-hop for two
 * standard loads. Prints "bench NAME VALUE UNIT" lines for `make bench`;
 * it reports, it never fails on timing. */
#include "../../../model/switch/fabric.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double wall(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Receivers take everything as it arrives. */
static void drain(void *ctx, lk_ep *e)
{
    lk_sym buf[256];
    (void)ctx;
    while (ep_recv_syms(e, buf, 256)) {}
}

static int run(const char *name, topo *t, int npkts_per_pair, unsigned len, int all_pairs)
{
    char err[512];
    evq *q = evq_new();
    fabric_opts o;
    fabric_opts_default(&o);
    fabric *f = fabric_new(q, t, &o, err, sizeof err);
    if (!f) {
        fprintf(stderr, "switch-bench: %s: %s\n", name, err);
        return 1;
    }
    int n = fabric_ni_count(f);
    /* ep_send borrows the buffer until sent: one shared read-only payload per
     * route keeps memory small */
    uint8_t **bufs = calloc((size_t)n * (size_t)n, sizeof *bufs);
    for (int i = 0; i < n; i++) ep_set_callbacks(fabric_ep(f, i), NULL, drain, NULL);
    uint64_t bytes = 0;
    for (int s = 0; s < n; s++)
        for (int d = 0; d < n; d++) {
            if (s == d || (!all_pairs && !(s == 0 && d == n - 1))) continue;
            const route_path *r = route_get(fabric_routes(f), s, d);
            uint8_t *b = bufs[s * n + d] = malloc(r->len + len);
            memcpy(b, r->byte, r->len);
            memset(b + r->len, 0x11, len);
            for (int k = 0; k < npkts_per_pair; k++) {
                ep_send(fabric_ep(f, s), b, r->len + len, 1, 0);
                bytes += len;
            }
        }
    double t0 = wall();
    evq_run_until(q, SIM_TIME_NEVER - 1);
    double dt = wall() - t0;
    uint64_t ev = evq_events_run(q), ch = fabric_chunks(f);
    printf("bench switch_%s_events_per_s %.0f events/s\n", name, (double)ev / dt);
    printf("bench switch_%s_events_per_chunk_hop %.3f events\n", name, (double)ev / (double)ch);
    printf("bench switch_%s_sim_to_wall %.1f sim_us/wall_s\n", name, (double)evq_now(q) / 1e6 / dt);
    printf("bench switch_%s_payload %.1f MB\n", name, (double)bytes / 1e6);
    for (int i = 0; i < n * n; i++) free(bufs[i]);
    free(bufs);
    fabric_free(f);
    evq_free(q);
    return 0;
}

int main(void)
{
    char err[256];
    topo_opts to;
    topo_opts_default(&to);
    topo t;
    int rc = 0;

    topo_init(&t);
    topo_build_line(&t, 3, 1, &to, err, sizeof err);
    rc |= run("stream3", &t, 64, 65536, 0);               /* 4 MB through 3 switches */
    topo_free(&t);

    topo_init(&t);
    topo_build_grid(&t, 4, 4, 2, &to, err, sizeof err);
    rc |= run("grid_all2all", &t, 4, 1024, 1);            /* 32 NIs, 1 KB each pair x4 */
    topo_free(&t);
    return rc;
}
