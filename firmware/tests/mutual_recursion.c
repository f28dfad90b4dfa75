/* Mutual recursion: even/odd, Hofstadter's female/male sequences, and a
 * recursive-descent evaluator where expr/term/factor call each other. */
#include "conf.h"

int is_odd(u32 n);
__attribute__((noinline)) int is_even(u32 n) { return n == 0 ? 1 : is_odd(n - 1); }
__attribute__((noinline)) int is_odd(u32 n) { return n == 0 ? 0 : is_even(n - 1); }

int hof_m(int n);
__attribute__((noinline)) int hof_f(int n) { return n == 0 ? 1 : n - hof_m(hof_f(n - 1)); }
__attribute__((noinline)) int hof_m(int n) { return n == 0 ? 0 : n - hof_f(hof_m(n - 1)); }

/* grammar: expr = term {(+|-) term}; term = factor {(*|/|%) factor};
 * factor = number | '-' factor | '(' expr ')' */
static const char *pos;
static i32 expr(void);

static i32 factor(void)
{
    if (*pos == '-') { pos++; return -factor(); }
    if (*pos == '(') {
        pos++;
        i32 v = expr();
        if (*pos == ')') pos++;
        return v;
    }
    i32 v = 0;
    while (*pos >= '0' && *pos <= '9') v = v * 10 + (*pos++ - '0');
    return v;
}

static i32 term(void)
{
    i32 v = factor();
    for (;;) {
        char op = *pos;
        if (op != '*' && op != '/' && op != '%') return v;
        pos++;
        i32 r = factor();
        if (op == '*') v *= r;
        else if (r == 0) v = 0;
        else if (op == '/') v /= r;
        else v %= r;
    }
}

static i32 expr(void)
{
    i32 v = term();
    while (*pos == '+' || *pos == '-') {
        char op = *pos++;
        i32 r = term();
        v = op == '+' ? v + r : v - r;
    }
    return v;
}

int main(void)
{
    for (u32 n = 0; n < 200; n += 13) con_printf("even(%u)=%d odd=%d\n", n, is_even(hide32(n)), is_odd(hide32(n)));
    con_printf("F:");
    for (int n = 0; n < 25; n++) con_printf(" %d", hof_f(hidei(n)));
    con_printf("\nM:");
    for (int n = 0; n < 25; n++) con_printf(" %d", hof_m(hidei(n)));
    con_printf("\n");
    static const char *const exprs[] = {
        "1+2*3", "(1+2)*3", "-7/2", "-7%3", "100-(3*(4+5))/2", "((((12))))",
        "2*-3*-4", "1000000/7%13", "8/(3-3)+5", "-(-(-(5)))", "12*34*56-78/9",
        "(((1+2)*(3+4))*((5+6)*(7+8)))%1000",
    };
    for (int i = 0; i < (int)(sizeof exprs / sizeof exprs[0]); i++) {
        pos = exprs[i];
        con_printf("%s = %d\n", exprs[i], expr());
    }
    return 0;
}
