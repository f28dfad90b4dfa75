/* Quicksort (recursive, Lomuto and Hoare partitions) and an iterative
 * heapsort on pseudo-random data with many duplicates, sorted and reverse
 * inputs, checked and checksummed; a binary search over the result. */
#include "conf.h"

#define N 400

static i32 data[N], copy2[N];

static void swap(i32 *x, i32 *y) { i32 t = *x; *x = *y; *y = t; }

static void quick_lomuto(i32 *v, int lo, int hi)
{
    while (lo < hi) {
        i32 pivot = v[(lo + hi) / 2];
        swap(&v[(lo + hi) / 2], &v[hi]);
        int s = lo;
        for (int i = lo; i < hi; i++)
            if (v[i] < pivot) swap(&v[i], &v[s++]);
        swap(&v[s], &v[hi]);
        /* recurse on the smaller side, loop on the larger: bounded depth */
        if (s - lo < hi - s) { quick_lomuto(v, lo, s - 1); lo = s + 1; }
        else { quick_lomuto(v, s + 1, hi); hi = s - 1; }
    }
}

static void quick_hoare(i32 *v, int lo, int hi)
{
    if (lo >= hi) return;
    i32 p = v[lo + (hi - lo) / 2];
    int i = lo - 1, j = hi + 1;
    for (;;) {
        do i++; while (v[i] < p);
        do j--; while (v[j] > p);
        if (i >= j) break;
        swap(&v[i], &v[j]);
    }
    quick_hoare(v, lo, j);
    quick_hoare(v, j + 1, hi);
}

static void sift(i32 *v, int start, int end)
{
    int root = start;
    while (2 * root + 1 <= end) {
        int child = 2 * root + 1;
        if (child + 1 <= end && v[child] < v[child + 1]) child++;
        if (v[root] >= v[child]) return;
        swap(&v[root], &v[child]);
        root = child;
    }
}

static void heapsort(i32 *v, int n)
{
    for (int s = (n - 2) / 2; s >= 0; s--) sift(v, s, n - 1);
    for (int end = n - 1; end > 0; end--) { swap(&v[0], &v[end]); sift(v, 0, end - 1); }
}

static int sorted(const i32 *v, int n) { for (int i = 1; i < n; i++) if (v[i - 1] > v[i]) return 0; return 1; }
static u32 digest(const i32 *v, int n) { u32 h = 0; for (int i = 0; i < n; i++) h = h * 33 + (u32)v[i]; return h; }

static int bsearch_i32(const i32 *v, int n, i32 key)
{
    int lo = 0, hi = n - 1;
    while (lo <= hi) {
        int mid = lo + (hi - lo) / 2;
        if (v[mid] == key) return mid;
        if (v[mid] < key) lo = mid + 1; else hi = mid - 1;
    }
    return -1;
}

int main(void)
{
    int ok = 1;
    for (int round = 0; round < 4; round++) {
        u32 seed = 100 + (u32)round;
        for (int i = 0; i < N; i++) {
            u32 x = xs32(&seed);
            data[i] = round == 0 ? (i32)x : round == 1 ? (i32)(x % 17) - 8 : round == 2 ? i : N - i;
            copy2[i] = data[i];
        }
        u32 before = 0;
        for (int i = 0; i < N; i++) before += (u32)data[i];
        if (round % 2) quick_hoare(data, 0, N - 1); else quick_lomuto(data, 0, N - 1);
        heapsort(copy2, N);
        u32 after = 0;
        for (int i = 0; i < N; i++) after += (u32)data[i];
        ok &= sorted(data, N) && sorted(copy2, N) && before == after && digest(data, N) == digest(copy2, N);
        con_printf("round %d sum %08x digest %08x min %d max %d med %d\n", round, after, digest(data, N),
                   data[0], data[N - 1], data[N / 2]);
    }
    for (int k = -5; k < 410; k += 37) con_printf("bsearch %d -> %d\n", k, bsearch_i32(data, N, hidei(k)));
    con_printf("ok %d\n", ok);
    return !ok;
}
