/* Parsing one ELF32 big-endian EM_LANAI relocatable object. Every offset,
 * size and index read from the file is checked against the buffer first, so
 * a truncated or corrupt object gives a message naming the file, never a
 * crash. Sections are classified here into the four output sections. */
#include "ld.h"

#include <string.h>

enum { EHDR_SIZE = 52, SHDR_SIZE = 40, SYM_SIZE = 16 };
#define SHT_LLVM_ADDRSIG_ 0x6fff4c03u

/* Does name equal prefix or start with prefix followed by '.'? */
static int name_is(const char *name, const char *prefix)
{
    size_t n = strlen(prefix);
    return strncmp(name, prefix, n) == 0 && (name[n] == 0 || name[n] == '.');
}

/* Choose the output section and the rank within it (lanai-ld/README.md). */
static void classify(ld_section *s)
{
    s->out = OUT_NONE;
    s->rank = 0;
    if (!(s->flags & SHF_ALLOC_) || (s->flags & SHF_EXCLUDE_)) return;
    if (s->type != SHT_PROGBITS_ && s->type != SHT_NOBITS_) {
        /* e.g. .init_array (constructors): crt0 would never run them */
        if (s->type != SHT_LLVM_ADDRSIG_ && s->size)
            ld_error("%s: allocated section %s has unsupported type 0x%x (constructors and the like are not "
                     "supported)", s->obj->path, s->name, s->type);
        return;
    }
    const char *n = s->name;
    if (name_is(n, ".text.init"))   { s->out = OUT_TEXT; s->rank = 0; }
    else if (name_is(n, ".text"))   { s->out = OUT_TEXT; s->rank = 1; }
    else if (name_is(n, ".rodata")) { s->out = OUT_RODATA; s->rank = 0; }
    else if (name_is(n, ".data"))   { s->out = OUT_DATA; s->rank = 0; }
    else if (name_is(n, ".sdata"))  { s->out = OUT_DATA; s->rank = 1; }
    else if (name_is(n, ".bss"))    { s->out = OUT_BSS; s->rank = 0; }
    else if (name_is(n, ".sbss"))   { s->out = OUT_BSS; s->rank = 1; }
    /* Other allocated sections go by their flags, after the named ones. */
    else if (s->type == SHT_NOBITS_)        { s->out = OUT_BSS; s->rank = 2; }
    else if (s->flags & SHF_EXECINSTR_)     { s->out = OUT_TEXT; s->rank = 2; }
    else if (s->flags & SHF_WRITE_)         { s->out = OUT_DATA; s->rank = 2; }
    else                                    { s->out = OUT_RODATA; s->rank = 1; }
    if (s->type == SHT_NOBITS_ && s->out != OUT_BSS) {
        /* e.g. a NOBITS section named .data.x: keep it zero-filled in .bss */
        s->out = OUT_BSS;
        s->rank = 2;
    } else if (s->type == SHT_PROGBITS_ && s->out == OUT_BSS) {
        /* bytes in a section named .bss.x: they must be loaded, so .data */
        s->out = OUT_DATA;
        s->rank = 2;
    }
}

/* A NUL-terminated string at off inside section strsec, or NULL. */
static const char *str_at(const uint8_t *buf, size_t len, uint32_t stroff, uint32_t strsize, uint32_t off)
{
    if ((uint64_t)stroff + strsize > len || off >= strsize) return NULL;
    const char *p = (const char *)buf + stroff + off;
    if (!memchr(p, 0, strsize - off)) return NULL;
    return p;
}

const char *ld_section_name(const ld_object *o, uint32_t shndx)
{
    if (shndx == SHN_ABS_) return "*ABS*";
    if (shndx == SHN_COMMON_) return "*COMMON*";
    if (shndx == SHN_UNDEF_) return "*UND*";
    if (shndx < o->nsecs) return o->secs[shndx].name;
    return "?";
}

