/* DWARF 4 inline ranges of relocatable twins placed by a link map (inline.h). */
#define _GNU_SOURCE
#include "inline.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define R_LANAI_32 4

typedef struct buf { uint8_t *p; size_t n; } buf;

static uint32_t be32(const uint8_t *p) { return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3]; }
static uint16_t be16(const uint8_t *p) { return (uint16_t)(p[0] << 8 | p[1]); }

static int read_all(const char *path, buf *b)
{
    FILE *f = fopen(path, "rb");
    if (!f) return -1;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    b->p = n > 0 ? malloc((size_t)n) : NULL;
    b->n = b->p && fread(b->p, 1, (size_t)n, f) == (size_t)n ? (size_t)n : 0;
    fclose(f);
    if (!b->n) {
        free(b->p);
        b->p = NULL;
        return -1;
    }
    return 0;
}

/* ---- ELF32 big-endian sections ---- */

typedef struct sect { const char *name; uint32_t type, off, size, link, info, entsize; } sect;
typedef struct elf { buf f; sect *s; int ns; } elf;

static int elf_open(const char *path, elf *e)
{
    memset(e, 0, sizeof *e);
    if (read_all(path, &e->f) || e->f.n < 52 || memcmp(e->f.p, "\177ELF\1\2", 6)) return -1;
    const uint8_t *h = e->f.p;
    uint32_t shoff = be32(h + 32);
    uint16_t shentsize = be16(h + 46), shnum = be16(h + 48), shstrndx = be16(h + 50);
    if (shentsize < 40 || shoff + (uint64_t)shnum * shentsize > e->f.n || shstrndx >= shnum) return -1;
    e->s = calloc(shnum, sizeof *e->s);
    e->ns = shnum;
    uint32_t stroff = be32(h + shoff + (uint32_t)shstrndx * shentsize + 16);
    for (int i = 0; i < shnum; i++) {
        const uint8_t *s = h + shoff + (uint32_t)i * shentsize;
        uint32_t nm = be32(s);
        e->s[i] = (sect){stroff + nm < e->f.n ? (const char *)h + stroff + nm : "", be32(s + 4), be32(s + 16),
                         be32(s + 20), be32(s + 24), be32(s + 28), be32(s + 36)};
        if ((uint64_t)e->s[i].off + (e->s[i].type == 8 ? 0 : e->s[i].size) > e->f.n) return -1;
    }
    return 0;
}

static void elf_close(elf *e)
{
    free(e->f.p);
    free(e->s);
}

static int find(const elf *e, const char *name)
{
    for (int i = 0; i < e->ns; i++)
        if (!strcmp(e->s[i].name, name)) return i;
    return -1;
}

/* A copy of section k with its RELA relocations (R_LANAI_32: S + A)
 * applied; symbol values are object-relative (.text starts at 0). */
static int relocated(const elf *e, int k, buf *out)
{
    out->n = e->s[k].size;
    out->p = malloc(out->n ? out->n : 1);
    memcpy(out->p, e->f.p + e->s[k].off, out->n);
    for (int r = 0; r < e->ns; r++) {
        if (e->s[r].type != 4 || (int)e->s[r].info != k) continue;     /* SHT_RELA for k */
        const sect *sym = &e->s[e->s[r].link];
        for (uint32_t o = 0; o + 12 <= e->s[r].size; o += 12) {
            const uint8_t *x = e->f.p + e->s[r].off + o;
            uint32_t off = be32(x), info = be32(x + 4), add = be32(x + 8), si = info >> 8;
            if ((info & 0xff) != R_LANAI_32 || off + 4 > out->n || (si + 1) * 16 > sym->size) continue;
            uint32_t v = be32(e->f.p + sym->off + si * 16 + 4) + add;
            out->p[off] = (uint8_t)(v >> 24);
            out->p[off + 1] = (uint8_t)(v >> 16);
            out->p[off + 2] = (uint8_t)(v >> 8);
            out->p[off + 3] = (uint8_t)v;
        }
    }
    return 0;
}

/* ---- DWARF 4 ---- */

