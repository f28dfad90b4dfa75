/* A user's circuit Verilated at run time into a shared library
 * (sim/experiments/hwbuild.h builds it; hw/user/user_shell.cpp is its
 * shell): loaded here and attached to a card's external canvas slot. */
#ifndef MYRISIM_RC1000_USERC_H
#define MYRISIM_RC1000_USERC_H

#include "rc1000.h"

#include <stddef.h>

typedef struct rc_userc rc_userc;

/* Load the library at `so` and attach its circuit to `c` as `name`. NULL
 * with a message naming the library when it cannot be loaded. */
rc_userc *rc_userc_attach(rc1000 *c, const char *so, const char *name, char *err, size_t n);
/* Detach (the card must outlive this call) and unload. */
void rc_userc_free(rc_userc *u);

#endif
