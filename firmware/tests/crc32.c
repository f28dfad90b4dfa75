/* CRC-32 (IEEE 802.3, reflected, polynomial 0xEDB88320) three ways: bitwise,
 * with a 256-entry table built at run time in .bss, and with a nibble table
 * in .rodata; plus CRC-16/CCITT and Adler-32 over the same data. The
 * well-known check value of "123456789" is 0xCBF43926. */
#include "conf.h"

static u32 table[256];
static const u32 nibble[16] = {
    0x00000000u, 0x1DB71064u, 0x3B6E20C8u, 0x26D930ACu, 0x76DC4190u, 0x6B6B51F4u, 0x4DB26158u, 0x5005713Cu,
    0xEDB88320u, 0xF00F9344u, 0xD6D6A3E8u, 0xCB61B38Cu, 0x9B64C2B0u, 0x86D3D2D4u, 0xA00AE278u, 0xBDBDF21Cu,
};

static u32 crc_bitwise(const unsigned char *p, int n)
{
    u32 c = 0xFFFFFFFFu;
    while (n--) {
        c ^= *p++;
        for (int k = 0; k < 8; k++) c = (c >> 1) ^ (0xEDB88320u & (0u - (c & 1)));
    }
    return ~c;
}

static void make_table(void)
{
    for (u32 i = 0; i < 256; i++) {
        u32 c = i;
        for (int k = 0; k < 8; k++) c = c & 1 ? (c >> 1) ^ 0xEDB88320u : c >> 1;
        table[i] = c;
    }
}

static u32 crc_table(const unsigned char *p, int n)
{
    u32 c = 0xFFFFFFFFu;
    while (n--) c = table[(c ^ *p++) & 0xFF] ^ (c >> 8);
    return ~c;
}

static u32 crc_nibble(const unsigned char *p, int n)
{
    u32 c = 0xFFFFFFFFu;
    while (n--) {
        c ^= *p++;
        c = nibble[c & 15] ^ (c >> 4);
        c = nibble[c & 15] ^ (c >> 4);
    }
    return ~c;
}

static unsigned short crc16_ccitt(const unsigned char *p, int n)
{
    unsigned short c = 0xFFFF;
    while (n--) {
        c ^= (unsigned short)(*p++ << 8);
        for (int k = 0; k < 8; k++) c = (unsigned short)(c & 0x8000 ? (c << 1) ^ 0x1021 : c << 1);
    }
    return c;
}

static u32 adler32(const unsigned char *p, int n)
{
    u32 a = 1, b = 0;
    while (n--) { a = (a + *p++) % 65521u; b = (b + a) % 65521u; }
    return b << 16 | a;
}

static unsigned char buf[1024];

int main(void)
{
    make_table();
    const unsigned char *check = (const unsigned char *)"123456789";
    con_printf("check %08x %08x %08x %04x %08x\n", crc_bitwise(check, 9), crc_table(check, 9),
               crc_nibble(check, 9), crc16_ccitt(check, 9), adler32(check, 9));
    u32 seed = 0xC0C0A;
    for (int i = 0; i < 1024; i++) buf[i] = (unsigned char)(xs32(&seed) >> 11);
    int bad = 0;
    for (int n = 0; n <= 1024; n += n < 16 ? 1 : 73) {
        u32 a = crc_table(buf, n), b = crc_nibble(buf, n);
        if (a != b) bad++;
        if (n < 300) { if (crc_bitwise(buf, n) != a) bad++; }
        con_printf("n %4d crc %08x crc16 %04x adler %08x\n", n, a, crc16_ccitt(buf, n), adler32(buf, n));
    }
    for (int i = 0; i < 256; i += 51) con_printf("table[%d]=%08x\n", i, table[i]);
    con_printf("bad %d\n", bad);
    return bad != 0;
}
