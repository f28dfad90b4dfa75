/* One character on a Myrinet link as the model carries it: a data byte plus
 * framing and bookkeeping. The tags (src, dst, seq) are not on the wire; they
 * let deadlock reports and tests name the packet a byte belongs to. */
#ifndef MYRISIM_SWITCH_SYM_H
#define MYRISIM_SWITCH_SYM_H

#include <stdint.h>

enum {
    LK_TAIL    = 1,   /* last character of a packet (the GAP follows it) */
    LK_CORRUPT = 2,   /* damaged on some link (error injection) */
    LK_GAP     = 4,   /* a bare GAP: no data byte, ends a truncated packet */
    LK_LOST    = 8,   /* bytes of this packet before it were lost on some link */
};

#define LK_NO_NODE 0xFFFFu   /* tag value for an unknown source/destination */

typedef struct {
    uint8_t byte;
    uint8_t flags;
    uint16_t src;    /* NI index that sent the packet */
    uint16_t dst;    /* NI index the route leads to, or LK_NO_NODE */
    uint16_t seq;    /* per-source packet number */
} lk_sym;

#endif
