/* Reference kinds (refkind.h): exact, approx and bound values, and how a
 * bound's metric suffix (_lt, _le, _gt, _ge) is compared. */
#include "refkind.h"

#include "../outputs/textfmt.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *ref_kind_name(ref_kind k)
{
    return k == REF_APPROX ? "approx" : k == REF_BOUND ? "bound" : "exact";
}

int ref_kind_parse(const char *s, ref_kind *k)
{
    if (!strcmp(s, "exact"))
        *k = REF_EXACT;
    else if (!strcmp(s, "approx"))
        *k = REF_APPROX;
    else if (!strcmp(s, "bound"))
        *k = REF_BOUND;
    else
        return -1;
    return 0;
}

static const struct {
    const char *suffix, *symbol;
    ref_cmp cmp;
} cmps[] = {{"_le", "<=", CMP_LE}, {"_ge", ">=", CMP_GE}, {"_lt", "<", CMP_LT}, {"_gt", ">", CMP_GT}};

ref_cmp ref_cmp_of_metric(const char *metric)
{
    size_t n = strlen(metric);
    for (size_t i = 0; i < sizeof cmps / sizeof *cmps; i++)
        if (n > 3 && !strcmp(metric + n - 3, cmps[i].suffix))
            return cmps[i].cmp;
    return CMP_NONE;
}

const char *ref_cmp_symbol(ref_cmp c)
{
    for (size_t i = 0; i < sizeof cmps / sizeof *cmps; i++)
        if (cmps[i].cmp == c)
            return cmps[i].symbol;
    return "";
}

int ref_cmp_parse(const char *s, ref_cmp *c)
{
    for (size_t i = 0; i < sizeof cmps / sizeof *cmps; i++)
        if (!strcmp(s, cmps[i].symbol)) {
            *c = cmps[i].cmp;
            return 0;
        }
    return -1;
}

int ref_bound_holds(ref_cmp c, double sim, double bound)
{
    switch (c) {
    case CMP_LT: return sim < bound;
    case CMP_LE: return sim <= bound;
    case CMP_GT: return sim > bound;
    case CMP_GE: return sim >= bound;
    case CMP_NONE: break;
    }
    return 0;
}

const char *ref_field_format(ref_kind k, ref_cmp c, double v, char buf[REF_FIELD_BUF])
{
    char num[NUM_BUF];
    fmt_num(v, num);
    if (k == REF_BOUND)
        snprintf(buf, REF_FIELD_BUF, "%s%s", ref_cmp_symbol(c), num);
    else
        snprintf(buf, REF_FIELD_BUF, "%s%s", k == REF_APPROX ? "~" : "", num);
    return buf;
}

int ref_field_parse(const char *s, ref_kind *k, ref_cmp *c, double *v)
{
    *k = REF_EXACT;
    *c = CMP_NONE;
    if (*s == '~') {
        *k = REF_APPROX;
        s++;
    } else if (*s == '<' || *s == '>') {
        *k = REF_BOUND;
        char sym[3] = {s[0], s[1] == '=' ? '=' : 0, 0};
        ref_cmp_parse(sym, c);
        s += s[1] == '=' ? 2 : 1;
    }
    char *end;
    if (!*s || *s == ' ')
        return -1;
    *v = strtod(s, &end);
    return *end || isnan(*v) || isinf(*v) ? -1 : 0;
}

double ref_error_pct(ref_kind k, double ref, double sim)
{
    if (k == REF_BOUND || ref == 0)
        return NAN;
    return 100.0 * (sim - ref) / ref;
}
