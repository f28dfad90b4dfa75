/* cosim-bench: speed of the NI co-simulation on a two-NI ping-pong of
 * 64-byte packets for 1 ms of simulated time on each chip, back to back
 * (firmware/ni/pingloop.c) and with a 50 us sleep between round trips
 * (pingsleep.c), with idle-loop skipping on and off: simulated time per
 * wall second, events per second, rounds, round trips. Wall time is the
 * only wall-clock input, and only to report speed. */
#define _POSIX_C_SOURCE 200809L
#include "../../../model/node/cosim.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int run(const char *fw, const char *chip, int idle, sim_time until, const char *dir)
{
    char err[512], elf[512];
    topo t;
    topo_init(&t);
    topo_opts to;
    topo_opts_default(&to);
    to.kind = strcmp(chip, "lanai4") ? LK_M2000 : LK_SAN1280;
    if (topo_build_cable(&t, &to, err, sizeof err)) {
        fprintf(stderr, "cosim-bench: %s\n", err);
        return 1;
    }
    cosim_opts o;
    cosim_opts_default(&o);
    o.chip = chip;
    o.idle_skip = idle;
    cosim *s = cosim_new(&t, &o, err, sizeof err);
    snprintf(elf, sizeof elf, "%s/%s.%s.elf", dir, fw, strcmp(chip, "lanai4") ? "l9" : "l4");
    for (int i = 0; s && i < 2; i++)
        if (cosim_load(s, i, elf, err, sizeof err)) {
            cosim_free(s);
            s = NULL;
        }
    if (!s) {
        fprintf(stderr, "cosim-bench: %s\n", err);
        topo_free(&t);
        return 1;
    }
    double t0 = now_s();
    cosim_status st = cosim_run(s, until);
    double wall = now_s() - t0;
    const cosim_stats *cs = cosim_get_stats(s);
    int marks;
    lanai_marks(cosim_core(s, 0), &marks);
    uint64_t insns = lanai_insns(cosim_core(s, 0)) + lanai_insns(cosim_core(s, 1));
    lanai_idle_stats a, b;
    lanai_idle_stats_get(cosim_core(s, 0), &a);
    lanai_idle_stats_get(cosim_core(s, 1), &b);
    const char *tag = idle ? "idle_on" : "idle_off";
    printf("bench cosim_%s_%s_%s_sim_per_wall %.4f s/s (%.2f ms simulated in %.4f s wall, %s)\n", fw, chip, tag,
           (double)until / 1e12 / wall, (double)until / 1e9, wall, cosim_status_name(st));
    printf("bench cosim_%s_%s_%s_events_per_s %.0f events/s (%llu events, %llu rounds, %llu core runs)\n", fw,
           chip, tag, (double)cs->events / wall, (unsigned long long)cs->events, (unsigned long long)cs->rounds,
           (unsigned long long)cs->core_runs);
    printf("bench cosim_%s_%s_%s_round_trips %d (%.0f%% of %.2f M instructions skipped idle)\n", fw, chip, tag,
           marks, 100.0 * (double)(a.insns + b.insns) / (double)(insns ? insns : 1), (double)insns / 1e6);
    cosim_free(s);
    topo_free(&t);
    return st == COSIM_TIME ? 0 : 1;
}

int main(int argc, char **argv)
{
    const char *dir = "build/fw/ni";
    sim_time until = SIM_US(1000);
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--dir") && i + 1 < argc) dir = argv[++i];
        else if (!strcmp(argv[i], "--us") && i + 1 < argc) until = SIM_US(strtoull(argv[++i], NULL, 10));
        else {
            fprintf(stderr, "usage: cosim-bench [--dir DIR] [--us SIMULATED_MICROSECONDS]\n");
            return 2;
        }
    }
    int bad = 0;
    const char *chips[] = {"lanai4", "lanai9"};
    const char *fws[] = {"pingloop", "pingsleep"};
    for (int f = 0; f < 2; f++)
        for (int c = 0; c < 2; c++)
            for (int idle = 1; idle >= 0; idle--) bad |= run(fws[f], chips[c], idle, until, dir);
    return bad;
}
