/* On-card memory copy: the word-copy loop whose bandwidth the dissertation
 * reports in appendix A (19 MB/s on LANai 4, 66 MB/s on LANai 9). The cycle
 * model of each chip is calibrated once against this program at -O2 with the
 * default 64 KB. The size is a build parameter (-DBYTES=...) so scenarios can
 * sweep it. Marks 1/2 bracket the timed copy; the copied size is printed as
 * "measure bytes N" for the firmware experiment kind. */
#include <stdint.h>
#include "console.h"
#include "sim.h"

#ifndef BYTES
#define BYTES 65536
#endif
#if BYTES % 4 != 0 || BYTES < 256
#error "BYTES must be a multiple of 4 and at least 256"
#endif
#define WORDS (BYTES / 4)

static uint32_t src[WORDS], dst[WORDS];

__attribute__((noinline)) static void copy_words(uint32_t *d, const uint32_t *s, unsigned n)
{
    while (n--)
        *d++ = *s++;
}

int main(void)
{
    for (unsigned i = 0; i < WORDS; i++)
        src[i] = i * 2654435761u;
    copy_words(dst, src, 64);           /* warm-up: same path as the timed copy */
    sim_mark(1);
    copy_words(dst, src, WORDS);
    sim_mark(2);
    for (unsigned i = 0; i < WORDS; i++)
        if (dst[i] != src[i]) {
            con_printf("copy: mismatch at word %u\n", i);
            return 1;
        }
    con_printf("measure bytes %u\n", (unsigned)sizeof dst);
    return 0;
}
