/* Writing the executable: ELF32 big-endian ET_EXEC, EM_LANAI, entry 0.
 * One PT_LOAD per non-empty output section (.bss: memsz only), section
 * headers .text .rodata .data .bss .symtab .strtab .shstrtab, and a symbol
 * table with each object's named locals (local labels ".L*" and section
 * symbols are dropped) and all globals, so llvm-objdump and the simulator's
 * fault reports can name functions. The file is built in memory and written
 * at once; nothing is left behind on failure. */
#include "ld.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

enum { EHDR = 52, PHDR = 32, SHDR = 40, SYM = 16 };
enum { SEC_SYMTAB = OUT_COUNT + 1, SEC_STRTAB, SEC_SHSTRTAB, NSEC };

typedef struct { uint8_t *p; size_t n, cap; } bytebuf;

static void bb_reserve(bytebuf *b, size_t more)
{
    if (b->n + more <= b->cap) return;
    while (b->n + more > b->cap) b->cap = b->cap ? b->cap * 2 : 4096;
    b->p = xrealloc(b->p, b->cap);
}

static size_t bb_add(bytebuf *b, const void *data, size_t n)
{
    bb_reserve(b, n);
    size_t at = b->n;
    if (data) memcpy(b->p + at, data, n);
    else memset(b->p + at, 0, n);
    b->n += n;
    return at;
}

static void bb_align(bytebuf *b, uint32_t a)
{
    while (b->n % a) bb_add(b, NULL, 1);
}

static uint32_t str_add(bytebuf *strtab, const char *s)
{
    return (uint32_t)bb_add(strtab, s, strlen(s) + 1);
}

static void sym_add(bytebuf *syms, uint32_t name, uint32_t value, uint32_t size, uint8_t bind, uint8_t type,
                    uint8_t other, uint16_t shndx)
{
    uint8_t e[SYM];
    put_be32(e, name);
    put_be32(e + 4, value);
    put_be32(e + 8, size);
    e[12] = (uint8_t)(bind << 4 | type);
    e[13] = other;
    put_be16(e + 14, shndx);
    bb_add(syms, e, SYM);
}

static int local_is_kept(const ld_object *o, const ld_symbol *s)
{
    if (s->type == STT_SECTION_ || s->type == STT_FILE_) return 0;
    if (!s->name[0] || !strncmp(s->name, ".L", 2)) return 0;
    if (s->shndx == SHN_ABS_) return 1;
    return s->shndx != SHN_UNDEF_ && s->shndx < o->nsecs && o->secs[s->shndx].out != OUT_NONE;
}

/* Returns the index of the first global symbol (sh_info of .symtab). */
static uint32_t build_symbols(ld_link *L, bytebuf *syms, bytebuf *strs)
{
    bb_add(strs, "", 1);
    sym_add(syms, 0, 0, 0, 0, 0, 0, 0);
    for (uint32_t i = 0; i < L->nobjs; i++) {
        ld_object *o = L->objs[i];
        if (!o->loaded) continue;
        sym_add(syms, str_add(strs, o->file_sym ? o->file_sym : o->path), 0, 0, STB_LOCAL_, STT_FILE_, 0, SHN_ABS_);
        for (uint32_t k = 1; k < o->nsyms; k++) {
            const ld_symbol *s = &o->syms[k];
            if (s->bind != STB_LOCAL_ || !local_is_kept(o, s)) continue;
            if (s->shndx == SHN_ABS_)
                sym_add(syms, str_add(strs, s->name), s->value, s->size, STB_LOCAL_, s->type, s->other, SHN_ABS_);
            else {
                const ld_section *d = &o->secs[s->shndx];
                sym_add(syms, str_add(strs, s->name), d->addr + s->value, s->size, STB_LOCAL_, s->type, s->other,
                        (uint16_t)(d->out + 1));
            }
        }
    }
    uint32_t first_global = (uint32_t)(syms->n / SYM);
    for (uint32_t i = 0; i < L->nglobals; i++) {
        const ld_global *g = L->globals[i];
        const ld_symbol *d = g->def;
        switch (g->kind) {
        case GDEF_SECTION: {
            const ld_section *s = &g->def_obj->secs[d->shndx];
            if (s->out == OUT_NONE) break;
            sym_add(syms, str_add(strs, g->name), g->addr, d->size, d->bind, d->type, d->other, (uint16_t)(s->out + 1));
            break;
        }
        case GDEF_ABS:
            sym_add(syms, str_add(strs, g->name), g->addr, d->size, d->bind, d->type, d->other, SHN_ABS_);
            break;
        case GDEF_COMMON:
            sym_add(syms, str_add(strs, g->name), g->addr, g->common_size, d->bind, STT_OBJECT_, d->other,
                    OUT_BSS + 1);
            break;
        case GDEF_LINKER:
            sym_add(syms, str_add(strs, g->name), g->addr, 0, STB_GLOBAL_, STT_NOTYPE_, 0, SHN_ABS_);
            break;
        case GDEF_NONE:
            if (g->nrefs) sym_add(syms, str_add(strs, g->name), 0, 0, STB_WEAK_, STT_NOTYPE_, 0, SHN_UNDEF_);
            break;
        }
    }
    return first_global;
}

