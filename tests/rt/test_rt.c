/* The firmware runtime on the ISS: helpers, memory functions, con_printf and
 * crt0 run as real programs, compared with the same programs built natively
 * (C's operators and printf are the reference). Also a static check that no
 * helper calls itself (clang can turn a helper's own loop into a call to it). */
#include "../ld/ld_test.h"
#include "../../model/lanai/lanai.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define FIX "tests/rt/fixtures/"

/* Run FIXTURE built with FLAGS on CHIP; its output must equal the native one. */
static void same_as_native(const char *name, const char *flags, const char *chip)
{
    char *d = ldt_dir("rt");
    char *src = ldt_fmt(FIX "%s.c", name);
    char *elf = ldt_lanai_cc(d, name, src, flags);
    ldt_iss_result r;
    ldt_iss_exec(elf, chip, 4000000000ull, NULL, NULL, &r);
    if (r.state != LANAI_HALTED || r.exit_code != 0)
        harness_fail(__FILE__, __LINE__, "%s on the ISS: state %d, exit %d\n%s", name, r.state, r.exit_code, r.report);
    char *native;
    ASSERT_EQ(ldt_native_run(&native, d, name, src), 0);
    ASSERT_STR_EQ(r.console, native);
    harness_note("%s %s on %s: %llu instructions, %llu cycles, %zu bytes of output", name, flags, chip, r.insns,
                 r.cycles, strlen(r.console));
}

TEST(rt, arith_helpers_match_native_O2)
{
    same_as_native("rt_arith", "-O2", "lanai9");
}

TEST(rt, arith_helpers_match_native_O0)
{
    same_as_native("rt_arith", "-O0", "lanai4");
}

TEST(rt, arith_division_by_zero_rule)
{
    /* rt_arith prints the count of documented-rule violations (Lanai only) */
    char *d = ldt_dir("rt");
    char *elf = ldt_lanai_cc(d, "rt_arith_dz", FIX "rt_arith.c", "-Os");
    ldt_iss_result r;
    ldt_iss_exec(elf, "lanai9", 4000000000ull, NULL, NULL, &r);
    ASSERT_EQ(r.state, LANAI_HALTED);
    ASSERT_CONTAINS(r.console, "divzero: 0 wrong\n");
}

TEST(rt, memory_functions_match_native)
{
    same_as_native("rt_mem", "-O2", "lanai9");
    char *native;
    ASSERT_EQ(ldt_native_run(&native, ldt_dir("rt"), "rt_mem", FIX "rt_mem.c"), 0);
    ASSERT_CONTAINS(native, "memmove: 3321 cases, 0 errors");   /* 9 x 9 x 41 */
}

TEST(rt, con_printf_matches_c_printf)
{
    same_as_native("rt_printf", "-O2", "lanai4");
    same_as_native("rt_printf", "-O0", "lanai9");
}

/* Garbage in .bss before reset: crt0 must clear it. */
static void dirty_bss(struct lanai_core *c, void *elfpath)
{
    ldt_nm nm;
    ldt_nm_load(&nm, elfpath);
    uint32_t a = ldt_nm_addr(&nm, "__bss_start"), e = ldt_nm_addr(&nm, "__bss_end");
    ASSERT_TRUE(e > a + 200);
    memset(lanai_sram(c) + a, 0xA5, e - a);
    lanai_sram_written(c, a, e - a);
}

TEST(rt, crt0_clears_bss_sets_stack_and_exits)
{
    char *d = ldt_dir("rt");
    for (int i = 0; i < 2; i++) {
        const char *chip = i ? "lanai9" : "lanai4";
        char *elf = ldt_lanai_cc(d, "rt_start", FIX "rt_start.c", ldt_fmt("-O2 --chip %s", chip));
        ldt_iss_result r;
        ldt_iss_exec(elf, chip, 10000000, dirty_bss, elf, &r);
        if (r.state != LANAI_HALTED || r.exit_code != 42)
            harness_fail(__FILE__, __LINE__, "%s: state %d exit %d (42 = all checks passed)\n%s", chip, r.state,
                         r.exit_code, r.report);
        ASSERT_STR_EQ(r.console, "start ok\n");
    }
}