static uint64_t uleb(const uint8_t **p, const uint8_t *end)
{
    uint64_t v = 0;
    int sh = 0;
    while (*p < end) {
        uint8_t b = *(*p)++;
        if (sh < 64) v |= (uint64_t)(b & 0x7f) << sh;
        sh += 7;
        if (!(b & 0x80)) break;
    }
    return v;
}

typedef struct abbrev { uint64_t code, tag; int children; const uint8_t *spec; } abbrev;

typedef struct die_name { uint32_t off; char name[64]; } die_name;

typedef struct pending { uint32_t origin, lo, hi, ranges; int has_hi_off, has_ranges, depth; } pending;

/* Read one attribute value of form at *p; number in *v, string in *s. */
static int form_value(uint64_t form, const uint8_t **p, const uint8_t *end, const buf *str, uint64_t *v,
                      const char **s)
{
    *v = 0;
    *s = NULL;
    const uint8_t *q = *p;
    size_t need = 0;
    switch (form) {
    case 0x01: case 0x06: case 0x0e: case 0x10: case 0x13: case 0x17: need = 4; break;  /* addr data4 strp ref_addr ref4 sec_offset */
    case 0x05: case 0x12: need = 2; break;
    case 0x0b: case 0x0c: case 0x11: need = 1; break;
    case 0x07: case 0x14: case 0x20: need = 8; break;
    case 0x19: return 0;                                                   /* flag_present */
    case 0x08: {                                                           /* string */
        *s = (const char *)q;
        while (q < end && *q) q++;
        *p = q + 1;
        return q < end ? 0 : -1;
    }
    case 0x0d: case 0x0f: case 0x15: *v = uleb(p, end); return 0;         /* sdata (value unused) udata ref_udata */
    case 0x09: case 0x18: { uint64_t l = uleb(p, end); *p += l; return *p <= end ? 0 : -1; }
    case 0x0a: { if (q >= end) return -1; *p = q + 1 + *q; return *p <= end ? 0 : -1; }
    case 0x03: { if (q + 2 > end) return -1; *p = q + 2 + be16(q); return *p <= end ? 0 : -1; }
    case 0x04: { if (q + 4 > end) return -1; *p = q + 4 + be32(q); return *p <= end ? 0 : -1; }
    default: return -1;                                                    /* indirect and the rest: not from clang 14 -gdwarf-4 */
    }
    if (q + need > end) return -1;
    *v = need == 1 ? q[0] : need == 2 ? be16(q) : need == 4 ? be32(q) : (uint64_t)be32(q) << 32 | be32(q + 4);
    *p = q + need;
    if (form == 0x0e) *s = *v < str->n ? (const char *)str->p + *v : NULL;
    return 0;
}

static int add_range(inl_map *m, uint32_t lo, uint32_t hi, int depth, const char *name)
{
    if (hi <= lo) return 0;
    inl_range *r = realloc(m->r, (size_t)(m->n + 1) * sizeof *r);
    if (!r) return -1;
    m->r = r;
    m->r[m->n] = (inl_range){lo, hi, depth, ""};
    snprintf(m->r[m->n].name, sizeof m->r[m->n].name, "%s", name);
    m->n++;
    return 0;
}

