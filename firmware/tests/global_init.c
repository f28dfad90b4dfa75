/* Static storage: initialised data (.data), constants and strings (.rodata),
 * zero-initialised objects (.bss) that the start-up code must clear,
 * pointers initialised to other objects (data relocations), and static
 * locals that keep their value between calls. */
#include "conf.h"

i32 g_int = -12345;
u32 g_arr[8] = { 1, 2, 3, 0xFFFFFFFFu, 0x80000000u, 0, 7 };
u64 g_wide = 0x1122334455667788ull;
short g_short = -2;
unsigned char g_bytes[5] = { 0xFF, 0, 0x80, 0x7F, 1 };
const char g_msg[] = "rodata string";
static const i32 k_table[6] = { 100, -200, 300, -400, 500, -600 };
const char *g_ptr = g_msg + 7;
i32 *g_iptr = &g_int;
static const u32 *const k_ptrs[3] = { &g_arr[1], &g_arr[3], &g_arr[6] };

i32 z_int;
u32 z_arr[300];
u64 z_wide;
static char z_buf[77];
static struct { i32 a; u64 b; char c[3]; } z_struct;

static i32 calls(void)
{
    static i32 n = 10;
    static i32 zeroed;
    zeroed += 2;
    return ++n * 100 + zeroed;
}

int main(void)
{
    con_printf("data %d %08x %08x %016llx %d\n", g_int, g_arr[3], g_arr[7], g_wide, g_short);
    con_printf("bytes %u %u %u %u %u\n", g_bytes[0], g_bytes[1], g_bytes[2], g_bytes[3], g_bytes[4]);
    con_printf("ro '%s' '%s' %d\n", g_msg, g_ptr, (int)sizeof g_msg);
    for (int i = 0; i < 6; i++) con_printf("k[%d]=%d\n", i, k_table[hidei(i)]);
    con_printf("ptrs %u %08x %u int %d\n", *k_ptrs[0], *k_ptrs[1], *k_ptrs[2], *g_iptr);
    /* .bss must be zero at start */
    u32 nz = 0;
    for (int i = 0; i < 300; i++) nz += z_arr[i] != 0;
    for (int i = 0; i < 77; i++) nz += z_buf[i] != 0;
    nz += z_int != 0;
    nz += z_wide != 0;
    nz += z_struct.a != 0 || z_struct.b != 0 || z_struct.c[0] || z_struct.c[1] || z_struct.c[2];
    con_printf("bss nonzero %u\n", nz);
    /* then writable */
    for (int i = 0; i < 300; i++) z_arr[i] = (u32)i * 3;
    z_wide = g_wide >> 4;
    g_int += 45;
    g_arr[7] = 77;
    *g_iptr *= 2;
    u32 s = 0;
    for (int i = 0; i < 300; i++) s += z_arr[i];
    con_printf("written %u %016llx %d %u\n", s, z_wide, g_int, g_arr[7]);
    for (int i = 0; i < 5; i++) con_printf("call %d\n", calls());
    return nz != 0;
}