TEST(rt, abort_and_trap_stop_with_assert_fault)
{
    char *d = ldt_dir("rt");
    for (int i = 0; i < 2; i++) {
        char *elf = ldt_lanai_cc(d, i ? "rt_trap" : "rt_abort", FIX "rt_abort.c", i ? "-O2 -DUSE_TRAP" : "-O2");
        ldt_iss_result r;
        ldt_iss_exec(elf, "lanai9", 1000000, NULL, NULL, &r);
        ASSERT_EQ(r.state, LANAI_FAULTED);
        ASSERT_STR_EQ(r.console, "before abort\n");
        ASSERT_CONTAINS(r.report, "abort");
        harness_note("%s", r.report);
    }
}

/* No runtime function calls itself, and the memory functions call nothing. */
TEST(rt, helpers_never_call_themselves)
{
    const char *objs[] = {"mul", "div32", "div64", "shift64", "mem", "strlen", "str", "abort", "console", "con_simsvc",
                          "fmt", "fmt_float", "printf", "malloc", "assert", "exit", "fp_add", "fp_mul", "fp_div",
                          "fp_cmp", "fp_conv", "fp_abi_arith", "fp_abi_cmp", "fp_abi_conv"};
    int checked = 0;
    for (unsigned i = 0; i < sizeof objs / sizeof *objs; i++) {
        char *path = ldt_fmt("build/fw/rt/%s.o", objs[i]), err[200];
        ev_file f;
        if (ev_load(&f, path, err, sizeof err)) harness_fail(__FILE__, __LINE__, "%s", err);
        for (unsigned k = 0; k < f.nrel; k++) {
            const ev_rela *r = &f.rel[k];
            if (r->type != 3 || r->sym >= f.nsym) continue;
            const char *target = f.sym[r->sym].name;
            if (target[0] == '.') continue;   /* local labels: branches inside a function */
            for (unsigned s = 0; s < f.nsym; s++) {
                const ev_symbol *fn = &f.sym[s];
                if (fn->type != 2 || fn->shndx != r->target || r->offset < fn->value || r->offset >= fn->value + fn->size)
                    continue;
                if (!strcmp(fn->name, target))
                    harness_fail(__FILE__, __LINE__, "%s: %s calls itself", path, fn->name);
                if (!strcmp(objs[i], "mem") || !strcmp(objs[i], "strlen") || !strcmp(objs[i], "str"))
                    harness_fail(__FILE__, __LINE__, "%s: %s calls %s", path, fn->name, target);
                checked++;
            }
        }
        ev_free(&f);
    }
    harness_note("%d calls inspected", checked);
    ASSERT_TRUE(checked > 10);
}

/* Per-call costs on the ISS, for the record (notes with -v); the bounds only
 * catch a helper gone pathological (e.g. a bit loop that never stops early). */
