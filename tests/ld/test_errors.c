/* Every error lanai-ld reports: a clear message naming file and symbol, exit
 * status 1, and no output file left behind. Plus a robustness sweep over
 * truncated and corrupted objects: never a crash. */
#include "ld_test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Link ARGS expecting failure; returns the messages. */
static char *link_fails(const char *d, const char *args)
{
    char *out, *elf = ldt_fmt("%s/out.elf", d);
    unlink(elf);
    FILE *stale = fopen(elf, "w");   /* a stale image from an earlier link must go */
    if (stale) fclose(stale);
    int r = ldt_ld(&out, "-o %s %s", elf, args);
    if (r != 2) harness_fail(__FILE__, __LINE__, "lanai-ld %s: exit %d, expected 2:\n%s", args, r, out);
    ASSERT_CONTAINS(out, "lanai-ld: error: ");
    if (access(elf, F_OK) == 0) harness_fail(__FILE__, __LINE__, "%s exists after a failed link", elf);
    harness_note("%s", out);
    return out;
}

TEST(ld, err_undefined_symbol)
{
    char *d = ldt_dir("ld/err_undef");
    char *o = ldt_cc(d, "tests/ld/fixtures/err_undef.c", "-O2");
    char *out = link_fails(d, ldt_fmt("%s %s %s", LDT_CRT0, o, LDT_LIBRT));
    ASSERT_CONTAINS(out, "undefined symbol 'no_such_function'");
    ASSERT_CONTAINS(out, "referenced by build/tests/ld/err_undef/err_undef.o");
    /* without crt0, main is not needed but the reference still is */
    out = link_fails(d, o);
    ASSERT_CONTAINS(out, "no_such_function");
}

TEST(ld, err_duplicate_symbol)
{
    char *d = ldt_dir("ld/err_dup");
    char *a = ldt_cc(d, "tests/ld/fixtures/err_dup_a.c", "-O2");
    char *b = ldt_cc(d, "tests/ld/fixtures/err_dup_b.c", "-O2");
    char *out = link_fails(d, ldt_fmt("%s %s %s", LDT_CRT0, a, b));
    ASSERT_CONTAINS(out, "duplicate symbol 'dup_sym': defined in build/tests/ld/err_dup/err_dup_a.o and in "
                         "build/tests/ld/err_dup/err_dup_b.o");
}

TEST(ld, err_unknown_relocation)
{
    char *d = ldt_dir("ld/err_reloc");
    char *o = ldt_cc(d, "tests/ld/fixtures/relocs.S", "");
    ev_file f;
    char err[200];
    if (ev_load(&f, o, err, sizeof err)) harness_fail(__FILE__, __LINE__, "%s", err);
    ASSERT_TRUE(f.nrel > 3);
    const ev_rela *r = &f.rel[2];
    f.data[r->entry_off + 7] = 77;   /* type byte of the third entry */
    char *bad = ldt_fmt("%s/bad_reloc.o", d);
    FILE *w = fopen(bad, "wb");
    ASSERT_TRUE(w != NULL);
    ASSERT_EQ(fwrite(f.data, 1, f.len, w), f.len);
    fclose(w);
    char *where = ldt_fmt("%s: %s+0x%x: unknown relocation type 77", bad, f.sec[r->target].name, r->offset);
    ev_free(&f);
    char *data = ldt_cc(d, "tests/ld/fixtures/relocs_data.c", "-O2");
    char *far = ldt_cc(d, "tests/ld/fixtures/relocs_far.c", "-O2");
    char *out = link_fails(d, ldt_fmt("%s %s %s", bad, data, far));
    ASSERT_CONTAINS(out, where);
}

TEST(ld, err_field_overflow)
{
    char *d = ldt_dir("ld/err_overflow");
    char *big = ldt_cc(d, "tests/ld/fixtures/err_big.c", "-O2");
    char *far = ldt_cc(d, "tests/ld/fixtures/err_far.c", "-O2 -mcmodel=small");
    /* 8 MiB of SRAM so the size check passes and the 21-bit field is what fails */
    char *out = link_fails(d, ldt_fmt("--sram-size 0x800000 %s %s", big, far));
    ASSERT_CONTAINS(out, "err_far.o: .text+0x");
    ASSERT_CONTAINS(out, "R_LANAI_21 against 'after_big' out of range: value 0x002");
    ASSERT_CONTAINS(out, "does not fit in 21 bits");

    char *br = ldt_cc(d, "tests/ld/fixtures/err_branch.S", "");
    char *abs = ldt_cc(d, "tests/ld/fixtures/err_abs.S", "");
    out = link_fails(d, ldt_fmt("%s %s", br, abs));
    ASSERT_CONTAINS(out, "R_LANAI_25 against 'far_target' out of range: value 0x02000000 does not fit in 25 bits");
    ASSERT_CONTAINS(out, "R_LANAI_25 against 'odd_target' out of range: value 0x00001002 is not a multiple of 4");
}

