/* The host side of an unmodified sockets program (msock_host.h): the
 * msock_api entries (cluster descriptors to the emulation, every other one
 * down the host's ordinary path), simulated time, the cluster's names,
 * per-process output, exit, and loading a private copy of the program. */
#define _GNU_SOURCE
#include "msock_host.h"

#include <arpa/inet.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <netinet/in.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct msock_proc {
    msock_api api;             /* first: the program's msock_api_ptr points here */
    platform *p;
    msock *m;
    uint32_t node, nodes;
    FILE *out;
    uint32_t fn_cycles;
    unsigned long long charged;   /* function entries already charged */
    jmp_buf jb;
    int exit_code;
    int failed;                /* the host failed under the program (a platform error) */
    struct hostent he;
    struct in_addr he_addr;
    char *he_list[2];
    char he_name[32];
};

/* What the program computed since its last call, as CPU time. */
static void charge(msock_proc *pr)
{
    unsigned long long n = pr->api.fn_entries - pr->charged;
    pr->charged = pr->api.fn_entries;
    if (n && plat_compute(pr->p, (sim_time)(n * pr->fn_cycles * 1000000ull / plat_host_profile(pr->p)->cpu_mhz)))
        pr->failed = 1;
}

#define PR ((msock_proc *)self)
#define RET(call)                                                                                                      \
    do {                                                                                                               \
        charge(PR);                                                                                                    \
        int e_ = 0;                                                                                                    \
        __typeof__(call) r_ = (call);                                                                                  \
        if (r_ < 0) errno = e_;                                                                                        \
        return r_;                                                                                                     \
    } while (0)
/* (e_ is the name every wrapped call writes its errno into) */

static int a_socket(void *self, int d, int t, int p) { RET(msock_socket(PR->m, d, t, p, &e_)); }
static int a_bind(void *self, int f, const struct sockaddr *a, socklen_t n) { RET(msock_bind(PR->m, f, a, n, &e_)); }
static int a_listen(void *self, int f, int b) { RET(msock_listen(PR->m, f, b, &e_)); }
static int a_accept(void *self, int f, struct sockaddr *a, socklen_t *n) { RET(msock_accept(PR->m, f, a, n, &e_)); }
static int a_connect(void *self, int f, const struct sockaddr *a, socklen_t n) { RET(msock_connect(PR->m, f, a, n, &e_)); }
static ssize_t a_send(void *self, int f, const void *b, size_t n, int fl) { RET(msock_send(PR->m, f, b, n, fl, &e_)); }
static ssize_t a_recv(void *self, int f, void *b, size_t n, int fl) { RET(msock_recv(PR->m, f, b, n, fl, &e_)); }
static int a_shutdown(void *self, int f, int h) { RET(msock_shutdown(PR->m, f, h, &e_)); }
static int a_setsockopt(void *self, int f, int l, int o, const void *v, socklen_t n)
{
    RET(msock_setsockopt(PR->m, f, l, o, v, n, &e_));
}
static int a_getsockopt(void *self, int f, int l, int o, void *v, socklen_t *n)
{
    RET(msock_getsockopt(PR->m, f, l, o, v, n, &e_));
}
static int a_getsockname(void *self, int f, struct sockaddr *a, socklen_t *n)
{
    RET(msock_getsockname(PR->m, f, a, n, NULL, &e_));
}
static int a_getpeername(void *self, int f, struct sockaddr *a, socklen_t *n)
{
    int peer = 1;
    RET(msock_getsockname(PR->m, f, a, n, &peer, &e_));
}
static int a_select(void *self, int n, fd_set *r, fd_set *w, fd_set *x, struct timeval *t)
{
    RET(msock_select(PR->m, n, r, w, x, t, &e_));
}

/* Descriptors: cluster sockets to the emulation; 0 reads end of file, 1
 * and 2 write to the process's output; the rest are the host's own. */
static ssize_t a_read(void *self, int f, void *b, size_t n)
{
    if (msock_is_fd(f)) RET(msock_recv(PR->m, f, b, n, 0, &e_));
    charge(PR);
    return f == 0 ? 0 : read(f, b, n);
}

static ssize_t a_write(void *self, int f, const void *b, size_t n)
{
    if (msock_is_fd(f)) RET(msock_send(PR->m, f, b, n, 0, &e_));
    charge(PR);
    if (f == 1 || f == 2) return (ssize_t)fwrite(b, 1, n, PR->out);
    return write(f, b, n);
}