static int check_header(const char *path, const uint8_t *b, size_t len)
{
    if (len < 4 || memcmp(b, "\177ELF", 4) != 0) {
        ld_error("%s: not an ELF file or archive (bad magic)", path);
        return -1;
    }
    if (len < 16) {
        ld_error("%s: truncated ELF header (%zu bytes)", path, len);
        return -1;
    }
    if (b[4] != 1 || b[5] != 2) {
        ld_error("%s: not a Lanai object: %s %s-endian ELF (expected ELF32 big-endian, EM_LANAI %d)", path,
                 b[4] == 2 ? "64-bit" : b[4] == 1 ? "32-bit" : "unknown-class",
                 b[5] == 1 ? "little" : b[5] == 2 ? "big" : "unknown", EM_LANAI_);
        return -1;
    }
    if (len < EHDR_SIZE) {
        ld_error("%s: truncated ELF header (%zu of %d bytes)", path, len, EHDR_SIZE);
        return -1;
    }
    uint16_t machine = be16(b + 18), type = be16(b + 16);
    if (machine != EM_LANAI_) {
        ld_error("%s: wrong machine: e_machine %u, expected EM_LANAI (%d)", path, machine, EM_LANAI_);
        return -1;
    }
    if (type != ET_REL_) {
        ld_error("%s: not a relocatable object (e_type %u, expected ET_REL 1)", path, type);
        return -1;
    }
    return 0;
}

static int read_sections(ld_object *o)
{
    const uint8_t *b = o->buf;
    uint32_t shoff = be32(b + 32);
    uint16_t shentsize = be16(b + 46), shnum = be16(b + 48), shstrndx = be16(b + 50);
    if (shnum == 0 || shstrndx == SHN_XINDEX_) {
        ld_error("%s: unsupported section count encoding (e_shnum %u, e_shstrndx %u)", o->path, shnum, shstrndx);
        return -1;
    }
    if (shentsize != SHDR_SIZE) {
        ld_error("%s: bad e_shentsize %u (expected %d)", o->path, shentsize, SHDR_SIZE);
        return -1;
    }
    if ((uint64_t)shoff + (uint64_t)shnum * SHDR_SIZE > o->len) {
        ld_error("%s: truncated: section headers end at %llu, file has %zu bytes", o->path,
                 (unsigned long long)shoff + (unsigned long long)shnum * SHDR_SIZE, o->len);
        return -1;
    }
    if (shstrndx >= shnum) {
        ld_error("%s: bad e_shstrndx %u", o->path, shstrndx);
        return -1;
    }
    const uint8_t *sh_str = b + shoff + (size_t)shstrndx * SHDR_SIZE;
    uint32_t stroff = be32(sh_str + 16), strsize = be32(sh_str + 20);
    if ((uint64_t)stroff + strsize > o->len) {
        ld_error("%s: truncated: section name table outside the file", o->path);
        return -1;
    }
    o->nsecs = shnum;
    o->secs = xcalloc(shnum, sizeof *o->secs);
    for (uint32_t i = 0; i < shnum; i++) {
        const uint8_t *h = b + shoff + (size_t)i * SHDR_SIZE;
        ld_section *s = &o->secs[i];
        s->obj = o;
        s->index = i;
        s->type = be32(h + 4);
        s->flags = be32(h + 8);
        uint32_t off = be32(h + 16);
        s->size = be32(h + 20);
        s->link = be32(h + 24);
        s->info = be32(h + 28);
        s->align = be32(h + 32);
        if (s->align == 0) s->align = 1;
        const char *nm = str_at(b, o->len, stroff, strsize, be32(h));
        if (!nm) {
            ld_error("%s: section %u: name offset outside the section name table", o->path, i);
            return -1;
        }
        s->name = nm;
        if (s->align & (s->align - 1)) {
            ld_error("%s: section %s: alignment %u is not a power of two", o->path, nm, s->align);
            return -1;
        }
        if (s->type != SHT_NOBITS_ && s->type != SHT_NULL_) {
            if ((uint64_t)off + s->size > o->len) {
                ld_error("%s: truncated: section %s (offset %u, size %u) extends past end of file (%zu bytes)",
                         o->path, nm, off, s->size, o->len);
                return -1;
            }
            s->data = b + off;
        }
        classify(s);
    }
    return 0;
}