TEST(ld, err_21bit_relocation_on_wrong_instruction)
{
    char *d = ldt_dir("ld/err_label");
    /* clang-14's label-address form (mov hi / or lo, R_LANAI_21 + 1) is
     * repaired at every -O: it links and runs (tests/ld/test_guards.c) */
    char *o = ldt_cc(d, "tests/ld/fixtures/err_label_addr.c", "-O0");
    char *out;
    ASSERT_EQ(ldt_ld(&out, "-o %s/ok0.elf %s %s", d, LDT_CRT0, o), 0);
    /* any other R_LANAI_21 on a word without the 21-bit field is refused:
     * the same object with the addend changed from 1 to 5 */
    ev_file f;
    char err[200];
    if (ev_load(&f, o, err, sizeof err)) harness_fail(__FILE__, __LINE__, "%s", err);
    int rela = ev_find_section(&f, ".rela.text");
    ASSERT_TRUE(rela >= 0);
    uint8_t *copy = malloc(f.len);
    memcpy(copy, f.data, f.len);
    int patched = 0;
    for (uint32_t k = 0; k + 12 <= f.sec[rela].size; k += 12) {
        uint8_t *e = copy + f.sec[rela].offset + k;
        if ((ev_be32(e + 4) & 0xff) == 1 && ev_be32(e + 8) == 1) { e[11] = 5; patched++; }
    }
    ASSERT_TRUE(patched > 0);
    char *bad = ldt_fmt("%s/bad21.o", d);
    FILE *w = fopen(bad, "wb");
    ASSERT_TRUE(w != NULL);
    fwrite(copy, 1, f.len, w);
    fclose(w);
    free(copy);
    out = link_fails(d, ldt_fmt("%s %s", LDT_CRT0, bad));
    ASSERT_CONTAINS(out, "bad21.o: .text+0x");
    ASSERT_CONTAINS(out, "R_LANAI_21 against '");
    ASSERT_CONTAINS(out, "is not an absolute load/store or mov");
    ASSERT_TRUE(strstr(out, "-O1") == NULL);   /* the old advice did not help */
    /* -O2 links too */
    char *o2 = ldt_cc(d, "tests/ld/fixtures/err_label_addr.c", "-O2");
    ASSERT_EQ(ldt_ld(&out, "-o %s/ok.elf %s %s", d, LDT_CRT0, o2), 0);
}

TEST(ld, err_image_larger_than_sram)
{
    char *d = ldt_dir("ld/err_size");
    char *o = ldt_cc(d, "tests/ld/fixtures/err_huge.c", "-O2");
    char *out = link_fails(d, ldt_fmt("--chip lanai4 %s %s", LDT_CRT0, o));
    ASSERT_CONTAINS(out, "image too large for lanai4 SRAM: needs 157");
    ASSERT_CONTAINS(out, ".bss 1572864");
    ASSERT_CONTAINS(out, "SRAM has 1048576 bytes");
    /* The same program fits a LANai 9. */
    ASSERT_EQ(ldt_ld(&out, "--chip lanai9 -o %s/ok.elf %s %s", d, LDT_CRT0, o), 0);
    out = link_fails(d, ldt_fmt("--sram-size 64K %s %s", LDT_CRT0, o));
    ASSERT_CONTAINS(out, "SRAM has 65536 bytes");
}

TEST(ld, err_bad_input_files)
{
    char *d = ldt_dir("ld/err_input");
    char *out;
    ASSERT_EQ(ldt_run(&out, "echo 'not an object' > %s/text.o", d), 0);
    out = link_fails(d, ldt_fmt("%s/text.o", d));
    ASSERT_CONTAINS(out, "text.o: not an ELF file or archive");

    out = link_fails(d, ldt_fmt("%s/does_not_exist.o", d));
    ASSERT_CONTAINS(out, "does_not_exist.o: cannot open");

    /* A host object: 64-bit little-endian */
    ASSERT_EQ(ldt_run(&out, "echo 'int x;' | gcc -x c -c - -o %s/host.o", d), 0);
    out = link_fails(d, ldt_fmt("%s/host.o", d));
    ASSERT_CONTAINS(out, "host.o: not a Lanai object: 64-bit little-endian ELF");

    /* ELF32 big-endian but another machine (MIPS = 8) */
    ASSERT_EQ(ldt_run(&out, "echo 'int x;' | clang-14 --target=mips -x c -c - -o %s/mips.o", d), 0);
    out = link_fails(d, ldt_fmt("%s/mips.o", d));
    ASSERT_CONTAINS(out, "mips.o: wrong machine: e_machine 8, expected EM_LANAI (244)");

    /* A Lanai executable is not a relocatable object */
    char *o = ldt_cc(d, "tests/ld/fixtures/err_dup_b.c", "-O2");
    ASSERT_EQ(ldt_ld(&out, "-o %s/exe.elf %s", d, o), 0);
    out = link_fails(d, ldt_fmt("%s/exe.elf", d));
    ASSERT_CONTAINS(out, "not a relocatable object (e_type 2");

    /* Truncated: the header survives, the section headers do not */
    ASSERT_EQ(ldt_run(&out, "head -c 300 %s > %s/cut.o", o, d), 0);
    out = link_fails(d, ldt_fmt("%s/cut.o", d));
    ASSERT_CONTAINS(out, "cut.o: truncated");

    /* An allocated section of a type the layout does not know */
    char *ctor = ldt_cc(d, "tests/ld/fixtures/err_ctor.S", "");
    out = link_fails(d, ctor);
    ASSERT_CONTAINS(out, "err_ctor.o: allocated section .init_array has unsupported type 0xe");

    /* A broken archive */
    ASSERT_EQ(ldt_run(&out, "printf '!<arch>\\nabc' > %s/bad.a", d), 0);
    out = link_fails(d, ldt_fmt("%s/bad.a", d));
    ASSERT_CONTAINS(out, "bad.a: truncated archive member header");
}

