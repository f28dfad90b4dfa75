/* Reference MD5 (RFC 1321), written from the RFC's description: the
 * constants come from sin() here, independently of the Verilog's table. */
#include "md5_ref.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

size_t md5_pad(const uint8_t *msg, size_t len, uint32_t *words)
{
    size_t n = ((len + 8) / 64 + 1) * 16;
    memset(words, 0, n * 4);
    for (size_t i = 0; i < len; i++) words[i / 4] |= (uint32_t)msg[i] << (8 * (i % 4));
    words[len / 4] |= 0x80u << (8 * (len % 4));
    uint64_t bits = (uint64_t)len * 8;
    words[n - 2] = (uint32_t)bits;
    words[n - 1] = (uint32_t)(bits >> 32);
    return n;
}

static uint32_t rotl(uint32_t x, unsigned s) { return x << s | x >> (32 - s); }

void md5_words(const uint32_t *w, size_t n, uint32_t out[4])
{
    static const unsigned S[4][4] = {{7, 12, 17, 22}, {5, 9, 14, 20}, {4, 11, 16, 23}, {6, 10, 15, 21}};
    uint32_t K[64];
    for (int i = 0; i < 64; i++) K[i] = (uint32_t)floor(fabs(sin(i + 1.0)) * 4294967296.0);
    uint32_t h[4] = {0x67452301u, 0xefcdab89u, 0x98badcfeu, 0x10325476u};
    for (size_t blk = 0; blk + 16 <= n; blk += 16) {
        const uint32_t *m = w + blk;
        uint32_t a = h[0], b = h[1], c = h[2], d = h[3];
        for (int i = 0; i < 64; i++) {
            uint32_t f;
            int g;
            switch (i / 16) {
            case 0: f = (b & c) | (~b & d); g = i; break;
            case 1: f = (d & b) | (~d & c); g = (5 * i + 1) % 16; break;
            case 2: f = b ^ c ^ d; g = (3 * i + 5) % 16; break;
            default: f = c ^ (b | ~d); g = (7 * i) % 16; break;
            }
            uint32_t t = f + a + K[i] + m[g];
            a = d; d = c; c = b;
            b = b + rotl(t, S[i / 16][i % 4]);
        }
        h[0] += a; h[1] += b; h[2] += c; h[3] += d;
    }
    memcpy(out, h, sizeof h);
}

void md5_hex(const uint32_t d[4], char hex[33])
{
    for (int i = 0; i < 16; i++) sprintf(hex + 2 * i, "%02x", (unsigned)(d[i / 4] >> (8 * (i % 4))) & 0xff);
}
