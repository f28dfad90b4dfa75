/* lanai-run: run one LANai firmware image on the ISS.
 *   lanai-run FILE.elf [--chip lanai4|lanai9] [--trace] [--max-cycles N] [--speed] [--check-writes]
 *   (default chip: the image's marker from lanai-cc --chip, else lanai9)
 *   lanai-run --bench [--chip C]   (host speed on a built-in compute loop)
 * Console output goes to stdout; the summary, traces and fault reports to
 * stderr. Exit status: the firmware's exit code (0..255) if it halted, 70 on
 * a fault, 71 at the cycle limit, 2 on usage or load errors. Output depends
 * only on the image and options; host speed is printed only on request. */
#define _POSIX_C_SOURCE 200809L
#include "../../model/lanai/lanai.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { EXIT_FAULT = 70, EXIT_LIMIT = 71, EXIT_USAGE = 2 };

static void usage(FILE *out)
{
    fprintf(out,
            "usage: lanai-run FILE.elf [--chip lanai4|lanai9] [--trace] [--max-cycles N] [--speed] [--check-writes]\n"
            "       lanai-run --bench [--chip lanai4|lanai9]\n"
            "  --chip C         chip model (default: the image's chip marker, else lanai9);\n"
            "                   an image marked for the other chip is refused\n"
            "  --trace          print every executed instruction to stderr\n"
            "  --max-cycles N   stop after N core cycles (default 10000000000)\n"
            "  --speed          also print the host speed (wall clock) in the summary\n"
            "  --check-writes   stores into .text/.rodata are faults (default: allowed,\n"
            "                   so self-modifying code works)\n"
            "  --bench          print 'bench iss_mips_<chip> VALUE Minsn/s' for a built-in loop\n"
            "exit status: firmware exit code if it halted, 70 fault, 71 cycle limit, 2 usage/load error\n");
}

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int parse_u64(const char *s, uint64_t *v)
{
    char *end;
    errno = 0;
    if (!s || !*s || *s == '-') return -1;
    unsigned long long x = strtoull(s, &end, 0);
    if (errno || *end) return -1;
    *v = x;
    return 0;
}

/* A compute-bound loop (loads, ALU, part-word access, stores, a call and
 * return per iteration), hand-encoded so the benchmark needs no toolchain. */
/* assembled with llvm-mc-14; the callee keeps a running minimum with sel */
static const uint32_t bench_prog[] = {
   0x02010010, /* 0 mov 0x100000, %sp */
    0x02810010, /* 4 mov 0x100000, %fp */
    0x01810010, /* 8 mov 0x100000, %r3: iterations */
    0x03000800, /* c mov 0x800, %r6 */
    0x04800000, /* 10 mov 0x0, %r9 */
    0x83980000, /* 14 ld 0[%r6], %r7 */
    0xc39c1800, /* 18 add %r7, %r3, %r7 */
    0xc4a43e00, /* 1c xor %r9, %r7, %r9 */
    0x76240003, /* 20 sh %r9, 0x3, %r12 */
    0x939a0004, /* 24 st %r7, 4[%r6] */
    0xf69b5805, /* 28 uld.b 5[%r6], %r13 */
    0xc4b06800, /* 2c add %r12, %r13, %r9 */
    0x07880010, /* 30 add %pc, 0x10, %rca */
    0x9793fffc, /* 34 st %rca, [--%sp] */
    0xe0000060, /* 38 bt 0x60 */
    0x00000001, /* 3c nop */
    0x218e0001, /* 40 sub.f %r3, 0x1, %r3 */
    0xe6000014, /* 44 bne 0x14 */
    0x00000001, /* 48 nop */
    0x9002fdf4, /* 4c st %r0, -524[%r0] */
    0x00000001, /* 50 nop */
    0x00000001, /* 54 nop */
    0x00000001, /* 58 nop */
    0x00000001, /* 5c nop */
    0x9293fffc, /* 60 st %fp, [--%sp] */
    0x02900008, /* 64 add %sp, 0x8, %fp */
    0xc0263a00, /* 68 sub.f %r9, %r7, %r0 */
    0xc4a43f02, /* 6c sel.ult %r9, %r7, %r9 */
    0x8116fffc, /* 70 ld -4[%fp], %pc ! return */
    0x02140000, /* 74 add %fp, 0x0, %sp */
    0x8296fff8, /* 78 ld -8[%fp], %fp */
};

static int bench(const lanai_profile *p)
{
    lanai_core *c = lanai_new(p);
    if (!c) { fprintf(stderr, "lanai-run: cannot create a %s core\n", p->name); return EXIT_USAGE; }
    lanai_set_console(c, NULL);
    uint64_t insns = 0;
    double wall = 0;
    while (wall < 1.0) {
        lanai_reset(c);
        uint8_t *m = lanai_sram(c);
        for (size_t i = 0; i < sizeof bench_prog / sizeof bench_prog[0]; i++) {
            uint32_t w = bench_prog[i];
            m[4 * i] = (uint8_t)(w >> 24); m[4 * i + 1] = (uint8_t)(w >> 16);
            m[4 * i + 2] = (uint8_t)(w >> 8); m[4 * i + 3] = (uint8_t)w;
        }
        lanai_sram_written(c, 0, (uint32_t)sizeof bench_prog);
        double t0 = now_s();
        lanai_state st = lanai_run(c, UINT64_C(1) << 40);
        wall += now_s() - t0;
        if (st != LANAI_HALTED) {
            fprintf(stderr, "lanai-run: benchmark loop did not halt on %s\n", p->name);
            lanai_report_fault(c, stderr);
            lanai_free(c);
            return EXIT_FAULT;
        }
        insns += lanai_insns(c);
    }
    printf("bench iss_mips_%s %.1f Minsn/s\n", p->name, (double)insns / wall / 1e6);
    lanai_free(c);
    return 0;
}

