/* The runner: runs every registered test (or those matching a filter),
 * prints one line per test and closes with "N passed, N failed". */
#include "harness.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct {
    const char *suite, *name;
    test_fn fn;
} test_case;

static test_case *tests;
static int ntests, captests;
static jmp_buf escape;
static char failmsg[4096];
static char notes[8192];
static size_t notes_len;

void harness_register(const char *suite, const char *name, test_fn fn)
{
    if (ntests == captests) {
        captests = captests ? captests * 2 : 64;
        tests = realloc(tests, (size_t)captests * sizeof *tests);
        if (!tests) { perror("harness"); exit(2); }
    }
    tests[ntests++] = (test_case){suite, name, fn};
}

void harness_fail(const char *file, int line, const char *fmt, ...)
{
    int n = snprintf(failmsg, sizeof failmsg, "%s:%d: ", file, line);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(failmsg + n, sizeof failmsg - (size_t)n, fmt, ap);
    va_end(ap);
    longjmp(escape, 1);
}

void harness_note(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    if (notes_len < sizeof notes - 2) {
        int n = vsnprintf(notes + notes_len, sizeof notes - notes_len - 1, fmt, ap);
        if (n > 0) notes_len += (size_t)n < sizeof notes - notes_len - 1 ? (size_t)n : sizeof notes - notes_len - 1;
        notes[notes_len++] = '\n';
        notes[notes_len] = 0;
    }
    va_end(ap);
}

void harness_str_eq(const char *file, int line, const char *ea, const char *eb,
                    const char *a, const char *b)
{
    if (a && b && strcmp(a, b) == 0) return;
    if (!a || !b)
        harness_fail(file, line, "%s == %s: %s is NULL", ea, eb, a ? eb : ea);
    size_t i = 0;
    while (a[i] && a[i] == b[i]) i++;
    harness_fail(file, line, "%s == %s: differ at offset %zu\n  left:  \"%.200s\"\n  right: \"%.200s\"",
                 ea, eb, i, a + (i > 40 ? i - 40 : 0), b + (i > 40 ? i - 40 : 0));
}

void harness_mem_eq(const char *file, int line, const char *ea, const char *eb,
                    const void *a, const void *b, size_t n)
{
    const unsigned char *x = a, *y = b;
    for (size_t i = 0; i < n; i++)
        if (x[i] != y[i])
            harness_fail(file, line, "%s == %s: byte %zu of %zu: 0x%02x != 0x%02x",
                         ea, eb, i, n, x[i], y[i]);
}

const char *harness_root(void)
{
    const char *r = getenv("MYRISIM_ROOT");
    return r && *r ? r : ".";
}

char *harness_read_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    size_t cap = 4096, len = 0, n;
    char *s = malloc(cap);
    while (s && (n = fread(s + len, 1, cap - len - 1, f)) > 0) {
        len += n;
        if (cap - len < 2) {
            char *t = realloc(s, cap *= 2);
            if (!t) free(s);
            s = t;
        }
    }
    fclose(f);
    if (s) s[len] = 0;
    return s;
}

static int matches(const test_case *t, int argc, char **argv)
{
    char full[512];
    snprintf(full, sizeof full, "%s.%s", t->suite, t->name);
    int any = 0;
    for (int i = 1; i < argc; i++) {
        if (argv[i][0] == '-') continue;
        any = 1;
        if (strstr(full, argv[i])) return 1;
    }
    return !any;
}

/* Run one test; returns 1 if it passed. Kept apart so setjmp's frame holds no locals. */
static int run_one(test_fn fn)
{
    if (setjmp(escape) == 0) {
        fn();
        return 1;
    }
    return 0;
}

static int cmp_tests(const void *a, const void *b)
{
    const test_case *x = a, *y = b;
    int c = strcmp(x->suite, y->suite);
    return c ? c : strcmp(x->name, y->name);
}

int main(int argc, char **argv)
{
    int verbose = 0, list = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-v")) verbose = 1;
        else if (!strcmp(argv[i], "-l")) list = 1;
        else if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
            printf("usage: %s [-v] [-l] [FILTER ...]\n"
                   "  FILTER  run tests whose \"suite.name\" contains it\n"
                   "  -v      print notes of passing tests\n  -l      list tests\n", argv[0]);
            return 0;
        }
    }
    qsort(tests, (size_t)ntests, sizeof *tests, cmp_tests);
    int passed = 0, failed = 0;
    for (int i = 0; i < ntests; i++) {
        test_case *t = &tests[i];
        if (!matches(t, argc, argv)) continue;
        if (list) { printf("%s.%s\n", t->suite, t->name); continue; }
        notes_len = 0;
        notes[0] = 0;
        struct timespec t0, t1;
        clock_gettime(CLOCK_MONOTONIC, &t0);
        int ok = run_one(t->fn);
        clock_gettime(CLOCK_MONOTONIC, &t1);
        double ms = (double)(t1.tv_sec - t0.tv_sec) * 1e3 + (double)(t1.tv_nsec - t0.tv_nsec) / 1e6;
        printf("%s %s.%s (%.0f ms)\n", ok ? "PASS" : "FAIL", t->suite, t->name, ms);
        if (!ok) printf("  %s\n", failmsg);
        if ((!ok || verbose) && notes_len) printf("%s", notes);
        fflush(stdout);
        ok ? passed++ : failed++;
    }
    if (!list) printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
