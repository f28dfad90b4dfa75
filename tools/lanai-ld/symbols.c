/* Symbol resolution: one global table across all loaded objects (locals stay
 * per object and are looked up by index in reloc.c). Rules:
 *  - two strong definitions of one name: error naming both files;
 *  - a weak definition loses to a strong one; a real definition beats COMMON;
 *    COMMONs merge to the largest size and alignment;
 *  - archive members are loaded when they define a name that a loaded object
 *    refers to non-weakly and nothing defines yet (repeated to a fixed point,
 *    so archive order does not matter);
 *  - an undefined weak reference resolves to 0; an undefined strong one is an
 *    error naming the symbol and the files that refer to it;
 *  - linker symbols (__bss_start ...) are provided unless an object defines them. */
#include "ld.h"

#include <string.h>

const char *const ld_linker_symbols[] = {
    "__text_start", "__etext", "__rodata_start", "__data_start", "__edata",
    "__bss_start", "__bss_end", "__end", "__stack_top", "__sram_size", NULL,
};

const char *const ld_heap_symbols[] = {"__heap_start", "__heap_end", NULL};

static uint32_t hash_name(const char *s)
{
    uint32_t h = 2166136261u;   /* FNV-1a */
    for (; *s; s++) h = (h ^ (uint8_t)*s) * 16777619u;
    return h;
}

ld_global *ld_lookup(ld_link *L, const char *name)
{
    if (!L->hash) return NULL;
    for (ld_global *g = L->hash[hash_name(name) & (L->hash_size - 1)]; g; g = g->next)
        if (!strcmp(g->name, name)) return g;
    return NULL;
}

static void rehash(ld_link *L)
{
    uint32_t n = L->hash_size ? L->hash_size * 2 : 1024;
    ld_global **h = xcalloc(n, sizeof *h);
    for (uint32_t i = 0; i < L->nglobals; i++) {
        ld_global *g = L->globals[i];
        uint32_t k = hash_name(g->name) & (n - 1);
        g->next = h[k];
        h[k] = g;
    }
    L->hash = h;
    L->hash_size = n;
}

static ld_global *intern(ld_link *L, const char *name)
{
    ld_global *g = ld_lookup(L, name);
    if (g) return g;
    if (L->nglobals * 2 >= L->hash_size) rehash(L);
    g = xcalloc(1, sizeof *g);
    g->name = name;
    g->order = L->nglobals;
    L->globals = xrealloc(L->globals, (L->nglobals + 1) * sizeof *L->globals);
    L->globals[L->nglobals++] = g;
    uint32_t k = hash_name(name) & (L->hash_size - 1);
    g->next = L->hash[k];
    L->hash[k] = g;
    return g;
}

static void set_def(ld_global *g, ld_object *o, ld_symbol *s)
{
    g->def_obj = o;
    g->def = s;
    g->weak_def = s->bind == STB_WEAK_;
    if (s->shndx == SHN_COMMON_) {
        g->kind = GDEF_COMMON;
        g->common_size = s->size;
        g->common_align = s->value ? s->value : 1;
    } else {
        g->kind = s->shndx == SHN_ABS_ ? GDEF_ABS : GDEF_SECTION;
    }
}

static void define(ld_global *g, ld_object *o, ld_symbol *s)
{
    int weak = s->bind == STB_WEAK_;
    if (g->kind == GDEF_NONE) {
        set_def(g, o, s);
    } else if (s->shndx == SHN_COMMON_) {
        if (g->kind == GDEF_COMMON) {
            if (s->size > g->common_size) g->common_size = s->size;
            if (s->value > g->common_align) g->common_align = s->value;
        }
        /* else: a real definition already exists and wins */
    } else if (g->kind == GDEF_COMMON) {
        set_def(g, o, s);
    } else if (g->weak_def && !weak) {
        set_def(g, o, s);
    } else if (!weak) {
        ld_error("duplicate symbol '%s': defined in %s and in %s", g->name, g->def_obj->path, o->path);
    }
}

static void load_object(ld_link *L, ld_object *o)
{
    o->loaded = 1;
    for (uint32_t i = 1; i < o->nsyms; i++) {
        ld_symbol *s = &o->syms[i];
        if (s->bind == STB_LOCAL_) continue;
        ld_global *g = intern(L, s->name);
        s->global = g;
        if (s->shndx == SHN_UNDEF_) {
            if (!g->first_ref) g->first_ref = o;
            g->nrefs++;
            if (s->bind != STB_WEAK_) g->strong_ref = 1;
        } else {
            define(g, o, s);
        }
    }
}

/* Load the first unloaded archive member that defines a needed symbol. */
static int pull_one_member(ld_link *L)
{
    for (uint32_t i = 0; i < L->nobjs; i++) {
        ld_object *o = L->objs[i];
        if (o->loaded || !o->is_member) continue;
        for (uint32_t k = 1; k < o->nsyms; k++) {
            ld_symbol *s = &o->syms[k];
            if (s->bind == STB_LOCAL_ || s->shndx == SHN_UNDEF_) continue;
            ld_global *g = ld_lookup(L, s->name);
            if (g && g->kind == GDEF_NONE && g->strong_ref) {
                o->pulled_for = g->name;
                load_object(L, o);
                return 1;
            }
        }
    }
    return 0;
}

void ld_resolve(ld_link *L)
{
    if (!L->hash) rehash(L);
    for (uint32_t i = 0; i < L->nobjs; i++)
        if (L->objs[i]->loaded) load_object(L, L->objs[i]);
    while (pull_one_member(L)) {}
    for (const char *const *n = ld_linker_symbols; *n; n++) {
        ld_global *g = intern(L, *n);
        if (g->kind == GDEF_NONE) g->kind = GDEF_LINKER;
    }
    for (const char *const *n = ld_heap_symbols; *n; n++) {
        ld_global *g = ld_lookup(L, *n);
        if (g && g->kind == GDEF_NONE) {
            g->kind = GDEF_LINKER;
            L->uses_heap = 1;
        }
    }
    for (uint32_t i = 0; i < L->nglobals; i++) {
        ld_global *g = L->globals[i];
        if (g->kind != GDEF_NONE || !g->strong_ref) continue;
        if (g->nrefs > 1)
            ld_error("undefined symbol '%s' (referenced by %s and %d other file%s)", g->name, g->first_ref->path,
                     g->nrefs - 1, g->nrefs > 2 ? "s" : "");
        else
            ld_error("undefined symbol '%s' (referenced by %s)", g->name, g->first_ref->path);
    }
}

void ld_define_linker_symbols(ld_link *L)
{
    const ld_outsec *o = L->out;
    uint32_t vals[] = {
        o[OUT_TEXT].addr, o[OUT_TEXT].addr + o[OUT_TEXT].size, o[OUT_RODATA].addr,
        o[OUT_DATA].addr, o[OUT_DATA].addr + o[OUT_DATA].size,
        o[OUT_BSS].addr, o[OUT_BSS].addr + o[OUT_BSS].size, L->image_end,
        L->sram_size, L->sram_size,
    };
    for (int i = 0; ld_linker_symbols[i]; i++) {
        ld_global *g = ld_lookup(L, ld_linker_symbols[i]);
        if (g && g->kind == GDEF_LINKER) g->addr = vals[i];
    }
    uint32_t heap[] = {L->image_end, L->image_end + L->heap_size};   /* checked in layout.c */
    for (int i = 0; ld_heap_symbols[i]; i++) {
        ld_global *g = ld_lookup(L, ld_heap_symbols[i]);
        if (g && g->kind == GDEF_LINKER) g->addr = heap[i];
    }
}
