/* The sockets emulation's state machine (msock.h): the connection table,
 * receiver-side buffers (a block per arrived fragment, appended to a list),
 * the window, and the blocking calls on top of a transport. */
#include "msock.h"

#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WAIT_SLICE SIM_US(1000)    /* one transport wait; any value gives the same results */
#define GIVE_UP SIM_US(20000000)   /* a blocking call fails with ETIMEDOUT after 20 s of simulated time */

enum { S_FREE, S_NEW, S_LISTEN, S_CONNECTING, S_CONN, S_REFUSED, S_CLOSED };

typedef struct blk {
    struct blk *next;
    uint32_t len, off;
    uint8_t *data;             /* host memory of the process (plat_alloc) */
} blk;

typedef struct sk {
    int state;
    int fd_open;               /* the program still has its descriptor */
    uint16_t port;             /* local port (network order kept out: host order) */
    uint32_t peer_node, peer_id;
    uint16_t peer_port;
    blk *head, *tail;
    uint64_t avail;            /* bytes buffered */
    int eof;                   /* the peer's FIN has arrived */
    int shut_wr;
    uint32_t credit;           /* bytes we may still send (the peer's window) */
    uint32_t consumed;         /* read since our last credit message */
    uint32_t rcvbuf;
    int err;                   /* connect's result (an errno) */
    int *q;                    /* listening: accepted-but-not-yet-taken socket ids */
    int nq, cq, backlog;
} sk;

struct msock {
    platform *p;
    const msock_net *net;
    void *nc;
    uint32_t node, nodes;
    msock_costs c;
    sk *s;
    int ns, cs;
    uint16_t next_port;
    int failed;                /* a transport error: every call fails from then on */
    char err[300];
};

msock *msock_new(platform *p, const msock_net *net, void *net_ctx, uint32_t node, uint32_t nodes,
                 const msock_costs *c)
{
    msock *m = calloc(1, sizeof *m);
    if (!m) return NULL;
    m->p = p, m->net = net, m->nc = net_ctx, m->node = node, m->nodes = nodes;
    m->c = c ? *c : (msock_costs){200, 400};
    m->next_port = 40000;
    return m;
}

static void drop_blocks(msock *m, sk *s)
{
    while (s->head) {
        blk *b = s->head;
        s->head = b->next;
        if (m->net->user_buffering) plat_free(m->p, b->data);
        else free(b->data);
        free(b);
    }
    s->tail = NULL;
    s->avail = 0;
}

void msock_free(msock *m)
{
    if (!m) return;
    for (int i = 0; i < m->ns; i++) {
        drop_blocks(m, &m->s[i]);
        free(m->s[i].q);
    }
    free(m->s);
    free(m);
}

const char *msock_error(const msock *m) { return m->err; }
int msock_is_fd(int fd) { return fd >= MSOCK_FD_BASE && fd < MSOCK_FD_BASE + MSOCK_MAX_SOCKETS; }

static sim_time cycles(msock *m, uint32_t n)
{
    return (sim_time)n * 1000000 / plat_host_profile(m->p)->cpu_mhz;
}

/* A transport or platform failure: recorded, EIO to the program. */
static int broken(msock *m, int *err_no, const char *what)
{
    if (!m->failed) {
        const char *e = m->net->error ? m->net->error(m->nc) : "";
        snprintf(m->err, sizeof m->err, "%s: %s", what, e && e[0] ? e : plat_error(m->p));
    }
    m->failed = 1;
    *err_no = EIO;
    return -1;
}

/* Every call: its CPU time (a system call too over a kernel transport). */
static int enter(msock *m, int *err_no)
{
    if (m->failed) {
        *err_no = EIO;
        return -1;
    }
    if (plat_compute(m->p, cycles(m, m->c.call_cycles)) || (m->net->kernel_calls && plat_syscall(m->p)))
        return broken(m, err_no, "call");
    return 0;
}

