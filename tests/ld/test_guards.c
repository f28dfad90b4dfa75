/* lanai-cc's guards against clang-14 Lanai defects (docs/firmware.md, "What
 * lanai-cc refuses or works around"), each run on the ISS on both chips at
 * -O0/-O2/-Os, and where it can be shown, the same program without the guard
 * going wrong (so every test here can fail). Also the ISS stack guard, the
 * opt-in write check, sim_mark regions in lanai-run and SIM_ASSERT's line. */
#include "ld_test.h"
#include "../../model/lanai/lanai.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const chips[] = {"lanai4", "lanai9"};
static const char *const opts[] = {"-O0", "-O2", "-Os"};

/* Build FIX with lanai-cc for chip/opt and run it; returns the result. */
static ldt_iss_result run_fixture(const char *dir, const char *fix, const char *chip, const char *opt,
                                  const char *extra)
{
    char *name = ldt_fmt("%s_%s%s", fix, chip, opt);
    char *elf = ldt_lanai_cc(dir, name, ldt_fmt("tests/ld/fixtures/%s.c", fix),
                             ldt_fmt("--chip %s %s %s", chip, opt, extra ? extra : ""));
    ldt_iss_result r;
    ldt_iss_exec(elf, chip, 100000000ull, NULL, NULL, &r);
    return r;
}

static void expect_exit0(const char *dir, const char *fix, const char *extra)
{
    for (int c = 0; c < 2; c++)
        for (int o = 0; o < 3; o++) {
            ldt_iss_result r = run_fixture(dir, fix, chips[c], opts[o], extra);
            if (r.state != 1 || r.exit_code != 0)
                harness_fail(__FILE__, __LINE__, "%s on %s at %s: state %d, exit %d\n%s%s", fix, chips[c], opts[o],
                             r.state, r.exit_code, r.console, r.report);
        }
}

/* Compile with plain clang-14 (no lanai-cc guards), link with lanai-ld, run. */
static ldt_iss_result run_unguarded(const char *dir, const char *fix, const char *flags)
{
    char *obj = ldt_cc(dir, ldt_fmt("tests/ld/fixtures/%s.c", fix), flags);
    char *elf = ldt_fmt("%s/%s_unguarded.elf", dir, fix), *out;
    int rc = ldt_ld(&out, "--chip lanai9 -o %s %s %s %s", elf, LDT_CRT0, obj, LDT_LIBRT);
    if (rc != 0) harness_fail(__FILE__, __LINE__, "linking %s failed:\n%s", fix, out);
    ldt_iss_result r;
    ldt_iss_exec(elf, "lanai9", 100000000ull, NULL, NULL, &r);
    return r;
}

TEST(guards, absdiff_right_with_peephole_off)
{
    char *d = ldt_dir("guards/absdiff");
    expect_exit0(d, "guard_absdiff", NULL);
    /* The same source through clang-14 with its peephole pass: wrong. */
    ldt_iss_result r = run_unguarded(d, "guard_absdiff", "-O2");
    ASSERT_EQ(r.state, 1);
    ASSERT_TRUE(r.exit_code > 0);
    ASSERT_CONTAINS(r.console, "absdiff wrong: ");
    /* lanai-cc found the pattern and built this file without the pass */
    char *out;
    ASSERT_EQ(ldt_run(&out, "build/lanai-cc -v -O2 -o %s/v.elf tests/ld/fixtures/guard_absdiff.c", d), 0);
    ASSERT_CONTAINS(out, "guard_absdiff.c: uabsdiff sabsdiff");
    ASSERT_CONTAINS(out, "compiled without the peephole pass");
    /* a file without it keeps the pass (and says nothing) */
    ASSERT_EQ(ldt_run(&out, "build/lanai-cc -v -O2 -o %s/jt.elf tests/ld/fixtures/jt.c", d), 0);
    ASSERT_TRUE(strstr(out, "compiled without the peephole pass") == NULL);
}