TEST(rt, helper_costs_within_bounds)
{
    char *d = ldt_dir("rt");
    char *elf = ldt_lanai_cc(d, "rt_cost", FIX "rt_cost.c", "-O2");
    struct { const char *name; unsigned max_insns_x100; } bound[] = {
        {"__mulsi3", 40000}, {"__udivsi3", 60000}, {"__divsi3", 60000}, {"__muldi3", 200000},
        {"__udivdi3", 400000}, {"__moddi3", 400000}, {"__ashrdi3", 10000},
        {"__addsf3", 100000}, {"__mulsf3", 200000}, {"__divsf3", 300000}, {"__ltsf2", 30000},
        {"__adddf3", 100000}, {"__subdf3", 100000}, {"__muldf3", 500000}, {"__divdf3", 500000},
        {"__ltdf2", 30000}, {"__floatsidf", 50000}, {"__fixdfsi", 50000}, {"__extendsfdf2", 50000},
        {"__truncdfsf2", 50000}, {"snprintf_%.2f", 1000000}, {"snprintf_%e", 1000000},
        {"snprintf_%lld", 3000000}, {"malloc+free", 100000},
        {"memcpy_aligned_per_byte", 200}, {"memcpy_unaligned_per_byte", 800},
        {"memmove_backward_per_byte", 200}, {"memset_per_byte", 200},
    };
    for (int chip = 0; chip < 2; chip++) {
        ldt_iss_result r;
        ldt_iss_exec(elf, chip ? "lanai9" : "lanai4", 100000000, NULL, NULL, &r);
        ASSERT_EQ(r.state, LANAI_HALTED);
        harness_note("%s (value x100: instructions, cycles)", chip ? "lanai9" : "lanai4");
        for (unsigned i = 0; i < sizeof bound / sizeof *bound; i++) {
            char *key = ldt_fmt("cost %s ", bound[i].name);
            char *p = strstr(r.console, key);
            if (!p) harness_fail(__FILE__, __LINE__, "no %s line in:\n%s", bound[i].name, r.console);
            unsigned long long insns, cycles;
            ASSERT_EQ(sscanf(p + strlen(key), "%llu %llu", &insns, &cycles), 2);
            harness_note("  %-28s %8.2f insns %8.2f cycles", bound[i].name, insns / 100.0, cycles / 100.0);
            if (insns > bound[i].max_insns_x100)
                harness_fail(__FILE__, __LINE__, "%s: %.2f instructions, bound %.2f", bound[i].name, insns / 100.0,
                             bound[i].max_insns_x100 / 100.0);
        }
    }
}

/* Soft-float on the ISS: the same operands through C's float and double
 * operators (helper calls on the Lanai), compared with the host FPU's
 * results; both chips, -O2 and -O0. tests/rt/test_softfloat.c checks the
 * same core on millions of operands natively. */
TEST(rt, soft_float_matches_native_fpu)
{
    same_as_native("rt_float", "-O2 --chip lanai4", "lanai4");
    same_as_native("rt_float", "-O2 --chip lanai9", "lanai9");
    same_as_native("rt_float", "-O0 --sram-size 1M", "lanai9");
}

TEST(rt, string_functions_match_native)
{
    same_as_native("rt_str", "-O2 --chip lanai4", "lanai4");
    same_as_native("rt_str", "-Os --chip lanai9", "lanai9");
}

/* %f %e %g are compared character for character with glibc's snprintf. */
TEST(rt, snprintf_matches_c_snprintf)
{
    same_as_native("rt_snprintf", "-O2 --chip lanai9", "lanai9");
    same_as_native("rt_snprintf", "-Os --chip lanai4", "lanai4");
}

TEST(rt, malloc_free_calloc_realloc)
{
    char *d = ldt_dir("rt");
    for (int i = 0; i < 3; i++) {
        const char *chip = i == 1 ? "lanai9" : "lanai4";
        const char *flags = i == 0 ? "-O2 --chip lanai4 --heap-size 24K" : i == 1 ? "-O0 --chip lanai9 --heap-size=24576"
                                                                              : "-O2 --chip lanai4";
        char *elf = ldt_lanai_cc(d, "rt_malloc", FIX "rt_malloc.c", flags);
        ldt_iss_result r;
        ldt_iss_exec(elf, chip, 2000000000ull, NULL, NULL, &r);
        if (r.state != LANAI_HALTED || r.exit_code != 0)
            harness_fail(__FILE__, __LINE__, "%s: state %d exit %d\n%s%s", flags, r.state, r.exit_code, r.console, r.report);
        ASSERT_CONTAINS(r.console, i < 2 ? "heap 24576 bytes\n" : "heap 65536 bytes\n");   /* 64 KiB default */
        ASSERT_CONTAINS(r.console, "malloc ok: ");
        ASSERT_CONTAINS(r.console, "grow in place yes, contents kept\n");
        ASSERT_CONTAINS(r.console, "malloc ok: edge cases");
        harness_note("%s: %s", flags, r.console);
        /* the heap sits right after the image: __heap_start = __end */
        ldt_nm nm;
        ldt_nm_load(&nm, elf);
        ASSERT_EQ(ldt_nm_addr(&nm, "__heap_start"), ldt_nm_addr(&nm, "__end"));
        ASSERT_EQ(ldt_nm_addr(&nm, "__heap_end") - ldt_nm_addr(&nm, "__heap_start"), i < 2 ? 24576 : 65536);
    }
}

