/* Baseline files and profile files (baseline.h). */
#define _GNU_SOURCE
#include "baseline.h"
#include "inline.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

static void *grow(void *p, int n, size_t sz)
{
    /* capacities double at powers of two: n elements -> room for n + 1 */
    if (n & (n - 1) && n) return p;
    void *q = realloc(p, (size_t)(n ? 2 * n : 1) * sz);
    if (!q) {
        fprintf(stderr, "myrisim: out of memory\n");
        exit(3);
    }
    return q;
}

static void free_ni(bl_ni *n)
{
    free(n->fn);
    free(n->src);
    free(n->path);
}

void baseline_free(baseline *b)
{
    for (int i = 0; i < b->nrun; i++) {
        free(b->run[i].m);
        for (int k = 0; k < b->run[i].nni; k++) free_ni(&b->run[i].ni[k]);
        free(b->run[i].ni);
    }
    free(b->run);
    memset(b, 0, sizeof *b);
}

bl_metric *bl_add_metric(bl_run *r, const char *name, double v)
{
    r->m = grow(r->m, r->nm, sizeof *r->m);
    bl_metric *m = &r->m[r->nm++];
    snprintf(m->name, sizeof m->name, "%s", name);
    m->v = v;
    return m;
}

const bl_metric *bl_find_metric(const bl_run *r, const char *name)
{
    for (int i = 0; i < r->nm; i++)
        if (!strcmp(r->m[i].name, name)) return &r->m[i];
    return NULL;
}

static bl_ni *add_ni(bl_run *r, int ni, const char *chip)
{
    r->ni = grow(r->ni, r->nni, sizeof *r->ni);
    bl_ni *n = &r->ni[r->nni++];
    memset(n, 0, sizeof *n);
    n->ni = ni;
    snprintf(n->chip, sizeof n->chip, "%s", chip);
    return n;
}

static void add_fn(bl_fn **v, int *n, const char *name, uint64_t cyc, uint64_t calls)
{
    *v = grow(*v, *n, sizeof **v);
    bl_fn *f = &(*v)[(*n)++];
    snprintf(f->name, sizeof f->name, "%s", name);
    f->cycles = cyc;
    f->calls = calls;
}

int baseline_write(const baseline *b, FILE *f)
{
    fprintf(f, "# myrisim regression baseline (docs/regress.md); re-record: make regress-update\n");
    fprintf(f, "scenario %s %s\n", b->scenario, b->file);
    for (int i = 0; i < b->nrun; i++) {
        const bl_run *r = &b->run[i];
        fprintf(f, "\nrun %s\n", r->label);
        if (r->error[0]) {
            fprintf(f, "error %s\n", r->error);
            continue;
        }
        for (int k = 0; k < r->nm; k++) fprintf(f, "metric %s %.12g\n", r->m[k].name, r->m[k].v);
        if (r->has_fp) fprintf(f, "fingerprint %016" PRIx64 " %" PRIu64 "\n", r->fp, r->records);
        else fprintf(f, "fingerprint none 0\n");
        for (int k = 0; k < r->nni; k++) {
            const bl_ni *n = &r->ni[k];
            fprintf(f, "ni %d %s cycles %" PRIu64 "\n", n->ni, n->chip, n->total);
            for (int j = 0; j < n->nfn; j++)
                if (n->fn[j].cycles)
                    fprintf(f, "fn %d %" PRIu64 " %" PRIu64 " %s\n", n->ni, n->fn[j].cycles, n->fn[j].calls,
                            n->fn[j].name);
            for (int j = 0; j < n->nsrc; j++)
                if (n->src[j].cycles)
                    fprintf(f, "src %d %" PRIu64 " %" PRIu64 " %s\n", n->ni, n->src[j].cycles, n->src[j].calls,
                            n->src[j].name);
        }
    }
    return ferror(f) ? -1 : 0;
}

/* ---- reading ---- */

static int bad(char *err, size_t len, const char *path, int line, const char *why)
{
    snprintf(err, len, "%s:%d: %s", path, line, why);
    return -1;
}

static int parse_u64(const char *s, uint64_t *v, int base)
{
    char *end;
    errno = 0;
    if (!*s || *s == '-') return -1;
    *v = strtoull(s, &end, base);
    return errno || *end ? -1 : 0;
}

