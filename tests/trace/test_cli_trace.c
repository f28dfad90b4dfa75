/* myrisim run --trace end to end: the run it traces (first, or chosen by
 * --trace-series / --trace-x), outputs unchanged by tracing, the same
 * trace file twice, option errors, the max-events bound, and a host
 * scenario's tracks (host CPU, PCI, host DMA) against the bus clock and
 * each other. */
#include "../harness/harness.h"
#include "../sim/sim_util.h"
#include "trace_load.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const pingpong_cfg =
    "name = \"tp\";\n"
    "title = \"trace ping-pong\";\n"
    "cluster = { nodes = 2; ni = \"lanai4\"; topology = { kind = \"cable\"; }; };\n"
    "experiment = { kind = \"ni_pingpong\"; params = { BYTES = 64; ITERS = 3; WARMUP = 1; }; };\n"
    "sweep = { param = \"experiment.params.BYTES\"; values = [64, 1024]; };\n"
    "series = ( { name = \"A\"; }, { name = \"B\"; cluster = { ni = \"lanai9\"; }; } );\n"
    "measurements = [ \"bandwidth_mbs\", \"round_trip_us\" ];\n";

static const char *const host_cfg =
    "name = \"th\";\n"
    "title = \"trace host\";\n"
    "cluster = { nodes = 1; ni = \"lanai9\"; host = \"p3-550\"; pci = \"pci32-33\"; };\n"
    "experiment = { kind = \"host\"; program = \"ni2host\"; params = { BYTES = 4096; ITERS = 2; WARMUP = 1; }; };\n"
    "measurements = [ \"bandwidth_mbs\" ];\n";

/* dir/name (one of four static buffers). */
static const char *in(const char *dir, const char *name)
{
    static char buf[4][1200];
    static int k;
    k = (k + 1) % 4;
    snprintf(buf[k], sizeof buf[k], "%s/%s", dir, name);
    return buf[k];
}

static void load(tr_trace *r, const char *path)
{
    if (tr_load_file(r, path)) harness_fail(__FILE__, __LINE__, "%s: %s", path, r->err);
}

TEST(trace_cli, chosen_run_outputs_unchanged_same_bytes)
{
    char dir[1024];
    snprintf(dir, sizeof dir, "%s", sim_scratch("trace_cli_pingpong"));
    sim_write(in(dir, "s.cfg"), pingpong_cfg);
    ASSERT_EQ(sim_cli("run '%s' --out '%s'", in(dir, "s.cfg"), in(dir, "plain")), 0);
    /* default: the first series' first point */
    ASSERT_EQ(sim_cli("run '%s' --out '%s' --trace '%s'", in(dir, "s.cfg"), in(dir, "t0"), in(dir, "first.json.gz")), 0);
    tr_trace r;
    load(&r, in(dir, "first.json.gz"));
    ASSERT_STR_EQ(tr_meta(&r, "series"), "A");
    ASSERT_STR_EQ(tr_meta(&r, "x"), "64");
    ASSERT_TRUE(tr_track_find(&r, "node 0", "NI core (lanai4)") != NULL);
    tr_free(&r);
    /* chosen: series B (LANai 9) at 1024 bytes, twice */
    for (int i = 0; i < 2; i++) {
        char out[16], tr[16];
        snprintf(out, sizeof out, "t%d", i + 1);
        snprintf(tr, sizeof tr, "b%d.json.gz", i + 1);
        int st = sim_cli("run '%s' --out '%s' --trace '%s' --trace-series B --trace-x 1024", in(dir, "s.cfg"),
                         in(dir, out), in(dir, tr));
        harness_note("%s", sim_stderr());
        ASSERT_EQ(st, 0);
    }
    load(&r, in(dir, "b1.json.gz"));
    ASSERT_STR_EQ(tr_meta(&r, "series"), "B");
    ASSERT_STR_EQ(tr_meta(&r, "x"), "1024");
    ASSERT_STR_EQ(tr_meta(&r, "scenario"), "tp");
    ASSERT_TRUE(tr_track_find(&r, "node 1", "NI core (lanai9)") != NULL);
    ASSERT_TRUE(tr_track_find(&r, "fabric", "link ni0->ni1") != NULL);
    int pkts = 0;
    for (int i = 0; i < r.nev; i++) pkts += r.ev[i].ph == 'X' && !strcmp(r.ev[i].cat, "link");
    ASSERT_EQ(pkts, 2 * (3 + 1));   /* ITERS + WARMUP round trips */
    tr_free(&r);
    ASSERT_TRUE(sim_same_file(in(dir, "b1.json.gz"), in(dir, "b2.json.gz")));
    /* tracing changed no result */
    const char *csvs[] = {"a.csv", "b.csv", "comparison.csv"};
    for (int i = 0; i < 3; i++)
        for (int k = 0; k < 3; k++) {
            const char *runs[] = {"t0", "t1", "t2"};
            char a[1200], b[1200];
            snprintf(a, sizeof a, "%s/plain/%s", dir, csvs[i]);
            snprintf(b, sizeof b, "%s/%s/%s", dir, runs[k], csvs[i]);
            if (!sim_same_file(a, b)) harness_fail(__FILE__, __LINE__, "%s differs from %s", b, a);
        }
}

