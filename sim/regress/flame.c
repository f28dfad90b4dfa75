/* Call trees, tables, folded stacks and SVG flame graphs (flame.h). */
#define _GNU_SOURCE
#include "flame.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* ---- the tree ---- */

typedef struct fnode {
    char name[BL_NAME];
    uint64_t incl[2], excl[2];    /* [0]: run A (diff), [1]: run B */
    int parent, child, next;      /* first child, next sibling; -1 none */
} fnode;

typedef struct ftree {
    fnode *n;
    int nn, cap;
} ftree;

static int tnode(ftree *t, int parent, const char *name)
{
    if (parent >= 0)
        for (int c = t->n[parent].child; c >= 0; c = t->n[c].next)
            if (!strcmp(t->n[c].name, name)) return c;
    if (t->nn == t->cap) {
        t->cap = t->cap ? 2 * t->cap : 256;
        t->n = realloc(t->n, (size_t)t->cap * sizeof *t->n);
        if (!t->n) exit(3);
    }
    fnode *f = &t->n[t->nn];
    memset(f, 0, sizeof *f);
    snprintf(f->name, sizeof f->name, "%s", name);
    f->parent = parent;
    f->child = f->next = -1;
    if (parent >= 0) {
        /* children kept sorted by name: the drawing is the same for any input order */
        int *link = &t->n[parent].child;
        while (*link >= 0 && strcmp(t->n[*link].name, name) < 0) link = &t->n[*link].next;
        f->next = *link;
        *link = t->nn;
    }
    return t->nn++;
}

static void tadd(ftree *t, const char *path, uint64_t cyc, int side)
{
    int at = 0;                   /* node 0: the root ("all") */
    t->n[0].incl[side] += cyc;
    char buf[4096];
    snprintf(buf, sizeof buf, "%s", path);
    for (char *save = NULL, *s = strtok_r(buf, ";", &save); s; s = strtok_r(NULL, ";", &save)) {
        at = tnode(t, at, s);
        t->n[at].incl[side] += cyc;
    }
    t->n[at].excl[side] += cyc;
}

static void tbuild(ftree *t, const bl_fn *b, int nb, const bl_fn *a, int na)
{
    memset(t, 0, sizeof *t);
    tnode(t, -1, "all");
    for (int i = 0; i < na; i++) tadd(t, a[i].name, a[i].cycles, 0);
    for (int i = 0; i < nb; i++) tadd(t, b[i].name, b[i].cycles, 1);
}

/* ---- folded stacks ---- */

int flame_write_folded(const char *path, const bl_fn *p, int n)
{
    FILE *f = fopen(path, "w");
    if (!f) return -1;
    for (int i = 0; i < n; i++)
        if (p[i].cycles) fprintf(f, "%s %" PRIu64 "\n", p[i].name, p[i].cycles);
    return fclose(f) ? -1 : 0;
}

int flame_read_folded(const char *path, bl_fn **paths, int *n, char *err, size_t errlen)
{
    *paths = NULL;
    *n = 0;
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        return -1;
    }
    char line[8192];
    int ln = 0, cap = 0;
    while (fgets(line, sizeof line, f)) {
        ln++;
        line[strcspn(line, "\n")] = 0;
        if (!line[0]) continue;
        char *sp = strrchr(line, ' '), *end;
        uint64_t v = sp ? strtoull(sp + 1, &end, 10) : 0;
        if (!sp || sp == line || !sp[1] || *end) {
            snprintf(err, errlen, "%s:%d: expected 'frame;frame;... CYCLES'", path, ln);
            fclose(f);
            free(*paths);
            *paths = NULL;
            return -1;
        }
        *sp = 0;
        if (*n == cap) {
            cap = cap ? 2 * cap : 64;
            *paths = realloc(*paths, (size_t)cap * sizeof **paths);
            if (!*paths) exit(3);
        }
        bl_fn *p = &(*paths)[(*n)++];
        memset(p, 0, sizeof *p);
        snprintf(p->name, sizeof p->name, "%.*s", (int)sizeof p->name - 1, line);
        p->cycles = v;
    }
    fclose(f);
    return 0;
}

/* ---- tables ---- */

typedef struct frow {
    char name[BL_NAME];
    uint64_t excl, incl, calls;
} frow;

static int by_incl(const void *x, const void *y)
{
    const frow *a = x, *b = y;
    if (a->incl != b->incl) return a->incl < b->incl ? 1 : -1;
    if (a->excl != b->excl) return a->excl < b->excl ? 1 : -1;
    return strcmp(a->name, b->name);
}