static int read_symbols(ld_object *o)
{
    ld_section *symtab = NULL;
    for (uint32_t i = 0; i < o->nsecs; i++) {
        if (o->secs[i].type != SHT_SYMTAB_) continue;
        if (symtab) {
            ld_error("%s: more than one symbol table", o->path);
            return -1;
        }
        symtab = &o->secs[i];
    }
    if (!symtab) return 0;   /* an object without symbols is legal, if useless */
    if (symtab->size % SYM_SIZE) {
        ld_error("%s: symbol table size %u is not a multiple of %d", o->path, symtab->size, SYM_SIZE);
        return -1;
    }
    if (symtab->link >= o->nsecs || o->secs[symtab->link].type != SHT_STRTAB_) {
        ld_error("%s: symbol table has no valid string table (sh_link %u)", o->path, symtab->link);
        return -1;
    }
    const ld_section *strs = &o->secs[symtab->link];
    uint32_t stroff = (uint32_t)(strs->data - o->buf);
    o->nsyms = symtab->size / SYM_SIZE;
    o->syms = xcalloc(o->nsyms, sizeof *o->syms);
    for (uint32_t i = 0; i < o->nsyms; i++) {
        const uint8_t *e = symtab->data + (size_t)i * SYM_SIZE;
        ld_symbol *s = &o->syms[i];
        s->name = str_at(o->buf, o->len, stroff, strs->size, be32(e));
        if (!s->name) {
            ld_error("%s: symbol %u: name offset %u outside the string table", o->path, i, be32(e));
            return -1;
        }
        s->value = be32(e + 4);
        s->size = be32(e + 8);
        s->bind = e[12] >> 4;
        s->type = e[12] & 15;
        s->other = e[13];
        s->shndx = be16(e + 14);
        if (s->shndx == SHN_XINDEX_) {
            ld_error("%s: symbol '%s' uses SHN_XINDEX (more than 65279 sections): unsupported", o->path, s->name);
            return -1;
        }
        if (s->shndx != SHN_UNDEF_ && s->shndx < SHN_LORESERVE_ && s->shndx >= o->nsecs) {
            ld_error("%s: symbol '%s' has bad section index %u", o->path, s->name, s->shndx);
            return -1;
        }
        if (s->shndx >= SHN_LORESERVE_ && s->shndx != SHN_ABS_ && s->shndx != SHN_COMMON_) {
            ld_error("%s: symbol '%s' has unsupported special section index 0x%x", o->path, s->name, s->shndx);
            return -1;
        }
        if (i > 0 && s->bind != STB_LOCAL_ && s->bind != STB_GLOBAL_ && s->bind != STB_WEAK_) {
            ld_error("%s: symbol '%s' has unsupported binding %u", o->path, s->name, s->bind);
            return -1;
        }
        if (s->type == STT_SECTION_ && s->shndx < o->nsecs && s->name[0] == 0)
            s->name = o->secs[s->shndx].name;   /* LLVM leaves section symbols unnamed */
        if (s->type == STT_FILE_ && !o->file_sym) o->file_sym = s->name;
    }
    return 0;
}

/* Relocation sections must point at a real section and a real symbol table;
 * entries themselves are checked when they are applied (reloc.c). */
static int check_relocs(ld_object *o)
{
    for (uint32_t i = 0; i < o->nsecs; i++) {
        ld_section *r = &o->secs[i];
        if (r->type != SHT_RELA_ && r->type != SHT_REL_) continue;
        if (r->info >= o->nsecs || r->info == 0) {
            ld_error("%s: relocation section %s applies to bad section index %u", o->path, r->name, r->info);
            return -1;
        }
        const ld_section *target = &o->secs[r->info];
        if (target->out == OUT_NONE) continue;   /* e.g. .rela.debug_info: dropped with its section */
        if (r->type == SHT_REL_) {
            ld_error("%s: %s: REL relocations (without addend) are not supported; clang emits RELA", o->path,
                     r->name);
            return -1;
        }
        if (r->size % 12) {
            ld_error("%s: %s: size %u is not a multiple of 12", o->path, r->name, r->size);
            return -1;
        }
        if (r->link >= o->nsecs || o->secs[r->link].type != SHT_SYMTAB_) {
            ld_error("%s: %s: sh_link %u is not the symbol table", o->path, r->name, r->link);
            return -1;
        }
        if (target->type == SHT_NOBITS_ && r->size) {
            ld_error("%s: %s: relocations against NOBITS section %s", o->path, r->name, target->name);
            return -1;
        }
    }
    return 0;
}

ld_object *ld_parse_object(const char *path, const uint8_t *buf, size_t len)
{
    if (check_header(path, buf, len)) return NULL;
    ld_object *o = xcalloc(1, sizeof *o);
    o->path = path;
    o->buf = buf;
    o->len = len;
    if (read_sections(o) || read_symbols(o) || check_relocs(o)) return NULL;
    return o;
}