/* Every inlined subroutine of the object's CUs, shifted by base. */
static int dwarf_inlines(const elf *e, uint32_t base, inl_map *m)
{
    int ki = find(e, ".debug_info"), ka = find(e, ".debug_abbrev"), ks = find(e, ".debug_str"),
        kr = find(e, ".debug_ranges");
    if (ki < 0 || ka < 0) return -1;
    buf info, str = {0}, rng = {0};
    relocated(e, ki, &info);
    if (ks >= 0) relocated(e, ks, &str);
    if (kr >= 0) relocated(e, kr, &rng);
    const uint8_t *ab0 = e->f.p + e->s[ka].off, *abend = ab0 + e->s[ka].size;
    die_name *names = NULL;
    pending *pend = NULL;
    int nn = 0, np = 0, rc = 0;
    const uint8_t *cu = info.p, *iend = info.p + info.n;
    while (!rc && cu + 11 <= iend) {
        uint32_t len = be32(cu);
        uint16_t ver = be16(cu + 4);
        uint32_t aoff = be32(cu + 6);
        const uint8_t *end = cu + 4 + len, *p = cu + 11;
        if (len == 0xffffffffu || end > iend || ver != 4 || cu[10] != 4 || aoff >= e->s[ka].size) {
            rc = -1;
            break;
        }
        abbrev *abv = NULL;
        int nab = 0;
        for (const uint8_t *a = ab0 + aoff; a < abend;) {
            uint64_t code = uleb(&a, abend);
            if (!code) break;
            abbrev x = {code, uleb(&a, abend), 0, NULL};
            if (a >= abend) break;
            x.children = *a++;
            x.spec = a;
            for (;;) {
                uint64_t at = uleb(&a, abend), fm = uleb(&a, abend);
                if (!at && !fm) break;
                if (a >= abend) break;
            }
            abv = realloc(abv, (size_t)(nab + 1) * sizeof *abv);
            abv[nab++] = x;
        }
        int depth = 0;
        uint32_t cu_base = 0;
        while (!rc && p < end) {
            uint32_t off = (uint32_t)(p - cu);
            uint64_t code = uleb(&p, end);
            if (!code) {
                if (--depth < 0) break;
                continue;
            }
            const abbrev *x = NULL;
            for (int i = 0; i < nab && !x; i++)
                if (abv[i].code == code) x = &abv[i];
            if (!x) {
                rc = -1;
                break;
            }
            const char *name = NULL;
            pending pd = {0};
            pd.depth = depth;
            uint64_t low = 0;
            for (const uint8_t *a = x->spec;;) {
                uint64_t at = uleb(&a, abend), fm = uleb(&a, abend), v;
                const char *s;
                if (!at && !fm) break;
                if (form_value(fm, &p, end, &str, &v, &s)) {
                    rc = -1;
                    break;
                }
                if (at == 0x03 && s) name = s;
                else if (at == 0x31) pd.origin = (uint32_t)v;
                else if (at == 0x11) low = v;
                else if (at == 0x12) {
                    pd.hi = (uint32_t)v;
                    pd.has_hi_off = fm != 0x01;
                } else if (at == 0x55) {
                    pd.ranges = (uint32_t)v;
                    pd.has_ranges = 1;
                }
            }
            pd.lo = (uint32_t)low;
            if (x->tag == 0x11) cu_base = (uint32_t)low;
            if (name && (x->tag == 0x2e || x->tag == 0x1d)) {
                names = realloc(names, (size_t)(nn + 1) * sizeof *names);
                names[nn].off = off;
                snprintf(names[nn].name, sizeof names[nn].name, "%s", name);
                nn++;
            }
            if (x->tag == 0x1d) {
                if (pd.has_hi_off) pd.hi += pd.lo;
                if (pd.has_ranges) pd.lo = cu_base;     /* base for the list */
                pend = realloc(pend, (size_t)(np + 1) * sizeof *pend);
                pend[np++] = pd;
            }
            if (x->children) depth++;
        }
        /* resolve origins (CU-relative) and ranges */
        for (int i = 0; i < np && !rc; i++) {
            const char *nm = "?";
            for (int k = 0; k < nn; k++)
                if (names[k].off == pend[i].origin) nm = names[k].name;
            if (!pend[i].has_ranges) {
                rc = add_range(m, base + pend[i].lo, base + pend[i].hi, pend[i].depth, nm);
                continue;
            }
            uint32_t b = pend[i].lo;
            for (uint32_t o = pend[i].ranges; o + 8 <= rng.n; o += 8) {
                uint32_t s = be32(rng.p + o), t = be32(rng.p + o + 4);
                if (!s && !t) break;
                if (s == 0xffffffffu) {
                    b = t;
                    continue;
                }
                rc = add_range(m, base + b + s, base + b + t, pend[i].depth, nm);
            }
        }
        free(abv);
        free(names);
        free(pend);
        names = NULL;
        pend = NULL;
        nn = np = 0;
        cu = end;
    }
    free(info.p);
    free(str.p);
    free(rng.p);
    return rc;
}

