/* The parts of <stdlib.h> firmware/rt provides on the Lanai: the heap
 * (malloc.c; its size is lanai-cc's --heap-size, 64 KiB by default),
 * abort and exit. In a native build that shares these include paths it
 * defers to the system header. */
#ifndef __lanai__
#include_next <stdlib.h>
#else
#ifndef MYRISIM_INCLUDE_STDLIB_H
#define MYRISIM_INCLUDE_STDLIB_H

#include <stddef.h>

void *malloc(size_t n);
void free(void *p);
void *calloc(size_t count, size_t size);
void *realloc(void *p, size_t n);   /* realloc(p, 0) frees p, returns NULL */

/* abort: "abort" through the simulator's assert path (rt.h); exit: the
 * exit code through SIMSVC_EXIT, as returning from main does. */
void abort(void) __attribute__((noreturn));
void exit(int code) __attribute__((noreturn));

static inline int abs(int v) { return v < 0 ? -v : v; }
static inline long labs(long v) { return v < 0 ? -v : v; }
static inline long long llabs(long long v) { return v < 0 ? -v : v; }

#endif
#endif
