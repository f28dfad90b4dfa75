/* lanai-ld: command line and the pass order
 *   read inputs -> resolve symbols (pull archive members) -> layout ->
 *   relocate -> write ELF (+ map). */
#include "ld.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static void usage(FILE *f)
{
    fprintf(f,
            "usage: lanai-ld [--chip lanai4|lanai9 | --sram-size BYTES] [--heap-size BYTES] -o OUT.elf [--map OUT.map]\n"
            "                IN.o|LIB.a ...\n"
            "  Links clang-14 --target=lanai objects into a LANai executable:\n"
            "  .text.init at 0, then .text, .rodata, .data, .bss; stack at the top of SRAM.\n"
            "  --chip lanai4    SRAM 1 MiB (default)      --chip lanai9    SRAM 2 MiB\n"
            "  --sram-size N    SRAM bytes (decimal, 0x hex, or with K/M suffix)\n"
            "  --heap-size N    malloc's heap after the image (default 64K; only images that link malloc)\n"
            "  --map FILE       write a map of sections and symbols\n");
}

/* Value of an option given as "--opt VALUE" or "--opt=VALUE". */
static const char *opt_value(int argc, char **argv, int *i, const char *name)
{
    size_t n = strlen(name);
    if (strncmp(argv[*i], name, n)) return NULL;
    if (argv[*i][n] == '=') return argv[*i] + n + 1;
    if (argv[*i][n]) return NULL;
    if (*i + 1 >= argc) ld_fatal("option %s needs a value", name);
    return argv[++*i];
}

/* A byte count for option `opt`: decimal, 0x hex, or with a K/M suffix. */
static uint32_t parse_size(const char *opt, const char *s, int allow_zero)
{
    char *end;
    unsigned long long v = strtoull(s, &end, 0);
    if (end == s || *s == '-') ld_fatal("%s: '%s' is not a number", opt, s);
    if (*end == 'K' || *end == 'k') { v <<= 10; end++; }
    else if (*end == 'M' || *end == 'm') { v <<= 20; end++; }
    if (*end || v > 0xFFFFFFFFull) ld_fatal("%s: '%s' is not a number below 4 GiB", opt, s);
    if ((v == 0 && !allow_zero) || v > 0xFFFFFFF8ull || v % 8)
        ld_fatal("%s: %s must be a %smultiple of 8 below 4 GiB", opt, s, allow_zero ? "" : "non-zero ");
    return (uint32_t)v;
}

static int same_file(const char *a, const char *b)
{
    struct stat sa, sb;
    if (!strcmp(a, b)) return 1;
    return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

/* Outputs are never an input, each other, or a directory: nothing the user
 * gave us is destroyed by a mistyped command line. */
static void check_outputs(const ld_link *L, const char **inputs, int ninputs)
{
    const char *outs[2] = {L->out_path, L->map_path};
    for (int k = 0; k < 2; k++) {
        struct stat st;
        if (!outs[k]) continue;
        if (stat(outs[k], &st) == 0 && S_ISDIR(st.st_mode)) ld_fatal("output %s is a directory", outs[k]);
        for (int i = 0; i < ninputs; i++)
            if (same_file(outs[k], inputs[i])) ld_fatal("output file %s is also an input", outs[k]);
    }
    if (L->map_path && same_file(L->map_path, L->out_path)) ld_fatal("--map %s is the output file too", L->map_path);
}

int main(int argc, char **argv)
{
    ld_link L = {0};
    const char **inputs = xcalloc((size_t)argc, sizeof *inputs);
    int ninputs = 0, have_size = 0;
    L.chip = "lanai4";
    L.sram_size = 1u << 20;
    L.heap_size = LD_DEFAULT_HEAP;
    for (int i = 1; i < argc; i++) {
        const char *v;
        if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
            usage(stdout);
            return 0;
        } else if ((v = opt_value(argc, argv, &i, "-o"))) {
            L.out_path = v;
        } else if ((v = opt_value(argc, argv, &i, "--map"))) {
            L.map_path = v;
        } else if ((v = opt_value(argc, argv, &i, "--chip"))) {
            if (!strcmp(v, "lanai4")) L.sram_size = 1u << 20;
            else if (!strcmp(v, "lanai9")) L.sram_size = 2u << 20;
            else ld_fatal("--chip: unknown chip '%s' (lanai4 or lanai9)", v);
            if (have_size) ld_fatal("give either --chip or --sram-size, not both");
            L.chip = v;
            have_size = 1;
        } else if ((v = opt_value(argc, argv, &i, "--sram-size"))) {
            if (have_size) ld_fatal("give either --chip or --sram-size, not both");
            L.sram_size = parse_size("--sram-size", v, 0);
            L.chip = NULL;
            have_size = 1;
        } else if ((v = opt_value(argc, argv, &i, "--heap-size"))) {
            L.heap_size = parse_size("--heap-size", v, 1);
        } else if (argv[i][0] == '-' && argv[i][1]) {
            usage(stderr);
            ld_fatal("unknown option '%s'", argv[i]);
        } else {
            inputs[ninputs++] = argv[i];
        }
    }
    if (!L.out_path) {
        usage(stderr);
        ld_fatal("no output file (-o OUT.elf)");
    }
    if (!ninputs) ld_fatal("no input files");

    check_outputs(&L, inputs, ninputs);
    remove(L.out_path);   /* a failed link must not leave a stale image behind */
    for (int i = 0; i < ninputs; i++) ld_read_input(&L, inputs[i]);
    ld_stop_if_errors();
    ld_resolve(&L);
    ld_stop_if_errors();
    ld_layout(&L);
    ld_relocate(&L);
    ld_write_elf(&L);
    if (L.map_path) ld_write_map(&L);
    return 0;
}
