/* ISS conformance: every program in firmware/tests, compiled for the Lanai
 * at each optimisation level, must print on the simulated LANai 4 and
 * LANai 9 exactly what the same program printed when built natively, and
 * exit with 0. One test per program (conformance.<name>), registered from
 * the directory listing at start-up so a new program needs no edit here;
 * conformance.inventory checks that every expected build product exists. */
#include "../harness/harness.h"
#include "../../model/lanai/lanai.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Keep in step with FW_OPTS in the Makefile and mk/conformance.mk. */
static const char *const opts[] = { "O0", "O2", "Os" };
static const char *const chips[] = { "lanai4", "lanai9" };
#define NOPTS 3
#define NCHIPS 2
#define MIN_PROGRAMS 45
/* The slowest run (mem_funcs -O0 on the LANai 9) takes about 17 million
 * cycles; a runaway program stops here, a few seconds of host time. */
#define CYCLE_LIMIT 200000000ull

#define MAX_PROGRAMS 256
static char *names[MAX_PROGRAMS];
static int nnames;
static char list_error[1200];

/* ROOT/REL-FORMAT into a caller's buffer (tests run with cwd = root, but
 * MYRISIM_ROOT may point elsewhere). */
typedef struct { char s[1024]; } path_t;
static const char *path_of(path_t *p, const char *fmt, const char *a, const char *b)
{
    char rel[512];
    snprintf(rel, sizeof rel, fmt, a, b);
    snprintf(p->s, sizeof p->s, "%s/%s", harness_root(), rel);
    return p->s;
}

static int exists(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (f) fclose(f);
    return f != NULL;
}

/* Up to max bytes of one line of s, non-printing bytes as \xNN. */
static void quote_line(const char *s, size_t max, char *out, size_t outlen)
{
    size_t o = 0;
    for (size_t i = 0; i < max && s[i] && s[i] != '\n' && o + 5 < outlen; i++) {
        unsigned char ch = (unsigned char)s[i];
        if (ch >= 32 && ch < 127 && ch != '"' && ch != '\\') out[o++] = (char)ch;
        else o += (size_t)snprintf(out + o, outlen - o, "\\x%02x", ch);
    }
    out[o] = 0;
}

/* Describe where two outputs first differ, by line, into buf. */
static void first_difference(const char *want, const char *got, char *buf, size_t len)
{
    int line = 1;
    const char *w = want, *g = got, *wl = want, *gl = got;
    while (*w && *w == *g) {
        if (*w == '\n') { line++; wl = w + 1; gl = g + 1; }
        w++; g++;
    }
    char wq[400], gq[400];
    quote_line(wl, 160, wq, sizeof wq);
    quote_line(gl, 160, gq, sizeof gq);
    snprintf(buf, len, "output differs at line %d (native %zu bytes, simulated %zu bytes)\n"
             "      native:    \"%s\"%s\n      simulated: \"%s\"%s",
             line, strlen(want), strlen(got), wq, *w ? "" : " (end of output)", gq, *g ? "" : " (end of output)");
}

typedef struct {
    int ok;
    unsigned long long insns, cycles;
    char why[1400];
} run_result;

static void run_image(const char *elf, const char *chip, const char *want, run_result *r)
{
    r->ok = 0;
    r->insns = r->cycles = 0;
    const lanai_profile *p = lanai_profile_get(chip);
    if (!p) { snprintf(r->why, sizeof r->why, "no ISS profile named %s", chip); return; }
    lanai_core *c = lanai_new(p);
    char err[300];
    if (lanai_load_elf(c, elf, err, sizeof err) != 0) {
        snprintf(r->why, sizeof r->why, "load failed: %s", err);
        lanai_free(c);
        return;
    }
    char *out = NULL;
    size_t outlen = 0;
    FILE *con = open_memstream(&out, &outlen);
    lanai_set_console(c, con);
    lanai_state st = lanai_run(c, CYCLE_LIMIT);
    fclose(con);
    r->insns = lanai_insns(c);
    r->cycles = lanai_cycles(c);
    if (st == LANAI_FAULTED) {
        char *rep = NULL;
        size_t replen = 0;
        FILE *f = open_memstream(&rep, &replen);
        lanai_report_fault(c, f);
        fclose(f);
        snprintf(r->why, sizeof r->why, "faulted after %llu instructions:\n      %s      output so far: %zu bytes",
                 r->insns, rep, strlen(out));
        free(rep);
    } else if (st != LANAI_HALTED) {
        snprintf(r->why, sizeof r->why, "still running at the %llu-cycle limit (pc 0x%x in %s)", CYCLE_LIMIT,
                 lanai_pc(c), lanai_symbolize(c, lanai_pc(c), NULL));
    } else if (outlen != strlen(want) || memcmp(out, want, outlen) != 0) {   /* output may hold NULs */
        first_difference(want, out, r->why, sizeof r->why);
    } else if (lanai_exit_code(c) != 0) {
        snprintf(r->why, sizeof r->why, "exit code %d (output matched; the program's own checks failed)",
                 lanai_exit_code(c));
    } else {
        r->ok = 1;
    }
    free(out);
    lanai_free(c);
}

