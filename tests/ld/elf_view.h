/* A small ELF32 big-endian reader for the tests: sections, symbols and RELA
 * entries of objects and executables. Written apart from tools/lanai-ld so
 * the tests check the linker against an independent reading of the files. */
#ifndef MYRISIM_LD_ELF_VIEW_H
#define MYRISIM_LD_ELF_VIEW_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
    const char *name;
    uint32_t type, flags, addr, offset, size, link, info, align, entsize;
} ev_section;

typedef struct {
    const char *name;
    uint32_t value, size;
    unsigned bind, type;
    unsigned shndx;
} ev_symbol;

typedef struct {
    uint32_t offset, type, sym;
    int32_t addend;
    unsigned target;    /* section the entry patches */
    uint32_t entry_off; /* file offset of the entry (to patch r_info in tests) */
} ev_rela;

typedef struct {
    uint8_t *data;
    size_t len;
    unsigned type, machine;
    uint32_t entry;
    ev_section *sec;
    unsigned nsec;
    ev_symbol *sym;
    unsigned nsym;
    ev_rela *rel;
    unsigned nrel;
    uint32_t phoff;
    unsigned phnum;
} ev_file;

/* Returns 0 on success; on failure writes why into err. */
int ev_load(ev_file *f, const char *path, char *err, size_t errlen);
void ev_free(ev_file *f);
uint32_t ev_be32(const uint8_t *p);
int ev_find_section(const ev_file *f, const char *name);   /* index or -1 */
int ev_find_symbol(const ev_file *f, const char *name);    /* index or -1 */
/* Word at a virtual address of an executable (from a PROGBITS section); 0 if found. */
int ev_word_at(const ev_file *f, uint32_t addr, uint32_t *w);

#endif
