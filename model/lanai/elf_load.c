/* ELF32 big-endian EM_LANAI executables (as tools/lanai-ld writes them):
 * PT_LOAD segments are copied to SRAM at p_paddr (rest of p_memsz zeroed),
 * function symbols are kept for reports and traces. The whole file is
 * validated before SRAM is touched, so a bad file leaves the core as it was.
 * Execution starts at address 0 (reset), as on the real NIC.
 *
 * Chip marker: lanai-cc links the absolute symbol __lanai_chip = 4|9
 * (firmware/rt/chip_marker.S) into every image built for a chip. The NI
 * loader (lanai_load_firmware) refuses an image marked for the other chip:
 * its register map and DMA code would otherwise run against the wrong card
 * and fail far from the cause. lanai_load_elf ignores the marker: a bare
 * core has no card, and chip-neutral programs (conformance, benchmarks) are
 * built once and run on both. */
#include "core_internal.h"
#include "symtab.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

enum { EM_LANAI = 244, ET_EXEC = 2, PT_LOAD = 1, PF_W = 2, SHT_SYMTAB = 2, SHF_EXECINSTR = 4,
       STT_NOTYPE = 0, STT_FUNC = 2, SHN_ABS = 0xfff1 };

#define CHIP_MARKER "__lanai_chip"   /* firmware/rt/chip_marker.S */

typedef struct { const uint8_t *p; size_t n; } image;

static uint32_t rd32(const image *im, size_t off) { return be32(im->p + off); }
static uint32_t rd16(const image *im, size_t off) { return be16(im->p + off); }
static int fits(const image *im, uint64_t off, uint64_t len) { return off <= im->n && len <= im->n - off; }

