/* The sockets emulation over GRIM active messages (§8.3.3): one handler
 * per message kind; a DATA message of at most 64 KB (GRIM's MTU) is
 * appended to the receiving socket's list by its handler. */
#ifndef MYRISIM_SOCKETS_MSOCK_GRIM_H
#define MYRISIM_SOCKETS_MSOCK_GRIM_H

#include "msock.h"
#include "../grim/grim.h"

#define MSOCK_GRIM_MTU 65536u      /* the sockets layer's fragment (L2417) */

typedef struct msock_grim msock_grim;

/* Register the handlers on g (before grim_syncHandlers). */
msock_grim *msock_grim_new(grim *g);
/* After grim_syncHandlers: learn the handler ids. */
int msock_grim_resolve(msock_grim *t);
/* The emulation on top (msock_new with these). */
msock *msock_grim_open(msock_grim *t, const msock_costs *c);
void msock_grim_free(msock_grim *t);
extern const msock_net msock_grim_net;

#endif
