/* Applying RELA relocations to the laid-out image, exactly per
 * lanai-hardware.md §2.2 with V = S + A (32-bit wrap-around):
 *   21, 21_F  SLS/SLI: V bits 20:16 -> insn bits 22:18, bits 15:0 -> 15:0
 *             (21_F leaves insn bits 1:0 alone); V must be < 2^21
 *   25        BR: V bits 24:2 -> insn bits 24:2; V < 2^25 and V % 4 == 0
 *   32        the whole word
 *   HI16/LO16 low half of the word = V >> 16 / V & 0xFFFF (combined by OR
 *             in the code, so no carry adjustment)
 * Every problem names file, section+offset, relocation and symbol. */
#include "ld.h"

static const char *const reloc_names[] = {
    "R_LANAI_NONE", "R_LANAI_21", "R_LANAI_21_F", "R_LANAI_25", "R_LANAI_32", "R_LANAI_HI16", "R_LANAI_LO16",
};

const char *ld_reloc_name(uint32_t type)
{
    return type < sizeof reloc_names / sizeof *reloc_names ? reloc_names[type] : NULL;
}

static const char *sym_label(const ld_symbol *s) { return s->name[0] ? s->name : "(unnamed)"; }

/* S for symbol index symi of object o; -1 after reporting an error. */
static int symbol_value(ld_object *o, const ld_section *t, uint32_t off, uint32_t symi, uint32_t *out)
{
    if (symi >= o->nsyms) {
        ld_error("%s: %s+0x%x: relocation refers to symbol index %u, but the symbol table has %u entries",
                 o->path, t->name, off, symi, o->nsyms);
        return -1;
    }
    const ld_symbol *s = &o->syms[symi];
    *out = 0;
    if (symi == 0) return 0;
    if (s->bind != STB_LOCAL_) {
        const ld_global *g = s->global;
        if (g->kind == GDEF_NONE) return g->strong_ref ? -1 : 0;   /* strong: already reported */
        if (g->kind == GDEF_SECTION && g->def_obj->secs[g->def->shndx].out == OUT_NONE) {
            ld_error("%s: %s+0x%x: symbol '%s' is defined in section %s of %s, which is not loaded", o->path,
                     t->name, off, g->name, g->def_obj->secs[g->def->shndx].name, g->def_obj->path);
            return -1;
        }
        *out = g->addr;
        return 0;
    }
    if (s->shndx == SHN_ABS_) {
        *out = s->value;
        return 0;
    }
    if (s->shndx == SHN_UNDEF_ || s->shndx >= o->nsecs) {
        ld_error("%s: %s+0x%x: relocation against local symbol '%s' that has no section", o->path, t->name, off,
                 sym_label(s));
        return -1;
    }
    const ld_section *d = &o->secs[s->shndx];
    if (d->out == OUT_NONE) {
        ld_error("%s: %s+0x%x: relocation against '%s' in section %s, which is not loaded", o->path, t->name, off,
                 sym_label(s), d->name);
        return -1;
    }
    *out = d->addr + s->value;
    return 0;
}

static void overflow(const ld_object *o, const ld_section *t, uint32_t off, uint32_t type, const ld_symbol *s,
                     uint32_t v, const char *why)
{
    ld_error("%s: %s+0x%x: %s against '%s' out of range: value 0x%08x %s", o->path, t->name, off,
             ld_reloc_name(type), sym_label(s), v, why);
}

