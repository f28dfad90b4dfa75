/* Pointer walks that clang turns into pre/post-increment and -decrement
 * addressing ([%r++], [--%r], 4[*%r]) for bytes, halfwords and words,
 * forwards and backwards, with stores and loads. */
#include "conf.h"

static unsigned char bytes[64];
static unsigned short halves[48];
static u32 words[40];

__attribute__((noinline)) u32 sum_bytes(const unsigned char *p, int n)
{
    u32 s = 0;
    while (n--) s = s * 3 + *p++;
    return s;
}

__attribute__((noinline)) u32 sum_halves_back(const unsigned short *end, int n)
{
    u32 s = 0;
    while (n--) s = s * 5 + *--end;
    return s;
}

__attribute__((noinline)) void fill_words(u32 *p, int n, u32 v)
{
    while (n-- > 0) { *p++ = v; v = v * 2 + 1; }
}

__attribute__((noinline)) void copy_rev(u32 *dst, const u32 *src, int n)
{
    const u32 *s = src + n;
    while (n--) *dst++ = *--s;
}

__attribute__((noinline)) int find_byte(const unsigned char *p, int n, unsigned char c)
{
    const unsigned char *start = p;
    while (n-- > 0) {
        if (*p == c) return (int)(p - start);
        ++p;
    }
    return -1;
}

int main(void)
{
    for (int i = 0; i < 64; i++) bytes[i] = (unsigned char)(i * 37 + 11);
    for (int i = 0; i < 48; i++) halves[i] = (unsigned short)(i * 4099 + 7);
    con_printf("bytes %08x\n", sum_bytes(bytes, 64));
    con_printf("bytes odd start %08x\n", sum_bytes(bytes + 3, 29));
    con_printf("halves back %08x\n", sum_halves_back(halves + 48, 48));
    fill_words(words, 40, 1);
    for (int i = 0; i < 40; i += 5) con_printf("w[%d]=%08x\n", i, words[i]);
    u32 rev[40];
    copy_rev(rev, words, 40);
    for (int i = 0; i < 40; i += 7) con_printf("rev[%d]=%08x\n", i, rev[i]);
    for (int c = 0; c < 256; c += 23) con_printf("find %d -> %d\n", c, find_byte(bytes, 64, (unsigned char)c));
    /* strided walks */
    u32 s = 0;
    for (u32 *p = words; p < words + 40; p += 3) s += *p;
    con_printf("stride3 %08x\n", s);
    s = 0;
    for (unsigned short *p = halves + 47; p >= halves; p -= 2) s = s * 7 + *p;
    con_printf("halves stride-2 %08x\n", s);
    /* interleaved read/write walk */
    unsigned char *w = bytes, *r = bytes + 32;
    for (int i = 0; i < 32; i++) *w++ ^= *r++;
    con_printf("xor-walk %08x\n", sum_bytes(bytes, 64));
    return 0;
}
