/* A reference MD5 (RFC 1321) in plain C for the circuit tests, and the
 * RFC's padding into little-endian 32-bit words as the host would send. */
#ifndef MYRISIM_HW_MD5_REF_H
#define MYRISIM_HW_MD5_REF_H

#include <stddef.h>
#include <stdint.h>

/* Pad `len` bytes into words (room for len / 4 + 18 words); returns the
 * word count (a multiple of 16). */
size_t md5_pad(const uint8_t *msg, size_t len, uint32_t *words);
/* The digest state (A, B, C, D) of padded words (a multiple of 16). */
void md5_words(const uint32_t *w, size_t n, uint32_t out[4]);
/* The 32 hexadecimal digits of a digest state, as RFC 1321 prints them. */
void md5_hex(const uint32_t d[4], char hex[33]);

#endif
