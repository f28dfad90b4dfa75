/* lanai-ld: the linker for clang-14 --target=lanai relocatable objects.
 * Shared data model: input objects with their sections and symbols, the
 * global symbol table, and the link (layout result). Plain structs; every
 * pass is a function over struct ld_link. */
#ifndef MYRISIM_LANAI_LD_LD_H
#define MYRISIM_LANAI_LD_LD_H

#include <setjmp.h>
#include <stddef.h>
#include <stdint.h>

/* ELF constants we need (our own spelling; values are the ELF standard's). */
enum {
    EM_LANAI_ = 244,
    ET_REL_ = 1, ET_EXEC_ = 2,
    SHT_NULL_ = 0, SHT_PROGBITS_ = 1, SHT_SYMTAB_ = 2, SHT_STRTAB_ = 3,
    SHT_RELA_ = 4, SHT_NOBITS_ = 8, SHT_REL_ = 9,
    SHF_WRITE_ = 1, SHF_ALLOC_ = 2, SHF_EXECINSTR_ = 4,
    SHN_UNDEF_ = 0, SHN_LORESERVE_ = 0xff00, SHN_ABS_ = 0xfff1,
    SHN_COMMON_ = 0xfff2, SHN_XINDEX_ = 0xffff,
    STB_LOCAL_ = 0, STB_GLOBAL_ = 1, STB_WEAK_ = 2,
    STT_NOTYPE_ = 0, STT_OBJECT_ = 1, STT_FUNC_ = 2, STT_SECTION_ = 3, STT_FILE_ = 4,
    PT_LOAD_ = 1, PF_X_ = 1, PF_W_ = 2, PF_R_ = 4,
};

#define SHF_EXCLUDE_ 0x80000000u

/* Relocation types of lanai-hardware.md §2.2. */
enum {
    R_LANAI_NONE = 0, R_LANAI_21 = 1, R_LANAI_21_F = 2, R_LANAI_25 = 3,
    R_LANAI_32 = 4, R_LANAI_HI16 = 5, R_LANAI_LO16 = 6,
};

/* Output sections, in address order. */
typedef enum { OUT_TEXT, OUT_RODATA, OUT_DATA, OUT_BSS, OUT_COUNT, OUT_NONE = -1 } out_kind;

struct ld_object;
struct ld_global;

typedef struct ld_section {
    struct ld_object *obj;
    uint32_t index;             /* section header index in its object */
    const char *name;
    uint32_t type, flags, size, align, link, info;
    const uint8_t *data;        /* file bytes (NULL for NOBITS) */
    out_kind out;               /* where it goes, OUT_NONE = not loaded */
    int rank;                   /* order inside the output section (lower first) */
    uint32_t addr;              /* assigned address */
} ld_section;

typedef struct ld_symbol {      /* one entry of an input symbol table */
    const char *name;
    uint32_t value, size;
    uint8_t bind, type, other;
    uint16_t shndx;
    struct ld_global *global;   /* non-local symbols: their global entry */
} ld_symbol;

typedef struct ld_object {
    const char *path;           /* "x.o" or "lib.a(m.o)" for archive members */
    const uint8_t *buf;
    size_t len;
    ld_section *secs;
    uint32_t nsecs;
    ld_symbol *syms;
    uint32_t nsyms;
    const char *file_sym;       /* name of its STT_FILE symbol, if any */
    int is_member;              /* comes from an archive */
    int loaded;                 /* takes part in the link */
    const char *pulled_for;     /* archive members: the symbol that pulled it in */
} ld_object;

typedef enum {
    GDEF_NONE,                  /* undefined so far */
    GDEF_SECTION,               /* defined in an input section */
    GDEF_ABS,                   /* absolute value from an object */
    GDEF_COMMON,                /* COMMON: allocated in .bss by the linker */
    GDEF_LINKER,                /* __bss_start and friends */
} gdef_kind;

