/* The fork-per-run executor (executor.h): children, pipes, --jobs, the
 * CPU-time guard, results kept in run order. */
#define _GNU_SOURCE
#include "executor.h"
#include "expect.h"
#include "run_key.h"

#include "../outputs/textfmt.h"
#include "../outputs/units.h"
#include "../experiments/trace_run.h"
#include "../regress/observe.h"

#include <errno.h>
#include <stdint.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

typedef struct child {
    pid_t pid;
    int fd;                 /* read end of the result pipe, -1 once closed */
    int run;                /* index into runs */
    double started;
    char *buf;              /* everything received so far */
    size_t len, cap;
    int timed_out;          /* 1 over the CPU-time guard, 2 blocked */
} child;

/* CPU seconds the child process has used so far (0 if unknown). */
static double cpu_of(pid_t pid)
{
    clockid_t id;
    struct timespec t;
    if (clock_getcpuclockid(pid, &id) || clock_gettime(id, &t)) return 0;
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* The guard (a safety net, never part of a result): a run that has used
 * more than guard_s seconds of CPU is killed (1), and so is one that has
 * been running longer than guard_s of wall time while using under 2% of a
 * CPU (2): it waits for something that never comes. CPU time, not wall
 * time, so a loaded machine does not fail big points that would finish. */
static int over_guard(pid_t pid, double wall, double guard_s)
{
    double cpu = cpu_of(pid);
    if (cpu > guard_s) return 1;
    if (wall > guard_s && cpu < 0.02 * wall) return 2;
    return 0;
}

/* Monotonic wall time, used only by the safety guard. */
static double wall_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* Every measurement the run's scenario lists must be there. */
static void check_measures(const run_spec *r, run_result *res)
{
    for (int m = 0; res->ok && m < r->sc->nmeasures; m++) {
        double v;
        if (result_get(res, r->sc->measures[m], &v))
            result_fail(res, "the run did not report measurement '%s' (kind %s)", r->sc->measures[m],
                        r->sc->kind->name);
    }
}

static void run_child(const run_spec *r, int fd)
{
    run_result res;
    result_init(&res);
    sim_trace_begin(r, &res);
    observe_begin(r, &res);
    if (res.ok)
        r->sc->kind->run(r, &res);
    observe_end(r, &res);
    sim_trace_end(r, &res);
    check_measures(r, &res);
    FILE *f = fdopen(fd, "w");
    if (f) {
        result_write(&res, f);
        fclose(f);
    }
    /* _exit: no atexit handlers or stdio flushes inherited from the parent. */
    _exit(res.ok ? 0 : 1);
}

static int start(child *c, const run_spec *runs, int i, run_result *results)
{
    int p[2];
    if (pipe2(p, O_CLOEXEC)) {
        result_fail(&results[i], "cannot create a pipe: %s", strerror(errno));
        return -1;
    }
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid < 0) {
        close(p[0]);
        close(p[1]);
        result_fail(&results[i], "cannot fork: %s", strerror(errno));
        return -1;
    }
    if (pid == 0) {
        /* Own process group, so the guard also stops anything the run started
         * (a compiler, later a helper). */
        setpgid(0, 0);
        close(p[0]);
        run_child(&runs[i], p[1]);
    }
    setpgid(pid, pid);
    close(p[1]);
    memset(c, 0, sizeof *c);
    c->pid = pid;
    c->fd = p[0];
    c->run = i;
    c->started = wall_now();
    return 0;
}

static void drain(child *c)
{
    for (;;) {
        if (c->cap - c->len < 4096) {
            c->cap = c->cap ? c->cap * 2 : 8192;
            c->buf = realloc(c->buf, c->cap);
        }
        ssize_t k = read(c->fd, c->buf + c->len, c->cap - c->len - 1);
        if (k > 0) {
            c->len += (size_t)k;
            continue;
        }
        if (k < 0 && errno == EINTR)
            continue;
        if (k == 0 || errno != EAGAIN) {
            close(c->fd);
            c->fd = -1;
        }
        return;
    }
}

