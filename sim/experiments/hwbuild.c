/* Run-time Verilation of a user's circuit into a cache (hwbuild.h). */
#define _GNU_SOURCE
#include "hwbuild.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

typedef struct {
    const char *name;
    int out;      /* 1: the circuit drives it */
    int width;
} port;

/* Appendix B.3: clk, reset_h, the job signals and three vector ports. */
static const port want[] = {
    {"clk", 0, 1}, {"reset_h", 0, 1}, {"job_new", 0, 1}, {"job_subop", 0, 4}, {"job_ints", 0, 10},
    {"job_done", 1, 1}, {"operation_complete", 0, 1},
    {"a_on", 1, 1}, {"a_valid", 0, 1}, {"a_ack", 1, 1}, {"a_data", 0, 32},
    {"b_on", 1, 1}, {"b_valid", 0, 1}, {"b_ack", 1, 1}, {"b_data", 0, 32},
    {"c_on", 1, 1}, {"c_valid", 1, 1}, {"c_ack", 0, 1}, {"c_data", 1, 32},
};
#define NWANT (int)(sizeof want / sizeof want[0])

static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *s = malloc((size_t)(n < 0 ? 0 : n) + 1);
    size_t got = fread(s, 1, (size_t)(n < 0 ? 0 : n), f);
    s[got] = 0;
    fclose(f);
    if (len) *len = got;
    return s;
}

/* Blank out comments, keeping newlines so line numbers stay right. */
static void strip_comments(char *s)
{
    for (char *p = s; *p; p++) {
        if (p[0] == '/' && p[1] == '/') {
            while (*p && *p != '\n') *p++ = ' ';
            if (!*p) return;
        } else if (p[0] == '/' && p[1] == '*') {
            *p++ = ' ';
            *p = ' ';
            while (p[1] && !(p[1] == '*' && p[2] == '/')) { p++; if (*p != '\n') *p = ' '; }
            if (p[1]) { p[1] = ' '; p[2] = ' '; p += 2; }
        }
    }
}

static int line_of(const char *s, const char *p)
{
    int n = 1;
    for (; s < p; s++) n += *s == '\n';
    return n;
}

/* The directory of a file ("." for a bare name). */
static void dir_of(const char *file, char *dir, size_t n)
{
    const char *slash = strrchr(file, '/');
    if (!slash) snprintf(dir, n, ".");
    else snprintf(dir, n, "%.*s", (int)(slash - file) ? (int)(slash - file) : 1, file);
}

/* Append one message line to err. */
static void say(char *err, size_t errlen, const char *fmt, ...)
{
    size_t used = strlen(err);
    if (used + 1 >= errlen) return;
    if (used) err[used++] = '\n', err[used] = 0;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err + used, errlen - used, fmt, ap);
    va_end(ap);
}

