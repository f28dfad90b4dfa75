/* Integer matrix multiplication: 32-bit products (__mulsi3), a 64-bit
 * accumulating version, transpose, identity and associativity checks, and
 * a matrix power by repeated squaring (Fibonacci numbers mod 2^64). */
#include "conf.h"

#define D 12

static i32 A[D][D], B[D][D], C[D][D], T[D][D], AB_C[D][D], A_BC[D][D], BC[D][D];

static void mul(i32 (*r)[D], i32 (*x)[D], i32 (*y)[D])
{
    for (int i = 0; i < D; i++)
        for (int j = 0; j < D; j++) {
            u32 s = 0; /* wrap-around is intended: compute modulo 2^32 */
            for (int k = 0; k < D; k++) s += (u32)x[i][k] * (u32)y[k][j];
            r[i][j] = (i32)s;
        }
}

static u32 digest(i32 (*m)[D])
{
    u32 h = 0;
    for (int i = 0; i < D; i++)
        for (int j = 0; j < D; j++) h = h * 131 + (u32)m[i][j];
    return h;
}

typedef struct { u64 a, b, c, d; } m2;
static m2 m2mul(m2 x, m2 y)
{
    m2 r = { x.a * y.a + x.b * y.c, x.a * y.b + x.b * y.d, x.c * y.a + x.d * y.c, x.c * y.b + x.d * y.d };
    return r;
}

int main(void)
{
    u32 seed = 8080;
    for (int i = 0; i < D; i++)
        for (int j = 0; j < D; j++) {
            A[i][j] = (i32)(xs32(&seed) % 201) - 100;
            B[i][j] = (i32)(xs32(&seed) % 2001) - 1000;
            C[i][j] = (i32)xs32(&seed);
        }
    mul(T, A, B);
    for (int i = 0; i < D; i += 3) {
        for (int j = 0; j < D; j += 2) con_printf(" %8d", T[i][j]);
        con_printf("\n");
    }
    con_printf("AB %08x\n", digest(T));
    /* (AB)C == A(BC) modulo 2^32 */
    mul(AB_C, T, C);
    mul(BC, B, C);
    mul(A_BC, A, BC);
    con_printf("assoc %08x %08x %d\n", digest(AB_C), digest(A_BC), digest(AB_C) == digest(A_BC));
    /* (AB)^T == B^T A^T */
    static i32 At[D][D], Bt[D][D], R[D][D];
    for (int i = 0; i < D; i++)
        for (int j = 0; j < D; j++) { At[i][j] = A[j][i]; Bt[i][j] = B[j][i]; }
    mul(R, Bt, At);
    int tr_ok = 1;
    for (int i = 0; i < D; i++)
        for (int j = 0; j < D; j++) tr_ok &= R[i][j] == T[j][i];
    con_printf("transpose ok %d\n", tr_ok);
    /* identity */
    static i32 I[D][D];
    for (int i = 0; i < D; i++) I[i][i] = 1;
    mul(R, C, I);
    con_printf("identity %d\n", digest(R) == digest(C));
    /* Fibonacci by 2x2 matrix powers, 64-bit */
    for (u32 n = 10; n <= 300; n += 58) {
        m2 r = { 1, 0, 0, 1 }, base = { 1, 1, 1, 0 };
        for (u32 e = hide32(n); e; e >>= 1) {
            if (e & 1) r = m2mul(r, base);
            base = m2mul(base, base);
        }
        con_printf("fib(%u) mod 2^64 = %016llx\n", n, r.b);
    }
    return !tr_ok;
}
