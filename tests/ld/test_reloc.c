/* Relocations: every type patched as lanai-hardware.md §2.2 says, checked
 * word by word against values computed from the input objects (reloc_check.c). */
#include "ld_test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void note_counts(const char *what, const int n[8])
{
    harness_note("%s: NONE %d, 21 %d, 21_F %d, 25 %d, 32 %d, HI16 %d, LO16 %d", what, n[0], n[1], n[2], n[3], n[4],
                 n[5], n[6]);
}

TEST(ld, reloc_every_type)
{
    char *d = ldt_dir("ld/reloc");
    char *a = ldt_cc(d, "tests/ld/fixtures/relocs.S", "");
    char *b = ldt_cc(d, "tests/ld/fixtures/relocs_data.c", "-O2");
    char *c = ldt_cc(d, "tests/ld/fixtures/relocs_far.c", "-O2");
    char *out;
    int r = ldt_ld(&out, "-o %s/relocs.elf --map %s/relocs.map %s %s %s %s %s", d, d, LDT_CRT0, a, b, c, LDT_LIBRT);
    ASSERT_EQ(r, 0);
    char *elf = ldt_fmt("%s/relocs.elf", d), *map = ldt_fmt("%s/relocs.map", d);
    int n[8] = {0};
    ldt_check_relocs(a, elf, map, n);
    note_counts("relocs.o", n);
    ASSERT_EQ(n[1], 6);   /* the fixture's SLS/SLI uses */
    ASSERT_EQ(n[3], 4);
    ASSERT_EQ(n[4], 7);
    ASSERT_EQ(n[5], 4);
    ASSERT_EQ(n[6], 4);
    ldt_check_relocs(b, elf, map, n);
    ldt_check_relocs(LDT_CRT0, elf, map, n);

    /* The high half must really be exercised: far_data lies above 64 KiB. */
    ldt_nm nm;
    ldt_nm_load(&nm, elf);
    ASSERT_TRUE(ldt_nm_addr(&nm, "far_data") > 0xFFFF);
}

/* Copy an object, changing the type byte of chosen relocation entries. */
static char *patch_types(const char *obj, const char *copy, const int *which, const int *types, int count)
{
    ev_file f;
    char err[200];
    if (ev_load(&f, obj, err, sizeof err)) harness_fail(__FILE__, __LINE__, "%s", err);
    for (int i = 0; i < count; i++) {
        ASSERT_TRUE(which[i] < (int)f.nrel);
        f.data[f.rel[which[i]].entry_off + 7] = (uint8_t)types[i];   /* low byte of big-endian r_info */
    }
    FILE *o = fopen(copy, "wb");
    ASSERT_TRUE(o != NULL);
    ASSERT_EQ(fwrite(f.data, 1, f.len, o), f.len);
    fclose(o);
    ev_free(&f);
    return (char *)copy;
}

/* clang never emits R_LANAI_21_F or R_LANAI_NONE: make them by retyping two
 * R_LANAI_21 entries, then check the patch (21_F keeps insn bits 1:0; NONE
 * leaves the word alone). */
TEST(ld, reloc_21f_and_none)
{
    char *d = ldt_dir("ld/reloc21f");
    char *a = ldt_cc(d, "tests/ld/fixtures/relocs.S", "");
    char *b = ldt_cc(d, "tests/ld/fixtures/relocs_data.c", "-O2");
    char *c = ldt_cc(d, "tests/ld/fixtures/relocs_far.c", "-O2");
    ev_file f;
    char err[200];
    if (ev_load(&f, a, err, sizeof err)) harness_fail(__FILE__, __LINE__, "%s", err);
    int idx[2], k = 0;
    for (unsigned i = 0; i < f.nrel && k < 2; i++)
        if (f.rel[i].type == 1) idx[k++] = (int)i;
    ev_free(&f);
    ASSERT_EQ(k, 2);
    int types[2] = {2, 0};
    char *p = patch_types(a, ldt_fmt("%s/relocs_f.o", d), idx, types, 2);
    char *out;
    ASSERT_EQ(ldt_ld(&out, "-o %s/f.elf --map %s/f.map %s %s %s %s", d, d, p, b, c, LDT_LIBRT), 0);
    int n[8] = {0};
    ldt_check_relocs(p, ldt_fmt("%s/f.elf", d), ldt_fmt("%s/f.map", d), n);
    note_counts("retyped", n);
    ASSERT_EQ(n[2], 1);
    ASSERT_EQ(n[0], 1);
}