int hw_circuit_ports(const char *file, const char *module, char *err, size_t errlen)
{
    err[0] = 0;
    char *src = slurp(file, NULL);
    if (!src) {
        say(err, errlen, "%s: cannot read: %s", file, strerror(errno));
        return -1;
    }
    strip_comments(src);
    char *m = src;
    size_t tl = strlen(module);
    for (;;) {
        m = strstr(m, "module");
        if (!m) {
            say(err, errlen, "%s:1: no module '%s'", file, module);
            free(src);
            return -1;
        }
        char *q = m + 6;
        while (isspace((unsigned char)*q)) q++;
        if ((m == src || !isalnum((unsigned char)m[-1])) && !strncmp(q, module, tl) &&
            !(isalnum((unsigned char)q[tl]) || q[tl] == '_')) {
            m = q + tl;
            break;
        }
        m += 6;
    }
    char *open = strchr(m, '(');
    char *close = open ? strstr(open, ");") : NULL;
    if (!open || !close) {
        say(err, errlen, "%s:%d: module '%s' has no ANSI port list", file, line_of(src, m), module);
        free(src);
        return -1;
    }
    int seen[NWANT] = {0}, errors = 0, dir = -1, width = 1;
    for (char *p = open + 1; p < close;) {
        while (p < close && (isspace((unsigned char)*p) || *p == ',')) p++;
        if (p >= close) break;
        if (*p == '[') {
            int hi, lo;
            if (sscanf(p, "[%d:%d]", &hi, &lo) != 2) {
                say(err, errlen, "%s:%d: a port width that is not [number:number]", file, line_of(src, p));
                free(src);
                return errors + 1;
            }
            width = abs(hi - lo) + 1;
            p = strchr(p, ']') + 1;
            continue;
        }
        char word[128];
        int n = 0;
        char *w0 = p;
        while (p < close && (isalnum((unsigned char)*p) || *p == '_') && n < 127) word[n++] = *p++;
        word[n] = 0;
        if (!n) { p++; continue; }
        if (!strcmp(word, "input")) { dir = 0; width = 1; continue; }
        if (!strcmp(word, "output")) { dir = 1; width = 1; continue; }
        if (!strcmp(word, "inout")) { dir = 2; width = 1; continue; }
        if (!strcmp(word, "wire") || !strcmp(word, "reg") || !strcmp(word, "logic") || !strcmp(word, "signed"))
            continue;
        int ln = line_of(src, w0), k;
        for (k = 0; k < NWANT && strcmp(want[k].name, word); k++) {}
        if (k == NWANT) {
            say(err, errlen, "%s:%d: port '%s' is not part of the circuit interface (appendix B.3)", file, ln, word);
            errors++;
            continue;
        }
        seen[k] = 1;
        if (dir != want[k].out) {
            say(err, errlen, "%s:%d: port '%s' must be an %s", file, ln, word, want[k].out ? "output" : "input");
            errors++;
        }
        if (width != want[k].width) {
            say(err, errlen, "%s:%d: port '%s' is %d bits wide; the interface needs %d", file, ln, word, width,
                want[k].width);
            errors++;
        }
    }
    for (int k = 0; k < NWANT; k++)
        if (!seen[k]) {
            say(err, errlen, "%s:%d: module '%s' lacks port '%s' (%s, %d bits)", file, line_of(src, m), module,
                want[k].name, want[k].out ? "output" : "input", want[k].width);
            errors++;
        }
    free(src);
    return errors;
}

/* Run argv with stdout and stderr into `log`; 0 when it exits 0. */
static int run_logged(char *const *argv, const char *log)
{
    pid_t pid = fork();
    if (pid < 0) return -1;
    if (pid == 0) {
        FILE *f = freopen(log, "w", stdout);
        if (f) dup2(fileno(stdout), 2);
        execvp(argv[0], argv);
        fprintf(stderr, "cannot run %s: %s\n", argv[0], strerror(errno));
        _exit(127);
    }
    int st;
    while (waitpid(pid, &st, 0) < 0 && errno == EINTR) {
    }
    return WIFEXITED(st) && WEXITSTATUS(st) == 0 ? 0 : -1;
}

/* The first lines of a log, into err. */
static void log_head(const char *log, char *err, size_t errlen, int lines)
{
    FILE *f = fopen(log, "r");
    if (!f) return;
    char line[512];
    for (int i = 0; i < lines && fgets(line, sizeof line, f); i++) {
        line[strcspn(line, "\n")] = 0;
        say(err, errlen, "  %s", line);
    }
    fclose(f);
}