/* The child has closed its pipe (or was killed): reap it and decode. */
static void finish(child *c, run_result *res, double guard_s)
{
    int st = 0;
    while (waitpid(c->pid, &st, 0) < 0 && errno == EINTR) {
    }
    result_init(res);
    res->ok = 0;
    int said_ok = 0;
    if (c->buf) {
        c->buf[c->len] = 0;
        for (char *line = strtok(c->buf, "\n"); line; line = strtok(NULL, "\n")) {
            if (!strcmp(line, "ok"))
                said_ok = 1;
            result_read_line(res, line);
        }
    }
    res->ok = said_ok;
    if (c->timed_out == 1)
        result_fail(res, "run killed: used more than the %g s CPU-time guard (MYRISIM_RUN_GUARD)", guard_s);
    else if (c->timed_out)
        result_fail(res, "run killed: still running after %g s without using the CPU (guard MYRISIM_RUN_GUARD)",
                    guard_s);
    else if (WIFSIGNALED(st))
        result_fail(res, "run crashed: %s (signal %d)", strsignal(WTERMSIG(st)), WTERMSIG(st));
    else if (WIFEXITED(st) && WEXITSTATUS(st) != 0 && said_ok)
        result_fail(res, "run exited with status %d", WEXITSTATUS(st));
    else if (!said_ok && !res->error[0])
        result_fail(res, "run ended without a result (exit status %d)", WIFEXITED(st) ? WEXITSTATUS(st) : -1);
    free(c->buf);
    c->buf = NULL;
    c->pid = 0;
}

/* The measurement a point exists for: what the scenario compares there
 * (or, with --quick, compares there instead), else what it plots, else
 * its first measurement. Returns how many names it put in out. */
static int point_measures(const run_spec *r, const char **out, int max)
{
    const scenario *sc = r->sc;
    int n = 0;
    for (int k = 0; k < sc->nrefs && n < max; k++) {
        const sim_ref *ref = &sc->refs[k];
        if (ref->series != r->series ||
            (sc->sweep.present && !same_x(ref->x, r->x) && !(ref->has_quick_x && same_x(ref->quick_x, r->x))))
            continue;
        int seen = 0;
        for (int i = 0; i < n; i++)
            seen |= !strcmp(out[i], ref->measure);
        if (!seen)
            out[n++] = ref->measure;
    }
    if (n == 0 && sc->nplots && max > 0)
        out[n++] = sc->plots[0].y;
    if (n == 0 && sc->nmeasures && max > 0)
        out[n++] = sc->measures[0];
    return n;
}

/* note: NULL, or where a reused result came from (appended to the label) */
static void progress_line(const run_spec *r, const run_result *res, int done, int n, const char *note)
{
    char label[768];
    run_label(r, label, 256);
    if (note)
        snprintf(label + strlen(label), sizeof label - strlen(label), " (%s)", note);
    if (run_expected_stop(r, res)) {
        char first[512];
        result_first_line(res, first, sizeof first);
        fprintf(stderr, "[%d/%d] %s: %s, as expected: %s\n", done, n, label, result_outcome(res), first);
        return;
    }
    if (!res->ok) {
        fprintf(stderr, "[%d/%d] %s: FAILED\n", done, n, label);
        return;
    }
    if (run_missed_stop(r, res)) {
        fprintf(stderr, "[%d/%d] %s: FAILED (expected a %s, but the run completed)\n", done, n, label,
                run_expect_name(r));
        return;
    }
    const char *ms[8];
    int nm = point_measures(r, ms, 8), shown = 0;
    fprintf(stderr, "[%d/%d] %s:", done, n, label);
    for (int i = 0; i < nm; i++) {
        char b[NUM_BUF];
        double v;
        if (result_get(res, ms[i], &v))
            continue;
        const char *u = measure_unit(ms[i]);
        fprintf(stderr, "%s %s = %s%s%s", shown++ ? "," : "", ms[i], fmt_num(v, b), u[0] ? " " : "", u);
    }
    fputs(shown ? "\n" : " ok\n", stderr);
}

/* Run runs[list[0..m)]; done counts finished runs of all n for the
 * progress lines. Returns how many failed. */
