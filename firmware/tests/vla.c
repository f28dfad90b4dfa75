/* Variable-length arrays: stack allocation sized at run time (dynamic sp
 * adjustment), several VLAs in one frame, VLAs in a loop (the stack must be
 * released each iteration), and a 2-D VLA indexed with a run-time row size. */
#include "conf.h"

__attribute__((noinline)) u32 fill_and_sum(int n)
{
    u32 v[n];
    for (int i = 0; i < n; i++) v[i] = (u32)(i * i) ^ (u32)n;
    u32 s = 0;
    for (int i = n - 1; i >= 0; i--) s = s * 3 + v[i];
    return s;
}

__attribute__((noinline)) u32 two_vlas(int n, int m)
{
    unsigned char a[n];
    u64 b[m];
    for (int i = 0; i < n; i++) a[i] = (unsigned char)(i * 7);
    for (int i = 0; i < m; i++) b[i] = ((u64)(u32)i << 33) | (u32)(m - i);
    u64 s = 0;
    for (int i = 0; i < n; i++) s += a[i];
    for (int i = 0; i < m; i++) s ^= b[i];
    return (u32)(s >> 32) ^ (u32)s;
}

__attribute__((noinline)) i32 matrix_trace(int rows, int cols)
{
    i32 m[rows][cols];
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++) m[r][c] = r * cols - c;
    i32 t = 0;
    for (int k = 0; k < rows && k < cols; k++) t += m[k][k];
    return t + m[rows - 1][cols - 1];
}

int main(void)
{
    for (int n = 1; n <= 400; n = n * 3 + 1) con_printf("vla %d %08x\n", n, fill_and_sum(hidei(n)));
    for (int k = 0; k < 6; k++) con_printf("two %d %08x\n", k, two_vlas(hidei(k * 13 + 1), hidei(k * 5 + 2)));
    for (int r = 1; r < 20; r += 6)
        for (int c = 1; c < 20; c += 7) con_printf("trace %dx%d %d\n", r, c, matrix_trace(hidei(r), hidei(c)));
    /* a loop allocating VLAs: stack use must not grow with the iteration count */
    u32 acc = 0;
    for (int it = 0; it < 300; it++) {
        int n = 50 + it % 50;
        u32 tmp[n];
        for (int i = 0; i < n; i++) tmp[i] = (u32)(it + i);
        acc += tmp[n - 1] + tmp[0];
    }
    con_printf("loop acc %u\n", acc);
    return 0;
}