int hw_circuit_lint(const char *file, const char *module, const char *const *more, int nmore, char *err,
                    size_t errlen)
{
    err[0] = 0;
    const char *argv[40];
    int a = 0;
    argv[a++] = "verilator";
    argv[a++] = "--lint-only";
    argv[a++] = "-Wall";
    argv[a++] = "--top-module";
    argv[a++] = module;
    char incdir[4100], dir[4096];
    dir_of(file, dir, sizeof dir);
    snprintf(incdir, sizeof incdir, "-I%s", dir);
    argv[a++] = incdir;
    argv[a++] = file;
    for (int i = 0; i < nmore && a < 38; i++) argv[a++] = more[i];
    argv[a] = NULL;
    char log[64];
    snprintf(log, sizeof log, "/tmp/myrisim-lint-%ld.log", (long)getpid());
    int st = run_logged((char *const *)argv, log);
    size_t n = 0;
    char *out = slurp(log, &n);
    unlink(log);
    if (st == 0 && n == 0) {
        free(out);
        return 0;
    }
    say(err, errlen, "%s: Verilator does not accept module '%s':", file, module);
    int lines = 0;
    for (char *p = out ? strtok(out, "\n") : NULL; p && lines < 8; p = strtok(NULL, "\n"), lines++)
        say(err, errlen, "  %s", p);
    free(out);
    return -1;
}

/* The files a circuit's text includes (`include "name"), each looked up in
 * the directory of the file that names it (Verilator gets that directory
 * as -I), then the files they include, in order of first appearance,
 * without repeats. A name that is not there is an error naming the file
 * and line. Returns the count, or -1. */
#define MAX_INCLUDES 64
typedef char inc_path[4096];

static int includes_of(const char *file, inc_path *out, int n, int depth, char *err, size_t errlen)
{
    size_t len;
    char *text = slurp(file, &len), dir[4096];
    if (!text) {
        snprintf(err, errlen, "%s: cannot read: %s", file, strerror(errno));
        return -1;
    }
    strip_comments(text);
    dir_of(file, dir, sizeof dir);
    for (char *p = strstr(text, "`include"); p && n >= 0; p = strstr(p + 1, "`include")) {
        char *q = p + 8;
        while (*q == ' ' || *q == '\t') q++;
        char *end = *q == '"' ? strchr(q + 1, '"') : NULL;
        char *nl = strchr(q + 1, '\n');
        if (!end || (nl && nl < end)) continue;   /* `include <...> or a macro: not ours to follow */
        char name[1024], path[sizeof(inc_path) + sizeof name + 8];
        snprintf(name, sizeof name, "%.*s", (int)(end - q - 1), q + 1);
        if (name[0] == '/') snprintf(path, sizeof path, "%s", name);
        else snprintf(path, sizeof path, "%s/%s", dir, name);
        if (strlen(path) >= sizeof(inc_path)) {
            snprintf(err, errlen, "%s:%d: `include \"%s\": path too long", file, line_of(text, p), name);
            n = -1;
            break;
        }
        if (access(path, R_OK) != 0) {
            snprintf(err, errlen, "%s:%d: `include \"%s\": no such file beside it (%s)", file, line_of(text, p), name,
                     path);
            n = -1;
            break;
        }
        int seen = 0;
        for (int i = 0; i < n && !seen; i++) seen = !strcmp(out[i], path);
        if (seen) continue;
        if (n == MAX_INCLUDES || depth > 16) {
            snprintf(err, errlen, "%s:%d: more than %d included files (or nested 16 deep)", file, line_of(text, p),
                     MAX_INCLUDES);
            n = -1;
            break;
        }
        memcpy(out[n++], path, strlen(path) + 1);
        n = includes_of(path, out, n, depth + 1, err, errlen);
    }
    free(text);
    return n;
}

/* FNV-1a, 64 bit: a stable key, not a security hash. */
static void hash_bytes(uint64_t *h, const void *p, size_t n)
{
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++) {
        *h ^= b[i];
        *h *= 0x100000001b3ull;
    }
}

static int hash_file(uint64_t *h, const char *path)
{
    size_t n;
    char *s = slurp(path, &n);
    if (!s) return -1;
    hash_bytes(h, s, n);
    free(s);
    return 0;
}

/* Verilator's version line, part of every key. */
static int verilator_version(char *out, size_t n)
{
    FILE *p = popen("verilator --version 2>/dev/null", "r");
    if (!p) return -1;
    out[0] = 0;
    if (!fgets(out, (int)n, p)) out[0] = 0;
    int st = pclose(p);
    out[strcspn(out, "\n")] = 0;
    return st == 0 && out[0] ? 0 : -1;
}