TEST(trace_cli, option_errors)
{
    char dir[1024];
    snprintf(dir, sizeof dir, "%s", sim_scratch("trace_cli_errors"));
    char cfg[1200];
    snprintf(cfg, sizeof cfg, "%s", in(dir, "s.cfg"));
    sim_write(cfg, pingpong_cfg);
    ASSERT_EQ(sim_cli("run '%s' --out '%s' --trace t.json.gz --trace-x 999", cfg, in(dir, "o")), 2);
    ASSERT_TRUE(strstr(sim_stderr(), "--trace-x 999 is not a point") && strstr(sim_stderr(), " 64 1024"));
    ASSERT_EQ(sim_cli("run '%s' --out '%s' --trace t.json.gz --trace-x 64x", cfg, in(dir, "o")), 2);
    ASSERT_EQ(sim_cli("run '%s' --out '%s' --trace t.json.gz --trace-series C", cfg, in(dir, "o")), 2);
    ASSERT_TRUE(strstr(sim_stderr(), "no series 'C'") && strstr(sim_stderr(), "'A', 'B'"));
    ASSERT_EQ(sim_cli("run '%s' --out '%s' --trace-x 64", cfg, in(dir, "o")), 2);
    ASSERT_TRUE(strstr(sim_stderr(), "go with --trace FILE") != NULL);
    ASSERT_EQ(sim_cli("run '%s' --out '%s' --trace t.json.gz --trace-max-events 0", cfg, in(dir, "o")), 2);
    ASSERT_EQ(sim_cli("run '%s' --out '%s' --trace t.json.gz --trace-max-events", cfg, in(dir, "o")), 2);
    /* a trace file that cannot be created fails the traced run, naming it */
    const char *bad = "/nonexistent-dir/t.json.gz";
    ASSERT_EQ(sim_cli("run '%s' --out '%s' --trace %s", cfg, in(dir, "o"), bad), 1);
    ASSERT_TRUE(strstr(sim_stderr(), bad) && strstr(sim_stderr(), "series 'A', BYTES=64"));
}

TEST(trace_cli, max_events_bound)
{
    char dir[1024];
    snprintf(dir, sizeof dir, "%s", sim_scratch("trace_cli_max"));
    sim_write(in(dir, "s.cfg"), pingpong_cfg);
    ASSERT_EQ(sim_cli("run '%s' --out '%s' --trace '%s' --trace-max-events 20", in(dir, "s.cfg"), in(dir, "o"),
                      in(dir, "t.json")), 0);
    tr_trace r;
    load(&r, in(dir, "t.json"));
    ASSERT_EQ(r.nev, 21);
    ASSERT_EQ(r.ev[20].ph, 'i');
    ASSERT_TRUE(strstr(r.ev[20].name, "max events") != NULL);
    ASSERT_STR_EQ(tr_meta(&r, "events"), "20");
    tr_free(&r);
}

