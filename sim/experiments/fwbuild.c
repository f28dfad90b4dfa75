/* Building and caching firmware images for runs (fwbuild.h): the cache
 * key hashes the source, what it can include, the runtime, flags and chip. */
#define _GNU_SOURCE
#include "fwbuild.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

/* FNV-1a, 64 bit: a stable key, not a security hash. */
static void hash_bytes(uint64_t *h, const void *p, size_t n)
{
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++) {
        *h ^= b[i];
        *h *= 0x100000001b3ull;
    }
}

static void hash_str(uint64_t *h, const char *s)
{
    hash_bytes(h, s, strlen(s) + 1);
}

static int hash_file(uint64_t *h, const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return -1;
    char buf[65536];
    size_t n;
    hash_str(h, path);
    while ((n = fread(buf, 1, sizeof buf, f)) > 0)
        hash_bytes(h, buf, n);
    fclose(f);
    return 0;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every *.h in dir, in name order. */
static void hash_headers(uint64_t *h, const char *dir)
{
    DIR *d = opendir(dir);
    if (!d)
        return;
    char *names[512];
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)) && n < 512) {
        size_t l = strlen(e->d_name);
        if (l > 2 && !strcmp(e->d_name + l - 2, ".h"))
            names[n++] = strdup(e->d_name);
    }
    closedir(d);
    qsort(names, (size_t)n, sizeof *names, cmp_str);
    for (int i = 0; i < n; i++) {
        char p[2048];
        snprintf(p, sizeof p, "%s/%s", dir, names[i]);
        hash_file(h, p);
        free(names[i]);
    }
}

static void mkdirs(const char *path)
{
    char buf[2048];
    snprintf(buf, sizeof buf, "%s", path);
    for (char *p = buf + 1; *p; p++)
        if (*p == '/') {
            *p = 0;
            mkdir(buf, 0777);
            *p = '/';
        }
    mkdir(buf, 0777);
}

/* The first lines of the compiler's output, for the error message. */
static void log_head(const char *log, char *out, size_t len)
{
    FILE *f = fopen(log, "r");
    out[0] = 0;
    if (!f)
        return;
    size_t used = 0;
    char line[512];
    for (int i = 0; i < 6 && fgets(line, sizeof line, f); i++) {
        int k = snprintf(out + used, len - used, "  %s", line);
        if (k < 0 || (size_t)k >= len - used)
            break;
        used += (size_t)k;
    }
    fclose(f);
    if (used && out[used - 1] == '\n')
        out[used - 1] = 0;
}

int fw_build(const char *root, const char *source, const char *chip, const char *const *flags, int nflags,
             char *elf, size_t elflen, char *err, size_t errlen)
{
    uint64_t h = 0xcbf29ce484222325ull;
    hash_str(&h, "myrisim-fw-1");
    hash_str(&h, chip);
    for (int i = 0; i < nflags; i++)
        hash_str(&h, flags[i]);
    if (hash_file(&h, source)) {
        snprintf(err, errlen, "cannot read firmware source %s: %s", source, strerror(errno));
        return -1;
    }
    char p[2048];
    const char *slash = strrchr(source, '/');
    snprintf(p, sizeof p, "%.*s", slash ? (int)(slash - source) : 1, slash ? source : ".");
    hash_headers(&h, p);
    snprintf(p, sizeof p, "%s/firmware/hal", root);
    hash_headers(&h, p);
    snprintf(p, sizeof p, "%s/firmware/rt/include", root);
    hash_headers(&h, p);
    const char *tools[] = {"build/fw/librt.a", "build/fw/rt/crt0.o", "build/lanai-cc"};
    for (int i = 0; i < 3; i++) {
        snprintf(p, sizeof p, "%s/%s", root, tools[i]);
        if (hash_file(&h, p)) {
            snprintf(err, errlen, "%s is missing: run make in %s", p, root);
            return -1;
        }
    }

    char dir[2048], stem[256];
    snprintf(dir, sizeof dir, "%s/build/scenarios/fw", root);
    const char *base = slash ? slash + 1 : source;
    snprintf(stem, sizeof stem, "%s", base);
    char *dot = strrchr(stem, '.');
    if (dot)
        *dot = 0;
    snprintf(elf, elflen, "%s/%s-%s-%016llx.elf", dir, stem, chip, (unsigned long long)h);
    if (access(elf, R_OK) == 0)
        return 0;

    mkdirs(dir);
    char tmp[2100], log[2100], cc[2048];
    snprintf(tmp, sizeof tmp, "%s.tmp%ld", elf, (long)getpid());
    snprintf(log, sizeof log, "%s.log", elf);
    snprintf(cc, sizeof cc, "%s/build/lanai-cc", root);
    const char *argv[80];
    int a = 0;
    argv[a++] = cc;
    argv[a++] = "-o";
    argv[a++] = tmp;
    argv[a++] = "--chip";
    argv[a++] = chip;
    for (int i = 0; i < nflags && a < 76; i++)
        argv[a++] = flags[i];
    argv[a++] = source;
    argv[a] = NULL;

    pid_t pid = fork();
    if (pid < 0) {
        snprintf(err, errlen, "cannot start %s: %s", cc, strerror(errno));
        return -1;
    }
    if (pid == 0) {
        int fd = open(log, O_WRONLY | O_CREAT | O_TRUNC, 0666);
        if (fd >= 0) {
            dup2(fd, 1);
            dup2(fd, 2);
            close(fd);
        }
        execv(cc, (char *const *)argv);
        fprintf(stderr, "cannot run %s: %s\n", cc, strerror(errno));
        _exit(127);
    }
    int st;
    while (waitpid(pid, &st, 0) < 0 && errno == EINTR) {
    }
    if (!WIFEXITED(st) || WEXITSTATUS(st) != 0) {
        char head[1024];
        log_head(log, head, sizeof head);
        snprintf(err, errlen, "building %s for %s failed (log: %s):\n%s", source, chip, log, head);
        unlink(tmp);
        return -1;
    }
    if (rename(tmp, elf)) {
        snprintf(err, errlen, "cannot move %s into place: %s", tmp, strerror(errno));
        return -1;
    }
    return 0;
}
