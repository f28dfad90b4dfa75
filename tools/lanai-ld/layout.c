/* Layout: .text (with every .text.init first, so the start-up code sits at
 * address 0, the reset vector), .rodata, .data (.data* then .sdata*), .bss
 * (.bss*, .sbss*, then COMMON symbols). Input sections keep command-line
 * order inside each rank and honour their sh_addralign. Output sections
 * start 4-byte aligned; .bss also ends on a word so crt0 can clear it with
 * word stores. The stack lives at the top of SRAM, so the image (up to __end)
 * must fit in SRAM. An image that links malloc gets its heap right after
 * __end (__heap_start .. __heap_end, --heap-size bytes); both must fit. */
#include "ld.h"

#include <string.h>

static const char *const out_names[OUT_COUNT] = {".text", ".rodata", ".data", ".bss"};

static void add_input(ld_outsec *o, ld_section *s)
{
    o->in = xrealloc(o->in, (o->nin + 1) * sizeof *o->in);
    o->in[o->nin++] = s;
}

static void collect(ld_link *L)
{
    for (int k = 0; k < OUT_COUNT; k++) {
        L->out[k].name = out_names[k];
        for (int rank = 0; rank <= 2; rank++)
            for (uint32_t i = 0; i < L->nobjs; i++) {
                ld_object *ob = L->objs[i];
                if (!ob->loaded) continue;
                for (uint32_t j = 0; j < ob->nsecs; j++) {
                    ld_section *s = &ob->secs[j];
                    if ((int)s->out == k && s->rank == rank) add_input(&L->out[k], s);
                }
            }
    }
    for (uint32_t i = 0; i < L->nglobals; i++) {
        ld_global *g = L->globals[i];
        if (g->kind != GDEF_COMMON) continue;
        if (g->common_align & (g->common_align - 1)) {
            ld_error("%s: COMMON symbol '%s' has alignment %u, not a power of two", g->def_obj->path, g->name,
                     g->common_align);
            g->common_align = 4;
        }
        L->commons = xrealloc(L->commons, (L->ncommons + 1) * sizeof *L->commons);
        L->commons[L->ncommons++] = g;
    }
}

static uint64_t align64(uint64_t v, uint32_t a) { return a <= 1 ? v : (v + a - 1) & ~(uint64_t)(a - 1); }

static void place(ld_link *L)
{
    uint64_t cur = 0;
    for (int k = 0; k < OUT_COUNT; k++) {
        ld_outsec *o = &L->out[k];
        uint32_t maxalign = 4;
        for (uint32_t i = 0; i < o->nin; i++) {
            const ld_section *s = o->in[i];
            /* an absurd alignment would pad the file, not SRAM (an empty
             * section at 0 fits anywhere): refuse it before writing */
            if (s->align > L->sram_size)
                ld_fatal("%s: section %s: alignment %u is larger than the %u-byte SRAM", s->obj->path, s->name,
                         s->align, L->sram_size);
            if (s->align > maxalign) maxalign = s->align;
        }
        if (k == OUT_BSS)
            for (uint32_t i = 0; i < L->ncommons; i++) {
                const ld_global *g = L->commons[i];
                if (g->common_align > L->sram_size)
                    ld_fatal("%s: COMMON symbol '%s': alignment %u is larger than the %u-byte SRAM", g->def_obj->path,
                             g->name, g->common_align, L->sram_size);
                if (g->common_align > maxalign) maxalign = g->common_align;
            }
        uint64_t start = align64(cur, maxalign), pos = start;
        for (uint32_t i = 0; i < o->nin; i++) {
            ld_section *s = o->in[i];
            pos = align64(pos, s->align);
            s->addr = (uint32_t)pos;
            pos += s->size;
            if (pos > 0xFFFFFFFFu) ld_fatal("image does not fit in the 32-bit address space (at %s in %s)",
                                            s->name, s->obj->path);
        }
        if (k == OUT_BSS) {
            for (uint32_t i = 0; i < L->ncommons; i++) {
                ld_global *g = L->commons[i];
                pos = align64(pos, g->common_align);
                g->addr = (uint32_t)pos;
                pos += g->common_size;
            }
            pos = align64(pos, 4);
        }
        if (pos > 0xFFFFFFFFu) ld_fatal("image does not fit in the 32-bit address space (%s)", o->name);
        o->addr = (uint32_t)start;
        o->size = (uint32_t)(pos - start);
        o->align = maxalign;
        cur = pos;
    }
    uint64_t end = align64(cur, 8);
    if (end > 0xFFFFFFFFu) ld_fatal("image does not fit in the 32-bit address space");
    L->image_end = (uint32_t)end;
}

/* Final values of globals defined by objects (linker symbols: symbols.c). */
static void finalize_globals(ld_link *L)
{
    for (uint32_t i = 0; i < L->nglobals; i++) {
        ld_global *g = L->globals[i];
        if (g->kind == GDEF_ABS) g->addr = g->def->value;
        else if (g->kind == GDEF_SECTION) {
            const ld_section *s = &g->def_obj->secs[g->def->shndx];
            g->addr = s->out == OUT_NONE ? 0 : s->addr + g->def->value;
        } else if (g->kind == GDEF_NONE) g->addr = 0;   /* undefined weak */
    }
}

static void check_size(ld_link *L)
{
    if (L->uses_heap && L->image_end <= L->sram_size && L->sram_size - L->image_end < L->heap_size) {
        ld_error("image and heap too large for %s SRAM: the image ends at %u bytes, the heap (--heap-size) needs "
                 "%u more, SRAM has %u bytes (over by %u); give a smaller --heap-size",
                 L->chip ? L->chip : "the", L->image_end, L->heap_size, L->sram_size,
                 L->heap_size - (L->sram_size - L->image_end));
        return;
    }
    if (L->image_end <= L->sram_size) return;
    const ld_outsec *o = L->out;
    ld_error("image too large for %s SRAM: needs %u bytes (.text %u, .rodata %u, .data %u, .bss %u), "
             "SRAM has %u bytes (over by %u)",
             L->chip ? L->chip : "the", L->image_end, o[OUT_TEXT].size, o[OUT_RODATA].size, o[OUT_DATA].size,
             o[OUT_BSS].size, L->sram_size, L->image_end - L->sram_size);
}

static void fill_image(ld_link *L)
{
    const ld_outsec *d = &L->out[OUT_DATA];
    L->image_size = d->addr + d->size;
    L->image = xcalloc(L->image_size ? L->image_size : 1, 1);
    for (int k = 0; k < OUT_BSS; k++)
        for (uint32_t i = 0; i < L->out[k].nin; i++) {
            const ld_section *s = L->out[k].in[i];
            if (s->type != SHT_NOBITS_ && s->size) memcpy(L->image + s->addr, s->data, s->size);
        }
}

void ld_layout(ld_link *L)
{
    collect(L);
    place(L);
    finalize_globals(L);
    ld_define_linker_symbols(L);
    check_size(L);
    ld_stop_if_errors();
    fill_image(L);
    ld_global *start = ld_lookup(L, "_start");
    if (start && start->kind == GDEF_SECTION && start->addr != 0)
        ld_warn("_start is at 0x%x, not at the reset address 0 (put it in section .text.init)", start->addr);
}