static int new_sock(msock *m)
{
    if (m->ns == MSOCK_MAX_SOCKETS) return -1;
    if (m->ns == m->cs) {
        int c = m->cs ? 2 * m->cs : 16;
        sk *n = realloc(m->s, (size_t)c * sizeof *n);
        if (!n) return -1;
        m->s = n, m->cs = c;
    }
    memset(&m->s[m->ns], 0, sizeof m->s[0]);
    m->s[m->ns].state = S_NEW;
    m->s[m->ns].rcvbuf = MSOCK_DEFAULT_RCVBUF;
    return m->ns++;
}

static sk *sock_of(msock *m, int fd, int *err_no)
{
    int id = fd - MSOCK_FD_BASE;
    if (!msock_is_fd(fd) || id >= m->ns || !m->s[id].fd_open) {
        *err_no = EBADF;
        return NULL;
    }
    return &m->s[id];
}

/* Wait for the transport once (deliveries happen inside). */
static int wait_once(msock *m, int *err_no)
{
    if (m->net->wait(m->nc, WAIT_SLICE) < 0) return broken(m, err_no, "waiting");
    return 0;
}

/* ---- arrivals ---- */

static sk *listener(msock *m, uint32_t port)
{
    for (int i = 0; i < m->ns; i++)
        if (m->s[i].state == S_LISTEN && m->s[i].port == port) return &m->s[i];
    return NULL;
}

static void reply(msock *m, uint32_t dst, uint32_t kind, uint32_t a0, uint32_t a1, uint32_t a2, uint32_t a3)
{
    uint32_t a[4] = {a0, a1, a2, a3};
    if (m->net->send(m->nc, dst, kind, a, NULL, 0) && !m->failed) {
        const char *e = m->net->error ? m->net->error(m->nc) : "";
        snprintf(m->err, sizeof m->err, "reply: %s", e);
        m->failed = 1;
    }
}

void msock_deliver(msock *m, uint32_t src, uint32_t kind, const uint32_t a[4], const uint8_t *data, uint32_t len)
{
    if (m->failed) return;
    if (kind == MSOCK_K_CONNECT) {
        sk *l = listener(m, a[0]);
        int id = l && l->nq < l->backlog ? new_sock(m) : -1;
        if (id < 0) {
            reply(m, src, MSOCK_K_ACCEPTED, a[1], 0, ECONNREFUSED, 0);
            return;
        }
        l = listener(m, a[0]);     /* new_sock may have moved the table */
        if (l->nq == l->cq) {
            int c = l->cq ? 2 * l->cq : 8, *q = realloc(l->q, (size_t)c * sizeof *q);
            if (!q) {
                m->s[id].state = S_CLOSED;
                reply(m, src, MSOCK_K_ACCEPTED, a[1], 0, ENOBUFS, 0);
                return;
            }
            l->q = q, l->cq = c;
        }
        l->q[l->nq++] = id;
        sk *s = &m->s[id];
        s->state = S_CONN, s->port = l->port, s->peer_node = src, s->peer_id = a[1], s->credit = a[2];
        reply(m, src, MSOCK_K_ACCEPTED, a[1], (uint32_t)id, 0, s->rcvbuf);
        return;
    }
    if (a[0] >= (uint32_t)m->ns) {
        snprintf(m->err, sizeof m->err, "a message of kind %u for socket %u from node %u: no such socket", kind, a[0], src);
        m->failed = 1;
        return;
    }
    sk *s = &m->s[a[0]];
    switch (kind) {
    case MSOCK_K_ACCEPTED:
        if (s->state != S_CONNECTING) return;
        if (a[2]) {
            s->state = S_REFUSED;
            s->err = (int)a[2];
        } else {
            s->state = S_CONN, s->peer_id = a[1], s->credit = a[3];
        }
        return;
    case MSOCK_K_DATA: {
        if (!s->fd_open && s->state != S_CONN) return;   /* closed here: dropped */
        blk *b = malloc(sizeof *b);
        uint8_t *d = NULL;
        if (b && m->net->user_buffering) {
            /* a new block per fragment and a list append (L2417) */
            if (!plat_compute(m->p, cycles(m, m->c.alloc_cycles)) && (d = plat_alloc(m->p, len ? len : 1)) &&
                len && plat_memcpy(m->p, d, data, len)) {
                plat_free(m->p, d);
                d = NULL;
            }
        } else if (b) {
            d = malloc(len ? len : 1);
            if (d) memcpy(d, data, len);
        }
        if (!b || !d) {
            free(b);
            snprintf(m->err, sizeof m->err, "socket buffer of %u bytes: %s", len, plat_error(m->p));
            m->failed = 1;
            return;
        }
        *b = (blk){NULL, len, 0, d};
        if (s->tail) s->tail->next = b;
        else s->head = b;
        s->tail = b;
        s->avail += len;
        return;
    }
    case MSOCK_K_FIN:
        s->eof = 1;
        return;
    case MSOCK_K_CREDIT:
        s->credit += a[1];
        return;
    }
}

