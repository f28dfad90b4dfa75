/* Per-PC cycle profile (pcprof.h). The traced interpreter loop calls
 * lanai_pcprof_tick before each instruction with the core's cycle count
 * synchronised; the cycles since the previous tick (its instruction's cost,
 * stalls, stolen SRAM cycles and device waits included) are charged to the
 * previous instruction. */
#include "pcprof.h"
#include "callpath.h"
#include "core_internal.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

struct lanai_pcprof {
    uint64_t *cyc, *n;            /* per SRAM word */
    uint32_t words;
    uint32_t last;                /* pc of the previous tick */
    uint64_t last_cyc;
    int have_last;
    char *env_prefix;             /* MYRISIM_LANAI_PROF: write a file at free */
    callpath cp;                  /* exclusive cycles per call path */
    uint64_t w0, w1;              /* count only cycles in [w0, w1) (w1 0: always) */
};

int lanai_pcprof_enable(lanai_core *c)
{
    lanai_pcprof *p = c->pcprof;
    if (!p) {
        p = calloc(1, sizeof *p);
        if (!p) return -1;
        p->words = c->sram_size >> 2;
        p->cyc = calloc(p->words, sizeof *p->cyc);
        p->n = calloc(p->words, sizeof *p->n);
        if (!p->cyc || !p->n || callpath_init(&p->cp)) {
            callpath_free(&p->cp);
            free(p->cyc);
            free(p->n);
            free(p);
            return -1;
        }
        c->pcprof = p;
        lanai_run_mode(c);
        return 0;
    }
    memset(p->cyc, 0, p->words * sizeof *p->cyc);
    memset(p->n, 0, p->words * sizeof *p->n);
    p->have_last = 0;
    callpath_reset(&p->cp);
    return 0;
}

int lanai_pcprof_on(const lanai_core *c) { return c->pcprof != NULL; }

void lanai_pcprof_tick(lanai_core *c, uint32_t pc)
{
    lanai_pcprof *p = c->pcprof;
    uint64_t d = p->have_last ? c->cycles - p->last_cyc : 0;
    if (p->w1 && (p->last_cyc < p->w0 || p->last_cyc >= p->w1)) d = 0;   /* outside the window */
    if (p->have_last && p->last < c->sram_size) p->cyc[p->last >> 2] += d;
    uint32_t insn = 0;
    if (pc < c->sram_size && !(pc & 3)) {
        const uint8_t *m = c->sram + pc;
        insn = (uint32_t)m[0] << 24 | (uint32_t)m[1] << 16 | (uint32_t)m[2] << 8 | m[3];
    }
    callpath_step(&p->cp, pc, insn, d);
    p->last = pc;
    p->last_cyc = c->cycles;
    p->have_last = 1;
    if (pc < c->sram_size && !(p->w1 && (c->cycles < p->w0 || c->cycles >= p->w1))) p->n[pc >> 2]++;
}

/* The last instruction's cycles are charged when the next one starts: do
 * that now (reading a profile must not depend on when it is read). */
static void settle(const lanai_core *c)
{
    lanai_pcprof *p = c->pcprof;
    if (!p->have_last || p->last >= c->sram_size) return;
    uint64_t d = p->w1 && (p->last_cyc < p->w0 || p->last_cyc >= p->w1) ? 0 : c->cycles - p->last_cyc;
    p->cyc[p->last >> 2] += d;
    p->cp.node[p->cp.cur].cycles += d;
    p->last_cyc = c->cycles;
}

void lanai_pcprof_get(const lanai_core *c, uint32_t pc, uint64_t *cycles, uint64_t *count)
{
    *cycles = *count = 0;
    if (!c->pcprof || pc >= c->sram_size || (pc & 3)) return;
    settle(c);
    *cycles = c->pcprof->cyc[pc >> 2];
    *count = c->pcprof->n[pc >> 2];
}

struct fnrow { const char *name; uint32_t addr; uint64_t cyc, n, calls; };

static int by_cycles(const void *a, const void *b)
{
    const struct fnrow *x = a, *y = b;
    if (x->cyc != y->cyc) return x->cyc < y->cyc ? 1 : -1;
    return x->addr < y->addr ? -1 : x->addr > y->addr;
}

/* "root;f;g" of node i into buf (outermost first). */
static void path_of(const lanai_core *c, const callpath *cp, uint32_t i, char *buf, size_t len)
{
    uint32_t chain[CALLPATH_DEPTH + 1];
    int n = 0;
    for (uint32_t k = i;; k = cp->node[k].parent) {
        chain[n++] = k;
        if (!k || n == CALLPATH_DEPTH + 1) break;
    }
    size_t o = 0;
    buf[0] = 0;
    for (int j = n - 1; j >= 0 && o + 1 < len; j--) {
        int w = snprintf(buf + o, len - o, "%s%s", j == n - 1 ? "" : ";",
                         lanai_symbolize(c, cp->node[chain[j]].entry, NULL));
        if (w < 0) break;
        o += (size_t)w;
    }
}

