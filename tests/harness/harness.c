/* The runner: runs every registered test (or those matching a filter),
 * prints one line per test and closes with "N passed, N failed".
 * With -j N (N > 1) whole suites run in forked workers, N at a time: a
 * suite's tests keep their order and share one process, as before, and the
 * output is printed suite by suite in sorted order, so it is the same text
 * whatever the interleaving; a worker that crashes fails its suite's test
 * in progress instead of ending the run. */
#include "harness.h"

#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

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
static int verbose_notes;

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
        if (!strcmp(argv[i], "-j")) { i++; continue; } /* its count is not a filter */
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

/* Run one registered test and print its line; returns 1 if it passed. */
static int run_and_print(test_case *t)
{
    notes_len = 0;
    notes[0] = 0;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    int ok = run_one(t->fn);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double ms = (double)(t1.tv_sec - t0.tv_sec) * 1e3 + (double)(t1.tv_nsec - t0.tv_nsec) / 1e6;
    printf("%s %s.%s (%.0f ms)\n", ok ? "PASS" : "FAIL", t->suite, t->name, ms);
    if (!ok) printf("  %s\n", failmsg);
    if ((!ok || verbose_notes) && notes_len) printf("%s", notes);
    fflush(stdout);
    return ok;
}

/* One suite's run in a worker: its tests are sel[first..last), its output
 * goes to `out`, and one byte per finished test ('P' or 'F') to `prog`. */
typedef struct {
    int first, last;
    FILE *out;
    int prog;
    pid_t pid;
    int done, status;
} suite_job;

static void worker(suite_job *j, test_case **sel)
{
    fflush(stdout);
    fflush(stderr);
    dup2(fileno(j->out), 1);
    dup2(fileno(j->out), 2);
    for (int i = j->first; i < j->last; i++) {
        char c = run_and_print(sel[i]) ? 'P' : 'F';
        if (write(j->prog, &c, 1) != 1) _exit(3);
    }
    fflush(stdout);
    _exit(0);
}

/* Copy a finished suite's output and count its results; a test the worker
 * did not finish is failed with the reason. */
static void report_suite(suite_job *j, test_case **sel, int *passed, int *failed)
{
    fflush(stdout);
    rewind(j->out);
    char buf[8192];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, j->out)) > 0) fwrite(buf, 1, n, stdout);
    fclose(j->out);
    int k = j->first;
    char c;
    while (k < j->last && read(j->prog, &c, 1) == 1) {
        c == 'P' ? (*passed)++ : (*failed)++;
        k++;
    }
    close(j->prog);
    for (int i = k; i < j->last; i++) {
        if (i == k) {
            if (WIFSIGNALED(j->status))
                printf("FAIL %s.%s (crashed: signal %d)\n", sel[i]->suite, sel[i]->name, WTERMSIG(j->status));
            else
                printf("FAIL %s.%s (its worker exited with status %d)\n", sel[i]->suite, sel[i]->name,
                       WIFEXITED(j->status) ? WEXITSTATUS(j->status) : -1);
        } else {
            printf("FAIL %s.%s (not run: an earlier test of its suite crashed)\n", sel[i]->suite, sel[i]->name);
        }
        (*failed)++;
    }
    fflush(stdout);
}

static int run_parallel(test_case **sel, int nsel, int jobs, int *passed, int *failed)
{
    int nsuites = 0;
    suite_job *js = calloc((size_t)nsel + 1, sizeof *js);
    if (!js) { perror("harness"); return -1; }
    for (int i = 0; i < nsel; i++) {
        if (i == 0 || strcmp(sel[i]->suite, sel[i - 1]->suite)) js[nsuites++].first = i;
        js[nsuites - 1].last = i + 1;
    }
    int next = 0, running = 0, printed = 0;
    while (printed < nsuites) {
        while (running < jobs && next < nsuites) {
            suite_job *j = &js[next];
            int fds[2];
            j->out = tmpfile();
            if (!j->out || pipe(fds)) { perror("harness: worker output"); return -1; }
            fflush(stdout);
            fflush(stderr);
            pid_t pid = fork();
            if (pid < 0) { perror("harness: fork"); return -1; }
            if (pid == 0) {
                close(fds[0]);
                j->prog = fds[1];
                worker(j, sel);
            }
            close(fds[1]);
            j->prog = fds[0];
            j->pid = pid;
            running++;
            next++;
        }
        int st;
        pid_t pid = wait(&st);
        if (pid < 0) {
            if (errno == EINTR) continue;
            perror("harness: wait");
            return -1;
        }
        for (int i = 0; i < next; i++)
            if (js[i].pid == pid && !js[i].done) {
                js[i].done = 1;
                js[i].status = st;
                running--;
            }
        while (printed < next && js[printed].done) report_suite(&js[printed++], sel, passed, failed);
    }
    free(js);
    return 0;
}

static void usage(FILE *to, const char *prog)
{
    fprintf(to, "usage: %s [-v] [-l] [-j N] [FILTER ...]\n"
                "  FILTER  run tests whose \"suite.name\" contains it\n"
                "  -v      print notes of passing tests\n  -l      list tests\n"
                "  -j N    run N suites at once in forked workers (default: MYRISIM_TEST_JOBS or 1);\n"
                "          the output is the same text in the same order\n"
                "Tests find the repository through MYRISIM_ROOT (default: the current directory).\n", prog);
}

int main(int argc, char **argv)
{
    int list = 0, jobs = 1;
    const char *env = getenv("MYRISIM_TEST_JOBS");
    if (env && *env) jobs = atoi(env);
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-v")) verbose_notes = 1;
        else if (!strcmp(argv[i], "-l")) list = 1;
        else if (!strcmp(argv[i], "-j") && i + 1 < argc) jobs = atoi(argv[++i]);
        else if (!strncmp(argv[i], "-j", 2) && argv[i][2]) jobs = atoi(argv[i] + 2);
        else if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
            usage(stdout, argv[0]);
            return 0;
        } else if (argv[i][0] == '-') {
            /* a mistyped option would otherwise run the whole suite */
            fprintf(stderr, "%s: unknown option %s\n", argv[0], argv[i]);
            usage(stderr, argv[0]);
            return 2;
        }
    }
    char probe[4096];
    snprintf(probe, sizeof probe, "%s/tests/harness/harness.h", harness_root());
    if (!list && access(probe, R_OK)) {
        /* the scenario tests read fixtures and run build/ tools relative to the root */
        fprintf(stderr, "%s: %s is not the repository root (no tests/harness/harness.h): "
                        "run from the root or set MYRISIM_ROOT (make test does)\n", argv[0], harness_root());
        return 2;
    }
    qsort(tests, (size_t)ntests, sizeof *tests, cmp_tests);
    test_case **sel = malloc(((size_t)ntests + 1) * sizeof *sel);
    if (!sel) { perror("harness"); return 2; }
    int nsel = 0;
    for (int i = 0; i < ntests; i++)
        if (matches(&tests[i], argc, argv)) sel[nsel++] = &tests[i];
    if (list) {
        for (int i = 0; i < nsel; i++) printf("%s.%s\n", sel[i]->suite, sel[i]->name);
        return 0;
    }
    int passed = 0, failed = 0;
    if (jobs > 1) {
        if (run_parallel(sel, nsel, jobs, &passed, &failed)) return 2;
    } else {
        for (int i = 0; i < nsel; i++) run_and_print(sel[i]) ? passed++ : failed++;
    }
    printf("%d passed, %d failed\n", passed, failed);
    free(sel);
    return failed ? 1 : 0;
}