static int a_close(void *self, int f)
{
    if (msock_is_fd(f)) RET(msock_close(PR->m, f, &e_));
    charge(PR);
    return f <= 2 && f >= 0 ? 0 : close(f);
}

static int a_gettimeofday(void *self, struct timeval *tv)
{
    charge(PR);
    sim_time t = plat_now(PR->p) / 1000000;      /* microseconds since the run began */
    tv->tv_sec = (time_t)(t / 1000000);
    tv->tv_usec = (suseconds_t)(t % 1000000);
    return 0;
}

static int a_clock_gettime(void *self, clockid_t c, struct timespec *ts)
{
    (void)c;                   /* every clock is the simulated one */
    charge(PR);
    sim_time t = plat_now(PR->p) / 1000;         /* nanoseconds */
    ts->tv_sec = (time_t)(t / 1000000000);
    ts->tv_nsec = (long)(t % 1000000000);
    return 0;
}

static unsigned a_sleep(void *self, unsigned s)
{
    charge(PR);
    if (msock_sleep(PR->m, SIM_US((sim_time)s * 1000000))) PR->failed = 1;
    return 0;
}

static int a_usleep(void *self, unsigned long us)
{
    charge(PR);
    if (msock_sleep(PR->m, SIM_US((sim_time)us))) PR->failed = 1;
    return 0;
}

/* The cluster's names: "nodeN" (and "localhost") are 10.0.0.(N+1). */
static int node_of(msock_proc *pr, const char *name, uint32_t *node)
{
    char *end;
    if (!name) return -1;
    if (!strcmp(name, "localhost")) {
        *node = pr->node;
        return 0;
    }
    if (strncmp(name, "node", 4) == 0 && name[4] >= '0' && name[4] <= '9') {
        unsigned long n = strtoul(name + 4, &end, 10);
        if (*end || n >= pr->nodes) return -1;
        *node = (uint32_t)n;
        return 0;
    }
    struct in_addr a;
    if (inet_aton(name, &a)) {
        uint32_t h = ntohl(a.s_addr);
        if (h == 0x7F000001u) h = msock_addr_of(pr->node);
        if (h - MSOCK_NET_ADDR - 1 < pr->nodes) {
            *node = h - MSOCK_NET_ADDR - 1;
            return 0;
        }
    }
    return -1;
}

static struct hostent *a_gethostbyname(void *self, const char *name)
{
    msock_proc *pr = PR;
    uint32_t n;
    charge(pr);
    if (node_of(pr, name, &n)) {
        h_errno = HOST_NOT_FOUND;
        return NULL;
    }
    snprintf(pr->he_name, sizeof pr->he_name, "node%u", n);
    pr->he_addr.s_addr = htonl(msock_addr_of(n));
    pr->he_list[0] = (char *)&pr->he_addr;
    pr->he_list[1] = NULL;
    pr->he = (struct hostent){pr->he_name, NULL, AF_INET, 4, pr->he_list};
    return &pr->he;
}

static int a_getaddrinfo(void *self, const char *host, const char *serv, const struct addrinfo *hints,
                         struct addrinfo **res)
{
    msock_proc *pr = PR;
    charge(pr);
    uint32_t n = pr->node;
    int passive = hints && (hints->ai_flags & AI_PASSIVE);
    if (host && node_of(pr, host, &n)) return EAI_NONAME;
    if (hints && hints->ai_family != AF_UNSPEC && hints->ai_family != AF_INET) return EAI_FAMILY;
    char *end;
    unsigned long port = serv ? strtoul(serv, &end, 10) : 0;
    if (serv && (*end || port > 65535)) return EAI_SERVICE;
    struct addrinfo *ai = calloc(1, sizeof *ai);
    struct sockaddr_in *in = calloc(1, sizeof *in);
    if (!ai || !in) {
        free(ai);
        free(in);
        return EAI_MEMORY;
    }
    in->sin_family = AF_INET;
    in->sin_port = htons((uint16_t)port);
    in->sin_addr.s_addr = !host && passive ? htonl(INADDR_ANY) : htonl(msock_addr_of(n));
    ai->ai_family = AF_INET;
    ai->ai_socktype = SOCK_STREAM;
    ai->ai_protocol = IPPROTO_TCP;
    ai->ai_addrlen = sizeof *in;
    ai->ai_addr = (struct sockaddr *)in;
    *res = ai;
    return 0;
}

