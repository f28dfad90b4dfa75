/* The independent relocation checker. For one input object it reads the
 * object's own RELA entries and symbols (elf_view.c), takes symbol addresses
 * in the output from llvm-nm-14, and input-section addresses from the map
 * (cross-checked against every global the section defines), computes each
 * patched word from lanai-hardware.md §2.2 and compares it with the word in
 * the executable. Bytes no relocation touches must be copied unchanged. */
#include "ld_test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int out_byte(const ev_file *e, uint32_t addr, uint8_t *b)
{
    for (unsigned i = 0; i < e->nsec; i++) {
        const ev_section *s = &e->sec[i];
        if (s->type == 1 && (s->flags & 2) && addr >= s->addr && addr - s->addr < s->size) {
            *b = e->data[s->offset + (addr - s->addr)];
            return 0;
        }
    }
    return -1;
}

/* The expected word from the specification's table. */
static uint32_t expect(uint32_t type, uint32_t w, uint32_t v, int *ok)
{
    *ok = 1;
    switch (type) {
    case 0: return w;
    case 1: return (w & ~0x007CFFFFu) | ((v & 0x1F0000u) << 2) | (v & 0xFFFFu);
    case 2: return (w & ~0x007CFFFCu) | ((((v & 0x1F0000u) << 2) | (v & 0xFFFFu)) & 0x007CFFFCu);
    case 3: return (w & ~0x01FFFFFCu) | (v & 0x01FFFFFCu);
    case 4: return v;
    case 5: return (w & 0xFFFF0000u) | (v >> 16);
    case 6: return (w & 0xFFFF0000u) | (v & 0xFFFFu);
    }
    *ok = 0;
    return 0;
}

void ldt_check_relocs(const char *obj, const char *elf, const char *map, int per_type[8])
{
    ev_file o, e;
    char err[256];
    if (ev_load(&o, obj, err, sizeof err)) harness_fail(__FILE__, __LINE__, "%s", err);
    if (ev_load(&e, elf, err, sizeof err)) harness_fail(__FILE__, __LINE__, "%s", err);
    ldt_nm nm;
    ldt_nm_load(&nm, elf);

    uint32_t *base = calloc(o.nsec + 1, sizeof *base);
    int *known = calloc(o.nsec + 1, sizeof *known);
    for (unsigned i = 0; i < o.nsec; i++)
        if ((o.sec[i].flags & 2) && o.sec[i].size) known[i] = ldt_map_base(map, obj, o.sec[i].name, &base[i]) == 0;

    /* Globals defined here (strong ones: a weak one may have lost) pin their section's address. */
    for (unsigned i = 1; i < o.nsym; i++) {
        const ev_symbol *s = &o.sym[i];
        if (s->bind != 1 || s->shndx == 0 || s->shndx >= o.nsec || !o.sec[s->shndx].size) continue;
        uint32_t a;
        if (ldt_nm_find(&nm, s->name, &a, NULL))
            harness_fail(__FILE__, __LINE__, "%s: global %s missing from the output", obj, s->name);
        if (!known[s->shndx])
            harness_fail(__FILE__, __LINE__, "%s: section %s (of %s) not in the map", obj, o.sec[s->shndx].name, s->name);
        if (a != base[s->shndx] + s->value)
            harness_fail(__FILE__, __LINE__, "%s: %s at 0x%x in llvm-nm but section %s at 0x%x + 0x%x in the map", obj,
                         s->name, a, o.sec[s->shndx].name, base[s->shndx], s->value);
    }

    /* Unrelocated bytes are copied verbatim. */
    for (unsigned i = 0; i < o.nsec; i++) {
        const ev_section *s = &o.sec[i];
        if (!known[i] || s->type != 1) continue;
        uint8_t *touched = calloc(s->size + 4, 1);
        for (unsigned k = 0; k < o.nrel; k++)
            if (o.rel[k].target == i && o.rel[k].type != 0 && o.rel[k].offset < s->size)
                memset(touched + o.rel[k].offset, 1, 4);
        for (uint32_t b = 0; b < s->size; b++) {
            uint8_t ob;
            if (touched[b]) continue;
            if (out_byte(&e, base[i] + b, &ob))
                harness_fail(__FILE__, __LINE__, "%s: %s+0x%x (0x%x) is not in the output", obj, s->name, b, base[i] + b);
            if (ob != o.data[s->offset + b])
                harness_fail(__FILE__, __LINE__, "%s: %s+0x%x: byte 0x%02x in output, 0x%02x in object", obj, s->name,
                             b, ob, o.data[s->offset + b]);
        }
        free(touched);
    }

    for (unsigned k = 0; k < o.nrel; k++) {
        const ev_rela *r = &o.rel[k];
        const ev_section *t = &o.sec[r->target];
        if (!(t->flags & 2)) continue;   /* debug info: not loaded */
        if (!known[r->target]) harness_fail(__FILE__, __LINE__, "%s: section %s not in the map", obj, t->name);
        if (r->sym >= o.nsym) harness_fail(__FILE__, __LINE__, "%s: bad symbol index", obj);
        const ev_symbol *s = &o.sym[r->sym];
        uint32_t S = 0;
        if (r->sym == 0) {
            S = 0;
        } else if (s->bind == 0) {
            if (s->shndx == 0xfff1) S = s->value;
            else if (s->shndx < o.nsec && known[s->shndx]) S = base[s->shndx] + s->value;
            else harness_fail(__FILE__, __LINE__, "%s: local %s in unplaced section", obj, s->name);
        } else {
            char kind = 'U';
            if (ldt_nm_find(&nm, s->name, &S, &kind) || kind == 'U' || kind == 'w') {
                if (s->bind != 2 || kind == 'U')   /* only an undefined weak may stay unresolved */
                    harness_fail(__FILE__, __LINE__, "%s: %s unresolved in output", obj, s->name);
                S = 0;
            }
        }
        uint32_t v = S + (uint32_t)r->addend, w0 = ev_be32(o.data + t->offset + r->offset), w1;
        if (ev_word_at(&e, base[r->target] + r->offset, &w1))
            harness_fail(__FILE__, __LINE__, "%s: %s+0x%x not in the output", obj, t->name, r->offset);
        int ok;
        uint32_t want = expect(r->type, w0, v, &ok);
        if (!ok) harness_fail(__FILE__, __LINE__, "%s: relocation type %u unexpected", obj, r->type);
        if (w1 != want)
            harness_fail(__FILE__, __LINE__, "%s: %s+0x%x type %u against %s%+d (S=0x%x): word 0x%08x, expected 0x%08x",
                         obj, t->name, r->offset, r->type, s->name, r->addend, S, w1, want);
        per_type[r->type < 8 ? r->type : 7]++;
    }
    free(base);
    free(known);
    ev_free(&o);
    ev_free(&e);
}