/* free of something malloc did not return: a report and abort, no silent damage */
TEST(rt, free_of_bad_pointer_aborts)
{
    char *d = ldt_dir("rt");
    FILE *f = fopen(ldt_fmt("%s/%s/badfree.c", harness_root(), d), "w");
    ASSERT_TRUE(f != NULL);
    fputs("#include <stdlib.h>\nint main(void) { char *p = malloc(16); free(p); free(p); return 0; }\n", f);
    fclose(f);
    char *elf = ldt_lanai_cc(d, "badfree", ldt_fmt("%s/badfree.c", d), "-O2");
    ldt_iss_result r;
    ldt_iss_exec(elf, "lanai4", 1000000, NULL, NULL, &r);
    ASSERT_EQ(r.state, LANAI_FAULTED);
    ASSERT_CONTAINS(r.console, "): not an allocated block (double free or heap corruption)\n");
    ASSERT_CONTAINS(r.report, "abort");
}

/* Images that do not link malloc get no heap symbols (same bytes as before
 * the heap existed); a heap that does not fit is a link error. */
TEST(rt, heap_only_in_images_that_use_it)
{
    char *d = ldt_dir("rt"), *out;
    char *elf = ldt_lanai_cc(d, "rt_str_heap", FIX "rt_str.c", "-O2 --heap-size 1M");   /* unused: no effect */
    ldt_nm nm;
    uint32_t a;
    char kind;
    ldt_nm_load(&nm, elf);
    ASSERT_TRUE(ldt_nm_find(&nm, "__heap_start", &a, &kind) != 0);
    ASSERT_TRUE(ldt_nm_find(&nm, "__heap_end", &a, &kind) != 0);
    char *map = ldt_read_text(ldt_fmt("%s/rt_str_heap.map", d));
    ASSERT_TRUE(map && !strstr(map, "heap "));
    int rc = ldt_run(&out, "build/lanai-cc -o %s/big.elf --chip lanai4 --heap-size 1M " FIX "rt_malloc.c", d);
    ASSERT_NE(rc, 0);
    ASSERT_CONTAINS(out, "image and heap too large for lanai4 SRAM");
    ASSERT_CONTAINS(out, "give a smaller --heap-size");
    ASSERT_TRUE(access(ldt_fmt("%s/big.elf", d), F_OK) != 0);
    rc = ldt_run(&out, "build/lanai-ld --heap-size 12 -o %s/x.elf " LDT_CRT0, d);
    ASSERT_NE(rc, 0);
    ASSERT_CONTAINS(out, "--heap-size: 12 must be a multiple of 8");
    elf = ldt_lanai_cc(d, "rt_malloc_map", FIX "rt_malloc.c", "--chip lanai9 --heap-size 0x10000");
    map = ldt_read_text(ldt_fmt("%s/rt_malloc_map.map", d));
    ASSERT_CONTAINS(map, "(65536 bytes, __heap_start .. __heap_end)");
}

TEST(rt, assert_reports_file_line_and_expression)
{
    char *d = ldt_dir("rt");
    for (int i = 0; i < 2; i++) {
        const char *chip = i ? "lanai9" : "lanai4";
        char *elf = ldt_lanai_cc(d, "rt_assert", FIX "rt_assert.c", ldt_fmt("-O2 --chip %s", chip));
        ldt_iss_result r;
        ldt_iss_exec(elf, chip, 1000000, NULL, NULL, &r);
        ASSERT_EQ(r.state, LANAI_FAULTED);
        const char *msg = FIX "rt_assert.c:12: main: Assertion `three + 1 == 5' failed.";
        ASSERT_STR_EQ(r.console, ldt_fmt("before assert\n%s\n", msg));
        ASSERT_CONTAINS(r.report, msg);
        ASSERT_CONTAINS(r.report, "firmware assertion failed");
    }
    /* NDEBUG removes the check, as in C */
    char *elf = ldt_lanai_cc(d, "rt_assert_ndebug", FIX "rt_assert.c", "-O2 -DNDEBUG");
    ldt_iss_result r;
    ldt_iss_exec(elf, "lanai4", 1000000, NULL, NULL, &r);
    ASSERT_EQ(r.state, LANAI_HALTED);
    ASSERT_STR_EQ(r.console, "before assert\nnot reached\n");
}

