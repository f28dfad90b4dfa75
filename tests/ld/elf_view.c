/* See elf_view.h. Bounds are checked so a broken linker output makes a test
 * fail with a message rather than crash the runner. */
#include "elf_view.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

uint32_t ev_be32(const uint8_t *p) { return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3]; }
static unsigned be16(const uint8_t *p) { return (unsigned)(p[0] << 8 | p[1]); }

static const char *str(const ev_file *f, unsigned strsec, uint32_t off)
{
    if (strsec >= f->nsec) return "";
    const ev_section *s = &f->sec[strsec];
    if (off >= s->size || (size_t)s->offset + s->size > f->len) return "";
    const char *p = (const char *)f->data + s->offset + off;
    return memchr(p, 0, s->size - off) ? p : "";
}

int ev_load(ev_file *f, const char *path, char *err, size_t errlen)
{
    memset(f, 0, sizeof *f);
    FILE *in = fopen(path, "rb");
    if (!in) { snprintf(err, errlen, "%s: cannot open", path); return -1; }
    fseek(in, 0, SEEK_END);
    long n = ftell(in);
    fseek(in, 0, SEEK_SET);
    f->data = malloc(n > 0 ? (size_t)n : 1);
    f->len = n > 0 ? (size_t)n : 0;
    if (fread(f->data, 1, f->len, in) != f->len) { fclose(in); snprintf(err, errlen, "%s: read error", path); return -1; }
    fclose(in);
    const uint8_t *d = f->data;
    if (f->len < 52 || memcmp(d, "\177ELF", 4) || d[4] != 1 || d[5] != 2) {
        snprintf(err, errlen, "%s: not ELF32 big-endian", path);
        return -1;
    }
    f->type = be16(d + 16);
    f->machine = be16(d + 18);
    f->entry = ev_be32(d + 24);
    f->phoff = ev_be32(d + 28);
    f->phnum = be16(d + 44);
    uint32_t shoff = ev_be32(d + 32);
    f->nsec = be16(d + 48);
    unsigned shstr = be16(d + 50);
    if ((uint64_t)shoff + (uint64_t)f->nsec * 40 > f->len) { snprintf(err, errlen, "%s: section headers out of file", path); return -1; }
    f->sec = calloc(f->nsec + 1, sizeof *f->sec);
    for (unsigned i = 0; i < f->nsec; i++) {
        const uint8_t *h = d + shoff + i * 40;
        ev_section *s = &f->sec[i];
        s->type = ev_be32(h + 4); s->flags = ev_be32(h + 8); s->addr = ev_be32(h + 12);
        s->offset = ev_be32(h + 16); s->size = ev_be32(h + 20); s->link = ev_be32(h + 24);
        s->info = ev_be32(h + 28); s->align = ev_be32(h + 32); s->entsize = ev_be32(h + 36);
        if (s->type != 8 && (uint64_t)s->offset + s->size > f->len) {
            snprintf(err, errlen, "%s: section %u out of file", path, i);
            return -1;
        }
    }
    for (unsigned i = 0; i < f->nsec; i++) f->sec[i].name = str(f, shstr, ev_be32(d + shoff + i * 40));
    for (unsigned i = 0; i < f->nsec; i++) {
        const ev_section *s = &f->sec[i];
        if (s->type == 2) {   /* SHT_SYMTAB */
            f->nsym = s->size / 16;
            f->sym = calloc(f->nsym + 1, sizeof *f->sym);
            for (unsigned k = 0; k < f->nsym; k++) {
                const uint8_t *e = d + s->offset + k * 16;
                ev_symbol *y = &f->sym[k];
                y->name = str(f, s->link, ev_be32(e));
                y->value = ev_be32(e + 4);
                y->size = ev_be32(e + 8);
                y->bind = e[12] >> 4;
                y->type = e[12] & 15;
                y->shndx = be16(e + 14);
                if (y->type == 3 && y->shndx < f->nsec) y->name = f->sec[y->shndx].name;
            }
        }
    }
    for (unsigned i = 0; i < f->nsec; i++) {
        const ev_section *s = &f->sec[i];
        if (s->type != 4) continue;   /* SHT_RELA */
        unsigned n = s->size / 12;
        f->rel = realloc(f->rel, (f->nrel + n + 1) * sizeof *f->rel);
        for (unsigned k = 0; k < n; k++) {
            const uint8_t *e = d + s->offset + k * 12;
            ev_rela *r = &f->rel[f->nrel++];
            r->offset = ev_be32(e);
            r->type = ev_be32(e + 4) & 0xff;
            r->sym = ev_be32(e + 4) >> 8;
            r->addend = (int32_t)ev_be32(e + 8);
            r->target = s->info;
            r->entry_off = s->offset + k * 12;
        }
    }
    return 0;
}

void ev_free(ev_file *f)
{
    free(f->data);
    free(f->sec);
    free(f->sym);
    free(f->rel);
    memset(f, 0, sizeof *f);
}

int ev_find_section(const ev_file *f, const char *name)
{
    for (unsigned i = 0; i < f->nsec; i++)
        if (!strcmp(f->sec[i].name, name)) return (int)i;
    return -1;
}

int ev_find_symbol(const ev_file *f, const char *name)
{
    for (unsigned i = 0; i < f->nsym; i++)
        if (!strcmp(f->sym[i].name, name)) return (int)i;
    return -1;
}

int ev_word_at(const ev_file *f, uint32_t addr, uint32_t *w)
{
    for (unsigned i = 0; i < f->nsec; i++) {
        const ev_section *s = &f->sec[i];
        if (s->type != 1 || !(s->flags & 2)) continue;
        if (addr >= s->addr && addr - s->addr + 4 <= s->size) {
            *w = ev_be32(f->data + s->offset + (addr - s->addr));
            return 0;
        }
    }
    return -1;
}
