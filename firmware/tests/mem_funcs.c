/* memcpy, memset and memmove from the runtime: every small length 0..40 at
 * every source/destination alignment 0..3, overlapping moves in both
 * directions, and large blocks. Results are checked byte by byte against
 * simple loops written here and summarised as checksums. */
#include <stddef.h>
#include "conf.h"

/* Declared here rather than via <string.h>: the firmware runtime provides
 * these symbols, the host C library provides them natively. */
void *memcpy(void *restrict d, const void *restrict s, size_t n);
void *memset(void *d, int c, size_t n);
void *memmove(void *d, const void *s, size_t n);

static unsigned char src[512], dst[512], ref[512];

static void fill(unsigned char *p, int n, u32 seed)
{
    for (int i = 0; i < n; i++) p[i] = (unsigned char)xs32(&seed);
}

static u32 sum(const unsigned char *p, int n)
{
    u32 h = 0;
    for (int i = 0; i < n; i++) h = h * 31 + p[i];
    return h;
}

static int same(const unsigned char *a, const unsigned char *b, int n)
{
    for (int i = 0; i < n; i++)
        if (a[i] != b[i]) return 0;
    return 1;
}

int main(void)
{
    int bad = 0;
    fill(src, 512, 1);
    /* memcpy: all alignments and small lengths */
    u32 h = 0;
    for (int sa = 0; sa < 4; sa++)
        for (int da = 0; da < 4; da++)
            for (int n = 0; n <= 40; n++) {
                fill(dst, 64, (u32)(n + 7));
                for (int i = 0; i < 64; i++) ref[i] = dst[i];
                for (int i = 0; i < n; i++) ref[da + i] = src[sa + i];
                void *r = memcpy(dst + da, src + hidei(sa), (size_t)hidei(n));
                if (r != dst + da || !same(dst, ref, 64)) bad++;
                h = h * 7 + sum(dst, 64);
            }
    con_printf("memcpy small %08x\n", h);
    /* memset: alignments, lengths, values with the high bit set */
    h = 0;
    for (int da = 0; da < 4; da++)
        for (int n = 0; n <= 40; n += 3) {
            int c = 0x100 + 0x5A + n; /* only the low byte is stored */
            fill(dst, 64, 3);
            for (int i = 0; i < 64; i++) ref[i] = dst[i];
            for (int i = 0; i < n; i++) ref[da + i] = (unsigned char)c;
            void *r = memset(dst + da, hidei(c), (size_t)hidei(n));
            if (r != dst + da || !same(dst, ref, 64)) bad++;
            h = h * 7 + sum(dst, 64);
        }
    con_printf("memset %08x\n", h);
    /* memmove: overlapping forwards and backwards */
    h = 0;
    for (int off = -9; off <= 9; off++)
        for (int n = 0; n <= 48; n += 4) {
            fill(dst, 128, 11);
            for (int i = 0; i < 128; i++) ref[i] = dst[i];
            int from = 40, to = 40 + off;
            unsigned char tmp[64];
            for (int i = 0; i < n; i++) tmp[i] = ref[from + i];
            for (int i = 0; i < n; i++) ref[to + i] = tmp[i];
            void *r = memmove(dst + to, dst + hidei(from), (size_t)hidei(n));
            if (r != dst + to || !same(dst, ref, 128)) bad++;
            h = h * 7 + sum(dst, 128);
        }
    con_printf("memmove %08x\n", h);
    /* large blocks */
    memset(dst, 0, 512);
    memcpy(dst + 1, src, 500);
    con_printf("big copy %08x %d\n", sum(dst, 512), same(dst + 1, src, 500));
    memmove(dst, dst + 1, 500);
    con_printf("big move down %08x %d\n", sum(dst, 512), same(dst, src, 500));
    memmove(dst + 5, dst, 500);
    con_printf("big move up %08x %d\n", sum(dst, 512), same(dst + 5, src, 500));
    memset(dst + 3, 0xEE, 300);
    con_printf("big set %08x\n", sum(dst, 512));
    for (int i = 0; i < 512; i += 37) con_printf("dst[%3d]=%02x\n", i, dst[i]);
    con_printf("bad %d\n", bad);
    return bad != 0;
}
