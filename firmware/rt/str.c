/* The string functions of <string.h> beyond strlen (strlen.c) and the
 * memory functions (mem.c). Byte loops: the LANai loads a byte as fast as a
 * word, and these are rarely hot in firmware. Self-contained (no calls), so
 * -fno-builtin keeps each a leaf; characters compare as unsigned char, as C
 * requires. */
#include <string.h>

int strcmp(const char *a, const char *b)
{
    const unsigned char *x = (const unsigned char *)a, *y = (const unsigned char *)b;
    while (*x && *x == *y) x++, y++;
    return (*x > *y) - (*x < *y);
}

int strncmp(const char *a, const char *b, size_t n)
{
    const unsigned char *x = (const unsigned char *)a, *y = (const unsigned char *)b;
    for (; n; n--, x++, y++)
        if (*x != *y || !*x) return (*x > *y) - (*x < *y);
    return 0;
}

char *strcpy(char *restrict dst, const char *restrict src)
{
    char *d = dst;
    while ((*d++ = *src++)) {}
    return dst;
}

/* Copies at most n bytes and pads with NULs to n; no terminator when src
 * is n bytes or longer (C's definition). */
char *strncpy(char *restrict dst, const char *restrict src, size_t n)
{
    size_t i = 0;
    for (; i < n && src[i]; i++) dst[i] = src[i];
    for (; i < n; i++) dst[i] = 0;
    return dst;
}

char *strcat(char *restrict dst, const char *restrict src)
{
    char *d = dst;
    while (*d) d++;
    while ((*d++ = *src++)) {}
    return dst;
}

char *strncat(char *restrict dst, const char *restrict src, size_t n)
{
    char *d = dst;
    while (*d) d++;
    for (; n && *src; n--) *d++ = *src++;
    *d = 0;
    return dst;
}

size_t strnlen(const char *s, size_t max)
{
    size_t n = 0;
    while (n < max && s[n]) n++;
    return n;
}

/* The terminator counts as part of the string: strchr(s, 0) finds it. */
char *strchr(const char *s, int c)
{
    for (;; s++) {
        if (*s == (char)c) return (char *)s;
        if (!*s) return NULL;
    }
}

char *strrchr(const char *s, int c)
{
    const char *last = NULL;
    for (;; s++) {
        if (*s == (char)c) last = s;
        if (!*s) return (char *)last;
    }
}

char *strstr(const char *hay, const char *needle)
{
    if (!*needle) return (char *)hay;
    for (; *hay; hay++) {
        const char *h = hay, *n = needle;
        while (*n && *h == *n) h++, n++;
        if (!*n) return (char *)hay;
    }
    return NULL;
}

void *memchr(const void *s, int c, size_t n)
{
    const unsigned char *p = s;
    for (; n; n--, p++)
        if (*p == (unsigned char)c) return (void *)p;
    return NULL;
}