int baseline_read(baseline *b, const char *path, char *err, size_t errlen)
{
    memset(b, 0, sizeof *b);
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(err, errlen, "%s: cannot read the baseline: %s (record it: make regress-update)", path,
                 strerror(errno));
        return -1;
    }
    char line[4096];
    int ln = 0, rc = 0;
    bl_run *r = NULL;
    while (!rc && fgets(line, sizeof line, f)) {
        ln++;
        size_t l = strlen(line);
        if (l && line[l - 1] == '\n') line[--l] = 0;
        if (!l || line[0] == '#') continue;
        char kw[16] = "";
        int at = 0;
        if (sscanf(line, "%15s %n", kw, &at) != 1) continue;
        const char *rest = line + at;
        if (!strcmp(kw, "scenario")) {
            char name[128], file[1024];
            if (b->scenario[0] || sscanf(rest, "%127s %1023s", name, file) != 2) {
                rc = bad(err, errlen, path, ln, "expected one line 'scenario NAME FILE' at the top");
                break;
            }
            snprintf(b->scenario, sizeof b->scenario, "%s", name);
            snprintf(b->file, sizeof b->file, "%s", file);
        } else if (!b->scenario[0]) {
            rc = bad(err, errlen, path, ln, "the first line must be 'scenario NAME FILE'");
        } else if (!strcmp(kw, "run")) {
            b->run = grow(b->run, b->nrun, sizeof *b->run);
            r = &b->run[b->nrun++];
            memset(r, 0, sizeof *r);
            snprintf(r->label, sizeof r->label, "%s", rest);
        } else if (!r) {
            rc = bad(err, errlen, path, ln, "a 'run SERIES @ X' line must come before this one");
        } else if (!strcmp(kw, "error")) {
            snprintf(r->error, sizeof r->error, "%s", *rest ? rest : "failed");
        } else if (!strcmp(kw, "metric")) {
            char name[64], val[64], extra[2];
            char *end;
            if (sscanf(rest, "%63s %63s %1s", name, val, extra) != 2) {
                rc = bad(err, errlen, path, ln, "expected 'metric NAME VALUE'");
                break;
            }
            double v = strtod(val, &end);
            if (*end) rc = bad(err, errlen, path, ln, "the metric's value is not a number");
            else bl_add_metric(r, name, v);
        } else if (!strcmp(kw, "fingerprint")) {
            char hex[32], cnt[32];
            if (sscanf(rest, "%31s %31s", hex, cnt) != 2) {
                rc = bad(err, errlen, path, ln, "expected 'fingerprint HEX RECORDS'");
            } else if (!strcmp(hex, "none")) {
                r->has_fp = 0;
            } else if (strlen(hex) != 16 || parse_u64(hex, &r->fp, 16) || parse_u64(cnt, &r->records, 10)) {
                rc = bad(err, errlen, path, ln, "the fingerprint must be 16 hex digits and a record count");
            } else {
                r->has_fp = 1;
            }
        } else if (!strcmp(kw, "ni")) {
            int k;
            char chip[16], word[16], tot[32];
            uint64_t t;
            if (sscanf(rest, "%d %15s %15s %31s", &k, chip, word, tot) != 4 || strcmp(word, "cycles") ||
                parse_u64(tot, &t, 10))
                rc = bad(err, errlen, path, ln, "expected 'ni K CHIP cycles N'");
            else
                add_ni(r, k, chip)->total = t;
        } else if (!strcmp(kw, "fn") || !strcmp(kw, "src")) {
            int k, n = 0;
            char cyc[32], ent[32];
            uint64_t c, e;
            if (sscanf(rest, "%d %31s %31s %n", &k, cyc, ent, &n) != 3 || !n || !rest[n] || parse_u64(cyc, &c, 10) ||
                parse_u64(ent, &e, 10)) {
                rc = bad(err, errlen, path, ln, kw[0] == 'f' ? "expected 'fn NI CYCLES ENTRIES NAME'"
                                                             : "expected 'src NI CYCLES ENTRIES NAME'");
                break;
            }
            bl_ni *ni = NULL;
            for (int j = 0; j < r->nni; j++)
                if (r->ni[j].ni == k) ni = &r->ni[j];
            if (!ni) rc = bad(err, errlen, path, ln, "no 'ni' line for this NI before its functions");
            else if (kw[0] == 'f') add_fn(&ni->fn, &ni->nfn, rest + n, c, e);
            else add_fn(&ni->src, &ni->nsrc, rest + n, c, e);
        } else {
            char why[64];
            snprintf(why, sizeof why, "unknown line kind '%.20s'", kw);
            rc = bad(err, errlen, path, ln, why);
        }
    }
    if (!rc && ferror(f)) rc = bad(err, errlen, path, ln, "read error");
    if (!rc && !b->scenario[0]) rc = bad(err, errlen, path, ln ? ln : 1, "empty: no 'scenario NAME FILE' line");
    fclose(f);
    if (rc) baseline_free(b);
    return rc;
}

