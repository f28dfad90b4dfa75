/* A trace sink into memory, for tests that read the JSON back. */
#ifndef MYRISIM_TRACE_MEM_SINK_H
#define MYRISIM_TRACE_MEM_SINK_H

#include "../../model/trace/trace.h"

typedef struct {
    char *buf;
    size_t len, cap;
    int closed;
    int fail_after;            /* > 0: the write after this many bytes fails */
} mem_sink;

/* A recorder writing into m (zeroed first, fail_after kept). */
trace *mem_trace(mem_sink *m, uint64_t max_events);
void mem_sink_free(mem_sink *m);

#endif
