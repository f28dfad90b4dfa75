/* Where delivered bytes go in host memory: a list of physical runs walked in
 * order (a translation-cache entry's runs, for RM-V and the lock word; AM
 * ring slots and RM-P addresses are contiguous and need none). Each DMA
 * stays inside one run, so page-pinned memory costs one DMA per physical
 * run (§4.5.1). */
#include "fw.h"

/* (Written with the fill after the loop: clang-14's Lanai backend never
 * finishes compiling the same loop with the stores inside it at -O2.) */
int runs_table(struct runs *m, const volatile unsigned *r, unsigned n, unsigned skip)
{
    unsigned i = 0, len = 0;
    for (; i < n; i++) {
        len = r[2 * i + 1];
        if (skip < len) break;
        skip -= len;
    }
    if (i == n) return -1;
    m->r = r;
    m->n = n;
    m->i = i;
    m->phys = r[2 * i] + skip;
    m->left = len - skip;
    return 0;
}

unsigned runs_post(struct runs *m, unsigned dir, unsigned sram, unsigned len, unsigned *ticket)
{
    while (!m->left) {
        if (++m->i >= m->n) return 0;              /* the runs end before the data: a driver error */
        m->phys = m->r[2 * m->i];
        m->left = m->r[2 * m->i + 1];
    }
    unsigned n = len < m->left ? len : m->left;
    *ticket = hdma_post(HD, dir, sram, n, m->phys);
    m->phys += n;
    m->left -= n;
    return n;
}