static void mkdirs(const char *path)
{
    char buf[8400];
    snprintf(buf, sizeof buf, "%s", path);
    for (char *p = buf + 1; *p; p++)
        if (*p == '/') {
            *p = 0;
            mkdir(buf, 0777);
            *p = '/';
        }
    mkdir(buf, 0777);
}

static int cache_paths(const char *root_in, const char *file, const char *module, char *so, size_t solen, char *rt,
                       size_t rtlen, char *err, size_t errlen)
{
    char ver[256], p[8192], root[4096];
    /* absolute: the build steps run in a directory of their own */
    if (!realpath(root_in, root)) {
        snprintf(err, errlen, "%s: %s", root_in, strerror(errno));
        return -1;
    }
    if (verilator_version(ver, sizeof ver)) {
        snprintf(err, errlen, "verilator is not on PATH (scripts/deps.sh installs it)");
        return -1;
    }
    uint64_t h = 0xcbf29ce484222325ull, hr = h;
    hash_bytes(&h, "myrisim-hw-1", 13);
    hash_bytes(&h, module, strlen(module) + 1);
    hash_bytes(&h, ver, strlen(ver) + 1);
    hash_bytes(&hr, ver, strlen(ver) + 1);
    if (hash_file(&h, file)) {
        snprintf(err, errlen, "%s: cannot read: %s", file, strerror(errno));
        return -1;
    }
    /* what it includes is part of it: a changed include builds again */
    static inc_path inc[MAX_INCLUDES];
    int ninc = includes_of(file, inc, 0, 0, err, errlen);
    if (ninc < 0) return -1;
    for (int i = 0; i < ninc; i++) {
        const char *b = strrchr(inc[i], '/');
        hash_bytes(&h, b ? b + 1 : inc[i], strlen(b ? b + 1 : inc[i]) + 1);
        if (hash_file(&h, inc[i])) {
            snprintf(err, errlen, "%s: cannot read: %s", inc[i], strerror(errno));
            return -1;
        }
    }
    const char *shell[] = {"hw/user/user_shell.cpp", "hw/shell/hw_circuit.h"};
    for (int i = 0; i < 2; i++) {
        snprintf(p, sizeof p, "%s/%s", root, shell[i]);
        if (hash_file(&h, p)) {
            snprintf(err, errlen, "%s is missing", p);
            return -1;
        }
    }
    snprintf(so, solen, "%s/build/scenarios/hw/%s-%016llx.so", root, module, (unsigned long long)h);
    snprintf(rt, rtlen, "%s/build/scenarios/hw/verilated-%016llx.a", root, (unsigned long long)hr);
    return 0;
}

int hw_circuit_cached(const char *root, const char *file, const char *module, char *so, size_t solen, char *err,
                      size_t errlen)
{
    char rt[8192];
    if (cache_paths(root, file, module, so, solen, rt, sizeof rt, err, errlen)) return -1;
    return access(so, R_OK) == 0;
}

/* An exclusive lock on path.lock, so that runs that miss the cache at once
 * build one after the other (the later ones then find the result). */
static int lock_for(const char *path)
{
    char l[8400];
    snprintf(l, sizeof l, "%s.lock", path);
    int fd = open(l, O_CREAT | O_RDWR, 0666);
    if (fd >= 0) flock(fd, LOCK_EX);
    return fd;
}

static void unlock(int fd)
{
    if (fd >= 0) close(fd);   /* closing drops the lock */
}

static int build_runtime_locked(const char *rt, const char *work, char *err, size_t errlen);

/* Verilator's runtime as position-independent code, once per version. */
static int build_runtime(const char *rt, const char *work, char *err, size_t errlen)
{
    int fd = lock_for(rt);
    int st = access(rt, R_OK) == 0 ? 0 : build_runtime_locked(rt, work, err, errlen);
    unlock(fd);
    return st;
}

