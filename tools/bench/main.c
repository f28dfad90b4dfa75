/* myrisim-bench: runs the standard firmware benchmarks on each chip model and
 * prints one line per figure, "bench NAME VALUE UNIT". With --demo it prints
 * the same runs for people (the `make run` demo until the cluster exists).
 * Simulated figures come from SIMSVC marks 1 and 2 in the firmware; the host
 * speed is wall time around lanai_run and is the only wall-clock figure. */
#define _POSIX_C_SOURCE 200809L
#include "../../model/lanai/lanai.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct {
    uint64_t cycles, insns;   /* between marks 1 and 2 */
    uint64_t total_insns;
    double wall_s;
} run_result;

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* Load and run one image to completion; exits the program on any failure. */
static run_result run_image(const char *chip, const char *elf)
{
    const lanai_profile *p = lanai_profile_get(chip);
    lanai_core *c = lanai_new(p);
    char err[256];
    if (lanai_load_elf(c, elf, err, sizeof err) != 0) {
        fprintf(stderr, "myrisim-bench: %s\n", err);
        exit(2);
    }
    lanai_set_console(c, NULL);
    double t0 = now_s();
    lanai_state st = lanai_run(c, UINT64_C(1) << 40);
    double t1 = now_s();
    if (st != LANAI_HALTED || lanai_exit_code(c) != 0) {
        fprintf(stderr, "myrisim-bench: %s on %s did not finish cleanly\n", elf, chip);
        if (st == LANAI_FAULTED) lanai_report_fault(c, stderr);
        exit(1);
    }
    int n;
    const lanai_mark *m = lanai_marks(c, &n);
    const lanai_mark *m1 = NULL, *m2 = NULL;
    for (int i = 0; i < n; i++) {
        if (m[i].id == 1 && !m1) m1 = &m[i];
        if (m[i].id == 2 && !m2) m2 = &m[i];
    }
    if (!m1 || !m2) {
        fprintf(stderr, "myrisim-bench: %s has no marks 1 and 2\n", elf);
        exit(1);
    }
    run_result r = {m2->cycle - m1->cycle, m2->insns - m1->insns, lanai_insns(c), t1 - t0};
    lanai_free(c);
    return r;
}

static double mb_per_s(uint64_t bytes, uint64_t cycles, const lanai_profile *p)
{
    return (double)bytes / ((double)cycles / (double)p->clock_hz) / 1e6;
}

int main(int argc, char **argv)
{
    const char *dir = "build/fw/bench";
    int demo = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--demo")) demo = 1;
        else if (!strcmp(argv[i], "--dir") && i + 1 < argc) dir = argv[++i];
        else {
            fprintf(stderr, "usage: myrisim-bench [--demo] [--dir DIR]\n");
            return 2;
        }
    }
    char copy_elf[512], crc_elf[512];
    snprintf(copy_elf, sizeof copy_elf, "%s/copy.elf", dir);
    snprintf(crc_elf, sizeof crc_elf, "%s/crc32.elf", dir);
    const char *chips[] = {"lanai4", "lanai9"};
    const double published_copy[] = {19.0, 66.0};  /* appendix A, L2492 */
    for (int k = 0; k < 2; k++) {
        const lanai_profile *p = lanai_profile_get(chips[k]);
        run_result cp = run_image(chips[k], copy_elf);
        run_result crc = run_image(chips[k], crc_elf);
        double copy_bw = mb_per_s(64 * 1024, cp.cycles, p);
        double crc_bw = mb_per_s(4 * 64 * 1024, crc.cycles, p);
        /* ISS speed: repeat the compute-bound image until half a second has passed. */
        uint64_t insns = 0;
        double wall = 0;
        while (wall < 0.5) {
            run_result r = run_image(chips[k], crc_elf);
            insns += r.total_insns;
            wall += r.wall_s;
        }
        double mips = (double)insns / wall / 1e6;
        if (demo) {
            printf("%s (%.0f MHz): CRC-32 of 256 KB: %llu instructions, %llu cycles = %.1f us simulated, %.2f MB/s\n",
                   p->name, (double)p->clock_hz / 1e6, (unsigned long long)crc.insns,
                   (unsigned long long)crc.cycles, (double)crc.cycles * 1e6 / (double)p->clock_hz, crc_bw);
            printf("%s: on-card word copy %.1f MB/s (dissertation appendix A: %.0f MB/s, error %+.1f%%)\n",
                   p->name, copy_bw, published_copy[k], 100.0 * (copy_bw - published_copy[k]) / published_copy[k]);
            printf("%s: simulator speed %.0f million instructions per second\n", p->name, mips);
        } else {
            printf("bench copy_bw_%s %.2f MB/s\n", p->name, copy_bw);
            printf("bench copy_cycles_per_word_%s %.3f cycles\n", p->name, (double)cp.cycles / (64 * 1024 / 4));
            printf("bench crc32_bw_%s %.2f MB/s\n", p->name, crc_bw);
            printf("bench crc32_cpi_%s %.3f cycles/insn\n", p->name, (double)crc.cycles / (double)crc.insns);
            printf("bench iss_speed_%s %.1f Minsn/s\n", p->name, mips);
        }
    }
    return 0;
}
