/* The chip marker: which LANai an image was compiled for. build/lanai-cc
 * assembles this file with -DLANAI_CHIP=4|9 at every link that names a chip
 * and links it after crt0.o, so every chip build carries the marker without
 * any firmware source mentioning it.
 *
 * __lanai_chip is an absolute symbol (value 4 or 9): it occupies no SRAM and
 * changes no instruction, it only sits in the image's symbol table, where
 * the loaders for an NI (model/lanai/elf_load.c, lanai_load_firmware) read
 * it and refuse an image built for the other chip. */
#if !defined(LANAI_CHIP) || (LANAI_CHIP != 4 && LANAI_CHIP != 9)
#error "chip_marker.S needs -DLANAI_CHIP=4 or -DLANAI_CHIP=9 (build/lanai-cc --chip passes it)"
#endif

    /* A fixed file name: without it lanai-ld names this object by its path,
     * lanai-cc's temporary directory, and no two builds of an image would
     * be byte-identical. */
    .file   "chip_marker.S"
    .globl  __lanai_chip
    .set    __lanai_chip, LANAI_CHIP
