/* Which inlined function a pc of a firmware image belongs to, from DWARF
 * (docs/regress.md). Our images carry no debug information (lanai-ld keeps
 * no .debug_* sections), so the build makes a twin of each GRIM object
 * compiled with -g -gdwarf-4 (mk/regress.mk: X.dbg/<stem>.o next to X.elf;
 * -g changes no generated code) and the image's link map (X.map) says
 * where each object's .text went. This reads the twins' DWARF 4 itself:
 * every DW_TAG_inlined_subroutine's address ranges and the name of its
 * abstract origin. A twin whose .text differs from the image (relocation
 * fields aside) is not used. */
#ifndef MYRISIM_REGRESS_INLINE_H
#define MYRISIM_REGRESS_INLINE_H

#include <stddef.h>
#include <stdint.h>

typedef struct inl_range {
    uint32_t lo, hi;          /* image addresses [lo, hi) */
    int depth;                /* nesting: deeper = inlined into a shallower one */
    char name[64];
} inl_range;

typedef struct inl_map {
    inl_range *r;
    int n;
    int objects, used;        /* objects in the map, twins that matched */
} inl_map;

/* The inline ranges of image elf (needs elf's .map and .dbg/); 0, or -1
 * (no twin: nothing to attribute) with the reason in err. */
int inline_map_load(const char *elf, inl_map *m, char *err, size_t errlen);
/* The innermost function inlined at pc, or NULL. */
const char *inline_at(const inl_map *m, uint32_t pc);
void inline_map_free(inl_map *m);

#endif
