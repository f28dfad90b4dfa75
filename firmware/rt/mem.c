/* memcpy, memmove, memset, memcmp. clang calls memcpy/memset/memmove for
 * large struct copies and initialisers. Word-at-a-time when both pointers
 * share word alignment (SRAM word accesses cost the same as byte ones), byte
 * loops otherwise. Built with -ffreestanding -fno-builtin so clang does not
 * turn these loops back into calls to themselves (checked by tests/ld). */
#include <string.h>

typedef unsigned int __attribute__((may_alias)) word;   /* callers' objects have any type */

static int word_aligned(const void *a, const void *b)
{
    return (((unsigned long)a | (unsigned long)b) & 3) == 0;
}

static void copy_forward(unsigned char *d, const unsigned char *s, size_t n)
{
    if (word_aligned(d, s)) {
        for (; n >= 4; n -= 4, d += 4, s += 4) *(word *)d = *(const word *)s;
    }
    while (n--) *d++ = *s++;
}

static void copy_backward(unsigned char *d, const unsigned char *s, size_t n)
{
    d += n;
    s += n;
    if (word_aligned(d, s)) {
        for (; n >= 4; n -= 4) {
            d -= 4;
            s -= 4;
            *(word *)d = *(const word *)s;
        }
    }
    while (n--) *--d = *--s;
}

void *memcpy(void *restrict dst, const void *restrict src, size_t n)
{
    copy_forward(dst, src, n);
    return dst;
}

void *memmove(void *dst, const void *src, size_t n)
{
    unsigned char *d = dst;
    const unsigned char *s = src;
    if (d == s || n == 0) return dst;
    if (d < s || d >= s + n) copy_forward(d, s, n);   /* a forward copy never overwrites unread source */
    else copy_backward(d, s, n);
    return dst;
}

void *memset(void *dst, int c, size_t n)
{
    unsigned char *d = dst, b = (unsigned char)c;
    for (; n && ((unsigned long)d & 3); n--) *d++ = b;
    if (n >= 4) {
        unsigned int w = b;
        w |= w << 8;
        w |= w << 16;
        for (; n >= 4; n -= 4, d += 4) *(word *)d = w;
    }
    while (n--) *d++ = b;
    return dst;
}

int memcmp(const void *a, const void *b, size_t n)
{
    const unsigned char *x = a, *y = b;
    for (; n; n--, x++, y++)
        if (*x != *y) return *x < *y ? -1 : 1;
    return 0;
}