TEST(ld, err_usage)
{
    char *d = ldt_dir("ld/err_usage");
    char *out;
    ASSERT_EQ(ldt_ld(&out, "%s", LDT_CRT0), 2);
    ASSERT_CONTAINS(out, "no output file");
    ASSERT_EQ(ldt_ld(&out, "-o %s/x.elf", d), 2);
    ASSERT_CONTAINS(out, "no input files");
    ASSERT_EQ(ldt_ld(&out, "--chip lanai7 -o %s/x.elf %s", d, LDT_CRT0), 2);
    ASSERT_CONTAINS(out, "unknown chip 'lanai7'");
    ASSERT_EQ(ldt_ld(&out, "--frobnicate -o %s/x.elf %s", d, LDT_CRT0), 2);
    ASSERT_CONTAINS(out, "unknown option '--frobnicate'");
    ASSERT_EQ(ldt_ld(&out, "--sram-size 12345 -o %s/x.elf %s", d, LDT_CRT0), 2);
    ASSERT_CONTAINS(out, "multiple of 8");
    ASSERT_EQ(ldt_ld(&out, "--help"), 0);
    ASSERT_CONTAINS(out, "usage: lanai-ld");
}

/* Truncations and byte corruptions of a real object: lanai-ld must exit 0
 * or 2 with a message, never die on a signal (exit status 128+sig). */
TEST(ld, corrupt_inputs_never_crash)
{
    char *d = ldt_dir("ld/fuzz");
    char *o = ldt_cc(d, "tests/ld/fixtures/relocs.S", "");
    char *data = ldt_cc(d, "tests/ld/fixtures/relocs_data.c", "-O2");
    char *far = ldt_cc(d, "tests/ld/fixtures/relocs_far.c", "-O2");
    ev_file f;
    char err[200];
    if (ev_load(&f, o, err, sizeof err)) harness_fail(__FILE__, __LINE__, "%s", err);
    char *out;
    /* One shell loop per batch keeps process start-up cheap. */
    char *script = ldt_fmt("%s/run.sh", d);
    FILE *s = fopen(script, "w");
    ASSERT_TRUE(s != NULL);
    fprintf(s, "for f in %s/case*.o; do %s -o %s/fuzz.elf $f %s %s >/dev/null 2>&1; r=$?; "
               "if [ $r -ne 0 ] && [ $r -ne 2 ]; then echo \"CRASH $r $f\"; fi; done\n", d, LDT_LD, d, data, far);
    fclose(s);
    uint32_t seed = 12345;
    int cases = 0;
    for (size_t cut = 0; cut < f.len; cut += 24, cases++) {
        FILE *w = fopen(ldt_fmt("%s/case%04d.o", d, cases), "wb");
        fwrite(f.data, 1, cut, w);
        fclose(w);
    }
    for (int i = 0; i < 200; i++, cases++) {
        uint8_t *copy = malloc(f.len);
        memcpy(copy, f.data, f.len);
        for (int k = 0; k < 1 + i % 4; k++) {
            seed = seed * 1103515245u + 12345u;
            size_t at = (seed >> 8) % f.len;
            seed = seed * 1103515245u + 12345u;
            copy[at] = (uint8_t)(seed >> 16);
        }
        FILE *w = fopen(ldt_fmt("%s/case%04d.o", d, cases), "wb");
        fwrite(copy, 1, f.len, w);
        fclose(w);
        free(copy);
    }
    int r = ldt_run(&out, "sh %s", script);
    ASSERT_EQ(r, 0);
    if (strstr(out, "CRASH")) harness_fail(__FILE__, __LINE__, "lanai-ld crashed:\n%s", out);
    harness_note("%d corrupted/truncated objects, no crash", cases);
    ev_free(&f);
}