static int build_runtime_locked(const char *rt, const char *work, char *err, size_t errlen)
{
    static char sh[32768];
    char log[8400];
    snprintf(log, sizeof log, "%s/runtime.log", work);
    snprintf(sh, sizeof sh,
             "set -e; cd '%s'; R=$(verilator --getenv VERILATOR_ROOT); I=$R/include; "
             "for f in verilated verilated_threads; do g++ -std=c++17 -O1 -w -fPIC -isystem $I -isystem $I/vltstd "
             "-c $I/$f.cpp -o $f.o; done; ar rcs rt.a verilated.o verilated_threads.o; mv rt.a '%s'",
             work, rt);
    char *const argv[] = {"/bin/sh", "-c", sh, NULL};
    if (run_logged(argv, log)) {
        snprintf(err, errlen, "compiling Verilator's runtime failed (log: %s):", log);
        log_head(log, err, errlen, 6);
        return -1;
    }
    return 0;
}

static int build_locked(const char *root, const char *file, const char *module, const char *so, const char *rt,
                        int *built, char *err, size_t errlen);

int hw_circuit_build(const char *root, const char *file, const char *module, char *so, size_t solen, int *built,
                     char *err, size_t errlen)
{
    char rt[8192];
    *built = 0;
    err[0] = 0;
    if (cache_paths(root, file, module, so, solen, rt, sizeof rt, err, errlen)) return -1;
    if (access(so, R_OK) == 0) return 0;
    int fd = lock_for(so);
    int st = access(so, R_OK) == 0 ? 0 : build_locked(root, file, module, so, rt, built, err, errlen);
    unlock(fd);
    return st;
}

static int build_locked(const char *root, const char *file, const char *module, const char *so, const char *rt,
                        int *built, char *err, size_t errlen)
{
    char top[4096];
    if (!realpath(root, top)) {
        snprintf(err, errlen, "%s: %s", root, strerror(errno));
        return -1;
    }
    if (hw_circuit_ports(file, module, err, errlen)) return -1;
    char work[8300], log[8400], abs_file[4096];
    static char sh[65536];
    if (!realpath(file, abs_file)) {
        snprintf(err, errlen, "%s: cannot read: %s", file, strerror(errno));
        return -1;
    }
    char abs_dir[4096];
    dir_of(abs_file, abs_dir, sizeof abs_dir);
    snprintf(work, sizeof work, "%s.tmp%ld", so, (long)getpid());
    mkdirs(work);
    if (build_runtime(rt, work, err, errlen)) return -1;
    snprintf(log, sizeof log, "%s.log", so);
    snprintf(sh, sizeof sh,
             "set -e; cd '%s'; R=$(verilator --getenv VERILATOR_ROOT); I=$R/include; "
             "verilator --cc -Wall --top-module '%s' --prefix Vuser -Mdir obj -I'%s' '%s'; "
             /* one translation unit (as Verilator's own __ALL.cpp): its headers are parsed once */
             "for f in obj/*.cpp '%s/hw/user/user_shell.cpp'; do echo \"#include \\\"$f\\\"\"; done > all.cpp; "
             "g++ -std=c++17 -O1 -w -fPIC -shared -Wl,-Bsymbolic -Iobj -I'%s/hw/shell' -isystem $I -isystem $I/vltstd "
             "-DVM_COVERAGE=0 -DVM_SC=0 -DVM_TRACE=0 -DVM_TRACE_FST=0 -DVM_TRACE_VCD=0 "
             "all.cpp '%s' -o lib.so -lpthread; mv lib.so '%s'",
             work, module, abs_dir, abs_file, top, top, rt, so);
    char *const argv[] = {"/bin/sh", "-c", sh, NULL};
    int st = run_logged(argv, log);
    char rm[8400];
    snprintf(rm, sizeof rm, "rm -rf '%s'", work);
    if (system(rm)) {
    }
    if (st) {
        snprintf(err, errlen, "building circuit '%s' from %s failed (log: %s):", module, file, log);
        log_head(log, err, errlen, 8);
        return -1;
    }
    *built = 1;
    return 0;
}
