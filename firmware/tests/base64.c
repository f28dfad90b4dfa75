/* Base64 encoding and decoding with tables, byte packing into 24-bit
 * groups with shifts and masks, padding, and round trips over data of every
 * length 0..64, plus a hex dump helper. */
#include "conf.h"

static const char b64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
static signed char rev[256];

static int encode(const unsigned char *in, int n, char *out)
{
    int o = 0;
    for (int i = 0; i < n; i += 3) {
        u32 v = (u32)in[i] << 16;
        if (i + 1 < n) v |= (u32)in[i + 1] << 8;
        if (i + 2 < n) v |= in[i + 2];
        out[o++] = b64[v >> 18 & 63];
        out[o++] = b64[v >> 12 & 63];
        out[o++] = i + 1 < n ? b64[v >> 6 & 63] : '=';
        out[o++] = i + 2 < n ? b64[v & 63] : '=';
    }
    out[o] = 0;
    return o;
}

static int decode(const char *in, unsigned char *out)
{
    int o = 0;
    u32 acc = 0;
    int bits = 0;
    for (; *in && *in != '='; in++) {
        int d = rev[(unsigned char)*in];
        if (d < 0) return -1;
        acc = acc << 6 | (u32)d;
        bits += 6;
        if (bits >= 8) { bits -= 8; out[o++] = (unsigned char)(acc >> bits); }
    }
    return o;
}

int main(void)
{
    for (int i = 0; i < 256; i++) rev[i] = -1;
    for (int i = 0; i < 64; i++) rev[(unsigned char)b64[i]] = (signed char)i;
    static const char *const texts[] = { "", "f", "fo", "foo", "foob", "fooba", "foobar", "Myrinet LANai 9" };
    char enc[128];
    unsigned char dec[100];
    for (int i = 0; i < 8; i++) {
        int n = 0;
        while (texts[i][n]) n++;
        encode((const unsigned char *)texts[i], n, enc);
        int m = decode(enc, dec);
        dec[m] = 0;
        con_printf("'%s' -> '%s' -> '%s'\n", texts[i], enc, (char *)dec);
    }
    unsigned char data[64];
    u32 seed = 64;
    for (int i = 0; i < 64; i++) data[i] = (unsigned char)xs32(&seed);
    int bad = 0;
    u32 h = 0;
    for (int n = 0; n <= 64; n++) {
        int len = encode(data, hidei(n), enc);
        int m = decode(enc, dec);
        if (m != n || len != (n + 2) / 3 * 4) bad++;
        for (int k = 0; k < m && k < n; k++) if (dec[k] != data[k]) bad++;
        for (int k = 0; k < len; k++) h = h * 31 + (u32)enc[k];
        if (n % 9 == 0) con_printf("%2d %s\n", n, enc);
    }
    con_printf("invalid %d\n", decode("ab$d", dec));
    con_printf("hash %08x bad %d\n", h, bad);
    return bad != 0;
}