static frow *row(frow **v, int *n, const char *name)
{
    for (int i = 0; i < *n; i++)
        if (!strcmp((*v)[i].name, name)) return &(*v)[i];
    *v = realloc(*v, (size_t)(*n + 1) * sizeof **v);
    if (!*v) exit(3);
    frow *r = &(*v)[(*n)++];
    memset(r, 0, sizeof *r);
    snprintf(r->name, sizeof r->name, "%s", name);
    return r;
}

void flame_print_tables(FILE *f, const bl_fn *p, int n, int top)
{
    frow *fn = NULL, *cp = NULL;
    int nfn = 0, ncp = 0;
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        total += p[i].cycles;
        char buf[BL_NAME], *frames[256];
        int nf = 0;
        snprintf(buf, sizeof buf, "%s", p[i].name);
        for (char *save = NULL, *s = strtok_r(buf, ";", &save); s && nf < 256; s = strtok_r(NULL, ";", &save))
            frames[nf++] = s;
        if (!nf) continue;
        frow *leaf = row(&fn, &nfn, frames[nf - 1]);
        leaf->excl += p[i].cycles;
        leaf->calls += p[i].calls;
        for (int j = 0; j < nf; j++) {           /* inclusive: once per path even when recursive */
            int seen = 0;
            for (int k = 0; k < j; k++) seen |= !strcmp(frames[k], frames[j]);
            if (!seen) row(&fn, &nfn, frames[j])->incl += p[i].cycles;
        }
        /* per call path: every prefix gets the inclusive cycles */
        char pre[4096] = "";
        size_t o = 0;
        for (int j = 0; j < nf; j++) {
            o += (size_t)snprintf(pre + o, sizeof pre - o, "%s%s", j ? ";" : "", frames[j]);
            if (o >= sizeof pre) break;
            frow *r = row(&cp, &ncp, pre);
            r->incl += p[i].cycles;
            if (j == nf - 1) {
                r->excl += p[i].cycles;
                r->calls += p[i].calls;
            }
        }
    }
    if (nfn) qsort(fn, (size_t)nfn, sizeof *fn, by_incl);
    if (ncp) qsort(cp, (size_t)ncp, sizeof *cp, by_incl);
    fprintf(f, "  %" PRIu64 " cycles\n  %14s %14s %6s %10s  %s\n", total, "inclusive", "exclusive", "excl%", "entries",
            "function");
    for (int i = 0; i < nfn && i < top; i++)
        fprintf(f, "  %14" PRIu64 " %14" PRIu64 " %6.2f %10" PRIu64 "  %s\n", fn[i].incl, fn[i].excl,
                total ? 100.0 * (double)fn[i].excl / (double)total : 0.0, fn[i].calls, fn[i].name);
    fprintf(f, "  %14s %14s %6s %10s  %s\n", "inclusive", "exclusive", "incl%", "entries", "call path");
    for (int i = 0; i < ncp && i < top; i++)
        fprintf(f, "  %14" PRIu64 " %14" PRIu64 " %6.2f %10" PRIu64 "  %s\n", cp[i].incl, cp[i].excl,
                total ? 100.0 * (double)cp[i].incl / (double)total : 0.0, cp[i].calls, cp[i].name);
    free(fn);
    free(cp);
}

/* ---- SVG ---- */

#define SVG_W 1200.0
#define ROW_H 17.0
#define PAD 10.0

static void xml(FILE *f, const char *s)
{
    for (; *s; s++) {
        if (*s == '<') fputs("&lt;", f);
        else if (*s == '>') fputs("&gt;", f);
        else if (*s == '&') fputs("&amp;", f);
        else if (*s == '"') fputs("&quot;", f);
        else fputc(*s, f);
    }
}

static uint32_t hash(const char *s)
{
    uint32_t h = 2166136261u;
    for (; *s; s++) h = (h ^ (uint8_t)*s) * 16777619u;
    return h;
}

static int depth_of(const ftree *t, int i)
{
    int d = 0;
    for (; t->n[i].parent >= 0; i = t->n[i].parent) d++;
    return d;
}

static int max_depth(const ftree *t)
{
    int m = 0;
    for (int i = 0; i < t->nn; i++) {
        int d = depth_of(t, i);
        if (d > m) m = d;
    }
    return m;
}

/* Frame fill: warm hues by name for one run; for a difference, red where
 * B spends more cycles than A, blue where fewer, white where the same. */
