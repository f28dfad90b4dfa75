/* Bad input to lanai-cc, lanai-ld and lanai-run: nonexistent files,
 * directories, empty files, binary garbage, huge and negative values, and
 * an output that names an input. Each gets a clear message and exit status
 * 2, and no file the user gave is destroyed. */
#include "ld_test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Run CMD (a format), expect exit 2 and NEEDLE in the output. */
#define EXPECT_BAD(needle, ...)                                                  \
    do {                                                                         \
        char *o_;                                                                \
        int r_ = ldt_run(&o_, __VA_ARGS__);                                      \
        if (r_ != 2) harness_fail(__FILE__, __LINE__, "exit %d, expected 2:\n%s", r_, o_); \
        ASSERT_CONTAINS(o_, needle);                                             \
        free(o_);                                                                \
    } while (0)

/* A scratch directory with: empty.c/.o/.elf, garbage.c/.o/.elf, a directory
 * adir.c, and a valid source keep.c. */
static char *scratch(const char *sub)
{
    char *d = ldt_dir(sub), *out;
    int r = ldt_run(&out, "cd %s && rm -rf adir.c adir.o adir.elf outdir && mkdir adir.c adir.o adir.elf outdir && "
                          ": > empty.c && : > empty.o && : > empty.elf && "
                          "head -c 4096 /dev/urandom > garbage.o && cp garbage.o garbage.elf && cp garbage.o garbage.c && "
                          "printf 'int main(void) { return 3; }\\n' > keep.c", d);
    if (r != 0) harness_fail(__FILE__, __LINE__, "scratch setup failed: %s", out);
    return d;
}

TEST(badinput, lanai_cc)
{
    char *d = scratch("badinput/cc");
    EXPECT_BAD("nowhere.c: no such file", "build/lanai-cc -o %s/x.elf %s/nowhere.c", d, d);
    EXPECT_BAD("adir.c: is a directory", "build/lanai-cc -o %s/x.elf %s/adir.c", d, d);
    EXPECT_BAD("undefined symbol 'main'", "build/lanai-cc -o %s/x.elf %s/empty.c", d, d);
    EXPECT_BAD("empty.o: not an ELF file or archive", "build/lanai-cc -o %s/x.elf %s/keep.c %s/empty.o", d, d, d);
    EXPECT_BAD("garbage.o: not an ELF file or archive", "build/lanai-cc -o %s/x.elf %s/keep.c %s/garbage.o", d, d, d);
    EXPECT_BAD("lanai-cc: error: compiling", "build/lanai-cc -o %s/x.elf %s/garbage.c", d, d);
    EXPECT_BAD("unknown chip 'lanai7'", "build/lanai-cc --chip lanai7 -o %s/x.elf %s/keep.c", d, d);
    EXPECT_BAD("--sram-size", "build/lanai-cc --sram-size 99999999999999999999999 -o %s/x.elf %s/keep.c", d, d);
    EXPECT_BAD("--sram-size", "build/lanai-cc --sram-size -8 -o %s/x.elf %s/keep.c", d, d);
    EXPECT_BAD("output ", "build/lanai-cc -o %s/outdir %s/keep.c", d, d);
    /* an output naming an input, or a source file: refused, the file intact */
    char *before = ldt_read_text(ldt_fmt("%s/keep.c", d));
    EXPECT_BAD("refusing to overwrite it", "build/lanai-cc -o %s/keep.c %s/keep.c", d, d);
    EXPECT_BAD("--map", "build/lanai-cc -o %s/k.elf --map %s/k.elf %s/keep.c", d, d, d);
    EXPECT_BAD("refusing to overwrite it", "build/lanai-cc -o %s/x.elf --map %s/keep.c %s/keep.c", d, d, d);
    ASSERT_STR_EQ(ldt_read_text(ldt_fmt("%s/keep.c", d)), before);
    char *out;
    ASSERT_EQ(ldt_run(&out, "build/lanai-cc -o %s/keep.elf %s/keep.c && cp %s/keep.elf %s/keep.o", d, d, d, d), 0);
    char *obj = ldt_fmt("%s/ok.o", d);
    ldt_cc(d, ldt_fmt("%s/keep.c", d), "-O2");
    ASSERT_EQ(ldt_run(&out, "cp %s/keep.o %s", d, obj), 0);
    EXPECT_BAD("is also an input", "build/lanai-cc -o %s %s", obj, obj);
    ASSERT_EQ(ldt_run(&out, "cmp %s/keep.o %s", d, obj), 0);
}

