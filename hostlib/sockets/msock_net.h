/* What the sockets emulation needs from a network: send a small typed
 * message with four arguments and a payload to a node, and wait for what
 * arrives. Two transports: GRIM active messages (msock_grim.c) and the
 * Ethernet + TCP baseline (msock_tcp.c over model/eth). */
#ifndef MYRISIM_SOCKETS_MSOCK_NET_H
#define MYRISIM_SOCKETS_MSOCK_NET_H

#include "../platform.h"

/* Message kinds (arguments a0..a3). */
enum {
    MSOCK_K_CONNECT,           /* a0 = port, a1 = client socket id, a2 = client's receive window */
    MSOCK_K_ACCEPTED,          /* a0 = client id, a1 = server id, a2 = 0 or an errno, a3 = server's window */
    MSOCK_K_DATA,              /* a0 = receiver's socket id; payload = stream bytes */
    MSOCK_K_FIN,               /* a0 = receiver's socket id: no more data */
    MSOCK_K_CREDIT,            /* a0 = receiver's socket id, a1 = bytes the reader consumed */
    MSOCK_K_N
};

typedef struct msock_net {
    const char *name;          /* "grim", "tcp" */
    uint32_t mtu;              /* largest DATA payload (the sockets layer fragments at it) */
    /* 1: a DATA message's payload is copied by the emulation into a newly
     * allocated block on arrival (user-space buffering, GRIM); 0: the
     * transport has already placed it (the kernel's socket buffer, TCP) */
    int user_buffering;
    /* 1: every socket call enters the kernel (a system call each, TCP) */
    int kernel_calls;
    /* Send one message (blocks until the transport has taken it). 0 / -1. */
    int (*send)(void *t, uint32_t dst, uint32_t kind, const uint32_t a[4], const void *data, uint32_t len);
    /* Deliver what has arrived (msock_deliver), waiting at most max of
     * simulated time when nothing has. >= 0 / -1. */
    int (*wait)(void *t, sim_time max);
    const char *(*error)(void *t);
} msock_net;

#endif
