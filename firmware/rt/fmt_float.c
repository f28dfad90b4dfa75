/* %f %F %e %E %g %G for doubles, from the bit pattern with integer
 * arithmetic only, so printing a double costs no soft-float calls.
 *
 * A finite double is M * 2^E exactly, so its decimal expansion is finite:
 * the integer part has at most 309 digits, the fraction at most 1074. The
 * value is held as a big number in base-2^16 limbs whose low `nfrac` limbs
 * are the fraction; integer digits come from repeated division by 10000,
 * fraction digits one at a time by multiplying the fraction by 10 (the
 * carry out of the top limb is the next digit). The printed digits are the
 * exact expansion rounded half to even at the last printed place, which is
 * what glibc prints. Uses about 2 KB of stack. */
#include "fmt.h"

#define LIMBS 80     /* > (53 + 1074 + 15) / 16 */
#define INT_MAX_DIGITS 310
#define FRAC_CAP 1080   /* the fraction's digits are all zero beyond 1074 */
#define SIG_CAP 800     /* a double has at most 767 significant digits */

typedef struct {
    uint32_t v[LIMBS];            /* base 2^16, least significant first */
    int nfrac, lo;                /* fraction limbs; lowest nonzero one (nfrac: fraction 0) */
    char idig[INT_MAX_DIGITS];    /* integer digits, most significant first */
    int nint, ipos;               /* how many; next one to hand out (dec_next) */
} dec;

static void dec_init(dec *d, uint64_t m, int e)
{
    int shift;
    for (int i = 0; i < LIMBS; i++) d->v[i] = 0;
    if (e >= 0) {
        d->nfrac = 0;
        shift = e;
    } else {
        d->nfrac = (-e + 15) / 16;
        shift = 16 * d->nfrac + e;   /* fraction bits end at a limb boundary */
    }
    int idx = shift / 16, off = shift % 16;
    for (int j = 0; j < 5 && idx + j < LIMBS; j++) {   /* m << off spans at most 5 limbs */
        int lowbit = 16 * j - off;
        uint64_t part = lowbit >= 64 ? 0 : lowbit >= 0 ? m >> lowbit : m << -lowbit;
        d->v[idx + j] = (uint32_t)part & 0xFFFF;
    }
    d->lo = 0;
    while (d->lo < d->nfrac && !d->v[d->lo]) d->lo++;

    /* integer digits: divide a copy of the integer limbs by 10000 repeatedly */
    uint32_t t[LIMBS];
    int n = 0;
    for (int i = d->nfrac; i < LIMBS; i++) {
        t[n] = d->v[i];
        n++;
    }
    while (n && !t[n - 1]) n--;
    char rev[INT_MAX_DIGITS + 4];
    int nr = 0;
    while (n) {
        uint32_t rem = 0;
        for (int i = n - 1; i >= 0; i--) {
            uint32_t cur = rem << 16 | t[i], q = cur / 10000u;
            rem = cur - q * 10000u;
            t[i] = q;
        }
        while (n && !t[n - 1]) n--;
        for (int k = 0; k < 4 && (n || rem); k++) {   /* the top chunk without leading zeros */
            uint32_t q = rem / 10u;
            rev[nr++] = (char)('0' + (rem - q * 10u));
            rem = q;
        }
    }
    d->nint = nr;
    for (int i = 0; i < nr; i++) d->idig[i] = rev[nr - 1 - i];
    d->ipos = 0;
}

static int frac_zero(const dec *d) { return d->lo >= d->nfrac; }

static int frac_next(dec *d)
{
    if (frac_zero(d)) return 0;
    uint32_t carry = 0;
    for (int i = d->lo; i < d->nfrac; i++) {
        uint32_t x = (d->v[i] << 3) + (d->v[i] << 1) + carry;
        d->v[i] = x & 0xFFFF;
        carry = x >> 16;
    }
    while (d->lo < d->nfrac && !d->v[d->lo]) d->lo++;
    return (int)carry;
}

/* Next digit of the whole expansion (integer digits first, then fraction),
 * and whether anything nonzero follows the digits handed out so far. */
static int dec_next(dec *d)
{
    if (d->ipos < d->nint) return d->idig[d->ipos++] - '0';
    return frac_next(d);
}

static int dec_rest_nonzero(const dec *d)
{
    for (int i = d->ipos; i < d->nint; i++)
        if (d->idig[i] != '0') return 1;
    return !frac_zero(d);
}

/* Whether digits ending in `last`, followed by digit r and a nonzero rest
 * (sticky), round up: half to even. */
static int round_up(int last, int r, int sticky) { return r > 5 || (r == 5 && (sticky || (last & 1))); }

/* Add one at the last of n digits; returns 1 if it carried out of the first. */
static int increment(char *dig, int n)
{
    for (int i = n - 1; i >= 0; i--) {
        if (dig[i] != '9') {
            dig[i]++;
            return 0;
        }
        dig[i] = '0';
    }
    return 1;
}

typedef struct {
    char body[INT_MAX_DIGITS + FRAC_CAP + 16];   /* digits and point, then exponent */
    int n;
    int zeros_at;     /* where `zeros` more '0's go (beyond the digit caps) */
    int zeros;
} text;