TEST(ld, jump_table_120_cases)
{
    char *d = ldt_dir("ld/jt");
    for (int opt = 0; opt < 3; opt++) {
        const char *flags = (const char *[]){"-O2", "-Os", "-O0"}[opt];
        char *o = ldt_cc(d, "tests/ld/fixtures/jt.c", flags);
        char *out;
        ASSERT_EQ(ldt_ld(&out, "-o %s/jt.elf --map %s/jt.map %s %s %s", d, d, LDT_CRT0, o, LDT_LIBRT), 0);
        char *elf = ldt_fmt("%s/jt.elf", d);
        int n[8] = {0};
        ldt_check_relocs(o, elf, ldt_fmt("%s/jt.map", d), n);
        note_counts(flags, n);
        ASSERT_TRUE(n[4] >= 100);   /* the table: one R_LANAI_32 per case */

        /* Every table word points into jt_dispatch, at a word boundary. */
        ev_file e, ob;
        char err[200];
        if (ev_load(&e, elf, err, sizeof err) || ev_load(&ob, o, err, sizeof err))
            harness_fail(__FILE__, __LINE__, "%s", err);
        int fs = ev_find_symbol(&e, "jt_dispatch"), ro = ev_find_section(&ob, ".rodata");
        ASSERT_TRUE(fs >= 0 && ro >= 0);
        uint32_t lo = e.sym[fs].value, hi = lo + e.sym[fs].size, base;
        ASSERT_EQ(ldt_map_base(ldt_fmt("%s/jt.map", d), o, ".rodata", &base), 0);
        int inside = 0;
        for (unsigned i = 0; i < ob.nrel; i++) {
            if (ob.rel[i].target != (unsigned)ro || ob.rel[i].type != 4) continue;
            uint32_t w;
            ASSERT_EQ(ev_word_at(&e, base + ob.rel[i].offset, &w), 0);
            ASSERT_TRUE(w >= lo && w < hi && w % 4 == 0);
            inside++;
        }
        ASSERT_TRUE(inside >= 100);
        ev_free(&e);
        ev_free(&ob);
    }
}

TEST(ld, multi_object_program)
{
    char *d = ldt_dir("ld/mo");
    const char *srcs[] = {"mo_main.c", "mo_math.c", "mo_table.c"};
    char *objs[3];
    for (int i = 0; i < 3; i++) objs[i] = ldt_cc(d, ldt_fmt("tests/ld/fixtures/%s", srcs[i]), "-O2");
    char *out;
    ASSERT_EQ(ldt_ld(&out, "-o %s/mo.elf --map %s/mo.map %s %s %s %s %s", d, d, LDT_CRT0, objs[0], objs[1],
                     objs[2], LDT_LIBRT), 0);
    char *elf = ldt_fmt("%s/mo.elf", d), *map = ldt_fmt("%s/mo.map", d);
    int n[8] = {0};
    for (int i = 0; i < 3; i++) ldt_check_relocs(objs[i], elf, map, n);
    note_counts("mo_*.o", n);
    ASSERT_TRUE(n[3] > 10 && n[4] >= 4 && n[5] > 5 && n[6] > 5);

    /* Both static scale() functions survive as separate locals. */
    char *syms;
    ASSERT_EQ(ldt_run(&syms, "llvm-nm-14 %s | grep -c ' t scale$'", elf), 0);
    ASSERT_EQ(atoi(syms), 2);

    ldt_iss_result run;
    ldt_iss_exec(elf, "lanai4", 50000000, NULL, NULL, &run);
    if (run.state != 1 || run.exit_code != 0)
        harness_fail(__FILE__, __LINE__, "ISS run: state %d exit %d\n%s%s", run.state, run.exit_code, run.console,
                     run.report);
    char *native;
    ASSERT_EQ(ldt_native_run(&native, d, "mo",
                             "tests/ld/fixtures/mo_main.c tests/ld/fixtures/mo_math.c tests/ld/fixtures/mo_table.c"),
              0);
    ASSERT_STR_EQ(run.console, native);
    harness_note("ran on the ISS: %s", run.console);
}
