/* Bubble sort and insertion sort on signed, unsigned and 64-bit arrays with
 * early exit, verified sorted and checksummed, plus a stable sort of records
 * by key (equal keys keep their order). */
#include "conf.h"

#define N 120

static i32 a[N];
static u32 b[N];
static i64 c[N / 2];
struct rec { u32 key, id; };
static struct rec r[40];

static void bubble_i32(i32 *v, int n)
{
    for (int pass = 0; pass < n - 1; pass++) {
        int swapped = 0;
        for (int i = 0; i < n - 1 - pass; i++)
            if (v[i] > v[i + 1]) { i32 t = v[i]; v[i] = v[i + 1]; v[i + 1] = t; swapped = 1; }
        if (!swapped) break;
    }
}

static void insertion_u32(u32 *v, int n)
{
    for (int i = 1; i < n; i++) {
        u32 x = v[i];
        int j = i - 1;
        while (j >= 0 && v[j] > x) { v[j + 1] = v[j]; j--; }
        v[j + 1] = x;
    }
}

static void bubble_i64(i64 *v, int n)
{
    for (int i = 0; i < n; i++)
        for (int j = n - 1; j > i; j--)
            if (v[j] < v[j - 1]) { i64 t = v[j]; v[j] = v[j - 1]; v[j - 1] = t; }
}

static void stable_by_key(struct rec *v, int n)
{
    for (int i = 1; i < n; i++) {
        struct rec x = v[i];
        int j = i - 1;
        while (j >= 0 && v[j].key > x.key) { v[j + 1] = v[j]; j--; }
        v[j + 1] = x;
    }
}

int main(void)
{
    u32 seed = 555;
    for (int i = 0; i < N; i++) { a[i] = (i32)xs32(&seed) >> 8; b[i] = xs32(&seed); }
    for (int i = 0; i < N / 2; i++) c[i] = (i64)xs64pair(&seed) >> (i % 40);
    bubble_i32(a, N);
    insertion_u32(b, N);
    bubble_i64(c, N / 2);
    int ok = 1;
    for (int i = 1; i < N; i++) ok &= a[i - 1] <= a[i] && b[i - 1] <= b[i];
    for (int i = 1; i < N / 2; i++) ok &= c[i - 1] <= c[i];
    for (int i = 0; i < N; i += 10) con_printf("a[%3d]=%9d b=%08x\n", i, a[i], b[i]);
    for (int i = 0; i < N / 2; i += 6) con_printf("c[%2d]=%lld\n", i, c[i]);
    for (int i = 0; i < 40; i++) { r[i].key = xs32(&seed) % 5; r[i].id = (u32)i; }
    stable_by_key(r, 40);
    for (int i = 0; i < 40; i++) {
        con_printf("%u:%u%s", r[i].key, r[i].id, i % 10 == 9 ? "\n" : " ");
        if (i && r[i - 1].key == r[i].key && r[i - 1].id > r[i].id) ok = 0;
    }
    /* already sorted and reverse-sorted inputs */
    for (int i = 0; i < N; i++) a[i] = N - i;
    bubble_i32(a, N);
    con_printf("reverse sorted ends %d %d\n", a[0], a[N - 1]);
    bubble_i32(a, N);
    con_printf("sorted ok %d\n", ok);
    return !ok;
}