static int run_list(const run_spec *runs, const int *list, int m, run_result *results, const exec_opts *o,
                    int *done, int n)
{
    int jobs = o->jobs < 1 ? 1 : o->jobs;
    child *kids = calloc((size_t)jobs, sizeof *kids);
    struct pollfd *pfd = calloc((size_t)jobs, sizeof *pfd);
    int next = 0, active = 0, finished = 0, failed = 0;

    while (finished < m) {
        /* Fill free slots. */
        for (int k = 0; k < jobs && next < m; k++) {
            if (kids[k].pid)
                continue;
            int i = list[next++];
            if (start(&kids[k], runs, i, results)) {
                finished++;
                (*done)++;
                failed++;
                continue;
            }
            fcntl(kids[k].fd, F_SETFL, O_NONBLOCK);
            active++;
        }
        if (!active)
            continue;
        int np = 0, map[64];
        for (int k = 0; k < jobs && np < 64; k++)
            if (kids[k].pid) {
                pfd[np].fd = kids[k].fd;
                pfd[np].events = POLLIN;
                pfd[np].revents = 0;
                map[np++] = k;
            }
        int pr = poll(pfd, (nfds_t)np, 1000);
        if (pr < 0 && errno != EINTR)
            break;
        double now = wall_now();
        for (int j = 0; j < np; j++) {
            child *c = &kids[map[j]];
            if (pfd[j].revents)
                drain(c);
            int over = c->fd >= 0 ? over_guard(c->pid, now - c->started, o->guard_s) : 0;
            if (over) {
                kill(-c->pid, SIGKILL);
                kill(c->pid, SIGKILL);
                c->timed_out = over;
                close(c->fd);
                c->fd = -1;
            }
            if (c->fd < 0) {
                int i = c->run;
                finish(c, &results[i], o->guard_s);
                active--;
                finished++;
                (*done)++;
                if (!results[i].ok)
                    failed++;
                if (o->progress)
                    progress_line(&runs[i], &results[i], *done, n, NULL);
            }
        }
    }
    free(kids);
    free(pfd);
    return failed;
}

/* Whether runs may be taken from an identical earlier run: not when a run
 * writes files of its own (a trace, regression records, firmware profiles)
 * or when MYRISIM_RUN_REUSE=0 asks every run to simulate (the tests compare
 * both ways). */
static int reuse_allowed(const run_spec *runs, int n)
{
    const char *e = getenv("MYRISIM_RUN_REUSE");
    if ((e && !strcmp(e, "0")) || observe_dir() || getenv("MYRISIM_LANAI_PROF"))
        return 0;
    for (int i = 0; i < n; i++)
        if (runs[i].trace)
            return 0;
    return 1;
}

/* orig[i]: the first earlier run with run i's key, else -1. */
static void find_same(const run_spec *runs, int n, int *orig)
{
    char **key = calloc((size_t)n, sizeof *key);
    uint64_t *h = calloc((size_t)n, sizeof *h);
    for (int i = 0; i < n; i++) {
        key[i] = run_key(&runs[i]);
        uint64_t x = 14695981039346656037ull;   /* FNV-1a, to skip most comparisons */
        for (const unsigned char *p = (const unsigned char *)key[i]; *p; p++)
            x = (x ^ *p) * 1099511628211ull;
        h[i] = x;
        orig[i] = -1;
        for (int j = 0; j < i && orig[i] < 0; j++)
            if (orig[j] < 0 && h[j] == h[i] && !strcmp(key[j], key[i]))
                orig[i] = j;
    }
    for (int i = 0; i < n; i++)
        free(key[i]);
    free(key);
    free(h);
}

int execute_runs(const run_spec *runs, int n, run_result *results, exec_opts *o)
{
    o->reused = 0;
    int *orig = calloc((size_t)n + 1, sizeof *orig), *list = calloc((size_t)n + 1, sizeof *list);
    for (int i = 0; i < n; i++) {
        result_init(&results[i]);
        orig[i] = -1;
    }
    if (reuse_allowed(runs, n))
        find_same(runs, n, orig);
    int m = 0, done = 0;
    for (int i = 0; i < n; i++)
        if (orig[i] < 0)
            list[m++] = i;
    int failed = run_list(runs, list, m, results, o, &done, n);

    /* A run identical to one that succeeded takes its result (checked
     * against its own scenario's measurements); one whose twin failed runs
     * itself, so its errors name its own file. */
    m = 0;
    for (int i = 0; i < n; i++) {
        if (orig[i] < 0)
            continue;
        if (!results[orig[i]].ok) {
            list[m++] = i;
            continue;
        }
        results[i] = results[orig[i]];
        check_measures(&runs[i], &results[i]);
        o->reused++;
        done++;
        if (!results[i].ok)
            failed++;
        if (o->progress) {
            char label[256], note[512];
            snprintf(note, sizeof note, "the same run as %s %s, not run again", runs[orig[i]].sc->name,
                     run_label(&runs[orig[i]], label, sizeof label));
            progress_line(&runs[i], &results[i], done, n, note);
        }
    }
    failed += run_list(runs, list, m, results, o, &done, n);
    free(orig);
    free(list);
    return failed;
}