/* The twin's .text equals the image's bytes at base, relocation fields aside. */
static int same_code(const elf *o, const uint8_t *img, uint32_t img_size, uint32_t base)
{
    int kt = find(o, ".text");
    if (kt < 0) return 0;
    const sect *t = &o->s[kt];
    if ((uint64_t)base + t->size > img_size) return 0;
    uint8_t *mask = calloc(t->size + 4, 1);
    for (int r = 0; r < o->ns; r++)
        if (o->s[r].type == 4 && (int)o->s[r].info == kt)
            for (uint32_t k = 0; k + 12 <= o->s[r].size; k += 12) {
                uint32_t off = be32(o->f.p + o->s[r].off + k);
                for (int j = 0; j < 4 && off + (uint32_t)j < t->size; j++) mask[off + (uint32_t)j] = 1;
            }
    int same = 1;
    for (uint32_t i = 0; i < t->size && same; i++) same = mask[i] || o->f.p[t->off + i] == img[base + i];
    free(mask);
    return same;
}

int inline_map_load(const char *elf_path, inl_map *m, char *err, size_t errlen)
{
    memset(m, 0, sizeof *m);
    char base[4096], path[4200];
    size_t l = strlen(elf_path);
    if (l < 5 || strcmp(elf_path + l - 4, ".elf")) {
        snprintf(err, errlen, "%s: not an .elf image", elf_path);
        return -1;
    }
    snprintf(base, sizeof base, "%.*s", (int)(l - 4), elf_path);
    elf img;
    if (elf_open(elf_path, &img)) {
        snprintf(err, errlen, "%s: cannot read the image", elf_path);
        return -1;
    }
    int kt = find(&img, ".text");
    snprintf(path, sizeof path, "%s.map", base);
    FILE *f = fopen(path, "r");
    if (!f || kt < 0) {
        snprintf(err, errlen, "%s: no link map (build with lanai-cc --map)", path);
        if (f) fclose(f);
        elf_close(&img);
        return -1;
    }
    const uint8_t *code = img.f.p + img.s[kt].off;
    uint32_t code_size = img.s[kt].size;
    char line[4096];
    int in_text = 0;
    while (fgets(line, sizeof line, f)) {
        if (!strncmp(line, ".text ", 6)) in_text = 1;
        else if (line[0] == '.') in_text = 0;
        unsigned addr, size;
        char sec[64], obj[3000];
        if (!in_text || sscanf(line, " 0x%x 0x%x %63s %2999s", &addr, &size, sec, obj) != 4 || strcmp(sec, ".text") ||
            !size)
            continue;
        /* lanai-cc names its objects N-<stem>.o */
        const char *b = strrchr(obj, '/');
        b = b ? b + 1 : obj;
        const char *dash = strchr(b, '-');
        if (!dash || strchr(b, '(')) continue;       /* runtime library members have no twin */
        m->objects++;
        snprintf(path, sizeof path, "%s.dbg/%s", base, dash + 1);
        elf o;
        if (elf_open(path, &o)) continue;
        if (same_code(&o, code, code_size, addr) && !dwarf_inlines(&o, addr, m)) m->used++;
        elf_close(&o);
    }
    fclose(f);
    elf_close(&img);
    if (!m->used) {
        snprintf(err, errlen, "%s.dbg/: no debug twin matches the image", base);
        inline_map_free(m);
        return -1;
    }
    return 0;
}

const char *inline_at(const inl_map *m, uint32_t pc)
{
    const inl_range *best = NULL;
    for (int i = 0; i < m->n; i++)
        if (pc >= m->r[i].lo && pc < m->r[i].hi && (!best || m->r[i].depth > best->depth)) best = &m->r[i];
    return best ? best->name : NULL;
}

void inline_map_free(inl_map *m)
{
    free(m->r);
    memset(m, 0, sizeof *m);
}