static void run_program(int idx)
{
    if (idx >= nnames) harness_fail(__FILE__, __LINE__, "no program in slot %d", idx);
    const char *name = names[idx];
    path_t po, pr, pe;
    const char *outp = path_of(&po, "build/native/tests/%s.out%s", name, "");
    char *want = harness_read_file(outp);
    if (!want) harness_fail(__FILE__, __LINE__, "missing %s (built by mk/conformance.mk: make conformance)", outp);
    char *rc = harness_read_file(path_of(&pr, "build/native/tests/%s.rc%s", name, ""));
    if (!rc || atoi(rc) != 0) {
        free(want);
        harness_fail(__FILE__, __LINE__, "the native build of %s %s: the program itself is wrong", name,
                     rc ? "exited non-zero" : "has no exit status file");
    }
    free(rc);
    char first[1600] = "";
    int failed = 0;
    for (int o = 0; o < NOPTS; o++) {
        const char *elf = path_of(&pe, "build/fw/tests/%s/%s.elf", opts[o], name);
        for (int k = 0; k < NCHIPS; k++) {
            run_result r;
            if (!exists(elf)) {
                r.ok = 0;
                snprintf(r.why, sizeof r.why, "missing %s", elf);
            } else {
                run_image(elf, chips[k], want, &r);
            }
            if (r.ok) {
                harness_note("%s -%s %s: %llu instructions, %llu cycles", name, opts[o], chips[k], r.insns, r.cycles);
            } else {
                harness_note("FAIL %s -%s on %s", name, opts[o], chips[k]);
                if (!failed++)
                    snprintf(first, sizeof first, "-%s on %s: %s", opts[o], chips[k], r.why);
            }
        }
    }
    free(want);
    if (failed)
        harness_fail(__FILE__, __LINE__, "%s: %d of %d runs failed; first: %s", name, failed, NOPTS * NCHIPS, first);
}

/* One parameterless function per slot, so each program is its own test. */
#define SLOT(h, l) static void slot_##h##l(void) { run_program(0x##h##l); }
#define SLOTROW(h) SLOT(h, 0) SLOT(h, 1) SLOT(h, 2) SLOT(h, 3) SLOT(h, 4) SLOT(h, 5) SLOT(h, 6) SLOT(h, 7) \
    SLOT(h, 8) SLOT(h, 9) SLOT(h, a) SLOT(h, b) SLOT(h, c) SLOT(h, d) SLOT(h, e) SLOT(h, f)
SLOTROW(0) SLOTROW(1) SLOTROW(2) SLOTROW(3) SLOTROW(4) SLOTROW(5) SLOTROW(6) SLOTROW(7)
SLOTROW(8) SLOTROW(9) SLOTROW(a) SLOTROW(b) SLOTROW(c) SLOTROW(d) SLOTROW(e) SLOTROW(f)
#define FNROW(h) slot_##h##0, slot_##h##1, slot_##h##2, slot_##h##3, slot_##h##4, slot_##h##5, slot_##h##6, \
    slot_##h##7, slot_##h##8, slot_##h##9, slot_##h##a, slot_##h##b, slot_##h##c, slot_##h##d, slot_##h##e, slot_##h##f
static const test_fn slots[MAX_PROGRAMS] = { FNROW(0), FNROW(1), FNROW(2), FNROW(3), FNROW(4), FNROW(5),
                                             FNROW(6), FNROW(7), FNROW(8), FNROW(9), FNROW(a), FNROW(b),
                                             FNROW(c), FNROW(d), FNROW(e), FNROW(f) };

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

__attribute__((constructor)) static void register_programs(void)
{
    path_t pd;
    const char *dir = path_of(&pd, "firmware/tests%s%s", "", "");
    DIR *d = opendir(dir);
    if (!d) {
        snprintf(list_error, sizeof list_error, "cannot open %s (run from the repository root or set MYRISIM_ROOT)", dir);
        return;
    }
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        size_t n = strlen(e->d_name);
        if (n < 3 || strcmp(e->d_name + n - 2, ".c") != 0 || e->d_name[0] == '.') continue;
        if (nnames == MAX_PROGRAMS) {
            snprintf(list_error, sizeof list_error, "more than %d programs in %s: raise MAX_PROGRAMS", MAX_PROGRAMS, dir);
            break;
        }
        names[nnames] = strndup(e->d_name, n - 2);
        if (names[nnames]) nnames++;
    }
    closedir(d);
    qsort(names, (size_t)nnames, sizeof names[0], cmp_str);
    for (int i = 0; i < nnames; i++) harness_register("conformance", names[i], slots[i]);
}

TEST(conformance, inventory)
{
    if (list_error[0]) harness_fail(__FILE__, __LINE__, "%s", list_error);
    char missing[2000] = "";
    size_t used = 0;
    int nmissing = 0;
    for (int i = 0; i < nnames; i++) {
        path_t need[2 + NOPTS];
        path_of(&need[0], "build/native/tests/%s.out%s", names[i], "");
        path_of(&need[1], "build/native/tests/%s.rc%s", names[i], "");
        for (int o = 0; o < NOPTS; o++) path_of(&need[2 + o], "build/fw/tests/%s/%s.elf", opts[o], names[i]);
        for (int k = 0; k < 2 + NOPTS; k++) {
            if (exists(need[k].s)) continue;
            nmissing++;
            if (used < sizeof missing - 200)
                used += (size_t)snprintf(missing + used, sizeof missing - used, "\n  %s", need[k].s);
        }
    }
    harness_note("%d programs x %d optimisation levels x %d chips", nnames, NOPTS, NCHIPS);
    if (nmissing) harness_fail(__FILE__, __LINE__, "%d build products missing (make conformance):%s", nmissing, missing);
    if (nnames < MIN_PROGRAMS)
        harness_fail(__FILE__, __LINE__, "only %d programs in firmware/tests, the suite promises at least %d", nnames,
                     MIN_PROGRAMS);
}