static void apply_one(ld_link *L, ld_object *o, const ld_section *t, const uint8_t *e)
{
    uint32_t off = be32(e), info = be32(e + 4), addend = be32(e + 8);
    uint32_t type = info & 0xff, symi = info >> 8;
    if (type == R_LANAI_NONE) return;
    if (!ld_reloc_name(type)) {
        ld_error("%s: %s+0x%x: unknown relocation type %u", o->path, t->name, off, type);
        return;
    }
    if (t->size < 4 || off > t->size - 4) {
        ld_error("%s: %s+0x%x: %s offset outside the section (size %u)", o->path, t->name, off,
                 ld_reloc_name(type), t->size);
        return;
    }
    if (off & 3) {
        ld_error("%s: %s+0x%x: %s at a misaligned offset", o->path, t->name, off, ld_reloc_name(type));
        return;
    }
    uint32_t sv;
    if (symbol_value(o, t, off, symi, &sv)) return;
    const ld_symbol *s = &o->syms[symi];
    uint32_t v = sv + addend;
    uint8_t *p = L->image + t->addr + off;
    uint32_t w = be32(p);
    switch (type) {
    case R_LANAI_21:
    case R_LANAI_21_F:
        /* The 21-bit field exists only in SLS (ld/st [addr]) and SLI (mov imm):
         * top nibble 0xF, bits 17:16 not 11. Elsewhere bits 22:18 are a source
         * register, and patching them silently breaks the program. */
        if (type == R_LANAI_21 && (w >> 31) == 0 && addend == 1) {
            /* clang-14 materialises a label address (&&label) in code as
             * mov hi / or lo but tags both words R_LANAI_21 with addend 1
             * (its block-address lowering passes the HI/LO flag where the
             * offset goes). Nothing else puts R_LANAI_21 on an RI word:
             * apply the HI16/LO16 the compiler meant, of the label itself. */
            w = (w & 0xFFFF0000u) | (((w >> 16) & 1) ? sv >> 16 : sv & 0xFFFFu);
            break;
        }
        if ((w >> 28) != 0xF || ((w >> 16) & 3) == 3) {
            ld_error("%s: %s+0x%x: %s against '%s' patches 0x%08x, which is not an absolute load/store or mov: "
                     "its register field would be overwritten (an object lanai-ld cannot link as written: "
                     "clang-14 emits this form only for label addresses (&&label), which lanai-ld repairs "
                     "when they have the form mov hi / or lo with addend 1)",
                     o->path, t->name, off, ld_reloc_name(type), sym_label(s), w);
            return;
        }
        if (v >= 1u << 21) {
            overflow(o, t, off, type, s, v, "does not fit in 21 bits (limit 0x001fffff; build without -mcmodel=small?)");
            return;
        }
        {
            uint32_t mask = type == R_LANAI_21 ? 0x007CFFFFu : 0x007CFFFCu;
            uint32_t field = ((v & 0x1F0000u) << 2) | (v & 0xFFFFu);
            w = (w & ~mask) | (field & mask);
        }
        break;
    case R_LANAI_25:
        if (v >= 1u << 25) {
            overflow(o, t, off, type, s, v, "does not fit in 25 bits (branch targets must be below 32 MiB)");
            return;
        }
        if (v & 3) {
            overflow(o, t, off, type, s, v, "is not a multiple of 4");
            return;
        }
        w = (w & ~0x01FFFFFCu) | (v & 0x01FFFFFCu);
        break;
    case R_LANAI_32:
        w = v;
        break;
    case R_LANAI_HI16:
        w = (w & 0xFFFF0000u) | (v >> 16);
        break;
    case R_LANAI_LO16:
        w = (w & 0xFFFF0000u) | (v & 0xFFFFu);
        break;
    }
    put_be32(p, w);
}

void ld_relocate(ld_link *L)
{
    for (uint32_t i = 0; i < L->nobjs; i++) {
        ld_object *o = L->objs[i];
        if (!o->loaded) continue;
        for (uint32_t j = 0; j < o->nsecs; j++) {
            const ld_section *r = &o->secs[j];
            if (r->type != SHT_RELA_) continue;
            const ld_section *t = &o->secs[r->info];
            if (t->out == OUT_NONE) continue;
            for (uint32_t k = 0; k + 12 <= r->size; k += 12) apply_one(L, o, t, r->data + k);
        }
    }
    ld_stop_if_errors();
}
