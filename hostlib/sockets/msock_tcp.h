/* The sockets calls over the 100 Mb/s Ethernet + TCP baseline: the host's
 * kernel TCP/IP path (costs of the host profile, model/eth/eth_tcp.h) and
 * the Ethernet NIC and switch of model/eth. Every call is a system call;
 * arriving data is already in the kernel's socket buffer when the reader
 * wakes, and read copies it out. */
#ifndef MYRISIM_SOCKETS_MSOCK_TCP_H
#define MYRISIM_SOCKETS_MSOCK_TCP_H

#include "msock.h"

typedef struct msock_tcp msock_tcp;

/* Attach node `node` of `nodes` to the cluster's Ethernet (made by the
 * first process that attaches, on this host's event queue): nagle 0 / 1,
 * delack_segs = full segments per ACK (1 = no delayed ACK). NULL and a
 * message in err on failure. */
msock_tcp *msock_tcp_new(platform *p, uint32_t node, uint32_t nodes, int nagle, uint32_t delack_segs, char *err,
                         size_t errlen);
msock *msock_tcp_open(msock_tcp *t, const msock_costs *c);
void msock_tcp_free(msock_tcp *t);   /* not the msock: msock_free it first */

#endif
