/* How strictly a published value is compared (results/reference/README.md):
 *   exact   a number the dissertation states ("reached 307 MB/s"),
 *   approx  a number it hedges ("approximately 119 MB/s", "close to 150"),
 *   bound   a stated limit ("less than 10 KB"): the simulated value either
 *           satisfies it or violates it; there is no percentage error.
 * A bound's comparison is the suffix of its metric name: _lt, _le, _gt, _ge
 * ("simulated < value", "<=", ">", ">="). In comparison.csv the reference
 * field carries the kind as a prefix: "19" exact, "~119" approx, "<10" or
 * ">=5000" bound; plain numbers stay plain, so exact rows read as before. */
#ifndef MYRISIM_FIDELITY_REFKIND_H
#define MYRISIM_FIDELITY_REFKIND_H

typedef enum { REF_EXACT, REF_APPROX, REF_BOUND } ref_kind;
typedef enum { CMP_NONE, CMP_LT, CMP_LE, CMP_GT, CMP_GE } ref_cmp;

#define REF_FIELD_BUF 48

const char *ref_kind_name(ref_kind k);                 /* "exact", "approx", "bound" */
int ref_kind_parse(const char *s, ref_kind *k);        /* 0 or -1 */
/* The comparison a metric name's suffix asks for (CMP_NONE without one). */
ref_cmp ref_cmp_of_metric(const char *metric);
const char *ref_cmp_symbol(ref_cmp c);                 /* "<", "<=", ">", ">=", "" */
int ref_cmp_parse(const char *s, ref_cmp *c);          /* "<" ... ">=" */
/* Does the simulated value satisfy "sim <cmp> bound"? */
int ref_bound_holds(ref_cmp c, double sim, double bound);
/* The comparison.csv reference field, and back. parse returns 0 or -1. */
const char *ref_field_format(ref_kind k, ref_cmp c, double v, char buf[REF_FIELD_BUF]);
int ref_field_parse(const char *s, ref_kind *k, ref_cmp *c, double *v);
/* The error in percent of a reference value (NAN for bounds and zero). */
double ref_error_pct(ref_kind k, double ref, double sim);

#endif
