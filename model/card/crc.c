/* Table-driven CRC-8 (0x07) and CRC-32 (IEEE, reflected). Tables are built
 * on first use from the polynomials. */
#include "crc.h"

static uint8_t t8[256];
static uint32_t t32[256];
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