int baseline_read_fp(bl_run *r, const char *path, char *err, size_t errlen)
{
    FILE *f = fopen(path, "r");
    char hex[32] = "", cnt[32] = "";
    int ok = f && fscanf(f, "fingerprint %31s %31s", hex, cnt) == 2;
    if (f) fclose(f);
    if (!ok) {
        snprintf(err, errlen, "%s: no fingerprint recorded", path);
        return -1;
    }
    r->has_fp = strcmp(hex, "none") != 0;
    if (r->has_fp && (parse_u64(hex, &r->fp, 16) || parse_u64(cnt, &r->records, 10))) {
        snprintf(err, errlen, "%s:1: bad fingerprint", path);
        return -1;
    }
    return 0;
}

static int by_cycles(const void *x, const void *y)
{
    const bl_fn *a = x, *b = y;
    if (a->cycles != b->cycles) return a->cycles < b->cycles ? 1 : -1;
    return strcmp(a->name, b->name);
}

/* Per function again from the per-instruction lines, inlined code under the
 * function inlined (entries: the most executions of one of its
 * instructions, for an inlined function; the entry count otherwise). */
static void add_insn(bl_ni *n, bl_fn **v, int *nv, const char *line, const inl_map *inl)
{
    unsigned pc;
    unsigned long long cyc, cnt;
    char where[256];
    if (sscanf(line, "%x %llu %llu %255s", &pc, &cyc, &cnt, where) != 4) return;
    const char *in = inline_at(inl, pc);
    char name[BL_NAME];
    if (in) snprintf(name, sizeof name, "%s", in);
    else snprintf(name, sizeof name, "%.*s", (int)strcspn(where, "+"), where);
    for (int i = 0; i < *nv; i++)
        if (!strcmp((*v)[i].name, name)) {
            (*v)[i].cycles += cyc;
            if (in && cnt > (*v)[i].calls) (*v)[i].calls = cnt;
            return;
        }
    uint64_t calls = 0;
    if (in) calls = cnt;
    else
        for (int i = 0; i < n->nfn; i++)
            if (!strcmp(n->fn[i].name, name)) calls = n->fn[i].calls;
    add_fn(v, nv, name, cyc, calls);
}

int baseline_add_prof(bl_run *r, int ni, const char *path, const inl_map *inl, char *err, size_t errlen)
{
    bl_fn *byinsn = NULL;
    int nbyinsn = 0;
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        return -1;
    }
    char line[8192], chip[16] = "?";
    unsigned long long total = 0;
    int ln = 0, section = 0, rc = 0;
    bl_ni *n = NULL;
    while (fgets(line, sizeof line, f)) {
        ln++;
        line[strcspn(line, "\n")] = 0;
        if (ln == 1) {
            if (sscanf(line, "# LANai pc profile: %15[^,], %llu cycles", chip, &total) != 2) {
                rc = bad(err, errlen, path, ln, "not a LANai pc profile");
                break;
            }
            n = add_ni(r, ni, chip);
            n->total = total;
            continue;
        }
        if (!strncmp(line, "# per function", 14)) section = 1;
        else if (!strncmp(line, "# per instruction", 17)) section = 2;
        else if (!strncmp(line, "# per call path", 15)) section = 3;
        if (line[0] == '#' || !line[0]) continue;
        if (section == 1) {
            unsigned long long cyc, insns, calls;
            double pct;
            int at = 0;
            if (sscanf(line, "%llu %lf %llu %llu %n", &cyc, &pct, &insns, &calls, &at) == 4 && at)
                add_fn(&n->fn, &n->nfn, line + at, cyc, calls);
        } else if (section == 2 && inl) {
            add_insn(n, &byinsn, &nbyinsn, line, inl);
        } else if (section == 3 && !strncmp(line, "path ", 5)) {
            char *sp2 = strrchr(line, ' ');
            if (!sp2) continue;
            *sp2 = 0;
            char *sp1 = strrchr(line, ' ');
            if (!sp1) continue;
            *sp1 = 0;
            add_fn(&n->path, &n->npath, line + 5, strtoull(sp1 + 1, NULL, 10), strtoull(sp2 + 1, NULL, 10));
        }
    }
    fclose(f);
    if (n && inl && nbyinsn) {
        qsort(byinsn, (size_t)nbyinsn, sizeof *byinsn, by_cycles);
        n->src = byinsn;
        n->nsrc = nbyinsn;
    } else {
        free(byinsn);
    }
    return rc;
}
