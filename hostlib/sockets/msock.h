/* The sockets emulation (dissertation §8.3): reliable stream sockets kept in
 * user space, one `msock` per simulated process, over a message transport
 * (msock_net.h: GRIM active messages, or the Ethernet + TCP baseline).
 *
 * What it does (L2397-L2403): data is buffered at the receiver; a
 * per-endpoint connection table where a port becomes available to
 * connections when it is listened / accepted on and a connect to it
 * establishes the connection at once; data goes by messages of at most
 * 64 KB (the transport's fragment), each appended by the receiver to the
 * socket's list as a newly allocated block; read extracts what is there.
 * Descriptors of cluster sockets are marked (MSOCK_FD_BASE and up): the
 * program-facing layer (msock_prog.h) sends every other descriptor down the
 * host's ordinary path.
 *
 * Every call sets *err_no (an errno value) and returns -1 on failure, as
 * the Berkeley calls do. Extensions beyond the dissertation (docs/sockets.md):
 * the listen backlog (a connect before accept waits in the accept queue),
 * shutdown, select, receive-window back-pressure (SO_RCVBUF). */
#ifndef MYRISIM_SOCKETS_MSOCK_H
#define MYRISIM_SOCKETS_MSOCK_H

#include "msock_net.h"

#include <sys/select.h>
#include <sys/socket.h>
#include <sys/types.h>

/* cluster descriptors: MSOCK_FD_BASE + socket id, below FD_SETSIZE so that
 * select's fd_set holds them; ids are not reused within a run */
#define MSOCK_FD_BASE 512
#define MSOCK_MAX_SOCKETS 512
#define MSOCK_DEFAULT_RCVBUF (256u * 1024)

typedef struct msock msock;

/* The emulation's own CPU costs (labelled proposals, docs/sockets.md):
 * cycles per emulated call, per block allocation (malloc call) at the
 * receiver. The transport says which copies are charged where. */
typedef struct msock_costs {
    uint32_t call_cycles;      /* default 200 */
    uint32_t alloc_cycles;     /* default 400 */
} msock_costs;

msock *msock_new(platform *p, const msock_net *net, void *net_ctx, uint32_t node, uint32_t nodes,
                 const msock_costs *c);
void msock_free(msock *m);
/* For transports: a message that arrived from node src (msock_net.h). */
void msock_deliver(msock *m, uint32_t src, uint32_t kind, const uint32_t a[4], const uint8_t *data, uint32_t len);
/* The same for a DATA message whose payload is already a block of host
 * memory of this process (plat_alloc'd: the transport reassembled it
 * there); the socket list takes it over. */
void msock_deliver_block(msock *m, uint32_t src, const uint32_t a[4], uint8_t *block, uint32_t len);
/* Why the last call failed beyond errno (a transport error), "" if not. */
const char *msock_error(const msock *m);
int msock_is_fd(int fd);

int msock_socket(msock *m, int domain, int type, int protocol, int *err_no);
int msock_bind(msock *m, int fd, const struct sockaddr *a, socklen_t n, int *err_no);
int msock_listen(msock *m, int fd, int backlog, int *err_no);
int msock_accept(msock *m, int fd, struct sockaddr *a, socklen_t *n, int *err_no);
int msock_connect(msock *m, int fd, const struct sockaddr *a, socklen_t n, int *err_no);
ssize_t msock_send(msock *m, int fd, const void *buf, size_t len, int flags, int *err_no);
ssize_t msock_recv(msock *m, int fd, void *buf, size_t len, int flags, int *err_no);
int msock_shutdown(msock *m, int fd, int how, int *err_no);
int msock_close(msock *m, int fd, int *err_no);
int msock_setsockopt(msock *m, int fd, int level, int name, const void *v, socklen_t n, int *err_no);
int msock_getsockopt(msock *m, int fd, int level, int name, void *v, socklen_t *n, int *err_no);
int msock_getsockname(msock *m, int fd, struct sockaddr *a, socklen_t *n, int *peer, int *err_no);
/* select over cluster descriptors (others in the sets are an error,
 * EBADF); timeout in simulated time, NULL = wait for ever. */
int msock_select(msock *m, int nfds, fd_set *r, fd_set *w, fd_set *x, const struct timeval *timeout, int *err_no);
/* Sleep for simulated time (while serving the transport). */
int msock_sleep(msock *m, sim_time t);

/* Cluster addresses: node n is 10.0.0.(n+1) (host byte order here). */
#define MSOCK_NET_ADDR 0x0A000000u
static inline uint32_t msock_addr_of(uint32_t node) { return MSOCK_NET_ADDR + node + 1; }

#endif