/* The sim_mark log: each mark, and the cycles and instructions from each
 * mark to the next (docs/firmware.md "Cost"). */
static void print_marks(const lanai_core *c, const char *file)
{
    int n;
    const lanai_mark *m = lanai_marks(c, &n);
    for (int i = 0; i < n; i++) {
        fprintf(stderr, "lanai-run: %s mark %u at cycle %llu, instruction %llu", file, m[i].id,
                (unsigned long long)m[i].cycle, (unsigned long long)m[i].insns);
        if (i > 0)
            fprintf(stderr, "; since mark %u: %llu cycles, %llu instructions", m[i - 1].id,
                    (unsigned long long)(m[i].cycle - m[i - 1].cycle),
                    (unsigned long long)(m[i].insns - m[i - 1].insns));
        fputc('\n', stderr);
    }
}

int main(int argc, char **argv)
{
    const char *file = NULL, *chip = "lanai9";
    uint64_t max_cycles = UINT64_C(10000000000);
    int trace = 0, speed = 0, do_bench = 0, chip_given = 0, check_writes = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--chip") && i + 1 < argc) { chip = argv[++i]; chip_given = 1; }
        else if (!strcmp(a, "--trace")) trace = 1;
        else if (!strcmp(a, "--speed")) speed = 1;
        else if (!strcmp(a, "--check-writes")) check_writes = 1;
        else if (!strcmp(a, "--bench")) do_bench = 1;
        else if (!strcmp(a, "--max-cycles") && i + 1 < argc) {
            if (parse_u64(argv[++i], &max_cycles) < 0) {
                fprintf(stderr, "lanai-run: --max-cycles needs a non-negative number, not '%s'\n", argv[i]);
                return EXIT_USAGE;
            }
        } else if (!strcmp(a, "-h") || !strcmp(a, "--help")) { usage(stdout); return 0; }
        else if (a[0] == '-') {
            fprintf(stderr, "lanai-run: unknown or incomplete option '%s'\n", a);
            usage(stderr);
            return EXIT_USAGE;
        } else if (!file) file = a;
        else {
            fprintf(stderr, "lanai-run: more than one firmware file ('%s', '%s')\n", file, a);
            return EXIT_USAGE;
        }
    }
    const lanai_profile *p = lanai_profile_get(chip);
    if (!p) {
        fprintf(stderr, "lanai-run: unknown chip '%s' (use lanai4 or lanai9)\n", chip);
        return EXIT_USAGE;
    }
    if (do_bench) {
        if (chip_given) return bench(p);
        int rc = bench(&lanai4_profile);
        return rc ? rc : bench(&lanai9_profile);
    }
    if (!file) { usage(stderr); return EXIT_USAGE; }

    char err[512];
    int marked = 0;
    /* Without --chip, run the image on the chip it was built for; an unreadable
     * or malformed image is reported by the load below. */
    if (!chip_given && lanai_elf_chip(file, &marked, err, sizeof err) == 0 && marked)
        p = marked == CHIP_LANAI4 ? &lanai4_profile : &lanai9_profile;
    lanai_core *c = lanai_new(p);
    if (!c) { fprintf(stderr, "lanai-run: cannot create a %s core\n", p->name); return EXIT_USAGE; }
    if (check_writes) lanai_set_write_check(c, 1);   /* or MYRISIM_LANAI_CHECK_WRITES */
    if (lanai_load_firmware(c, file, err, sizeof err) < 0) {   /* refuses an image marked for the other chip */
        fprintf(stderr, "lanai-run: %s\n", err);
        lanai_free(c);
        return EXIT_USAGE;
    }
    lanai_set_console(c, stdout);
    if (trace) lanai_set_trace(c, stderr);
    double t0 = now_s();
    lanai_state st = lanai_run(c, max_cycles);
    double wall = now_s() - t0;
    fflush(stdout);

    int rc;
    uint64_t cyc = lanai_cycles(c), ins = lanai_insns(c);
    if (st == LANAI_HALTED) {
        rc = lanai_exit_code(c) & 0xFF;
        fprintf(stderr, "lanai-run: %s halted, exit code %d\n", file, lanai_exit_code(c));
    } else if (st == LANAI_FAULTED) {
        rc = EXIT_FAULT;
        lanai_report_fault(c, stderr);
    } else {
        rc = EXIT_LIMIT;
        uint32_t off;
        const char *fn = lanai_symbolize(c, lanai_pc(c), &off);
        fprintf(stderr, "lanai-run: %s did not halt within %llu cycles (pc 0x%08x, %s+0x%x); stopped\n", file,
                (unsigned long long)max_cycles, lanai_pc(c), fn, off);
    }
    fprintf(stderr, "lanai-run: %s, %llu instructions, %llu cycles, %.6f ms simulated at %.0f MHz\n", p->name,
            (unsigned long long)ins, (unsigned long long)cyc, (double)cyc * 1e3 / (double)p->clock_hz,
            (double)p->clock_hz / 1e6);
    print_marks(c, file);
    if (speed && wall > 0)
        fprintf(stderr, "lanai-run: host speed %.1f million instructions per second\n", (double)ins / wall / 1e6);
    lanai_free(c);
    return rc;
}
