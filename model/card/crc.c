/* Table-driven CRC-8 (0x07) and CRC-32 (IEEE, reflected). Tables are built
 * on first use from the polynomials. */
#include "crc.h"

static uint8_t t8[256];
static uint32_t t32[256];
/* Four bytes at a time (crc_both_update's bulk): both CRCs are linear, so
 * the state after bytes b0..b3 is the xor of each byte's contribution
 * carried through the steps after it: u8[j] is t8 applied j + 1 times,
 * s32[j] the CRC-32 table advanced by j zero bytes. */
static uint8_t u8[4][256];
static uint32_t s32[4][256];
static int ready;

static void build(void)
{
    for (unsigned i = 0; i < 256; i++) {
        unsigned c = i;
        for (int b = 0; b < 8; b++) c = (c & 0x80) ? ((c << 1) ^ 0x07) & 0xFF : (c << 1) & 0xFF;
        t8[i] = (uint8_t)c;
        uint32_t r = i;
        for (int b = 0; b < 8; b++) r = (r & 1) ? (r >> 1) ^ 0xEDB88320u : r >> 1;
        t32[i] = r;
    }
    for (unsigned i = 0; i < 256; i++) {
        u8[0][i] = t8[i];
        s32[0][i] = t32[i];
        for (int j = 1; j < 4; j++) {
            u8[j][i] = t8[u8[j - 1][i]];
            s32[j][i] = (s32[j - 1][i] >> 8) ^ t32[s32[j - 1][i] & 0xFF];
        }
    }
    ready = 1;
}

uint8_t crc8_update(uint8_t crc, const uint8_t *p, size_t n)
{
    if (!ready) build();
    for (size_t i = 0; i < n; i++) crc = t8[crc ^ p[i]];
    return crc;
}

uint32_t crc32_update(uint32_t s, const uint8_t *p, size_t n)
{
    if (!ready) build();
    for (size_t i = 0; i < n; i++) s = (s >> 8) ^ t32[(s ^ p[i]) & 0xFF];
    return s;
}

uint32_t crc_both_update(uint8_t *crc8, uint32_t s, const uint8_t *p, size_t n, uint32_t *before, size_t k)
{
    if (!ready) build();
    uint8_t c = *crc8;
    size_t i = 0;
    for (; i + 4 <= n - k; i += 4) {
        uint32_t b0 = p[i], b1 = p[i + 1], b2 = p[i + 2], b3 = p[i + 3];
        c = u8[3][c ^ b0] ^ u8[2][b1] ^ u8[1][b2] ^ u8[0][b3];
        uint32_t x = s ^ (b0 | b1 << 8 | b2 << 16 | b3 << 24);
        s = s32[3][x & 0xFF] ^ s32[2][(x >> 8) & 0xFF] ^ s32[1][(x >> 16) & 0xFF] ^ s32[0][x >> 24];
    }
    for (; i < n - k; i++) {
        c = t8[c ^ p[i]];
        s = (s >> 8) ^ t32[(s ^ p[i]) & 0xFF];
    }
    for (; i < n; i++) {
        *before++ = s;
        c = t8[c ^ p[i]];
        s = (s >> 8) ^ t32[(s ^ p[i]) & 0xFF];
    }
    *crc8 = c;
    return s;
}
