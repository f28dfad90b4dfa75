/* String handling with helpers written here (length, compare, copy, concat,
 * reverse, search, integer formatting and parsing), over string literals in
 * .rodata and buffers on the stack and in .bss. */
#include "conf.h"

static int s_len(const char *s) { const char *p = s; while (*p) p++; return (int)(p - s); }
static int s_cmp(const char *a, const char *b)
{
    while (*a && *a == *b) { a++; b++; }
    return (unsigned char)*a - (unsigned char)*b;
}
static char *s_cpy(char *d, const char *s) { char *r = d; while ((*d++ = *s++)) {} return r; }
static char *s_cat(char *d, const char *s) { s_cpy(d + s_len(d), s); return d; }
static void s_rev(char *s) { for (int i = 0, j = s_len(s) - 1; i < j; i++, j--) { char t = s[i]; s[i] = s[j]; s[j] = t; } }
static const char *s_str(const char *h, const char *n)
{
    for (; *h; h++) {
        const char *a = h, *b = n;
        while (*a && *a == *b) { a++; b++; }
        if (!*b) return h;
    }
    return *n ? 0 : h;
}
static int s_itoa(i32 v, char *out, int base)
{
    char tmp[40];
    int n = 0;
    u32 u = v < 0 ? 0u - (u32)v : (u32)v;
    do { tmp[n++] = "0123456789abcdefghijklmnopqrstuvwxyz"[u % (u32)base]; u /= (u32)base; } while (u);
    if (v < 0) tmp[n++] = '-';
    for (int i = 0; i < n; i++) out[i] = tmp[n - 1 - i];
    out[n] = 0;
    return n;
}
static i32 s_atoi(const char *s)
{
    int neg = 0;
    u32 v = 0;
    while (*s == ' ') s++;
    if (*s == '-' || *s == '+') neg = *s++ == '-';
    while (*s >= '0' && *s <= '9') v = v * 10 + (u32)(*s++ - '0');
    return neg ? (i32)(0u - v) : (i32)v;
}
static void s_upper(char *s) { for (; *s; s++) if (*s >= 'a' && *s <= 'z') *s = (char)(*s - 32); }

static char bss_buf[256];

int main(void)
{
    static const char *const words[] = { "", "a", "lanai", "myrinet", "LANai", "lanai9", "zebra", "apple", "lan" };
    int nw = (int)(sizeof words / sizeof words[0]);
    for (int i = 0; i < nw; i++) {
        con_printf("len(%s)=%d cmp:", words[i], s_len(words[i]));
        for (int j = 0; j < nw; j++) {
            int c = s_cmp(words[i], words[j]);
            con_printf("%c", c < 0 ? '<' : c > 0 ? '>' : '=');
        }
        con_printf("\n");
    }
    char buf[64];
    s_cpy(buf, "hello");
    s_cat(buf, ", ");
    s_cat(buf, "world");
    con_printf("[%s] %d\n", buf, s_len(buf));
    s_rev(buf);
    con_printf("[%s]\n", buf);
    s_upper(buf);
    con_printf("[%s]\n", buf);
    const char *hay = "the quick brown fox jumps over the lazy dog";
    static const char *const needles[] = { "the", "fox", "dog", "cat", "", "lazy dog", "o", "jumps over" };
    for (int i = 0; i < 8; i++) {
        const char *r = s_str(hay, needles[i]);
        con_printf("find '%s' -> %d\n", needles[i], r ? (int)(r - hay) : -1);
    }
    static const i32 nums[] = { 0, 1, -1, 42, -42, 2147483647, -2147483647 - 1, 1000000, 255 };
    for (int i = 0; i < 9; i++) {
        char d[40], x[40], o[40], b36[40];
        s_itoa(hidei(nums[i]), d, 10);
        s_itoa(hidei(nums[i]), x, 16);
        s_itoa(hidei(nums[i]), o, 8);
        s_itoa(hidei(nums[i]), b36, 36);
        con_printf("%s %s %s %s -> %d\n", d, x, o, b36, s_atoi(d));
    }
    static const char *const parse[] = { "  123", "-0", "+77", "-2147483648", "99abc", "", "- 5" };
    for (int i = 0; i < 7; i++) con_printf("atoi('%s')=%d\n", parse[i], s_atoi(parse[i]));
    /* building a long string in .bss */
    bss_buf[0] = 0;
    for (int i = 0; i < 20; i++) {
        char t[12];
        s_itoa(i * i, t, 10);
        s_cat(bss_buf, t);
        s_cat(bss_buf, i % 5 == 4 ? ";" : ",");
    }
    con_printf("%s %d\n", bss_buf, s_len(bss_buf));
    return 0;
}
