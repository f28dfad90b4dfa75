/* JUnit XML (report.h), the subset CI servers read: testsuites >
 * testsuite (per scenario) > testcase (per run x metric) with <failure>.
 * The schema it follows is scenarios/regress/junit.xsd (`make regress`
 * validates every report against it with xmllint). */
#include "report.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void xstr(FILE *f, const char *s)
{
    for (; *s; s++) {
        switch (*s) {
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '&': fputs("&amp;", f); break;
        case '"': fputs("&quot;", f); break;
        default:
            if ((unsigned char)*s >= 0x20 || *s == '\n') fputc(*s, f);
            else fputc('?', f);
        }
    }
}

static void item_message(const cmp_item *it, char *buf, size_t len)
{
    char x[40], y[40];
    if (it->have_a && it->have_b && strcmp(it->what, "fingerprint"))
        snprintf(buf, len, "%s: baseline %s, now %s %s%s", it->what, cmp_fmt(it->a, x), cmp_fmt(it->b, y),
                 cmp_unit(it->what), it->tol > 0 ? " (beyond its tolerance)" : "");
    else
        snprintf(buf, len, "%s: %s", it->what, it->msg);
}

int junit_write(const char *path, const scen_cmp *c, const char *const *names, const char *const *errors, int n)
{
    FILE *f = fopen(path, "w");
    if (!f) return -1;
    int tests = 0, fails = 0;
    for (int s = 0; s < n; s++) {
        tests += errors[s] ? 1 : c[s].nitem;
        fails += errors[s] ? 1 : c[s].failed;
    }
    fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    fprintf(f, "<testsuites name=\"myrisim regress\" tests=\"%d\" failures=\"%d\">\n", tests, fails);
    for (int s = 0; s < n; s++) {
        fprintf(f, "  <testsuite name=\"");
        xstr(f, names[s]);
        if (errors[s]) {
            fprintf(f, "\" tests=\"1\" failures=\"1\">\n    <testcase classname=\"");
            xstr(f, names[s]);
            fprintf(f, "\" name=\"baseline\">\n      <failure message=\"");
            xstr(f, errors[s]);
            fprintf(f, "\"/>\n    </testcase>\n  </testsuite>\n");
            continue;
        }
        fprintf(f, "\" tests=\"%d\" failures=\"%d\">\n", c[s].nitem, c[s].failed);
        for (int i = 0; i < c[s].nitem; i++) {
            const cmp_item *it = &c[s].item[i];
            fprintf(f, "    <testcase classname=\"");
            xstr(f, names[s]);
            fprintf(f, "\" name=\"");
            xstr(f, it->label);
            fprintf(f, ": ");
            xstr(f, it->what);
            if (it->ok) {
                fprintf(f, "\"/>\n");
                continue;
            }
            char msg[700];
            item_message(it, msg, sizeof msg);
            fprintf(f, "\">\n      <failure message=\"");
            xstr(f, msg);
            fprintf(f, "\"/>\n    </testcase>\n");
        }
        if (c[s].failed) {
            /* the attribution, where CI servers show a suite's output */
            fprintf(f, "    <system-out>");
            char *buf = NULL;
            size_t len = 0;
            FILE *m = open_memstream(&buf, &len);
            if (m) {
                report_text(m, &c[s], 10);
                fclose(m);
                xstr(f, buf);
                free(buf);
            }
            fprintf(f, "</system-out>\n");
        }
        fprintf(f, "  </testsuite>\n");
    }
    fprintf(f, "</testsuites>\n");
    return fclose(f) ? -1 : 0;
}
