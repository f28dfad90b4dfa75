/* Fuzz target: lanai-ld's input reader (objects and ar archives) and the
 * whole link: resolve, layout, relocate, write the ELF and the map (to
 * in-memory files). Input: one or more files separated by a line
 * "%%FILE%%"; lanai-ld's fatal errors return here instead of exiting. */
#define _GNU_SOURCE /* memmem */
#include "fuzz_util.h"

#include "../../tools/lanai-ld/ld.h"

#include <setjmp.h>
#include <string.h>

enum { MAX_INPUTS = 4 };
static const char SEP[] = "\n%%FILE%%\n";

/* The pass order of tools/lanai-ld/main.c; fatal errors longjmp out. */
static void link_all(const char *const *paths, int n, const char *out)
{
    jmp_buf env;
    ld_link L = {0};
    L.chip = "lanai4";
    L.sram_size = 1u << 20;
    L.out_path = out;
    ld_diag_reset(&env);
    if (setjmp(env) == 0) {
        for (int i = 0; i < n; i++)
            ld_read_input(&L, paths[i]);
        ld_stop_if_errors();
        ld_resolve(&L);
        ld_stop_if_errors();
        ld_layout(&L);
        ld_relocate(&L);
        ld_write_elf(&L);
        L.map_path = out;
        ld_write_map(&L);
    }
    ld_diag_reset(NULL);
    ld_free_all();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *paths[MAX_INPUTS];
    int n = 0;
    const uint8_t *p = data, *end = data + size;
    while (n < MAX_INPUTS - 1) {
        const uint8_t *s = memmem(p, (size_t)(end - p), SEP, sizeof SEP - 1);
        if (!s)
            break;
        paths[n] = fuzz_file(n, p, (size_t)(s - p));
        n++;
        p = s + sizeof SEP - 1;
    }
    paths[n] = fuzz_file(n, p, (size_t)(end - p));
    n++;
    static char out[64];
    link_all(paths, n, strcpy(out, fuzz_file(MAX_INPUTS - 1, NULL, 0)));
    return 0;
}