static void fill(const fnode *n, int diff, double maxd, char *buf, size_t len)
{
    if (!diff) {
        uint32_t h = hash(n->name);
        snprintf(buf, len, "rgb(%u,%u,%u)", 205 + h % 50, 80 + (h >> 8) % 130, 30 + (h >> 16) % 50);
        return;
    }
    double r = maxd > 0 ? ((double)n->incl[1] - (double)n->incl[0]) / maxd : 0;    /* -1 .. 1 */
    int k = (int)(200 * (r < 0 ? -r : r));
    if (k > 200) k = 200;
    if (r > 0) snprintf(buf, len, "rgb(255,%d,%d)", 255 - k, 255 - k);
    else snprintf(buf, len, "rgb(%d,%d,255)", 255 - k, 255 - k);
}

static void draw(FILE *f, const ftree *t, int i, double x, double scale, int depth, int height, int diff,
                 double maxd)
{
    const fnode *n = &t->n[i];
    double w = (double)n->incl[1] * scale;
    if (w < 0.1) return;
    double y = PAD + 30 + (double)(height - depth) * ROW_H;
    char col[40];
    fill(n, diff, maxd, col, sizeof col);
    fprintf(f, "<g><title>");
    xml(f, n->name);
    if (diff)
        fprintf(f, " (A %" PRIu64 ", B %" PRIu64 " cycles, %+" PRId64 ")", n->incl[0], n->incl[1],
                (int64_t)n->incl[1] - (int64_t)n->incl[0]);
    else
        fprintf(f, " (%" PRIu64 " cycles, %.2f%%)", n->incl[1],
                t->n[0].incl[1] ? 100.0 * (double)n->incl[1] / (double)t->n[0].incl[1] : 0.0);
    fprintf(f, "</title><rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\" rx=\"2\"/>", x, y, w,
            ROW_H - 1, col);
    int chars = (int)(w / 7.0);
    if (chars >= 3) {
        char label[BL_NAME];
        int l = (int)strlen(n->name);
        if (l > chars) snprintf(label, sizeof label, "%.*s..", chars - 2, n->name);
        else snprintf(label, sizeof label, "%s", n->name);
        fprintf(f, "<text x=\"%.1f\" y=\"%.1f\">", x + 3, y + ROW_H - 5);
        xml(f, label);
        fprintf(f, "</text>");
    }
    fprintf(f, "</g>\n");
    for (int c = n->child; c >= 0; c = t->n[c].next) {
        const fnode *k = &t->n[c];
        draw(f, t, c, x, scale, depth + 1, height, diff, maxd);
        x += (double)k->incl[1] * scale;
    }
}

int flame_write_svg(const char *path, const char *title, const bl_fn *b, int nb, const bl_fn *a, int na)
{
    ftree t;
    tbuild(&t, b, nb, a, na);
    int diff = a != NULL, height = max_depth(&t);
    uint64_t root = t.n[0].incl[1];
    double maxd = 0;              /* the largest change of any frame below the root: full colour */
    for (int i = 1; i < t.nn; i++) {
        double d = (double)t.n[i].incl[1] - (double)t.n[i].incl[0];
        if (d < 0) d = -d;
        if (d > maxd) maxd = d;
    }
    double scale = root ? (SVG_W - 2 * PAD) / (double)root : 0;
    double h = PAD * 2 + 30 + (double)(height + 1) * ROW_H + 20;
    FILE *f = fopen(path, "w");
    if (!f) {
        free(t.n);
        return -1;
    }
    fprintf(f, "<?xml version=\"1.0\" standalone=\"no\"?>\n");
    fprintf(f, "<svg version=\"1.1\" width=\"%.0f\" height=\"%.0f\" xmlns=\"http://www.w3.org/2000/svg\" "
               "font-family=\"monospace\" font-size=\"11\">\n", SVG_W, h);
    fprintf(f, "<rect x=\"0\" y=\"0\" width=\"100%%\" height=\"100%%\" fill=\"#f8f8f0\"/>\n");
    fprintf(f, "<text x=\"%.0f\" y=\"24\" font-size=\"15\" text-anchor=\"middle\">", SVG_W / 2);
    xml(f, title);
    fprintf(f, "</text>\n");
    fprintf(f, "<text x=\"%.0f\" y=\"%.0f\">%s</text>\n", PAD, h - 8,
            diff ? "width: inclusive cycles in B; red: more cycles than in A, blue: fewer, deepest at the largest change"
                 : "width: inclusive cycles (hover for numbers)");
    if (root) draw(f, &t, 0, PAD, scale, 0, height, diff, maxd);
    fprintf(f, "</svg>\n");
    free(t.n);
    return fclose(f) ? -1 : 0;
}