typedef struct ld_global {
    const char *name;
    gdef_kind kind;
    ld_object *def_obj;         /* defining object (not for GDEF_LINKER) */
    ld_symbol *def;             /* defining symbol */
    int weak_def;               /* the current definition is weak */
    int strong_ref;             /* some loaded object refers to it non-weakly */
    ld_object *first_ref;       /* first loaded object that referred to it */
    int nrefs;                  /* number of loaded objects referring to it */
    uint32_t common_size, common_align;
    uint32_t addr;              /* final value, set by ld_layout / linker symbols */
    struct ld_global *next;     /* hash chain */
    uint32_t order;             /* creation order, keeps output deterministic */
} ld_global;

typedef struct ld_outsec {
    const char *name;
    uint32_t addr, size, align;
    ld_section **in;            /* input sections in placement order */
    uint32_t nin;
} ld_outsec;

typedef struct ld_link {
    const char *out_path, *map_path, *chip;
    uint32_t sram_size;
    uint32_t heap_size;         /* --heap-size (default LD_DEFAULT_HEAP) */
    int uses_heap;              /* some object refers to __heap_start/__heap_end */
    ld_object **objs;           /* every parsed object and archive member, in command-line order */
    uint32_t nobjs;
    ld_global **globals;        /* in creation order */
    uint32_t nglobals;
    ld_global **hash;
    uint32_t hash_size;
    ld_outsec out[OUT_COUNT];
    ld_global **commons;        /* COMMON symbols in .bss, in placement order */
    uint32_t ncommons;
    uint32_t image_end;         /* __end */
    uint8_t *image;             /* bytes of .text .. .data, indexed by address */
    uint32_t image_size;        /* = end of .data */
} ld_link;

/* diag.c: messages go to stderr as "lanai-ld: error: ..." */
void ld_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void ld_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
_Noreturn void ld_fatal(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
int ld_error_count(void);
void ld_stop_if_errors(void);   /* exit(2) when an error was reported */
/* For tests/fuzz: zero the error count; with env set, fatal errors and
 * ld_stop_if_errors longjmp(*env, 1) instead of exiting (NULL: exit again). */
void ld_diag_reset(jmp_buf *env);

/* bytes.c */
uint32_t be32(const uint8_t *p);
uint16_t be16(const uint8_t *p);
void put_be32(uint8_t *p, uint32_t v);
void put_be16(uint8_t *p, uint16_t v);
void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
void xfree(void *p);            /* for blocks from the x* allocators only */
void ld_free_all(void);         /* frees every x* block still allocated */
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
uint32_t align_up(uint32_t v, uint32_t a);

/* input.c: read a file (object or archive) and add its objects to the link. */
void ld_read_input(ld_link *L, const char *path);

/* elf_read.c: parse one ELF relocatable object held in memory. Returns NULL
 * (after reporting an error naming path) if it is not a usable Lanai object. */
ld_object *ld_parse_object(const char *path, const uint8_t *buf, size_t len);
const char *ld_section_name(const ld_object *o, uint32_t shndx); /* for messages */

/* symbols.c */
void ld_resolve(ld_link *L);           /* load objects, pull archive members, check */
ld_global *ld_lookup(ld_link *L, const char *name);
extern const char *const ld_linker_symbols[];  /* NULL-terminated */
/* __heap_start/__heap_end: defined only when referenced (by firmware/rt's
 * malloc), so images without a heap keep every byte, symbols included. */
extern const char *const ld_heap_symbols[];
#define LD_DEFAULT_HEAP 65536u
void ld_define_linker_symbols(ld_link *L);     /* after layout */

/* layout.c */
void ld_layout(ld_link *L);

/* reloc.c */
void ld_relocate(ld_link *L);
const char *ld_reloc_name(uint32_t type);   /* "R_LANAI_21" or NULL if unknown */

/* elf_write.c */
void ld_write_elf(ld_link *L);

/* map.c */
void ld_write_map(ld_link *L);

#endif