void msock_deliver_block(msock *m, uint32_t src, const uint32_t a[4], uint8_t *block, uint32_t len)
{
    sk *s = !m->failed && a[0] < (uint32_t)m->ns ? &m->s[a[0]] : NULL;
    blk *b = s && (s->fd_open || s->state == S_CONN) ? malloc(sizeof *b) : NULL;
    if (!b) {
        plat_free(m->p, block);
        if (!s && !m->failed) {
            snprintf(m->err, sizeof m->err, "data for socket %u from node %u: no such socket", a[0], src);
            m->failed = 1;
        }
        return;
    }
    *b = (blk){NULL, len, 0, block};
    if (s->tail) s->tail->next = b;
    else s->head = b;
    s->tail = b;
    s->avail += len;
}

/* ---- calls ---- */

int msock_socket(msock *m, int domain, int type, int protocol, int *err_no)
{
    if (enter(m, err_no)) return -1;
    if (domain != AF_INET || (type & 0xF) != SOCK_STREAM || (protocol != 0 && protocol != IPPROTO_TCP)) {
        *err_no = EPROTONOSUPPORT;    /* reliable stream sockets only (L2385) */
        return -1;
    }
    int id = new_sock(m);
    if (id < 0) {
        *err_no = EMFILE;
        return -1;
    }
    m->s[id].fd_open = 1;
    return MSOCK_FD_BASE + id;
}

static int port_of(const struct sockaddr *a, socklen_t n, uint32_t *addr, uint16_t *port, int *err_no)
{
    if (!a || n < (socklen_t)sizeof(struct sockaddr_in) || a->sa_family != AF_INET) {
        *err_no = !a ? EFAULT : EAFNOSUPPORT;
        return -1;
    }
    const struct sockaddr_in *in = (const struct sockaddr_in *)a;
    *addr = ntohl(in->sin_addr.s_addr);
    *port = ntohs(in->sin_port);
    return 0;
}

int msock_bind(msock *m, int fd, const struct sockaddr *a, socklen_t n, int *err_no)
{
    if (enter(m, err_no)) return -1;
    sk *s = sock_of(m, fd, err_no);
    uint32_t addr;
    uint16_t port;
    if (!s || port_of(a, n, &addr, &port, err_no)) return -1;
    if (s->state != S_NEW || s->port) {
        *err_no = EINVAL;
        return -1;
    }
    for (int i = 0; i < m->ns; i++)
        if (port && m->s[i].port == port && (m->s[i].state == S_LISTEN || (m->s[i].state == S_NEW && m->s[i].fd_open))) {
            *err_no = EADDRINUSE;
            return -1;
        }
    s->port = port ? port : m->next_port++;
    return 0;
}

int msock_listen(msock *m, int fd, int backlog, int *err_no)
{
    if (enter(m, err_no)) return -1;
    sk *s = sock_of(m, fd, err_no);
    if (!s) return -1;
    if (s->state != S_NEW && s->state != S_LISTEN) {
        *err_no = EINVAL;
        return -1;
    }
    if (!s->port) s->port = m->next_port++;
    s->state = S_LISTEN;
    s->backlog = backlog < 1 ? 1 : backlog > 128 ? 128 : backlog;
    return 0;
}

static int fill_addr(struct sockaddr *a, socklen_t *n, uint32_t node, uint16_t port)
{
    if (!a || !n) return 0;
    struct sockaddr_in in = {0};
    in.sin_family = AF_INET;
    in.sin_port = htons(port);
    in.sin_addr.s_addr = htonl(msock_addr_of(node));
    socklen_t k = *n < (socklen_t)sizeof in ? *n : (socklen_t)sizeof in;
    memcpy(a, &in, (size_t)k);
    *n = sizeof in;
    return 0;
}

