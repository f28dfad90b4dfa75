/* mem_sink.h */
#include "mem_sink.h"

#include <stdlib.h>
#include <string.h>

static int m_write(void *ctx, const char *b, size_t n)
{
    mem_sink *m = ctx;
    if (m->fail_after > 0 && m->len + n > (size_t)m->fail_after) return -1;
    if (m->len + n + 1 > m->cap) {
        while (m->len + n + 1 > m->cap) m->cap = m->cap ? 2 * m->cap : 4096;
        m->buf = realloc(m->buf, m->cap);
    }
    memcpy(m->buf + m->len, b, n);
    m->len += n;
    m->buf[m->len] = 0;
    return 0;
}

static int m_close(void *ctx, char *err, size_t errlen)
{
    (void)err;
    (void)errlen;
    ((mem_sink *)ctx)->closed = 1;
    return 0;
}

trace *mem_trace(mem_sink *m, uint64_t max_events)
{
    int fa = m->fail_after;
    memset(m, 0, sizeof *m);
    m->fail_after = fa;
    trace_sink s = {m, m_write, m_close};
    return trace_new(&s, max_events);
}

void mem_sink_free(mem_sink *m)
{
    free(m->buf);
    memset(m, 0, sizeof *m);
}
