/* CRC-32 (IEEE 802.3, reflected, table-driven) over a 64 KB buffer: the
 * demo that `make run` shows before the cluster exists, and the
 * compute-bound load for measuring the ISS's own speed. Marks 1/2 bracket
 * the timed part. */
#include <stdint.h>
#include "console.h"
#include "sim.h"

#define BYTES (64 * 1024)
#define ROUNDS 4

static uint8_t buf[BYTES];
static uint32_t table[256];

static void make_table(void)
{
    for (uint32_t i = 0; i < 256; i++) {
        uint32_t c = i;
        for (int k = 0; k < 8; k++)
            c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
        table[i] = c;
    }
}

static uint32_t crc32(const uint8_t *p, unsigned n)
{
    uint32_t c = 0xFFFFFFFFu;
    while (n--)
        c = table[(c ^ *p++) & 0xFF] ^ (c >> 8);
    return c ^ 0xFFFFFFFFu;
}

int main(void)
{
    make_table();
    uint32_t x = 1;
    for (unsigned i = 0; i < BYTES; i++) {
        x = x * 1664525u + 1013904223u;
        buf[i] = (uint8_t)(x >> 24);
    }
    /* Check value of the standard test vector "123456789". */
    static const uint8_t check[] = "123456789";
    if (crc32(check, 9) != 0xCBF43926u) {
        con_printf("crc32: self-check failed\n");
        return 1;
    }
    uint32_t crc[ROUNDS];
    sim_mark(1);
    for (int r = 0; r < ROUNDS; r++) {
        buf[r] ^= 0x5A;        /* each round sees different data */
        crc[r] = crc32(buf, BYTES);
    }
    sim_mark(2);
    for (int r = 0; r < ROUNDS; r++)
        con_printf("crc32 round %d: %u bytes, crc 0x%08x\n", r, BYTES, (unsigned)crc[r]);
    return 0;
}
