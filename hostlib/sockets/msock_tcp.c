/* The sockets emulation's TCP transport (msock_tcp.h). */
#include "msock_tcp.h"

#include <stdio.h>

msock_tcp *msock_tcp_new(platform *p, uint32_t node, uint32_t nodes, char *err, size_t errlen)
{
    (void)p, (void)node, (void)nodes;
    snprintf(err, errlen, "not built yet");
    return NULL;
}

msock *msock_tcp_open(msock_tcp *t, const msock_costs *c)
{
    (void)t, (void)c;
    return NULL;
}

void msock_tcp_free(msock_tcp *t) { (void)t; }