/* The runtime (built by the Makefile with the peephole pass) and GRIM have
 * no block the pass could break: the scan lanai-cc uses finds nothing. */
TEST(guards, runtime_and_grim_have_no_swapped_fold)
{
    char *out;
    const char *flags = "--target=lanai -ffreestanding -fno-builtin -Ifirmware/rt/include -Ifirmware/hal "
                        "-Ifirmware/grim -nostdlibinc -mllvm -disable-peephole";
    int rc = ldt_run(&out, "for o in -O2 -Os; do for f in firmware/rt/*.c firmware/grim/*.c; do "
                           "clang-14 %s $o -DLANAI_CHIP=9 -S -o - $f | awk -f tools/lanai-cc-swapped-fold.awk | "
                           "sed \"s|^|$o $f: |\"; done; done", flags);
    ASSERT_EQ(rc, 0);
    ASSERT_STR_EQ(out, "");
    /* the scan itself sees the pattern */
    rc = ldt_run(&out, "clang-14 %s -O2 -S -o - tests/ld/fixtures/guard_absdiff.c | "
                       "awk -f tools/lanai-cc-swapped-fold.awk", flags);
    ASSERT_EQ(rc, 0);
    ASSERT_CONTAINS(out, "uabsdiff\nsabsdiff\n");
}

TEST(guards, frame_over_64k_refused)
{
    char *d = ldt_dir("guards/frame");
    char *out;
    for (int o = 0; o < 3; o++) {
        int rc = ldt_run(&out, "build/lanai-cc %s -DFRAME_BYTES=70000 -o %s/big.elf tests/ld/fixtures/guard_frame.c",
                         opts[o], d);
        ASSERT_EQ(rc, 2);
        ASSERT_CONTAINS(out, "function 'big' needs a 700");
        ASSERT_CONTAINS(out, "16-bit immediate (at most 65535) and clang-14 silently truncates larger frames");
        ASSERT_CONTAINS(out, "lanai-cc: error: compiling tests/ld/fixtures/guard_frame.c failed");
    }
    ASSERT_EQ(ldt_run(&out, "test -e %s/big.elf", d), 1);
    /* just below the limit: built and right */
    expect_exit0(d, "guard_frame", "-DFRAME_BYTES=65000");
}

TEST(guards, varargs_64bit_double_struct)
{
    char *d = ldt_dir("guards/varargs");
    expect_exit0(d, "guard_varargs", NULL);
    /* clang-14's own va_arg reads several of them wrongly */
    ldt_iss_result r = run_unguarded(d, "guard_varargs", "-O2 -DCLANG_STDARG");
    ASSERT_TRUE(r.state != 1 || r.exit_code != 0);   /* wrong values, or a fault through a bad pointer */
}

TEST(guards, overaligned_local_refused)
{
    char *d = ldt_dir("guards/align");
    char *out;
    int rc = ldt_run(&out, "build/lanai-cc -DALIGN=16 -o %s/a16.elf tests/ld/fixtures/guard_overalign.c", d);
    ASSERT_EQ(rc, 2);
    ASSERT_CONTAINS(out, "function 'vec_sum': local 'v' asks for 16-byte alignment");
    ASSERT_CONTAINS(out, "clang-14 does not realign it");
    /* without the check the local is misaligned (so the refusal is needed) */
    ldt_iss_result r = run_unguarded(d, "guard_overalign", "-O2 -DALIGN=16");
    ASSERT_EQ(r.state, 1);
    ASSERT_EQ(r.exit_code, 1);
    expect_exit0(d, "guard_overalign", "-DALIGN=8");
}

TEST(guards, label_addresses_work)
{
    char *d = ldt_dir("guards/labels");
    expect_exit0(d, "guard_labels", NULL);
}

