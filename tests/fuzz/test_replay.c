/* Suite `fuzz`: every committed corpus file and every crash input found so
 * far, replayed through the harnesses' entry points in the plain build (no
 * libFuzzer needed). Under `make test-asan` the same replay runs with the
 * sanitizers, which is where a reintroduced overflow would show. */
#include "../harness/harness.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>

typedef int (*fuzz_fn)(const uint8_t *, size_t);
int fuzz_scenario_one(const uint8_t *, size_t);
int fuzz_ld_one(const uint8_t *, size_t);
int fuzz_elf_one(const uint8_t *, size_t);
int fuzz_csv_one(const uint8_t *, size_t);
int fuzz_trace_one(const uint8_t *, size_t);
int fuzz_regress_one(const uint8_t *, size_t);

static uint8_t *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    uint8_t *b = malloc(n > 0 ? (size_t)n : 1);
    *len = n > 0 ? fread(b, 1, (size_t)n, f) : 0;
    fclose(f);
    return b;
}

static int by_name(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* Runs fn on every file of tests/fuzz/<kind>/<name>/ in name order; returns
 * how many (a harness returns 0 or the process dies: nothing else to check). */
static int replay(const char *kind, const char *name, fuzz_fn fn)
{
    char dir[1024];
    snprintf(dir, sizeof dir, "%s/tests/fuzz/%s/%s", harness_root(), kind, name);
    DIR *d = opendir(dir);
    if (!d)
        return 0;
    char **names = NULL;
    int n = 0;
    for (struct dirent *e; (e = readdir(d));) {
        if (e->d_name[0] == '.' || !strcmp(e->d_name, "README.md"))
            continue;
        names = realloc(names, (size_t)(n + 1) * sizeof *names);
        names[n++] = strdup(e->d_name);
    }
    closedir(d);
    qsort(names, (size_t)n, sizeof *names, by_name);
    for (int i = 0; i < n; i++) {
        char path[2048];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        size_t len;
        uint8_t *b = slurp(path, &len);
        if (!b)
            harness_fail(__FILE__, __LINE__, "cannot read %s", path);
        /* the loaders report bad input on stderr: not wanted in the test log */
        fflush(stderr);
        int saved = dup(2), null = open("/dev/null", O_WRONLY);
        dup2(null, 2);
        close(null);
        int rc = fn(b, len);
        fflush(stderr);
        dup2(saved, 2);
        close(saved);
        if (rc != 0)
            harness_fail(__FILE__, __LINE__, "%s: the harness returned non-zero", path);
        free(b);
        free(names[i]);
    }
    free(names);
    return n;
}

#define REPLAY(name)                                                          \
    TEST(fuzz, name##_corpus)                                                 \
    {                                                                         \
        int n = replay("corpus", #name, fuzz_##name##_one);                   \
        harness_note("%d corpus inputs replayed", n);                         \
        ASSERT_TRUE(n > 0);                                                   \
    }                                                                         \
    TEST(fuzz, name##_crashes)                                                \
    {                                                                         \
        harness_note("%d crash inputs replayed", replay("crashes", #name, fuzz_##name##_one)); \
    }

REPLAY(scenario)
REPLAY(ld)
REPLAY(elf)
REPLAY(csv)
REPLAY(trace)
REPLAY(regress)