static int fail(char *err, size_t errlen, const char *path, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static int fail(char *err, size_t errlen, const char *path, const char *fmt, ...)
{
    if (err && errlen) {
        int n = snprintf(err, errlen, "%s: ", path);
        if (n < 0) n = 0;
        if ((size_t)n < errlen) {
            va_list ap;
            va_start(ap, fmt);
            vsnprintf(err + n, errlen - (size_t)n, fmt, ap);
            va_end(ap);
        }
    }
    return -1;
}

static int read_file(const char *path, image *im, char *err, size_t errlen)
{
    FILE *f = fopen(path, "rb");
    if (!f) return fail(err, errlen, path, "cannot open: %s", "no such file or not readable");
    size_t cap = 1 << 16, n = 0;
    uint8_t *buf = malloc(cap);
    while (buf) {
        if (n == cap) {
            uint8_t *nb = cap < (1u << 30) ? realloc(buf, cap *= 2) : NULL;
            if (!nb) { free(buf); buf = NULL; break; }
            buf = nb;
        }
        size_t got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (got == 0) break;
    }
    int bad = ferror(f);
    fclose(f);
    if (!buf) return fail(err, errlen, path, "file too large or out of memory");
    if (bad) { free(buf); return fail(err, errlen, path, "read error"); }
    im->p = buf;
    im->n = n;
    return 0;
}

/* Checks the header and every PT_LOAD; returns the number of segments. */
static int check(const image *im, uint32_t sram, const char *path, char *err, size_t errlen)
{
    if (im->n < 4 || im->p[0] != 0x7F || im->p[1] != 'E' || im->p[2] != 'L' || im->p[3] != 'F')
        return fail(err, errlen, path, "not an ELF file");
    if (im->n < 52) return fail(err, errlen, path, "truncated ELF header (%zu bytes)", im->n);
    if (im->p[4] != 1) return fail(err, errlen, path, "ELF class %u, expected 32-bit (ELFCLASS32)", im->p[4]);
    if (im->p[5] != 2) return fail(err, errlen, path, "not big-endian (EI_DATA %u, expected ELFDATA2MSB)", im->p[5]);
    if (rd16(im, 18) != EM_LANAI) return fail(err, errlen, path, "machine %u, expected EM_LANAI (244)", rd16(im, 18));
    if (rd16(im, 16) != ET_EXEC) return fail(err, errlen, path, "ELF type %u, expected an executable (ET_EXEC); link it with lanai-ld", rd16(im, 16));
    uint32_t phoff = rd32(im, 28), phentsize = rd16(im, 42), phnum = rd16(im, 44);
    if (phnum && phentsize < 32) return fail(err, errlen, path, "program header entries of %u bytes, expected 32", phentsize);
    if (!fits(im, phoff, (uint64_t)phentsize * phnum))
        return fail(err, errlen, path, "truncated: program headers end beyond the file");
    int loads = 0;
    for (uint32_t i = 0; i < phnum; i++) {
        size_t ph = phoff + (size_t)i * phentsize;
        if (rd32(im, ph) != PT_LOAD) continue;
        uint32_t off = rd32(im, ph + 4), paddr = rd32(im, ph + 12), filesz = rd32(im, ph + 16), memsz = rd32(im, ph + 20);
        if (filesz > memsz) return fail(err, errlen, path, "segment %u: file size 0x%x exceeds memory size 0x%x", i, filesz, memsz);
        if (!fits(im, off, filesz)) return fail(err, errlen, path, "truncated: segment %u data ends beyond the file", i);
        if ((uint64_t)paddr + memsz > sram)
            return fail(err, errlen, path, "segment %u at 0x%08x (0x%x bytes) lies outside SRAM (0x%x bytes)", i, paddr, memsz, sram);
        loads++;
    }
    if (!loads) return fail(err, errlen, path, "no loadable (PT_LOAD) segment");
    return loads;
}

/* A symbol table and its string table, both inside the file. */
typedef struct { uint32_t off, size, stroff, strsize, shoff, shentsize, shnum; } symtab_loc;

/* The next SHT_SYMTAB section from index *i on (advancing *i); 0 when there
 * is none left. Malformed tables are skipped, not trusted. */
static int next_symtab(const image *im, uint32_t *i, symtab_loc *t)
{
    t->shoff = rd32(im, 32), t->shentsize = rd16(im, 46), t->shnum = rd16(im, 48);
    if (t->shoff == 0 || t->shentsize < 40 || !fits(im, t->shoff, (uint64_t)t->shentsize * t->shnum)) return 0;
    for (; *i < t->shnum; (*i)++) {
        size_t sh = t->shoff + (size_t)*i * t->shentsize;
        if (rd32(im, sh + 4) != SHT_SYMTAB) continue;
        uint32_t off = rd32(im, sh + 16), size = rd32(im, sh + 20), link = rd32(im, sh + 24);
        if (link >= t->shnum || !fits(im, off, size)) continue;
        size_t strsh = t->shoff + (size_t)link * t->shentsize;
        uint32_t stroff = rd32(im, strsh + 16), strsize = rd32(im, strsh + 20);
        if (!fits(im, stroff, strsize)) continue;
        t->off = off, t->size = size, t->stroff = stroff, t->strsize = strsize;
        (*i)++;
        return 1;
    }
    return 0;
}

/* Name of the symbol at byte s of table t, NULL if unnamed or malformed. */
static const char *sym_name(const image *im, const symtab_loc *t, uint32_t s)
{
    uint32_t name = rd32(im, t->off + s);
    if (name == 0 || name >= t->strsize) return NULL;
    const char *nm = (const char *)im->p + t->stroff + name;
    return memchr(nm, 0, t->strsize - name) && nm[0] ? nm : NULL;
}

/* Function symbols: STT_FUNC, and untyped symbols in executable sections
 * (hand-written assembly labels). */
static struct lanai_symtab *read_symbols(const image *im)
{
    struct lanai_symtab *t = lanai_symtab_new();
    if (!t) return NULL;
    symtab_loc st;
    for (uint32_t i = 0; next_symtab(im, &i, &st);) {
        for (uint32_t s = 0; s + 16 <= st.size; s += 16) {
            uint32_t value = rd32(im, st.off + s + 4), sz = rd32(im, st.off + s + 8);
            unsigned type = im->p[st.off + s + 12] & 15, shndx = rd16(im, st.off + s + 14);
            const char *nm = sym_name(im, &st, s);
            if (!nm) continue;
            int keep = type == STT_FUNC;
            if (type == STT_NOTYPE && shndx > 0 && shndx < st.shnum && nm[0] != '.' && nm[0] != '$') {
                size_t secsh = st.shoff + (size_t)shndx * st.shentsize;
                keep = (rd32(im, secsh + 8) & SHF_EXECINSTR) != 0;
                /* a label extends to the end of its section (or the next symbol) */
                uint32_t end = rd32(im, secsh + 12) + rd32(im, secsh + 20);
                sz = end > value ? end - value : 1;
            }
            if (keep && lanai_symtab_add(t, nm, value, sz) < 0) break;
        }
    }
    lanai_symtab_finish(t);
    return t;
}

/* Value of the global symbol name (lanai-ld's __end ...); 0 if absent. */
static int find_value(const image *im, const char *name, uint32_t *v)
{
    symtab_loc st;
    for (uint32_t i = 0; next_symtab(im, &i, &st);)
        for (uint32_t s = 0; s + 16 <= st.size; s += 16) {
            const char *nm = sym_name(im, &st, s);
            if (nm && !strcmp(nm, name)) {
                *v = rd32(im, st.off + s + 4);
                return 1;
            }
        }
    return 0;
}

/* The chip marker: 4 or 9, 0 if the image has none (hand-written or older
 * images), -1 with a message if a symbol of that name is not a valid one. */
static int find_chip(const image *im, const char *path, char *err, size_t errlen)
{
    symtab_loc st;
    for (uint32_t i = 0; next_symtab(im, &i, &st);) {
        for (uint32_t s = 0; s + 16 <= st.size; s += 16) {
            const char *nm = sym_name(im, &st, s);
            if (!nm || strcmp(nm, CHIP_MARKER)) continue;
            uint32_t value = rd32(im, st.off + s + 4);
            unsigned shndx = rd16(im, st.off + s + 14);
            if (shndx != SHN_ABS || (value != CHIP_LANAI4 && value != CHIP_LANAI9))
                return fail(err, errlen, path, "bad chip marker: %s must be an absolute symbol of value 4 or 9 "
                            "(firmware/rt/chip_marker.S), not %s 0x%x", CHIP_MARKER,
                            shndx == SHN_ABS ? "the value" : "a section symbol at", value);
            return (int)value;
        }
    }
    return 0;
}

static const char *chip_name(int chip) { return chip == CHIP_LANAI9 ? "lanai9" : "lanai4"; }

/* The refusal, naming the file: its marker says chip, the NI is p. */
static int chip_mismatch(const char *path, int chip, const lanai_profile *p, char *err, size_t errlen)
{
    return fail(err, errlen, path, "firmware built for %s, but the NI is a %s (rebuild with --chip %s)",
                chip_name(chip), p->name, p->name);
}

/* Reads and validates path; with an NI profile, also refuses a marker for
 * another chip (checked before the SRAM size: a LANai 9 image too big for a
 * LANai 4 is better explained by its chip). On success the caller owns im->p. */
static int open_image(const char *path, uint32_t sram, const lanai_profile *ni, image *im, char *err, size_t errlen)
{
    if (read_file(path, im, err, errlen) < 0) return -1;
    int r = check(im, UINT32_MAX, path, err, errlen);
    if (r >= 0 && ni) {
        int chip = find_chip(im, path, err, errlen);
        r = chip < 0 ? -1 : chip && chip != (int)ni->id ? chip_mismatch(path, chip, ni, err, errlen) : 0;
    }
    if (r >= 0) r = check(im, sram, path, err, errlen);
    if (r < 0) {
        free((void *)im->p);
        im->p = NULL;
        return -1;
    }
    return 0;
}

int lanai_elf_chip(const char *path, int *chip, char *err, size_t errlen)
{
    image im = {NULL, 0};
    *chip = 0;
    if (read_file(path, &im, err, errlen) < 0) return -1;
    int r = check(&im, UINT32_MAX, path, err, errlen);
    if (r >= 0) r = find_chip(&im, path, err, errlen);
    free((void *)im.p);
    if (r < 0) return -1;
    *chip = r;
    return 0;
}

int lanai_elf_check_chip(const char *path, const lanai_profile *p, char *err, size_t errlen)
{
    int chip;
    if (lanai_elf_chip(path, &chip, err, errlen) < 0) return -1;
    if (chip && chip != (int)p->id) {
        chip_mismatch(path, chip, p, err, errlen);
        return 1;
    }
    return 0;
}

static int load(lanai_core *c, const char *path, const lanai_profile *ni, char *err, size_t errlen)
{
    image im = {NULL, 0};
    if (open_image(path, c->sram_size, ni, &im, err, errlen) < 0) return -1;
    uint32_t phoff = rd32(&im, 28), phentsize = rd16(&im, 42), phnum = rd16(&im, 44), end = 0, ro_end = 0;
    for (uint32_t i = 0; i < phnum; i++) {
        size_t ph = phoff + (size_t)i * phentsize;
        if (rd32(&im, ph) != PT_LOAD) continue;
        uint32_t off = rd32(&im, ph + 4), paddr = rd32(&im, ph + 12), filesz = rd32(&im, ph + 16), memsz = rd32(&im, ph + 20);
        memcpy(c->sram + paddr, im.p + off, filesz);
        memset(c->sram + paddr + filesz, 0, memsz - filesz);
        if (paddr + memsz > end) end = paddr + memsz;
        if (!(rd32(&im, ph + 24) & PF_W) && paddr + memsz > ro_end) ro_end = paddr + memsz;
    }
    c->image_end = end;
    c->ro_end = ro_end;
    /* the stack must not grow into .bss, nor into malloc's heap, which
     * lanai-ld places right after it in images that link malloc */
    uint32_t bss_end, heap_end;
    if (find_value(&im, "__heap_end", &heap_end)) bss_end = heap_end;
    else if (!find_value(&im, "__end", &bss_end)) bss_end = UINT32_MAX;
    c->stack_limit = bss_end != UINT32_MAX ? bss_end + 8 : 0;
    /* the protocol-wait record the watchdog reads (firmware/hal/waits.h) */
    if (!find_value(&im, "fw_waits", &c->waits_at) || c->waits_at >= c->sram_size) c->waits_at = 0;
    lanai_invalidate_all(c);
    lanai_set_write_check(c, c->write_check);
    lanai_symtab_free(c->syms);
    c->syms = read_symbols(&im);
    free((void *)im.p);
    return 0;
}

uint32_t lanai_fw_waits_at(const lanai_core *c) { return c->waits_at; }

int lanai_load_elf(lanai_core *c, const char *path, char *err, size_t errlen) { return load(c, path, NULL, err, errlen); }

int lanai_load_firmware(lanai_core *c, const char *path, char *err, size_t errlen)
{
    return load(c, path, c->prof, err, errlen);
}
