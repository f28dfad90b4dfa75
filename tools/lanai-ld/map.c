/* The map file: what went where, for people. Output sections with their
 * input sections (file and section name), COMMON allocations, archive
 * members and why they were pulled in, and every symbol sorted by address. */
#include "ld.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    uint32_t addr, size;
    const char *name, *file, *kind;
} map_sym;

static int cmp_sym(const void *a, const void *b)
{
    const map_sym *x = a, *y = b;
    if (x->addr != y->addr) return x->addr < y->addr ? -1 : 1;
    return strcmp(x->name, y->name);
}

static const char *type_name(uint8_t type)
{
    return type == STT_FUNC_ ? "func" : type == STT_OBJECT_ ? "object" : "-";
}

static map_sym *collect_symbols(ld_link *L, size_t *count)
{
    size_t n = 0, cap = 64;
    map_sym *v = xmalloc(cap * sizeof *v);
    for (uint32_t i = 0; i < L->nobjs; i++) {
        ld_object *o = L->objs[i];
        if (!o->loaded) continue;
        for (uint32_t k = 1; k < o->nsyms; k++) {
            const ld_symbol *s = &o->syms[k];
            if (s->bind != STB_LOCAL_ || s->type == STT_SECTION_ || s->type == STT_FILE_) continue;
            if (!s->name[0] || !strncmp(s->name, ".L", 2)) continue;
            if (s->shndx == SHN_UNDEF_ || (s->shndx < o->nsecs && o->secs[s->shndx].out == OUT_NONE)) continue;
            if (n == cap) v = xrealloc(v, (cap *= 2) * sizeof *v);
            uint32_t a = s->shndx == SHN_ABS_ ? s->value : o->secs[s->shndx].addr + s->value;
            v[n++] = (map_sym){a, s->size, s->name, o->path, type_name(s->type)};
        }
    }
    for (uint32_t i = 0; i < L->nglobals; i++) {
        const ld_global *g = L->globals[i];
        if (g->kind == GDEF_NONE && !g->nrefs) continue;
        if (g->kind == GDEF_SECTION && g->def_obj->secs[g->def->shndx].out == OUT_NONE) continue;
        if (n == cap) v = xrealloc(v, (cap *= 2) * sizeof *v);
        map_sym m = {g->addr, 0, g->name, "", "-"};
        switch (g->kind) {
        case GDEF_SECTION:
        case GDEF_ABS:
            m.size = g->def->size;
            m.file = g->def_obj->path;
            m.kind = type_name(g->def->type);
            break;
        case GDEF_COMMON:
            m.size = g->common_size;
            m.file = g->def_obj->path;
            m.kind = "common";
            break;
        case GDEF_LINKER: m.file = "(linker)"; break;
        case GDEF_NONE: m.file = "(undefined weak)"; break;
        }
        v[n++] = m;
    }
    qsort(v, n, sizeof *v, cmp_sym);
    *count = n;
    return v;
}

void ld_write_map(ld_link *L)
{
    FILE *f = fopen(L->map_path, "w");
    if (!f) ld_fatal("%s: cannot create map file: %s", L->map_path, strerror(errno));
    fprintf(f, "lanai-ld map of %s\n\n", L->out_path);
    fprintf(f, "Memory: SRAM %u bytes (0x%08x)%s%s\n", L->sram_size, L->sram_size, L->chip ? ", chip " : "",
            L->chip ? L->chip : "");
    fprintf(f, "  image end (__end)  0x%08x  (%u bytes)\n", L->image_end, L->image_end);
    uint32_t stack_floor = L->image_end;
    if (L->uses_heap) {
        stack_floor += L->heap_size;
        fprintf(f, "  heap               0x%08x  (%u bytes, __heap_start .. __heap_end)\n", L->image_end, L->heap_size);
    }
    fprintf(f, "  stack top          0x%08x  (%u bytes free for the stack)\n\n", L->sram_size,
            L->sram_size - stack_floor);

    fprintf(f, "Sections\n  %-10s %-10s %-10s %s\n", "name", "address", "size", "align");
    for (int k = 0; k < OUT_COUNT; k++) {
        const ld_outsec *o = &L->out[k];
        fprintf(f, "  %-10s 0x%08x 0x%08x %u\n", o->name, o->addr, o->size, o->align);
    }

    fprintf(f, "\nInput sections\n");
    for (int k = 0; k < OUT_COUNT; k++) {
        const ld_outsec *o = &L->out[k];
        fprintf(f, "%s 0x%08x 0x%x\n", o->name, o->addr, o->size);
        for (uint32_t i = 0; i < o->nin; i++) {
            const ld_section *s = o->in[i];
            fprintf(f, "  0x%08x 0x%08x %-20s %s\n", s->addr, s->size, s->name, s->obj->path);
        }
        if (k == OUT_BSS)
            for (uint32_t i = 0; i < L->ncommons; i++) {
                const ld_global *g = L->commons[i];
                fprintf(f, "  0x%08x 0x%08x %-20s %s (%s)\n", g->addr, g->common_size, "COMMON", g->def_obj->path,
                        g->name);
            }
    }

    int any = 0;
    for (uint32_t i = 0; i < L->nobjs; i++) {
        const ld_object *o = L->objs[i];
        if (!o->is_member || !o->loaded) continue;
        if (!any++) fprintf(f, "\nArchive members loaded\n");
        fprintf(f, "  %-40s for %s\n", o->path, o->pulled_for);
    }

    size_t n;
    map_sym *v = collect_symbols(L, &n);
    fprintf(f, "\nSymbols by address\n  %-10s %-10s %-6s %-30s %s\n", "address", "size", "type", "name", "file");
    for (size_t i = 0; i < n; i++)
        fprintf(f, "  0x%08x 0x%08x %-6s %-30s %s\n", v[i].addr, v[i].size, v[i].kind, v[i].name, v[i].file);
    xfree(v);
    if (fclose(f) != 0) ld_fatal("%s: write failed", L->map_path);
}