/* Whether the toolchain work (issue 13 item 4) is in this tree: our own
 * <stdarg.h> (va_arg for 64-bit and double arguments) and lanai-cc's guard
 * against the peephole pass that miscompiles absdiff at -O2. */
static int toolchain_fixes_present(void)
{
    char *cc = ldt_read_text(ldt_fmt("%s/tools/lanai-cc.sh", harness_root()));
    int yes = access(ldt_fmt("%s/firmware/rt/include/stdarg.h", harness_root()), F_OK) == 0 && cc &&
              strstr(cc, "disable-peephole");
    free(cc);
    return yes;
}

/* Issue 13's acceptance program (fixtures/rt_accept.c) at -O2 on both chips,
 * against the native build. Without the toolchain fixes the two parts that
 * need them are left out (both builds), and the note says so. */
TEST(rt, acceptance_program_both_chips)
{
    int full = toolchain_fixes_present();
    const char *def = full ? "" : "-DAWAIT_TOOLCHAIN ";
    char *d = ldt_dir("rt");
    char *native;
    ASSERT_EQ(ldt_native_run(&native, d, "rt_accept", ldt_fmt("%s" FIX "rt_accept.c", def)), 0);
    ASSERT_CONTAINS(native, "1234567890123 items at 20.00, ratio 0.67, -1234567890123 back\n");
    if (full) ASSERT_CONTAINS(native, "varargs [3*1.500][7*0.250][-4000000000*2.000] = -7999999993.75\n");
    for (int i = 0; i < 2; i++) {
        const char *chip = i ? "lanai9" : "lanai4";
        char *elf = ldt_lanai_cc(d, "rt_accept", FIX "rt_accept.c", ldt_fmt("%s-O2 --chip %s", def, chip));
        ldt_iss_result r;
        ldt_iss_exec(elf, chip, 100000000, NULL, NULL, &r);
        if (r.state != LANAI_HALTED || r.exit_code != 0)
            harness_fail(__FILE__, __LINE__, "%s: state %d exit %d\n%s", chip, r.state, r.exit_code, r.report);
        ASSERT_STR_EQ(r.console, native);
        harness_note("%s: %llu instructions", chip, r.insns);
    }
    if (!full)
        harness_note("AWAITING the toolchain merge: the variadic int64/double and absdiff parts were left out "
                     "(no firmware/rt/include/stdarg.h or no peephole guard in lanai-cc)");
}

/* Two links of the same sources are the same bytes: no temporary or build
 * path leaks into the image (the runtime's assembly files name themselves). */
TEST(rt, images_are_byte_identical_across_builds)
{
    char *d = ldt_dir("rt");
    char *a = ldt_lanai_cc(d, "det_a", FIX "rt_str.c", "-O2 --chip lanai9");
    char *b = ldt_lanai_cc(d, "det_b", FIX "rt_str.c", "-O2 --chip lanai9");
    char *out;
    int rc = ldt_run(&out, "cmp %s %s", a, b);
    if (rc != 0) harness_fail(__FILE__, __LINE__, "%s", out);
    ASSERT_EQ(ldt_run(&out, "llvm-readelf-14 -s %s | grep ' FILE '", a), 0);
    ASSERT_CONTAINS(out, " crt0.S\n");
    ASSERT_CONTAINS(out, " chip_marker.S\n");
    ASSERT_TRUE(strstr(out, "lanai-cc.") == NULL);
}
