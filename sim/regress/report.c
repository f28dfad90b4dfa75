/* Text, Markdown and JSON comparison reports (report.h). */
#include "report.h"

#include <inttypes.h>
#include <string.h>

static double pct(double a, double b) { return a != 0 ? 100.0 * (b - a) / a : 0; }

static int64_t delta(const cmp_fn *f) { return (int64_t)f->b - (int64_t)f->a; }

void report_text(FILE *f, const scen_cmp *c, int top)
{
    char x[40], y[40];
    for (int i = 0; i < c->nitem; i++) {
        const cmp_item *it = &c->item[i];
        if (it->ok) continue;
        if (it->have_a && it->have_b && strcmp(it->what, "fingerprint"))
            fprintf(f, "  %s | %s: %s -> %s %s (%+.4g%%%s)\n", it->label, it->what, cmp_fmt(it->a, x),
                    cmp_fmt(it->b, y), cmp_unit(it->what), pct(it->a, it->b), it->tol > 0 ? ", beyond its tolerance" : "");
        else
            fprintf(f, "  %s | %s: %s\n", it->label, it->what, it->msg);
    }
    int shown = 0;
    for (int i = 0; i < c->nfn && shown < top; i++) {
        if (c->fn[i].a == c->fn[i].b) continue;
        if (!shown++) fprintf(f, "  firmware functions whose cycles changed most (summed over the runs):\n");
        fprintf(f, "    %-28s NI %d (%s): %" PRIu64 " -> %" PRIu64 " cycles (%+" PRId64 ")%s\n", c->fn[i].name,
                c->fn[i].ni, c->fn[i].chip, c->fn[i].a, c->fn[i].b, delta(&c->fn[i]),
                c->fn[i].entries <= 1 ? "  [entered once: a loop that waits]" : "");
    }
}

/* The NIs a comparison's functions cover, in order. */
static int nis(const scen_cmp *c, int *out, int max)
{
    int n = 0;
    for (int i = 0; i < c->nfn; i++) {
        int seen = 0;
        for (int k = 0; k < n; k++) seen |= out[k] == c->fn[i].ni;
        if (!seen && n < max) out[n++] = c->fn[i].ni;
    }
    for (int i = 1; i < n; i++)
        for (int k = i; k > 0 && out[k - 1] > out[k]; k--) {
            int t = out[k];
            out[k] = out[k - 1];
            out[k - 1] = t;
        }
    return n;
}

void report_markdown(FILE *f, const scen_cmp *c, int n, const char *an, const char *bn, int top)
{
    char x[40], y[40];
    fprintf(f, "# A/B comparison\n\nA: `%s`  \nB: `%s`\n", an, bn);
    for (int s = 0; s < n; s++) {
        const scen_cmp *k = &c[s];
        fprintf(f, "\n## %s (%s)\n\n%d of %d comparisons differ.\n\n", k->b->scenario, k->b->file, k->failed, k->nitem);
        fprintf(f, "| run | metric | A | B | delta | unit |\n|---|---|---:|---:|---:|---|\n");
        for (int i = 0; i < k->nitem; i++) {
            const cmp_item *it = &k->item[i];
            if (!strcmp(it->what, "fingerprint"))
                fprintf(f, "| %s | fingerprint | %.0f records | %.0f records | %s | |\n", it->label, it->a, it->b,
                        it->ok ? "equal" : "**different**");
            else if (it->have_a && it->have_b)
                fprintf(f, "| %s | %s | %s | %s | %s%+.4g%%%s | %s |\n", it->label, it->what, cmp_fmt(it->a, x),
                        cmp_fmt(it->b, y), it->ok ? "" : "**", pct(it->a, it->b), it->ok ? "" : "**",
                        cmp_unit(it->what));
            else
                fprintf(f, "| %s | %s | | | %s | |\n", it->label, it->what, it->msg);
        }
        int ni[16], nn = nis(k, ni, 16);
        for (int j = 0; j < nn; j++) {
            fprintf(f, "\nNI %d: functions with the largest cycle deltas (summed over the runs)\n\n", ni[j]);
            fprintf(f, "| function | A cycles | B cycles | delta |\n|---|---:|---:|---:|\n");
            int shown = 0;
            for (int i = 0; i < k->nfn && shown < top; i++)
                if (k->fn[i].ni == ni[j] && k->fn[i].a != k->fn[i].b) {
                    shown++;
                    fprintf(f, "| %s | %" PRIu64 " | %" PRIu64 " | %+" PRId64 " |\n", k->fn[i].name, k->fn[i].a,
                            k->fn[i].b, delta(&k->fn[i]));
                }
            if (!shown) fprintf(f, "| (no function changed) | | | |\n");
        }
    }
}

static void jstr(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"' || *s == '\\') fprintf(f, "\\%c", *s);
        else if ((unsigned char)*s < 0x20) fprintf(f, "\\u%04x", *s);
        else fputc(*s, f);
    }
    fputc('"', f);
}

void report_json(FILE *f, const scen_cmp *c, int n, const char *an, const char *bn, int top)
{
    char x[40], y[40];
    fprintf(f, "{\n  \"a\": ");
    jstr(f, an);
    fprintf(f, ",\n  \"b\": ");
    jstr(f, bn);
    fprintf(f, ",\n  \"scenarios\": [");
    for (int s = 0; s < n; s++) {
        const scen_cmp *k = &c[s];
        fprintf(f, "%s\n    {\"scenario\": ", s ? "," : "");
        jstr(f, k->b->scenario);
        fprintf(f, ", \"differences\": %d, \"comparisons\": [", k->failed);
        for (int i = 0; i < k->nitem; i++) {
            const cmp_item *it = &k->item[i];
            fprintf(f, "%s\n      {\"run\": ", i ? "," : "");
            jstr(f, it->label);
            fprintf(f, ", \"what\": ");
            jstr(f, it->what);
            if (!strcmp(it->what, "fingerprint"))
                fprintf(f, ", \"equal\": %s, \"records_a\": %.0f, \"records_b\": %.0f}", it->ok ? "true" : "false",
                        it->a, it->b);
            else if (it->have_a && it->have_b)
                fprintf(f, ", \"a\": %s, \"b\": %s, \"delta_pct\": %.6g, \"unit\": \"%s\", \"equal\": %s}",
                        cmp_fmt(it->a, x), cmp_fmt(it->b, y), pct(it->a, it->b), cmp_unit(it->what),
                        it->ok ? "true" : "false");
            else {
                fprintf(f, ", \"equal\": false, \"message\": ");
                jstr(f, it->msg);
                fputc('}', f);
            }
        }
        fprintf(f, "\n    ], \"functions\": [");
        int shown = 0;
        for (int i = 0; i < k->nfn; i++) {
            if (k->fn[i].a == k->fn[i].b) continue;
            int per = 0;            /* top per NI */
            for (int j = 0; j < i; j++) per += k->fn[j].ni == k->fn[i].ni && k->fn[j].a != k->fn[j].b;
            if (per >= top) continue;
            fprintf(f, "%s\n      {\"ni\": %d, \"chip\": \"%s\", \"function\": ", shown++ ? "," : "", k->fn[i].ni,
                    k->fn[i].chip);
            jstr(f, k->fn[i].name);
            fprintf(f, ", \"a\": %" PRIu64 ", \"b\": %" PRIu64 ", \"delta\": %" PRId64 "}", k->fn[i].a, k->fn[i].b,
                    delta(&k->fn[i]));
        }
        fprintf(f, "\n    ]}");
    }
    fprintf(f, "\n  ]\n}\n");
}