int msock_accept(msock *m, int fd, struct sockaddr *a, socklen_t *n, int *err_no)
{
    if (enter(m, err_no)) return -1;
    sk *s = sock_of(m, fd, err_no);
    if (!s) return -1;
    if (s->state != S_LISTEN) {
        *err_no = EINVAL;
        return -1;
    }
    int id = (int)(s - m->s);
    sim_time give_up = plat_now(m->p) + GIVE_UP;
    while (m->s[id].nq == 0) {
        if (wait_once(m, err_no)) return -1;
        if (plat_now(m->p) > give_up) {
            *err_no = ETIMEDOUT;
            return -1;
        }
    }
    s = &m->s[id];
    int c = s->q[0];
    memmove(s->q, s->q + 1, (size_t)(s->nq - 1) * sizeof *s->q);
    s->nq--;
    m->s[c].fd_open = 1;
    fill_addr(a, n, m->s[c].peer_node, 0);
    return MSOCK_FD_BASE + c;
}

int msock_connect(msock *m, int fd, const struct sockaddr *a, socklen_t n, int *err_no)
{
    if (enter(m, err_no)) return -1;
    sk *s = sock_of(m, fd, err_no);
    uint32_t addr;
    uint16_t port;
    if (!s || port_of(a, n, &addr, &port, err_no)) return -1;
    if (s->state == S_CONN) {
        *err_no = EISCONN;
        return -1;
    }
    if (s->state != S_NEW) {
        *err_no = EINVAL;
        return -1;
    }
    if (addr == 0x7F000001u) addr = msock_addr_of(m->node);
    if (addr - MSOCK_NET_ADDR - 1 >= m->nodes) {
        *err_no = ENETUNREACH;     /* not a cluster host (the emulation has no outside path) */
        return -1;
    }
    int id = (int)(s - m->s);
    s->state = S_CONNECTING, s->peer_node = addr - MSOCK_NET_ADDR - 1, s->peer_port = port;
    if (!s->port) s->port = m->next_port++;
    uint32_t arg[4] = {port, (uint32_t)id, s->rcvbuf, 0};
    if (m->net->send(m->nc, s->peer_node, MSOCK_K_CONNECT, arg, NULL, 0)) return broken(m, err_no, "connect");
    sim_time give_up = plat_now(m->p) + GIVE_UP;
    while (m->s[id].state == S_CONNECTING) {
        if (wait_once(m, err_no)) return -1;
        if (plat_now(m->p) > give_up) {
            *err_no = ETIMEDOUT;
            return -1;
        }
    }
    s = &m->s[id];
    if (s->state == S_REFUSED) {
        *err_no = s->err;
        s->state = S_NEW;          /* connect may be tried again (as Linux allows) */
        return -1;
    }
    return 0;
}

ssize_t msock_send(msock *m, int fd, const void *buf, size_t len, int flags, int *err_no)
{
    (void)flags;
    if (enter(m, err_no)) return -1;
    sk *s = sock_of(m, fd, err_no);
    if (!s) return -1;
    if (s->state != S_CONN) {
        *err_no = s->state == S_CLOSED ? EPIPE : ENOTCONN;
        return -1;
    }
    if (s->shut_wr) {
        *err_no = EPIPE;
        return -1;
    }
    if (len && !buf) {
        *err_no = EFAULT;
        return -1;
    }
    int id = (int)(s - m->s);
    const uint8_t *p = buf;
    size_t off = 0;
    sim_time give_up = plat_now(m->p) + GIVE_UP;
    while (off < len) {
        s = &m->s[id];
        if (s->credit == 0) {      /* the peer's window is full: back-pressure */
            if (wait_once(m, err_no)) return -1;
            if (plat_now(m->p) > give_up) {
                *err_no = ETIMEDOUT;
                return off ? (ssize_t)off : -1;
            }
            continue;
        }
        uint32_t k = (uint32_t)(len - off < m->net->mtu ? len - off : m->net->mtu);
        if (k > s->credit) k = s->credit;
        uint32_t a[4] = {s->peer_id, 0, 0, 0};
        s->credit -= k;
        if (m->net->send(m->nc, s->peer_node, MSOCK_K_DATA, a, p + off, k)) return broken(m, err_no, "send");
        off += k;
    }
    return (ssize_t)len;
}

