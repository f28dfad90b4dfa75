/* The table through which an unmodified sockets program (built with
 * msock_prog.h force-included, docs/sockets.md) reaches its simulated host:
 * one table per simulated process, its address in the program copy's own
 * `msock_api_ptr`. Every entry takes the process's context first. */
#ifndef MYRISIM_SOCKETS_MSOCK_API_H
#define MYRISIM_SOCKETS_MSOCK_API_H

#include <netdb.h>
#include <stdarg.h>
#include <stdio.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/types.h>
#include <time.h>

#define MSOCK_API_VERSION 1

typedef struct msock_api {
    int version;
    void *self;
    unsigned long long fn_entries;   /* functions the program entered (-finstrument-functions) */
    int (*socket)(void *, int, int, int);
    int (*bind)(void *, int, const struct sockaddr *, socklen_t);
    int (*listen)(void *, int, int);
    int (*accept)(void *, int, struct sockaddr *, socklen_t *);
    int (*connect)(void *, int, const struct sockaddr *, socklen_t);
    ssize_t (*read)(void *, int, void *, size_t);
    ssize_t (*write)(void *, int, const void *, size_t);
    ssize_t (*send)(void *, int, const void *, size_t, int);
    ssize_t (*recv)(void *, int, void *, size_t, int);
    int (*shutdown)(void *, int, int);
    int (*close)(void *, int);
    int (*setsockopt)(void *, int, int, int, const void *, socklen_t);
    int (*getsockopt)(void *, int, int, int, void *, socklen_t *);
    int (*getsockname)(void *, int, struct sockaddr *, socklen_t *);
    int (*getpeername)(void *, int, struct sockaddr *, socklen_t *);
    int (*select)(void *, int, fd_set *, fd_set *, fd_set *, struct timeval *);
    int (*gettimeofday)(void *, struct timeval *);
    int (*clock_gettime)(void *, clockid_t, struct timespec *);
    unsigned (*sleep)(void *, unsigned);
    int (*usleep)(void *, unsigned long);
    struct hostent *(*gethostbyname)(void *, const char *);
    int (*getaddrinfo)(void *, const char *, const char *, const struct addrinfo *, struct addrinfo **);
    void (*freeaddrinfo)(void *, struct addrinfo *);
    int (*gethostname)(void *, char *, size_t);
    /* output of the process: fd 1 and 2 (stdout / stderr) go to its file */
    int (*vprintf)(void *, int fd, const char *, va_list);
    int (*fputs)(void *, int fd, const char *);
    void (*exit)(void *, int);   /* never returns */
} msock_api;

#endif
