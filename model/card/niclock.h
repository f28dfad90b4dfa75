/* Exact conversion between a core's cycles and picoseconds. A core's local
 * time is floor(cycles * 1e12 / clock_hz). The fraction 1e12/hz is reduced
 * to num/den and products are split into quotient and remainder, so 64 bits
 * never overflow for the chips' clocks (33 MHz: 1e6/33 ps per cycle); an
 * odd clock whose num * den does not fit uses 128-bit arithmetic instead. */
#ifndef MYRISIM_CARD_NICLOCK_H
#define MYRISIM_CARD_NICLOCK_H

#include "../event/evq.h"

#include <stdint.h>

typedef struct {
    uint64_t num, den;   /* picoseconds per cycle = num / den, in lowest terms */
    int wide;            /* num * den overflows 64 bits: use 128-bit products */
    uint64_t a_max;      /* (SIM_TIME_NEVER - 1) / num, and ... */
    uint64_t q_max;      /* ... UINT64_MAX / den: the saturation limits, divided once */
    int narrow;          /* num * (den + 1) fits 32 bits: r * den + num - 1 (r < num) does too */
} ni_clock;

/* 0, or -1 if hz is 0. */
int ni_clock_init(ni_clock *k, uint64_t hz);

/* Time of cycle c: floor(c * num / den), saturating at SIM_TIME_NEVER. */
static inline sim_time ni_clock_ps(const ni_clock *k, uint64_t c)
{
    if (k->wide) {
        unsigned __int128 p = (unsigned __int128)c * k->num / k->den;
        return p >= SIM_TIME_NEVER ? SIM_TIME_NEVER : (sim_time)p;
    }
    uint64_t a = c / k->den, b = c % k->den;
    if (a > k->a_max) return SIM_TIME_NEVER;
    return a * k->num + b * k->num / k->den;
}

/* First cycle whose time is >= t: ceil(t * den / num). A core told to run
 * while cycles < ni_clock_cycle_at(t) runs exactly while its time is < t. */
static inline uint64_t ni_clock_cycle_at(const ni_clock *k, sim_time t)
{
    if (t == SIM_TIME_NEVER) return UINT64_MAX;
    if (k->wide) {
        unsigned __int128 p = ((unsigned __int128)t * k->den + k->num - 1) / k->num;
        return p >= UINT64_MAX ? UINT64_MAX : (uint64_t)p;
    }
    uint64_t q = t / k->num, r = t % k->num;
    if (q >= k->q_max) return UINT64_MAX;
    return q * k->den + (r * k->den + k->num - 1) / k->num;
}

/* The same conversion for a count that grows by small steps between calls
 * (a core's cycles from one co-simulation run to the next): the quotient
 * and remainder of c / den are kept and moved on, and r * num / den comes
 * from a table of den entries (ni_clock_frac_new), so no division is made.
 * Exactly ni_clock_ps. A zeroed ni_clock_pos stands for cycle 0. */
typedef struct {
    uint64_t c, q, r;    /* c = q * den + r, r < den */
} ni_clock_pos;

/* The table frac[r] = r * num / den for r < den, or NULL when the clock is
 * wide or den is large (then ni_clock_ps_at divides). free() it. */
uint64_t *ni_clock_frac_new(const ni_clock *k);

/* Move a kept quotient and remainder of *last / div on to x / div: without
 * a division while x grows by less than div (both kept positions below). */
static inline void ni_clock_qr_move(uint64_t *last, uint64_t *q, uint64_t *r, uint64_t x, uint64_t div)
{
    uint64_t d = x - *last;
    if (x >= *last && d < div) {
        *r += d;
        if (*r >= div) {
            *r -= div;
            (*q)++;
        }
    } else {
        *q = x / div;
        *r = x % div;
    }
    *last = x;
}

static inline sim_time ni_clock_ps_at(const ni_clock *k, const uint64_t *frac, ni_clock_pos *p, uint64_t c)
{
    if (!frac) return ni_clock_ps(k, c);
    ni_clock_qr_move(&p->c, &p->q, &p->r, c, k->den);
    if (p->q > k->a_max) return SIM_TIME_NEVER;
    return p->q * k->num + frac[p->r];
}

/* ni_clock_cycle_at for times that move on by small steps (the card's
 * SRAM charges, a link chunk apart): the quotient and remainder of t / num
 * are kept and moved on without a division while t advances by less than
 * num, and the rounding division is made in 32 bits when the clock is
 * narrow (both chips' clocks). Exactly ni_clock_cycle_at. A zeroed
 * ni_clock_tpos stands for time 0. */
typedef struct {
    sim_time t;
    uint64_t q, r;       /* t = q * num + r, r < num */
} ni_clock_tpos;

static inline uint64_t ni_clock_cycle_at_pos(const ni_clock *k, ni_clock_tpos *p, sim_time t)
{
    if (t == SIM_TIME_NEVER || k->wide) return ni_clock_cycle_at(k, t);
    ni_clock_qr_move(&p->t, &p->q, &p->r, t, k->num);
    if (p->q >= k->q_max) return UINT64_MAX;
    if (k->narrow) return p->q * k->den + (uint32_t)(p->r * k->den + k->num - 1) / (uint32_t)k->num;
    return p->q * k->den + (p->r * k->den + k->num - 1) / k->num;
}

#endif