ssize_t msock_recv(msock *m, int fd, void *buf, size_t len, int flags, int *err_no)
{
    if (enter(m, err_no)) return -1;
    sk *s = sock_of(m, fd, err_no);
    if (!s) return -1;
    if (s->state != S_CONN && s->state != S_CLOSED) {
        *err_no = ENOTCONN;
        return -1;
    }
    if (len && !buf) {
        *err_no = EFAULT;
        return -1;
    }
    int id = (int)(s - m->s);
    int all = (flags & MSG_WAITALL) != 0;
    sim_time give_up = plat_now(m->p) + GIVE_UP;
    while (len && !m->s[id].eof && (m->s[id].avail == 0 || (all && m->s[id].avail < len))) {
        if (wait_once(m, err_no)) return -1;
        if (plat_now(m->p) > give_up) {
            *err_no = ETIMEDOUT;
            return -1;
        }
    }
    s = &m->s[id];
    uint8_t *out = buf;
    size_t got = 0;
    while (got < len && s->head) {
        blk *b = s->head;
        uint32_t k = b->len - b->off;
        if (k > len - got) k = (uint32_t)(len - got);
        if (k && plat_memcpy(m->p, out + got, b->data + b->off, k)) return broken(m, err_no, "read copy");
        b->off += k;
        got += k;
        if (b->off == b->len) {
            s->head = b->next;
            if (!s->head) s->tail = NULL;
            if (m->net->user_buffering) plat_free(m->p, b->data);
            else free(b->data);
            free(b);
        }
    }
    s->avail -= got;
    s->consumed += (uint32_t)got;
    /* give the window back once half of it has been read */
    if (s->state == S_CONN && s->consumed >= s->rcvbuf / 2) {
        uint32_t a[4] = {s->peer_id, s->consumed, 0, 0};
        s->consumed = 0;
        if (m->net->send(m->nc, s->peer_node, MSOCK_K_CREDIT, a, NULL, 0)) return broken(m, err_no, "window update");
    }
    return (ssize_t)got;
}

static int send_fin(msock *m, sk *s, int *err_no)
{
    if (s->state != S_CONN || s->shut_wr) return 0;
    s->shut_wr = 1;
    uint32_t a[4] = {s->peer_id, 0, 0, 0};
    if (m->net->send(m->nc, s->peer_node, MSOCK_K_FIN, a, NULL, 0)) return broken(m, err_no, "close");
    return 0;
}

int msock_shutdown(msock *m, int fd, int how, int *err_no)
{
    if (enter(m, err_no)) return -1;
    sk *s = sock_of(m, fd, err_no);
    if (!s) return -1;
    if (s->state != S_CONN) {
        *err_no = ENOTCONN;
        return -1;
    }
    return how == SHUT_RD ? 0 : send_fin(m, s, err_no);
}

int msock_close(msock *m, int fd, int *err_no)
{
    if (enter(m, err_no)) return -1;
    sk *s = sock_of(m, fd, err_no);
    if (!s) return -1;
    if (send_fin(m, s, err_no)) return -1;
    drop_blocks(m, s);
    s->fd_open = 0;
    s->state = S_CLOSED;
    return 0;
}

int msock_setsockopt(msock *m, int fd, int level, int name, const void *v, socklen_t n, int *err_no)
{
    if (enter(m, err_no)) return -1;
    sk *s = sock_of(m, fd, err_no);
    if (!s) return -1;
    if (!v || n < (socklen_t)sizeof(int)) {
        *err_no = EINVAL;
        return -1;
    }
    int x;
    memcpy(&x, v, sizeof x);
    if (level == SOL_SOCKET && name == SO_RCVBUF) {
        if (s->state != S_NEW && s->state != S_LISTEN) return 0;   /* fixed once connected */
        s->rcvbuf = x < 4096 ? 4096 : (uint32_t)x;
        return 0;
    }
    /* accepted, no effect: TCP_NODELAY (every write goes at once),
     * SO_SNDBUF (the sender does not buffer), SO_REUSEADDR, SO_KEEPALIVE */
    if ((level == IPPROTO_TCP && name == TCP_NODELAY) ||
        (level == SOL_SOCKET && (name == SO_SNDBUF || name == SO_REUSEADDR || name == SO_KEEPALIVE)))
        return 0;
    *err_no = ENOPROTOOPT;
    return -1;
}