static int nested_or_disjoint(const tr_event *a, const tr_event *b)
{
    int64_t ae = a->ts + a->dur, be = b->ts + b->dur;
    return ae <= b->ts || be <= a->ts || (a->ts <= b->ts && be <= ae) || (b->ts <= a->ts && ae <= be);
}

TEST(trace_cli, host_scenario_tracks)
{
    char dir[1024];
    snprintf(dir, sizeof dir, "%s", sim_scratch("trace_cli_host"));
    sim_write(in(dir, "h.cfg"), host_cfg);
    ASSERT_EQ(sim_cli("run '%s' --out '%s'", in(dir, "h.cfg"), in(dir, "plain")), 0);
    int st = sim_cli("run '%s' --out '%s' --trace '%s'", in(dir, "h.cfg"), in(dir, "traced"), in(dir, "h.json.gz"));
    harness_note("%s", sim_stderr());
    ASSERT_EQ(st, 0);
    ASSERT_TRUE(sim_same_file(in(dir, "plain/default.csv"), in(dir, "traced/default.csv")));
    tr_trace r;
    load(&r, in(dir, "h.json.gz"));
    const tr_track *cpu = tr_track_find(&r, "node 0", "host CPU (p3-550)");
    const tr_track *pci = tr_track_find(&r, "node 0", "PCI p3-550 bus 0 (32b/33MHz)");
    const tr_track *l2e = tr_track_find(&r, "node 0", "NI host DMA L2E (NI->host)");
    ASSERT_TRUE(cpu && pci && l2e);
    ASSERT_TRUE(tr_track_find(&r, "node 0", "NI host DMA E2L (host->NI)") != NULL);
    int ncpu = 0, npio = 0, ndma = 0;
    int64_t dma_bytes = 0, burst_bytes = 0;
    for (int i = 0; i < r.nev; i++) {
        const tr_event *e = &r.ev[i];
        if (e->ph != 'X') continue;
        if (e->pid == pci->pid && e->tid == pci->tid) {
            /* tenures run on the 33 MHz bus clock: 30 ns cycles */
            if (e->ts % 30000 || e->dur % 30000 || e->dur == 0)
                harness_fail(__FILE__, __LINE__, "PCI span %s at %lld ps for %lld ps is off the 30 ns clock", e->name,
                             (long long)e->ts, (long long)e->dur);
            if (!strncmp(e->name, "lanai9-dma0-L2E", 15)) {
                burst_bytes += tr_arg(e, "bytes", 0);
                /* inside one of the engine's transfers */
                int inside = 0;
                for (int j = 0; j < r.nev; j++) {
                    const tr_event *d = &r.ev[j];
                    inside |= d->ph == 'X' && d->pid == l2e->pid && d->tid == l2e->tid && d->ts <= e->ts &&
                              e->ts + e->dur <= d->ts + d->dur;
                }
                ASSERT_TRUE(inside);
            }
        } else if (e->pid == l2e->pid && e->tid == l2e->tid) {
            ASSERT_STR_EQ(e->name, "NI->host");
            ASSERT_EQ(tr_arg(e, "bytes", 0), 4096);
            dma_bytes += 4096;
            ndma++;
        } else if (e->pid == cpu->pid && e->tid == cpu->tid) {
            ncpu++;
            npio += !strncmp(e->name, "PIO ", 4);
            for (int j = 0; j < i; j++) {
                const tr_event *f = &r.ev[j];
                if (f->ph == 'X' && f->pid == cpu->pid && f->tid == cpu->tid && !nested_or_disjoint(e, f))
                    harness_fail(__FILE__, __LINE__, "host CPU spans %s and %s overlap without nesting", e->name, f->name);
            }
        }
    }
    harness_note("%d host CPU spans (%d PIO), %d host DMAs, %lld bytes in L2E bursts", ncpu, npio, ndma,
                 (long long)burst_bytes);
    ASSERT_EQ(ndma, 3);   /* WARMUP + ITERS */
    ASSERT_EQ(burst_bytes, dma_bytes);
    ASSERT_TRUE(npio > 0 && ncpu > npio);
    tr_free(&r);
}
