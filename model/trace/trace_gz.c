/* trace_open: the file sink. zlib writes both forms: gzip for "*.gz",
 * its transparent mode ("T") for plain JSON. Level 1: a trace is mostly
 * repeated keys, which compress well at the fastest level too. */
#include "trace.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

typedef struct {
    gzFile f;
    char path[512];
} gz_sink;

static int gz_write(void *ctx, const char *buf, size_t n)
{
    gz_sink *s = ctx;
    return gzwrite(s->f, buf, (unsigned)n) == (int)n ? 0 : -1;
}

static int gz_close(void *ctx, char *err, size_t errlen)
{
    gz_sink *s = ctx;
    int rc = gzclose(s->f);
    if (rc != Z_OK) snprintf(err, errlen, "%s: closing the trace file failed (zlib error %d)", s->path, rc);
    free(s);
    return rc == Z_OK ? 0 : -1;
}

trace *trace_open(const char *path, uint64_t max_events, char *err, size_t errlen)
{
    size_t l = strlen(path);
    int gz = l > 3 && !strcmp(path + l - 3, ".gz");
    gz_sink *s = calloc(1, sizeof *s);
    if (!s) {
        snprintf(err, errlen, "%s: out of memory", path);
        return NULL;
    }
    snprintf(s->path, sizeof s->path, "%s", path);
    errno = 0;
    s->f = gzopen(path, gz ? "wb1" : "wbT");
    if (!s->f) {
        snprintf(err, errlen, "cannot create the trace file %s: %s", path, errno ? strerror(errno) : "zlib failed");
        free(s);
        return NULL;
    }
    gzbuffer(s->f, 1u << 17);
    trace_sink sink = {s, gz_write, gz_close};
    trace *t = trace_new(&sink, max_events);
    if (!t) {
        gzclose(s->f);
        free(s);
        snprintf(err, errlen, "%s: out of memory", path);
    }
    return t;
}
