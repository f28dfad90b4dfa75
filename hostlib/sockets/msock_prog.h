/* Force-included (gcc -include) into an unmodified sockets program by
 * tools/msock-cc: after the usual system headers, C macros send the sockets
 * calls, the descriptor calls, time, sleeping, name resolution, standard
 * output and exit to the simulated host through its msock_api table (the
 * dissertation's emulation also intercepted the calls with macros, L2395).
 * `main` is renamed so that the host program `sockets` (hostlib/apps/
 * app_sockets.c) can call it with the host's argv. Every function the
 * program enters is counted (-finstrument-functions) and charged as CPU
 * time at its next call (docs/sockets.md, "Costs"). */
#ifndef MYRISIM_SOCKETS_MSOCK_PROG_H
#define MYRISIM_SOCKETS_MSOCK_PROG_H

#include <arpa/inet.h>
#include <errno.h>
#include <getopt.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/types.h>
#include <time.h>
#include <unistd.h>

#include "msock_api.h"

#define MSOCK_NOI __attribute__((no_instrument_function, unused))

/* One per loaded copy of the program (each simulated host loads its own). */
__attribute__((weak, visibility("default"))) msock_api *msock_api_ptr;

MSOCK_NOI void __cyg_profile_func_enter(void *fn, void *site);
MSOCK_NOI void __cyg_profile_func_exit(void *fn, void *site);
__attribute__((weak, no_instrument_function)) void __cyg_profile_func_enter(void *fn, void *site)
{
    (void)fn, (void)site;
    if (msock_api_ptr) msock_api_ptr->fn_entries++;
}
__attribute__((weak, no_instrument_function)) void __cyg_profile_func_exit(void *fn, void *site)
{
    (void)fn, (void)site;
}

#define MSOCK_A msock_api_ptr
#define MSOCK_S msock_api_ptr->self

static inline MSOCK_NOI int msock_p_printf(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int r = MSOCK_A->vprintf(MSOCK_S, 1, fmt, ap);
    va_end(ap);
    return r;
}

static inline MSOCK_NOI int msock_p_fd_of(FILE *f) { return f == stdout ? 1 : f == stderr ? 2 : -1; }

static inline MSOCK_NOI int msock_p_vfprintf(FILE *f, const char *fmt, va_list ap)
{
    int fd = msock_p_fd_of(f);
    return fd > 0 ? MSOCK_A->vprintf(MSOCK_S, fd, fmt, ap) : vfprintf(f, fmt, ap);
}

static inline MSOCK_NOI int msock_p_fprintf(FILE *f, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int r = msock_p_vfprintf(f, fmt, ap);
    va_end(ap);
    return r;
}

static inline MSOCK_NOI int msock_p_vprintf(const char *fmt, va_list ap) { return MSOCK_A->vprintf(MSOCK_S, 1, fmt, ap); }

static inline MSOCK_NOI int msock_p_fputs(const char *s, FILE *f)
{
    int fd = msock_p_fd_of(f);
    return fd > 0 ? MSOCK_A->fputs(MSOCK_S, fd, s) : fputs(s, f);
}

static inline MSOCK_NOI int msock_p_puts(const char *s)
{
    return MSOCK_A->fputs(MSOCK_S, 1, s) < 0 ? EOF : MSOCK_A->fputs(MSOCK_S, 1, "\n");
}

static inline MSOCK_NOI int msock_p_putchar(int c)
{
    char b[2] = {(char)c, 0};
    return MSOCK_A->fputs(MSOCK_S, 1, b) < 0 ? EOF : (unsigned char)c;
}

static inline MSOCK_NOI int msock_p_fflush(FILE *f) { return msock_p_fd_of(f) > 0 || !f ? 0 : fflush(f); }

static inline MSOCK_NOI void msock_p_perror(const char *s)
{
    int e = errno;
    if (s && *s) {
        MSOCK_A->fputs(MSOCK_S, 2, s);
        MSOCK_A->fputs(MSOCK_S, 2, ": ");
    }
    MSOCK_A->fputs(MSOCK_S, 2, strerror(e));
    MSOCK_A->fputs(MSOCK_S, 2, "\n");
}

#define main msock_program_main
int msock_program_main(int argc, char **argv) __attribute__((visibility("default")));

#define socket(d, t, p) MSOCK_A->socket(MSOCK_S, d, t, p)
#define bind(f, a, n) MSOCK_A->bind(MSOCK_S, f, a, n)
#define listen(f, b) MSOCK_A->listen(MSOCK_S, f, b)
#define accept(f, a, n) MSOCK_A->accept(MSOCK_S, f, a, n)
#define connect(f, a, n) MSOCK_A->connect(MSOCK_S, f, a, n)
#define read(f, b, n) MSOCK_A->read(MSOCK_S, f, b, n)
#define write(f, b, n) MSOCK_A->write(MSOCK_S, f, b, n)
#define send(f, b, n, fl) MSOCK_A->send(MSOCK_S, f, b, n, fl)
#define recv(f, b, n, fl) MSOCK_A->recv(MSOCK_S, f, b, n, fl)
#define shutdown(f, h) MSOCK_A->shutdown(MSOCK_S, f, h)
#define close(f) MSOCK_A->close(MSOCK_S, f)
#define setsockopt(f, l, o, v, n) MSOCK_A->setsockopt(MSOCK_S, f, l, o, v, n)
#define getsockopt(f, l, o, v, n) MSOCK_A->getsockopt(MSOCK_S, f, l, o, v, n)
#define getsockname(f, a, n) MSOCK_A->getsockname(MSOCK_S, f, a, n)
#define getpeername(f, a, n) MSOCK_A->getpeername(MSOCK_S, f, a, n)
#define select(n, r, w, x, t) MSOCK_A->select(MSOCK_S, n, r, w, x, t)
#define gettimeofday(tv, tz) MSOCK_A->gettimeofday(MSOCK_S, tv)
#define clock_gettime(c, ts) MSOCK_A->clock_gettime(MSOCK_S, c, ts)
#define sleep(s) MSOCK_A->sleep(MSOCK_S, s)
#define usleep(u) MSOCK_A->usleep(MSOCK_S, u)
#define gethostbyname(h) MSOCK_A->gethostbyname(MSOCK_S, h)
#define getaddrinfo(h, s, hi, r) MSOCK_A->getaddrinfo(MSOCK_S, h, s, hi, r)
#define freeaddrinfo(a) MSOCK_A->freeaddrinfo(MSOCK_S, a)
#define gethostname(b, n) MSOCK_A->gethostname(MSOCK_S, b, n)
#define exit(c) (MSOCK_A->exit(MSOCK_S, c), __builtin_unreachable())
#define printf msock_p_printf
#define vprintf msock_p_vprintf
#define fprintf msock_p_fprintf
#define vfprintf msock_p_vfprintf
#define fputs msock_p_fputs
#define puts msock_p_puts
#define putchar msock_p_putchar
#define fflush msock_p_fflush
#define perror msock_p_perror

#endif
