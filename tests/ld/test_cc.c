/* build/lanai-cc: compiles with the firmware flags (default -O2), links crt0,
 * the objects and librt for the chip, works from any directory, cleans up
 * its temporary files, and fails clearly. */
#include "ld_test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

TEST(ld, lanai_cc_from_another_directory)
{
    char *d = ldt_dir("ld/cc");
    char *out;
    /* private TMPDIR: it must be empty again afterwards */
    ASSERT_EQ(ldt_run(&out, "rm -rf %s/tmp && mkdir -p %s/tmp %s/sub", d, d, d), 0);
    int r = ldt_run(&out, "cd %s/sub && TMPDIR=$PWD/../tmp ../../../../lanai-cc -v --chip lanai9 --map ../jt.map "
                          "-o ../jt.elf -DUNUSED=1 ../../../../../tests/ld/fixtures/jt.c", d);
    if (r != 0) harness_fail(__FILE__, __LINE__, "lanai-cc failed (%d):\n%s", r, out);
    ASSERT_CONTAINS(out, "--target=lanai -ffreestanding -fno-builtin");
    ASSERT_CONTAINS(out, " -O2 -DUNUSED=1 ");       /* default optimisation, flags passed on */
    ASSERT_CONTAINS(out, "--chip lanai9");
    ASSERT_CONTAINS(out, "crt0.o");
    ASSERT_CONTAINS(out, "librt.a");
    ASSERT_EQ(ldt_run(&out, "ls -A %s/tmp | wc -l", d), 0);
    ASSERT_EQ(atoi(out), 0);
    char *map = ldt_read_text(ldt_fmt("%s/jt.map", d));
    ASSERT_CONTAINS(map, "SRAM 2097152 bytes");
    ldt_nm nm;
    ldt_nm_load(&nm, ldt_fmt("%s/jt.elf", d));
    ASSERT_EQ(ldt_nm_addr(&nm, "_start"), 0);
    ASSERT_EQ(ldt_nm_addr(&nm, "__stack_top"), 2u << 20);

    /* An explicit -O replaces the default; objects and .S files mix. */
    char *obj = ldt_cc(d, "tests/ld/fixtures/relocs_data.c", "-O2");
    r = ldt_run(&out, "build/lanai-cc -v -O0 -o %s/mix.elf tests/ld/fixtures/relocs.S tests/ld/fixtures/relocs_far.c %s",
                d, obj);
    if (r != 0) harness_fail(__FILE__, __LINE__, "lanai-cc failed (%d):\n%s", r, out);
    ASSERT_TRUE(strstr(out, "-O2") == NULL);
}

TEST(ld, lanai_cc_errors)
{
    char *d = ldt_dir("ld/cc_err");
    char *out;
    ASSERT_EQ(ldt_run(&out, "build/lanai-cc tests/ld/fixtures/jt.c"), 2);
    ASSERT_CONTAINS(out, "lanai-cc: error: no output file");
    ASSERT_EQ(ldt_run(&out, "build/lanai-cc -o %s/x.elf tests/ld/fixtures/README.md", d), 2);
    ASSERT_CONTAINS(out, "don't know what to do with 'tests/ld/fixtures/README.md'");
    ASSERT_EQ(ldt_run(&out, "build/lanai-cc -o %s/x.elf nowhere.c", d), 2);
    ASSERT_CONTAINS(out, "nowhere.c: no such file");
    ASSERT_EQ(ldt_run(&out, "build/lanai-cc -c -o %s/x.o tests/ld/fixtures/jt.c", d), 2);
    ASSERT_CONTAINS(out, "-c is not supported");
    /* a compile error stops before linking */
    ASSERT_EQ(ldt_run(&out, "echo 'int main(void) { return nope; }' > %s/bad.c && build/lanai-cc -o %s/x.elf %s/bad.c",
                      d, d, d), 2);
    ASSERT_CONTAINS(out, "use of undeclared identifier 'nope'");
    ASSERT_CONTAINS(out, "lanai-cc: error: compiling");
    /* link errors come from lanai-ld with its exit status */
    ASSERT_EQ(ldt_run(&out, "build/lanai-cc -o %s/x.elf tests/ld/fixtures/err_undef.c", d), 2);
    ASSERT_CONTAINS(out, "undefined symbol 'no_such_function'");
    ASSERT_EQ(ldt_run(&out, "build/lanai-cc --chip lanai4 -o %s/x.elf tests/ld/fixtures/err_huge.c", d), 2);
    ASSERT_CONTAINS(out, "image too large for lanai4 SRAM");
    ASSERT_EQ(ldt_run(&out, "build/lanai-cc --chip lanai9 -o %s/x.elf tests/ld/fixtures/err_huge.c", d), 0);
}