static void a_freeaddrinfo(void *self, struct addrinfo *a)
{
    (void)self;
    while (a) {
        struct addrinfo *n = a->ai_next;
        free(a->ai_addr);
        free(a);
        a = n;
    }
}

static int a_gethostname(void *self, char *b, size_t n)
{
    charge(PR);
    return snprintf(b, n, "node%u", PR->node) < (int)n ? 0 : -1;
}

static int a_vprintf(void *self, int fd, const char *fmt, va_list ap)
{
    charge(PR);
    (void)fd;                  /* stdout and stderr share the file, in order */
    return vfprintf(PR->out, fmt, ap);
}

static int a_fputs(void *self, int fd, const char *s)
{
    (void)fd;
    charge(PR);
    return fputs(s, PR->out);
}

static void a_exit(void *self, int code)
{
    charge(PR);
    PR->exit_code = code;
    longjmp(PR->jb, 1);
}

msock_proc *msock_proc_new(platform *p, msock *m, uint32_t node, uint32_t nodes, FILE *out, uint32_t fn_cycles)
{
    msock_proc *pr = calloc(1, sizeof *pr);
    if (!pr) return NULL;
    pr->p = p, pr->m = m, pr->node = node, pr->nodes = nodes, pr->out = out, pr->fn_cycles = fn_cycles;
    pr->api = (msock_api){
        MSOCK_API_VERSION, pr, 0, a_socket, a_bind, a_listen, a_accept, a_connect, a_read, a_write, a_send, a_recv,
        a_shutdown, a_close, a_setsockopt, a_getsockopt, a_getsockname, a_getpeername, a_select, a_gettimeofday,
        a_clock_gettime, a_sleep, a_usleep, a_gethostbyname, a_getaddrinfo, a_freeaddrinfo, a_gethostname, a_vprintf,
        a_fputs, a_exit,
    };
    return pr;
}

void msock_proc_free(msock_proc *pr) { free(pr); }

/* A private copy of the file: dlopen loads a path once, so each process
 * opens its own copy (then removed) and gets its own globals. */
static void *load_copy(const char *so, uint32_t node, char *err, size_t errlen)
{
    char tmp[] = "/tmp/myrisim-sockprog-XXXXXX";
    int fd = mkstemp(tmp);
    FILE *in = fopen(so, "rb");
    if (fd < 0 || !in) {
        snprintf(err, errlen, "%s: %s", fd < 0 ? "temporary copy" : so, strerror(errno));
        if (fd >= 0) close(fd), unlink(tmp);
        if (in) fclose(in);
        return NULL;
    }
    char buf[65536];
    size_t k;
    int bad = 0;
    while ((k = fread(buf, 1, sizeof buf, in)) > 0)
        if (write(fd, buf, k) != (ssize_t)k) bad = 1;
    fclose(in);
    close(fd);
    void *h = bad ? NULL : dlopen(tmp, RTLD_NOW | RTLD_LOCAL);
    if (!h) snprintf(err, errlen, "node %u: loading %s: %s", node, so, bad ? "copy failed" : dlerror());
    unlink(tmp);
    return h;
}

int msock_proc_run(msock_proc *pr, const char *so, int argc, char **argv, char *err, size_t errlen)
{
    void *h = load_copy(so, pr->node, err, errlen);
    if (!h) return -1;
    msock_api **slot = dlsym(h, "msock_api_ptr");
    int (*pmain)(int, char **) = (int (*)(int, char **))dlsym(h, "msock_program_main");
    if (!slot || !pmain) {
        snprintf(err, errlen, "%s: no %s: not built with tools/msock-cc (hostlib/sockets/msock_prog.h)", so,
                 slot ? "main" : "msock_api_ptr");
        dlclose(h);
        return -1;
    }
    *slot = &pr->api;
    /* getopt's state is the C library's, shared by every simulated host: a
     * program parses its options before its first blocking call, so
     * resetting it here gives each one a fresh start */
    optind = 1;
    opterr = 1;
    volatile int rc;
    if (setjmp(pr->jb) == 0) rc = pmain(argc, argv);
    else rc = pr->exit_code;
    charge(pr);
    fflush(pr->out);
    dlclose(h);
    if (pr->failed || msock_error(pr->m)[0]) {
        snprintf(err, errlen, "node %u: the host failed under the program: %s", pr->node,
                 msock_error(pr->m)[0] ? msock_error(pr->m) : plat_error(pr->p));
        return -1;
    }
    return rc;
}