static void shdr(uint8_t *h, uint32_t name, uint32_t type, uint32_t flags, uint32_t addr, uint32_t off,
                 uint32_t size, uint32_t link, uint32_t info, uint32_t align, uint32_t entsize)
{
    put_be32(h, name);
    put_be32(h + 4, type);
    put_be32(h + 8, flags);
    put_be32(h + 12, addr);
    put_be32(h + 16, off);
    put_be32(h + 20, size);
    put_be32(h + 24, link);
    put_be32(h + 28, info);
    put_be32(h + 32, align);
    put_be32(h + 36, entsize);
}

static const uint32_t out_flags[OUT_COUNT] = {
    SHF_ALLOC_ | SHF_EXECINSTR_, SHF_ALLOC_, SHF_ALLOC_ | SHF_WRITE_, SHF_ALLOC_ | SHF_WRITE_,
};
static const uint32_t seg_flags[OUT_COUNT] = {PF_R_ | PF_X_, PF_R_, PF_R_ | PF_W_, PF_R_ | PF_W_};

void ld_write_elf(ld_link *L)
{
    bytebuf f = {0}, syms = {0}, strs = {0}, shstr = {0};
    uint32_t first_global = build_symbols(L, &syms, &strs);

    uint32_t nload = 0;
    for (int k = 0; k < OUT_COUNT; k++) nload += L->out[k].size != 0;
    bb_add(&f, NULL, EHDR + (size_t)nload * PHDR);

    uint32_t off[OUT_COUNT];
    for (int k = 0; k < OUT_COUNT; k++) {
        const ld_outsec *o = &L->out[k];
        bb_align(&f, o->align);
        off[k] = (uint32_t)f.n;
        if (k != OUT_BSS) bb_add(&f, L->image + o->addr, o->size);
    }
    bb_align(&f, 4);
    uint32_t symoff = (uint32_t)bb_add(&f, syms.p, syms.n);
    uint32_t stroff = (uint32_t)bb_add(&f, strs.p, strs.n);
    bb_add(&shstr, "", 1);
    uint32_t shname[NSEC] = {0};
    for (int k = 0; k < OUT_COUNT; k++) shname[k + 1] = str_add(&shstr, L->out[k].name);
    shname[SEC_SYMTAB] = str_add(&shstr, ".symtab");
    shname[SEC_STRTAB] = str_add(&shstr, ".strtab");
    shname[SEC_SHSTRTAB] = str_add(&shstr, ".shstrtab");
    uint32_t shstroff = (uint32_t)bb_add(&f, shstr.p, shstr.n);
    bb_align(&f, 4);
    uint32_t shoff = (uint32_t)bb_add(&f, NULL, (size_t)NSEC * SHDR);

    uint8_t *h = f.p;   /* ELF header */
    memcpy(h, "\177ELF", 4);
    h[4] = 1;           /* ELFCLASS32 */
    h[5] = 2;           /* ELFDATA2MSB */
    h[6] = 1;           /* EV_CURRENT */
    put_be16(h + 16, ET_EXEC_);
    put_be16(h + 18, EM_LANAI_);
    put_be32(h + 20, 1);
    put_be32(h + 24, 0);            /* entry: the reset address */
    put_be32(h + 28, nload ? EHDR : 0);
    put_be32(h + 32, shoff);
    put_be32(h + 36, 0);            /* e_flags */
    put_be16(h + 40, EHDR);
    put_be16(h + 42, PHDR);
    put_be16(h + 44, (uint16_t)nload);
    put_be16(h + 46, SHDR);
    put_be16(h + 48, NSEC);
    put_be16(h + 50, SEC_SHSTRTAB);

    uint8_t *ph = f.p + EHDR;
    for (int k = 0; k < OUT_COUNT; k++) {
        const ld_outsec *o = &L->out[k];
        if (!o->size) continue;
        put_be32(ph, PT_LOAD_);
        put_be32(ph + 4, off[k]);
        put_be32(ph + 8, o->addr);
        put_be32(ph + 12, o->addr);
        put_be32(ph + 16, k == OUT_BSS ? 0 : o->size);
        put_be32(ph + 20, o->size);
        put_be32(ph + 24, seg_flags[k]);
        put_be32(ph + 28, o->align);
        ph += PHDR;
    }

    uint8_t *sh = f.p + shoff;
    for (int k = 0; k < OUT_COUNT; k++) {
        const ld_outsec *o = &L->out[k];
        shdr(sh + (size_t)(k + 1) * SHDR, shname[k + 1], k == OUT_BSS ? SHT_NOBITS_ : SHT_PROGBITS_, out_flags[k],
             o->addr, off[k], o->size, 0, 0, o->align, 0);
    }
    shdr(sh + SEC_SYMTAB * SHDR, shname[SEC_SYMTAB], SHT_SYMTAB_, 0, 0, symoff, (uint32_t)syms.n, SEC_STRTAB,
         first_global, 4, SYM);
    shdr(sh + SEC_STRTAB * SHDR, shname[SEC_STRTAB], SHT_STRTAB_, 0, 0, stroff, (uint32_t)strs.n, 0, 0, 1, 0);
    shdr(sh + SEC_SHSTRTAB * SHDR, shname[SEC_SHSTRTAB], SHT_STRTAB_, 0, 0, shstroff, (uint32_t)shstr.n, 0, 0, 1, 0);

    FILE *out = fopen(L->out_path, "wb");
    if (!out) ld_fatal("%s: cannot create: %s", L->out_path, strerror(errno));
    size_t wrote = fwrite(f.p, 1, f.n, out);
    if (fclose(out) != 0 || wrote != f.n) {
        unlink(L->out_path);
        ld_fatal("%s: write failed: %s", L->out_path, strerror(errno));
    }
}