TEST(guards, host_header_refused_with_advice)
{
    char *d = ldt_dir("guards/hdr");
    char *out;
    /* a header of the host's C library that firmware will never have */
    int rc = ldt_run(&out, "printf '#include <unistd.h>\\nint main(void) { return 0; }\\n' > %s/h.c && "
                           "build/lanai-cc -o %s/h.elf %s/h.c", d, d, d);
    ASSERT_EQ(rc, 2);
    ASSERT_CONTAINS(out, "'unistd.h' file not found");
    ASSERT_CONTAINS(out, "<unistd.h> is not a firmware header: firmware never sees the host's C library");
    ASSERT_CONTAINS(out, "firmware/rt/include has: ");
    ASSERT_CONTAINS(out, "console.h");
    ASSERT_TRUE(strstr(out, "bits/") == NULL);   /* never the host's headers */
    /* clang's freestanding headers stay available */
    rc = ldt_run(&out, "printf '#include <stdint.h>\\n#include <stddef.h>\\n#include <limits.h>\\n"
                       "struct two { int a, b; };\\n"
                       "int main(void) { return (int)sizeof(uint64_t) + (int)offsetof(struct two, b) - 12 + "
                       "(INT_MAX != 0x7fffffff); }\\n' > %s/f.c && build/lanai-cc -o %s/f.elf %s/f.c", d, d, d);
    if (rc != 0) harness_fail(__FILE__, __LINE__, "freestanding headers: %s", out);
    ldt_iss_result r;
    ldt_iss_exec(ldt_fmt("%s/f.elf", d), "lanai4", 1000000, NULL, NULL, &r);
    ASSERT_EQ(r.exit_code, 0);
}

TEST(guards, link_error_names_the_source)
{
    char *d = ldt_dir("guards/linkerr");
    char *out;
    int rc = ldt_run(&out, "build/lanai-cc -o %s/x.elf tests/ld/fixtures/err_undef.c", d);
    ASSERT_EQ(rc, 2);
    ASSERT_CONTAINS(out, "undefined symbol 'no_such_function' (referenced by tests/ld/fixtures/err_undef.c)");
    ASSERT_TRUE(strstr(out, "lanai-cc.") == NULL);
}

TEST(guards, stack_into_bss_is_caught)
{
    char *d = ldt_dir("guards/stack");
    for (int c = 0; c < 2; c++)
        for (int o = 0; o < 3; o++) {
            char *elf = ldt_lanai_cc(d, ldt_fmt("stack%d%d", c, o), "tests/ld/fixtures/guard_stack.c",
                                     ldt_fmt("--sram-size 65536 %s", opts[o]));
            ldt_iss_result r;
            ldt_iss_exec(elf, chips[c], 100000000ull, NULL, NULL, &r);
            ASSERT_EQ(r.state, 2);
            ASSERT_CONTAINS(r.report, "stack overflow: the stack grew into .bss/.data (or the heap)");
            ASSERT_CONTAINS(r.report, "recurse+0x");
            ASSERT_CONTAINS(r.report, "recurse lowers sp from 0x");
        }
    /* lanai-run says the same, exit 70 */
    char *out;
    int rc = ldt_run(&out, "build/lanai-run --chip lanai4 %s/stack00.elf", d);
    ASSERT_EQ(rc, 70);
    ASSERT_CONTAINS(out, "below the stack limit");
}

TEST(guards, stack_into_the_heap_is_caught)
{
    /* with malloc linked, the heap sits between .bss and the stack: the
     * limit is its end, not .bss's */
    char *d = ldt_dir("guards/stack_heap");
    for (int c = 0; c < 2; c++) {
        char *elf = ldt_lanai_cc(d, ldt_fmt("heap%d", c), "tests/ld/fixtures/guard_stack_heap.c",
                                 ldt_fmt("--sram-size 131072 --heap-size 32K -O2"));
        ldt_iss_result r;
        ldt_iss_exec(elf, chips[c], 100000000ull, NULL, NULL, &r);
        ASSERT_EQ(r.state, 2);
        ASSERT_CONTAINS(r.report, "stack overflow: the stack grew into .bss/.data (or the heap)");
        ASSERT_CONTAINS(r.report, "recurse lowers sp from 0x");
    }
}

