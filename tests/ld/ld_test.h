/* Helpers shared by the linker and runtime tests: running the tools,
 * compiling fixtures, reading llvm-nm output and lanai-ld maps, and the
 * independent relocation checker (reloc_check.c). */
#ifndef MYRISIM_LD_TEST_H
#define MYRISIM_LD_TEST_H

#include "../harness/harness.h"
#include "elf_view.h"

#include <string.h>

char *ldt_fmt(const char *fmt, ...) __attribute__((format(printf, 1, 2)));   /* malloc'ed */
/* build/tests/<sub>, created if needed. */
char *ldt_dir(const char *sub);
/* Run a shell command (cwd = repo root), capture stdout+stderr into *out
 * (malloc'ed, may be NULL). Returns the exit status, or 128+signal. */
int ldt_run(char **out, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Compile fixture FILE (relative to the repo root) into DIR/<base>.o with the
 * firmware flags plus FLAGS; fails the test if clang fails. */
char *ldt_cc(const char *dir, const char *file, const char *flags);
/* Run build/lanai-ld with ARGS; returns exit status, output in *out. */
int ldt_ld(char **out, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
#define LDT_LD "build/lanai-ld"
#define LDT_CRT0 "build/fw/rt/crt0.o"
#define LDT_LIBRT "build/fw/librt.a"

/* Symbols of an executable as llvm-nm-14 prints them. */
typedef struct { char *name; uint32_t addr; char kind; } ldt_sym;
typedef struct { ldt_sym *v; int n; } ldt_nm;
void ldt_nm_load(ldt_nm *nm, const char *elf);
int ldt_nm_find(const ldt_nm *nm, const char *name, uint32_t *addr, char *kind);   /* 0 if found */
uint32_t ldt_nm_addr(const ldt_nm *nm, const char *name);                          /* fails if absent */

/* Address of input section SEC of object OBJ from a lanai-ld map; 0 if found. */
int ldt_map_base(const char *map, const char *obj, const char *sec, uint32_t *addr);
char *ldt_read_text(const char *path);   /* whole file, NUL-terminated; NULL if missing */

/* Check every relocation of OBJ as linked into ELF (see reloc_check.c):
 * counts of checked relocations per type go to per_type[0..7]. */
void ldt_check_relocs(const char *obj, const char *elf, const char *map, int per_type[8]);

/* Link SRCS (space-separated paths) with build/lanai-cc into DIR/NAME.elf. */
char *ldt_lanai_cc(const char *dir, const char *name, const char *srcs, const char *flags);

/* Run an image on the ISS (model/lanai, through its C API) until it halts or
 * faults or max_cycles pass. prep (optional) may touch SRAM after loading. */
struct lanai_core;
typedef struct {
    int state;          /* lanai_state: 1 halted, 2 faulted, 0 still running */
    int exit_code;
    char *console;      /* everything the firmware printed */
    char *report;       /* fault report, "" if none */
    unsigned long long insns, cycles;
} ldt_iss_result;
void ldt_iss_exec(const char *elf, const char *chip, unsigned long long max_cycles,
                  void (*prep)(struct lanai_core *c, void *arg), void *arg, ldt_iss_result *r);

/* Build SRCS natively with gcc and the stdio console shim, run, stdout in *out. */
int ldt_native_run(char **out, const char *dir, const char *name, const char *srcs);

#define ASSERT_CONTAINS(hay, needle)                                                       \
    do {                                                                                   \
        const char *h_ = (hay), *n_ = (needle);                                            \
        if (!h_ || !strstr(h_, n_))                                                        \
            harness_fail(__FILE__, __LINE__, "expected \"%s\" in:\n%s", n_, h_ ? h_ : "(null)"); \
    } while (0)

#endif