int msock_getsockopt(msock *m, int fd, int level, int name, void *v, socklen_t *n, int *err_no)
{
    if (enter(m, err_no)) return -1;
    sk *s = sock_of(m, fd, err_no);
    if (!s) return -1;
    if (!v || !n || *n < (socklen_t)sizeof(int)) {
        *err_no = EINVAL;
        return -1;
    }
    int x;
    if (level == SOL_SOCKET && name == SO_RCVBUF) x = (int)s->rcvbuf;
    else if (level == SOL_SOCKET && name == SO_ERROR) x = 0;
    else {
        *err_no = ENOPROTOOPT;
        return -1;
    }
    memcpy(v, &x, sizeof x);
    *n = sizeof x;
    return 0;
}

int msock_getsockname(msock *m, int fd, struct sockaddr *a, socklen_t *n, int *peer, int *err_no)
{
    if (enter(m, err_no)) return -1;
    sk *s = sock_of(m, fd, err_no);
    if (!s) return -1;
    if (peer && s->state != S_CONN) {
        *err_no = ENOTCONN;
        return -1;
    }
    fill_addr(a, n, peer ? s->peer_node : m->node, peer ? s->peer_port : s->port);
    return 0;
}

static int ready(msock *m, int fd, int want_write)
{
    sk *s = &m->s[fd - MSOCK_FD_BASE];
    if (want_write) return s->state != S_CONN || s->credit > 0;
    if (s->state == S_LISTEN) return s->nq > 0;
    return s->avail > 0 || s->eof || s->state != S_CONN;
}

int msock_select(msock *m, int nfds, fd_set *r, fd_set *w, fd_set *x, const struct timeval *timeout, int *err_no)
{
    if (enter(m, err_no)) return -1;
    fd_set in_r, in_w;
    FD_ZERO(&in_r);
    FD_ZERO(&in_w);
    if (nfds > FD_SETSIZE) nfds = FD_SETSIZE;
    for (int f = 0; f < nfds; f++) {
        int rd = r && FD_ISSET(f, r), wr = w && FD_ISSET(f, w), e;
        if (!rd && !wr) continue;
        if (!sock_of(m, f, &e)) {
            *err_no = EBADF;     /* only cluster descriptors (docs/sockets.md) */
            return -1;
        }
        if (rd) FD_SET(f, &in_r);
        if (wr) FD_SET(f, &in_w);
    }
    if (x) FD_ZERO(x);
    sim_time end = timeout ? plat_now(m->p) + SIM_US((uint64_t)timeout->tv_sec * 1000000 + (uint64_t)timeout->tv_usec)
                           : SIM_TIME_NEVER;
    for (;;) {
        int k = 0;
        if (r) FD_ZERO(r);
        if (w) FD_ZERO(w);
        for (int f = MSOCK_FD_BASE; f < nfds; f++) {
            if (FD_ISSET(f, &in_r) && ready(m, f, 0)) FD_SET(f, r), k++;
            if (FD_ISSET(f, &in_w) && ready(m, f, 1)) FD_SET(f, w), k++;
        }
        if (k || plat_now(m->p) >= end) return k;
        sim_time left = end - plat_now(m->p);
        if (m->net->wait(m->nc, left < WAIT_SLICE ? left : WAIT_SLICE) < 0) return broken(m, err_no, "select");
    }
}

int msock_sleep(msock *m, sim_time t)
{
    sim_time end = plat_now(m->p) + t;
    int e;
    while (plat_now(m->p) < end) {
        sim_time left = end - plat_now(m->p);
        if (m->net->wait(m->nc, left < WAIT_SLICE ? left : WAIT_SLICE) < 0) return broken(m, &e, "sleep");
    }
    return 0;
}