static void no_guard(struct lanai_core *c, void *arg)
{
    (void)arg;
    ASSERT_TRUE(lanai_stack_limit(c) != 0);   /* the load set it from __end */
    lanai_set_stack_limit(c, 0);
}

TEST(guards, stack_without_guard_corrupts_silently)
{
    /* What the guard prevents: the table is overwritten, exit code 0. */
    char *d = ldt_dir("guards/stack_off");
    char *elf = ldt_lanai_cc(d, "stack", "tests/ld/fixtures/guard_stack.c", "--sram-size 65536 -O2");
    ldt_iss_result r;
    ldt_iss_exec(elf, "lanai9", 100000000ull, no_guard, NULL, &r);
    ASSERT_EQ(r.state, 1);
    ASSERT_EQ(r.exit_code, 0);
    ASSERT_CONTAINS(r.console, "sum ");
    ASSERT_TRUE(strstr(r.console, "sum 8386560 ") == NULL);
}

TEST(guards, lanai_run_marks_and_write_check)
{
    char *d = ldt_dir("guards/misc");
    char *elf = ldt_lanai_cc(d, "misc", "tests/ld/fixtures/guard_misc.c", "--chip lanai9 -O2");
    char *out;
    /* default: the store into .rodata is allowed (self-modifying code works) */
    ASSERT_EQ(ldt_run(&out, "build/lanai-run %s", elf), 0);
    ASSERT_CONTAINS(out, "s=499500 ro=6");
    ASSERT_CONTAINS(out, "mark 1 at cycle ");
    ASSERT_CONTAINS(out, "mark 2 at cycle ");
    const char *since = strstr(out, "since mark 1: ");
    ASSERT_TRUE(since != NULL);
    unsigned long long cyc = 0, ins = 0;
    ASSERT_EQ(sscanf(since, "since mark 1: %llu cycles, %llu instructions", &cyc, &ins), 2);
    ASSERT_TRUE(ins > 1000 * 5 && ins < 1000 * 20);   /* the 1000-iteration loop */
    ASSERT_TRUE(cyc >= ins);
    /* opt-in: the same store is a fault naming the function */
    ASSERT_EQ(ldt_run(&out, "build/lanai-run --check-writes %s", elf), 70);
    ASSERT_CONTAINS(out, "store into the read-only image (.text/.rodata)");
    ASSERT_CONTAINS(out, "main stores to 0x");
    ASSERT_TRUE(strstr(out, "ro=6") == NULL);
}

TEST(guards, write_check_from_the_environment)
{
    /* every core lanai_new makes (scenarios, cosim) sees the variable */
    char *d = ldt_dir("guards/wenv");
    char *elf = ldt_lanai_cc(d, "misc", "tests/ld/fixtures/guard_misc.c", "--chip lanai9 -O2");
    ldt_iss_result r;
    setenv("MYRISIM_LANAI_CHECK_WRITES", "1", 1);
    ldt_iss_exec(elf, "lanai9", 100000000ull, NULL, NULL, &r);
    unsetenv("MYRISIM_LANAI_CHECK_WRITES");
    ASSERT_EQ(r.state, 2);
    ASSERT_CONTAINS(r.report, "main stores to 0x");
    ldt_iss_exec(elf, "lanai9", 100000000ull, NULL, NULL, &r);
    ASSERT_EQ(r.state, 1);
    ASSERT_EQ(r.exit_code, 0);
}

TEST(guards, sim_assert_names_file_and_line)
{
    char *d = ldt_dir("guards/assert");
    char *elf = ldt_lanai_cc(d, "assert", "tests/ld/fixtures/guard_misc.c", "--chip lanai4 -O2 -DEXPECT_S=1u");
    char *out;
    ASSERT_EQ(ldt_run(&out, "build/lanai-run %s", elf), 70);
    ASSERT_CONTAINS(out, "tests/ld/fixtures/guard_misc.c:20: assertion failed: s == EXPECT_S");
}
