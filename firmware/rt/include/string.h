/* The memory and string functions firmware/rt provides. On the Lanai this
 * is <string.h> (clang has none for a freestanding target); in a native build
 * that shares these include paths it defers to the system header. */
#ifndef __lanai__
#include_next <string.h>
#else
#ifndef MYRISIM_INCLUDE_STRING_H
#define MYRISIM_INCLUDE_STRING_H

#include <stddef.h>

void *memcpy(void *restrict dst, const void *restrict src, size_t n);
void *memmove(void *dst, const void *src, size_t n);
void *memset(void *dst, int c, size_t n);
int memcmp(const void *a, const void *b, size_t n);
size_t strlen(const char *s);
size_t strnlen(const char *s, size_t max);
int strcmp(const char *a, const char *b);
int strncmp(const char *a, const char *b, size_t n);
char *strcpy(char *restrict dst, const char *restrict src);
char *strncpy(char *restrict dst, const char *restrict src, size_t n);
char *strcat(char *restrict dst, const char *restrict src);
char *strncat(char *restrict dst, const char *restrict src, size_t n);
char *strchr(const char *s, int c);
char *strrchr(const char *s, int c);
char *strstr(const char *hay, const char *needle);
void *memchr(const void *s, int c, size_t n);

#endif
#endif