/* %f: integer digits (at least one), then prec fraction digits. */
static void form_f(text *t, dec *d, int prec, int alt)
{
    int n = 0, fd = prec < FRAC_CAP ? prec : FRAC_CAP;
    char *b = t->body;
    if (d->nint == 0) b[n++] = '0';
    for (int i = 0; i < d->nint; i++) b[n++] = d->idig[i];
    int ilen = n;
    for (int i = 0; i < fd; i++) b[n++] = (char)('0' + frac_next(d));
    if (prec <= FRAC_CAP) {
        int r = frac_next(d);
        if (round_up(b[n - 1] - '0', r, !frac_zero(d)) && increment(b, n)) {
            for (int i = n; i > 0; i--) b[i] = b[i - 1];
            b[0] = '1';
            n++;
            ilen++;
        }
    }
    if (prec > 0 || alt) {   /* the point goes after the integer digits */
        for (int i = n; i > ilen; i--) b[i] = b[i - 1];
        b[ilen] = '.';
        n++;
    }
    t->n = n;
    t->zeros_at = n;
    t->zeros = prec - fd;
}

/* The first `want` significant digits (rounded) and the decimal exponent of
 * the first; value 0 gives zeros and exponent 0. Returns the digit count
 * stored (want, capped at SIG_CAP; the rest are zeros). */
static int significant(dec *d, int want, int zero, char *dig, int *exp10)
{
    int nd = want < SIG_CAP ? want : SIG_CAP;
    if (zero) {
        for (int i = 0; i < nd; i++) dig[i] = '0';
        *exp10 = 0;
        return nd;
    }
    int x, first;
    if (d->nint) {
        x = d->nint - 1;
        first = dec_next(d);
    } else {
        x = -1;
        while ((first = frac_next(d)) == 0) x--;
    }
    dig[0] = (char)('0' + first);
    for (int i = 1; i < nd; i++) dig[i] = (char)('0' + dec_next(d));
    if (want <= SIG_CAP) {
        int r = dec_next(d);
        if (round_up(dig[nd - 1] - '0', r, dec_rest_nonzero(d)) && increment(dig, nd)) {
            dig[0] = '1';   /* 9.99 -> 10.0: the digits are now 1000..., one place up */
            x++;
        }
    }
    *exp10 = x;
    return nd;
}

/* %e: d.ddd e+XX with prec digits after the point. */
static void form_e(text *t, dec *d, int prec, int alt, int zero, int upper)
{
    char dig[SIG_CAP];
    int x, nd = significant(d, prec + 1, zero, dig, &x), n = 0;
    char *b = t->body;
    b[n++] = dig[0];
    if (prec > 0 || alt) b[n++] = '.';
    for (int i = 1; i < nd; i++) b[n++] = dig[i];
    t->zeros_at = n;
    t->zeros = prec + 1 - nd;
    b[n++] = upper ? 'E' : 'e';
    b[n++] = x < 0 ? '-' : '+';
    unsigned ax = (unsigned)(x < 0 ? -x : x);
    if (ax >= 100) b[n++] = (char)('0' + ax / 100);
    b[n++] = (char)('0' + ax / 10 % 10);
    b[n++] = (char)('0' + ax % 10);
    t->n = n;
}

/* %g without '#': no trailing zeros in the fraction, no point without one. */
static void strip_zeros(text *t)
{
    char *b = t->body;
    int point = -1, end = t->zeros_at;   /* the digits end where the exponent starts */
    for (int i = 0; i < end; i++)
        if (b[i] == '.') point = i;
    if (point < 0) return;
    int k = end;
    while (k > point + 1 && b[k - 1] == '0') k--;
    if (k == point + 1) k = point;
    for (int i = end; i < t->n; i++) b[k + i - end] = b[i];
    t->n -= end - k;
    t->zeros_at = k;
    t->zeros = 0;
}

int fmt_double(fmt_out *o, const fmt_spec *s, char conv, uint64_t bits)
{
    int neg = (int)(bits >> 63), be = (int)(bits >> 52) & 0x7FF, upper = conv >= 'A' && conv <= 'Z';
    uint64_t m = bits & 0xFFFFFFFFFFFFFull;
    char sign = neg ? '-' : s->plus ? '+' : s->space ? ' ' : 0;
    static text t;   /* 1.4 KB: kept off the stack */
    int zero_pad = s->zero && !s->left;
    if (be == 0x7FF) {   /* inf / nan: no zero padding */
        const char *w = m ? (upper ? "NAN" : "nan") : (upper ? "INF" : "inf");
        t.n = 0;
        while (*w) t.body[t.n++] = *w++;
        t.zeros = 0;
        t.zeros_at = t.n;
        zero_pad = 0;
    } else {
        int e = be ? be - 1075 : -1074, zero = !be && !m;
        if (be) m |= 1ull << 52;
        dec d;
        int prec = s->prec < 0 ? 6 : s->prec;
        char c = (char)(conv | 0x20);
        dec_init(&d, m, e);
        if (c == 'f') form_f(&t, &d, prec, s->alt);
        else if (c == 'e') form_e(&t, &d, prec, s->alt, zero, upper);
        else {   /* %g: %e's exponent X at precision P decides: %f if P > X >= -4 */
            int p = prec ? prec : 1, x;
            char dig[SIG_CAP];
            significant(&d, p, zero, dig, &x);
            dec_init(&d, m, e);
            if (p > x && x >= -4) form_f(&t, &d, p - 1 - x, s->alt);
            else form_e(&t, &d, p - 1, s->alt, zero, upper);
            if (!s->alt) strip_zeros(&t);
        }
    }
    int len = (sign != 0) + t.n + t.zeros, count = len;
    if (!s->left && !zero_pad) count += fmt_pad(o, ' ', s->width - len);
    if (sign) o->put(o, sign);
    if (zero_pad) count += fmt_pad(o, '0', s->width - len);
    for (int i = 0; i < t.n; i++) {
        if (i == t.zeros_at) fmt_pad(o, '0', t.zeros);
        o->put(o, t.body[i]);
    }
    if (t.zeros_at == t.n) fmt_pad(o, '0', t.zeros);
    if (s->left) count += fmt_pad(o, ' ', s->width - len);
    return count;
}