static int by_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* The call-path section: one line per path that ran, sorted by path. */
static int write_paths(const lanai_core *c, FILE *out)
{
    const callpath *cp = &c->pcprof->cp;
    char **line = calloc(cp->nnode ? cp->nnode : 1, sizeof *line);
    if (!line) return -1;
    uint32_t n = 0;
    int bad = 0;
    for (uint32_t i = 0; i < cp->nnode && !bad; i++) {
        if (!cp->node[i].cycles && !cp->node[i].calls) continue;
        char path[4096];
        path_of(c, cp, i, path, sizeof path);
        size_t l = strlen(path) + 64;
        if (!(line[n] = malloc(l))) bad = 1;
        else snprintf(line[n++], l, "%s %llu %llu", path, (unsigned long long)cp->node[i].cycles,
                      (unsigned long long)cp->node[i].calls);
    }
    qsort(line, n, sizeof *line, by_str);
    fprintf(out, "# per call path (exclusive cycles, entries; call and return sequences: callpath.h)\n");
    for (uint32_t i = 0; i < n; i++) fprintf(out, "path %s\n", line[i]);
    for (uint32_t i = 0; i < n; i++) free(line[i]);
    free(line);
    return bad ? -1 : 0;
}

int lanai_pcprof_write(const lanai_core *c, FILE *out)
{
    const lanai_pcprof *p = c->pcprof;
    if (!p) return -1;
    settle(c);
    uint64_t tc = 0, tn = 0;
    size_t nf = 0, cap = 0;
    struct fnrow *f = NULL;
    for (uint32_t w = 0; w < p->words; w++) {
        if (!p->n[w]) continue;
        uint32_t pc = w << 2, off;
        const char *name = lanai_symbolize(c, pc, &off);
        tc += p->cyc[w];
        tn += p->n[w];
        if (!nf || f[nf - 1].name != name) {
            if (nf == cap) {
                cap = cap ? 2 * cap : 64;
                struct fnrow *g = realloc(f, cap * sizeof *f);
                if (!g) { free(f); return -1; }
                f = g;
            }
            f[nf++] = (struct fnrow){name, pc - off, 0, 0, 0};
        }
        f[nf - 1].cyc += p->cyc[w];
        f[nf - 1].n += p->n[w];
        if (off == 0) f[nf - 1].calls += p->n[w];
    }
    qsort(f, nf, sizeof *f, by_cycles);
    fprintf(out, "# LANai pc profile: %s, %llu cycles, %llu instructions counted\n", c->prof->name,
            (unsigned long long)tc, (unsigned long long)tn);
    fprintf(out, "# per function (entries = executions of its first instruction)\n");
    fprintf(out, "%14s %6s %12s %10s  %s\n", "cycles", "%", "insns", "entries", "function");
    for (size_t i = 0; i < nf; i++)
        fprintf(out, "%14llu %6.2f %12llu %10llu  %s\n", (unsigned long long)f[i].cyc,
                tc ? 100.0 * (double)f[i].cyc / (double)tc : 0.0, (unsigned long long)f[i].n,
                (unsigned long long)f[i].calls, f[i].name);
    free(f);
    fprintf(out, "# per instruction\n");
    fprintf(out, "%8s %14s %12s  %-28s %s\n", "pc", "cycles", "count", "where", "instruction");
    for (uint32_t w = 0; w < p->words; w++) {
        if (!p->n[w]) continue;
        uint32_t pc = w << 2, off;
        const char *name = lanai_symbolize(c, pc, &off);
        const uint8_t *m = c->sram + pc;
        uint32_t insn = (uint32_t)m[0] << 24 | (uint32_t)m[1] << 16 | (uint32_t)m[2] << 8 | m[3];
        char where[96], dis[96];
        snprintf(where, sizeof where, "%s+0x%x", name, off);
        lanai_disasm(insn, pc, dis, sizeof dis);
        fprintf(out, "%08x %14llu %12llu  %-28s %s\n", pc, (unsigned long long)p->cyc[w],
                (unsigned long long)p->n[w], where, dis);
    }
    return write_paths(c, out) || ferror(out) ? -1 : 0;
}

void lanai_pcprof_env(lanai_core *c)
{
    const char *e = getenv("MYRISIM_LANAI_PROF");
    if (!e || !*e || lanai_pcprof_enable(c)) return;
    c->pcprof->env_prefix = strdup(e);
    /* MYRISIM_LANAI_PROF_WINDOW=T0:T1: only the cycles between T0 and T1
     * microseconds of the core's time (myrisim profile --window) */
    const char *w = getenv("MYRISIM_LANAI_PROF_WINDOW");
    double t0, t1;
    if (w && sscanf(w, "%lf:%lf", &t0, &t1) == 2 && t1 > t0 && t0 >= 0) {
        c->pcprof->w0 = (uint64_t)(t0 * 1e-6 * (double)c->prof->clock_hz);
        c->pcprof->w1 = (uint64_t)(t1 * 1e-6 * (double)c->prof->clock_hz);
    }
}

void lanai_pcprof_free(lanai_core *c)
{
    lanai_pcprof *p = c->pcprof;
    if (!p) return;
    if (p->env_prefix) {
        char path[4096];
        FILE *f = NULL;
        for (int k = 0; k < 10000 && !f; k++) {
            snprintf(path, sizeof path, "%s.%s.%d.prof", p->env_prefix, c->prof->name, k);
            f = fopen(path, "wx");
            if (!f && errno != EEXIST) break;
        }
        if (!f) {
            fprintf(stderr, "MYRISIM_LANAI_PROF: cannot create %s: %s\n", path, strerror(errno));
        } else {
            int bad = lanai_pcprof_write(c, f);
            if (fclose(f)) bad = -1;
            if (bad) fprintf(stderr, "MYRISIM_LANAI_PROF: cannot write %s\n", path);
        }
        free(p->env_prefix);
    }
    free(p->cyc);
    free(p->n);
    callpath_free(&p->cp);
    free(p);
    c->pcprof = NULL;
    lanai_run_mode(c);
}