TEST(badinput, lanai_ld)
{
    char *d = scratch("badinput/ld");
    char *o = ldt_cc(d, ldt_fmt("%s/keep.c", d), "-O2");
    EXPECT_BAD("nowhere.o: cannot open", "build/lanai-ld -o %s/x.elf %s/nowhere.o", d, d);
    EXPECT_BAD("adir.o: is a directory", "build/lanai-ld -o %s/x.elf %s/adir.o", d, d);
    EXPECT_BAD("empty.o: not an ELF file or archive", "build/lanai-ld -o %s/x.elf %s %s/empty.o", d, o, d);
    EXPECT_BAD("garbage.o: not an ELF file or archive", "build/lanai-ld -o %s/x.elf %s %s/garbage.o", d, o, d);
    EXPECT_BAD("--sram-size", "build/lanai-ld --sram-size 99999999999999999999999 -o %s/x.elf %s", d, o);
    EXPECT_BAD("--sram-size", "build/lanai-ld --sram-size -8 -o %s/x.elf %s", d, o);
    EXPECT_BAD("output ", "build/lanai-ld -o %s/outdir %s", d, o);
    char *out;
    ASSERT_EQ(ldt_run(&out, "test -d %s/outdir", d), 0);   /* not removed */
    ASSERT_EQ(ldt_run(&out, "cp %s %s/o_copy.o", o, d), 0);
    EXPECT_BAD("is also an input", "build/lanai-ld -o %s %s", o, o);
    EXPECT_BAD("is also an input", "build/lanai-ld -o %s/x.elf --map %s %s", d, o, o);
    EXPECT_BAD("is the output file too", "build/lanai-ld -o %s/x.elf --map %s/x.elf %s", d, d, o);
    ASSERT_EQ(ldt_run(&out, "cmp %s %s/o_copy.o", o, d), 0);
}

/* Set sh_addralign of section NAME in a big-endian ELF32 object. */
static void set_align(const char *path, const char *name, uint32_t align)
{
    FILE *f = fopen(path, "r+b");
    if (!f) harness_fail(__FILE__, __LINE__, "cannot open %s", path);
    static uint8_t b[1 << 16];
    size_t n = fread(b, 1, sizeof b, f);
    ASSERT_TRUE(n > 52 && n < sizeof b);
    uint32_t shoff = ev_be32(b + 32), shnum = (uint32_t)(b[48] << 8 | b[49]), shstr = (uint32_t)(b[50] << 8 | b[51]);
    uint32_t stroff = ev_be32(b + shoff + shstr * 40 + 16);
    int done = 0;
    for (uint32_t i = 0; i < shnum; i++) {
        uint8_t *h = b + shoff + i * 40;
        if (strcmp((const char *)b + stroff + ev_be32(h), name)) continue;
        h[32] = (uint8_t)(align >> 24), h[33] = (uint8_t)(align >> 16), h[34] = (uint8_t)(align >> 8), h[35] = (uint8_t)align;
        done = 1;
    }
    ASSERT_TRUE(done);
    rewind(f);
    ASSERT_EQ(fwrite(b, 1, n, f), n);
    fclose(f);
}

TEST(badinput, lanai_ld_absurd_alignment)
{
    /* it used to write a 2 GiB image: an empty section aligned to 2^31 */
    char *d = ldt_dir("badinput/align"), *out;
    ASSERT_EQ(ldt_run(&out, "printf '\\t.section .rodata.x,\"a\"\\n\\t.p2align 2\\n' > %s/al.s && "
                            "clang-14 --target=lanai -c %s/al.s -o %s/al.o", d, d, d), 0);
    set_align(ldt_fmt("%s/al.o", d), ".rodata.x", 0x80000000u);
    char *o = ldt_cc(d, "tests/ld/fixtures/jt.c", "-O2");
    EXPECT_BAD("section .rodata.x: alignment 2147483648 is larger than the 1048576-byte SRAM",
               "build/lanai-ld -o %s/x.elf %s %s %s/al.o %s", d, LDT_CRT0, o, d, LDT_LIBRT);
    ASSERT_EQ(ldt_run(&out, "test -e %s/x.elf", d), 1);
}

TEST(badinput, lanai_run)
{
    char *d = scratch("badinput/run");
    EXPECT_BAD("nowhere.elf", "build/lanai-run %s/nowhere.elf", d);
    EXPECT_BAD("adir.elf", "build/lanai-run %s/adir.elf", d);
    EXPECT_BAD("empty.elf", "build/lanai-run %s/empty.elf", d);
    EXPECT_BAD("garbage.elf", "build/lanai-run %s/garbage.elf", d);
    char *out;
    ASSERT_EQ(ldt_run(&out, "build/lanai-cc -o %s/keep.elf %s/keep.c", d, d), 0);
    EXPECT_BAD("--max-cycles needs a non-negative number", "build/lanai-run --max-cycles -5 %s/keep.elf", d);
    EXPECT_BAD("--max-cycles needs a non-negative number",
               "build/lanai-run --max-cycles 999999999999999999999999 %s/keep.elf", d);
    EXPECT_BAD("unknown chip", "build/lanai-run --chip lanai7 %s/keep.elf", d);
    ASSERT_EQ(ldt_run(&out, "build/lanai-run %s/keep.elf", d), 3);
}
