/* pingloop.c with a 50 us sleep on the interval timer between round trips:
 * a lightly loaded NI, where both cores mostly poll. */
#define PING_GAP_TICKS 100
#include "pingloop.c"
