/* Large local arrays: frames of several KiB (sub %sp with a large constant,
 * offsets beyond the 10-bit SPLS and 16-bit RM displacements), arrays of
 * different element sizes side by side, and a local array passed down to
 * callees that also use large frames. */
#include "conf.h"

__attribute__((noinline)) u32 digest_bytes(const unsigned char *p, int n)
{
    u32 h = 5381;
    for (int i = 0; i < n; i++) h = h * 33 + p[i];
    return h;
}

__attribute__((noinline)) u32 second_level(u32 salt)
{
    u32 big[3000]; /* 12 KiB */
    for (int i = 0; i < 3000; i++) big[i] = salt + (u32)i * 7;
    u32 s = 0;
    for (int i = 2999; i >= 0; i -= 3) s ^= big[i] + (s << 1);
    return s;
}

__attribute__((noinline)) u32 frame(int n)
{
    unsigned char bytes[5000];
    short halves[1500];
    u64 wides[300];
    u32 words[2000];
    for (int i = 0; i < 5000; i++) bytes[i] = (unsigned char)(i ^ n);
    for (int i = 0; i < 1500; i++) halves[i] = (short)(i * -3 + n);
    for (int i = 0; i < 300; i++) wides[i] = ((u64)(u32)i << 32) | (u32)(n * i);
    for (int i = 0; i < 2000; i++) words[i] = (u32)i * 0x01000193u;
    u32 h = digest_bytes(bytes, 5000);
    for (int i = 0; i < 1500; i += 7) h = h * 3 + (u32)halves[i];
    for (int i = 0; i < 300; i += 11) h ^= (u32)(wides[i] >> 32) + (u32)wides[i];
    h += words[1999] + words[hidei(1000)] + (u32)bytes[4999] + (u32)halves[1499];
    return h + second_level(h);
}

int main(void)
{
    for (int n = 0; n < 4; n++) con_printf("frame %d %08x\n", n, frame(hidei(n)));
    unsigned char local[9000];
    for (int i = 0; i < 9000; i++) local[i] = (unsigned char)(i % 251);
    con_printf("main local %08x first %u last %u\n", digest_bytes(local, 9000), local[hidei(0)], local[hidei(8999)]);
    return 0;
}
