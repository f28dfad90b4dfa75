/* Shared by the NI test programs: the 8-byte packet header (two big-endian
 * words; the type word has MSB 0, so no switch mistakes it for a route
 * byte) and a deterministic payload pattern. */
#ifndef MYRISIM_NI_COMMON_H
#define MYRISIM_NI_COMMON_H

#include "console.h"
#include "ni.h"

#define PKT_DATA 0x00010000u   /* type word: 0x0001 << 16 | size */
#define PKT_STOP 0x00020000u

typedef struct {
    unsigned type;   /* PKT_* | payload size */
    unsigned seq;
} pkt_hdr;

/* cheap on the LANai: shifts and xors only (no __mulsi3 call) */
static inline unsigned char pattern(unsigned seed, unsigned i)
{
    unsigned x = seed * 0x101u + i;
    x ^= x >> 3;
    x ^= x << 5;
    return (unsigned char)(x ^ (x >> 9));
}

static inline void fill(unsigned char *p, unsigned n, unsigned seed)
{
    for (unsigned i = 0; i < n; i++) p[i] = pattern(seed, i);
}

/* Index of the first byte that differs from the pattern, or n. */
static inline unsigned check(const unsigned char *p, unsigned n, unsigned seed)
{
    for (unsigned i = 0; i < n; i++)
        if (p[i] != pattern(seed, i)) return i;
    return n;
}

/* Fail loudly: message on the console, then exit with code. */
static inline __attribute__((noreturn)) void fail(int code, const char *what, unsigned a, unsigned b)
{
    con_printf("FAIL %s (%u, %u)\n", what, a, b);
    sim_exit(code);
}

#endif
