/* Layout, symbols and output format: .bss placement and the __* symbols,
 * weak resolution, archive member pulling, what LLVM's tools make of the
 * executable, the map, determinism. */
#include "ld_test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint32_t word_or_fail(const ev_file *e, uint32_t addr)
{
    uint32_t w;
    if (ev_word_at(e, addr, &w)) harness_fail(__FILE__, __LINE__, "no word at 0x%x in the output", addr);
    return w;
}

TEST(ld, bss_placement_and_linker_symbols)
{
    char *d = ldt_dir("ld/bss");
    char *a = ldt_cc(d, "tests/ld/fixtures/bss.c", "-O2 -fcommon");
    char *b = ldt_cc(d, "tests/ld/fixtures/bss_small.c", "-O2 -mcmodel=small");
    char *out;
    for (int chip = 4; chip <= 9; chip += 5) {
        ASSERT_EQ(ldt_ld(&out, "--chip lanai%d -o %s/bss.elf --map %s/bss.map %s %s %s %s", chip, d, d, LDT_CRT0, a,
                         b, LDT_LIBRT), 0);
        char *elf = ldt_fmt("%s/bss.elf", d);
        ldt_nm nm;
        ldt_nm_load(&nm, elf);
        ev_file e;
        char err[200];
        if (ev_load(&e, elf, err, sizeof err)) harness_fail(__FILE__, __LINE__, "%s", err);
        int bs = ev_find_section(&e, ".bss"), ds = ev_find_section(&e, ".data");
        ASSERT_TRUE(bs > 0 && ds > 0);
        ASSERT_EQ(e.sec[bs].type, 8);   /* NOBITS */
        uint32_t bss_start = ldt_nm_addr(&nm, "__bss_start"), bss_end = ldt_nm_addr(&nm, "__bss_end");
        uint32_t edata = ldt_nm_addr(&nm, "__edata"), end = ldt_nm_addr(&nm, "__end");
        ASSERT_EQ(bss_start, e.sec[bs].addr);
        ASSERT_EQ(bss_end, e.sec[bs].addr + e.sec[bs].size);
        ASSERT_EQ(edata, e.sec[ds].addr + e.sec[ds].size);
        ASSERT_EQ(ldt_nm_addr(&nm, "__data_start"), e.sec[ds].addr);
        ASSERT_EQ(ldt_nm_addr(&nm, "__text_start"), 0);
        ASSERT_TRUE(bss_start >= edata);
        ASSERT_EQ(bss_start % 4, 0);
        ASSERT_EQ(bss_end % 4, 0);
        ASSERT_TRUE(end >= bss_end && end % 8 == 0);
        ASSERT_EQ(ldt_nm_addr(&nm, "__stack_top"), chip == 4 ? 1u << 20 : 2u << 20);
        ASSERT_EQ(ldt_nm_addr(&nm, "__sram_size"), chip == 4 ? 1u << 20 : 2u << 20);

        /* Every data symbol lies in .data, every zero-initialised one in .bss. */
        const char *in_bss[] = {"zero_arr", "static_zero", "explicit_zero", "odd_bss", "aligned8", "big_align", "s_zero"};
        const char *in_data[] = {"data_word", "data_bytes", "s_init"};
        for (unsigned i = 0; i < sizeof in_bss / sizeof *in_bss; i++) {
            uint32_t a2 = ldt_nm_addr(&nm, in_bss[i]);
            if (a2 < bss_start || a2 >= bss_end) harness_fail(__FILE__, __LINE__, "%s at 0x%x outside .bss", in_bss[i], a2);
        }
        for (unsigned i = 0; i < sizeof in_data / sizeof *in_data; i++) {
            uint32_t a2 = ldt_nm_addr(&nm, in_data[i]);
            if (a2 < e.sec[ds].addr || a2 >= edata) harness_fail(__FILE__, __LINE__, "%s at 0x%x outside .data", in_data[i], a2);
        }
        ASSERT_EQ(ldt_nm_addr(&nm, "big_align") % 64, 0);
        ASSERT_EQ(ldt_nm_addr(&nm, "aligned8") % 8, 0);
        ASSERT_EQ(word_or_fail(&e, ldt_nm_addr(&nm, "data_word")), 0x12345678);
        ASSERT_EQ(word_or_fail(&e, ldt_nm_addr(&nm, "s_init")), 3);

        /* Program headers: .bss occupies memory, not file bytes. */
        int seen_bss = 0;
        for (unsigned i = 0; i < e.phnum; i++) {
            const uint8_t *ph = e.data + e.phoff + i * 32;
            ASSERT_EQ(ev_be32(ph), 1);   /* PT_LOAD */
            if (ev_be32(ph + 8) == bss_start && ev_be32(ph + 20) == bss_end - bss_start) {
                ASSERT_EQ(ev_be32(ph + 16), 0);
                seen_bss = 1;
            } else {
                ASSERT_EQ(ev_be32(ph + 16), ev_be32(ph + 20));
            }
        }
        ASSERT_TRUE(seen_bss);
        char *map = ldt_read_text(ldt_fmt("%s/bss.map", d));
        ASSERT_CONTAINS(map, "COMMON");
        ASSERT_CONTAINS(map, ".sbss");
        int n[8] = {0};
        ldt_check_relocs(a, elf, ldt_fmt("%s/bss.map", d), n);
        ldt_check_relocs(b, elf, ldt_fmt("%s/bss.map", d), n);
        ev_free(&e);
    }
}

/* The value stored at a data symbol tells which definition won. */
static uint32_t linked_value(const char *d, const char *objs, const char *sym)
{
    char *out;
    int r = ldt_ld(&out, "-o %s/weak.elf --map %s/weak.map %s %s %s", d, d, LDT_CRT0, objs, LDT_LIBRT);
    if (r != 0) harness_fail(__FILE__, __LINE__, "link of %s failed:\n%s", objs, out);
    ldt_nm nm;
    ldt_nm_load(&nm, ldt_fmt("%s/weak.elf", d));
    ev_file e;
    char err[200];
    if (ev_load(&e, ldt_fmt("%s/weak.elf", d), err, sizeof err)) harness_fail(__FILE__, __LINE__, "%s", err);
    uint32_t v = word_or_fail(&e, ldt_nm_addr(&nm, sym));
    ev_free(&e);
    return v;
}

TEST(ld, weak_symbols)
{
    char *d = ldt_dir("ld/weak");
    char *a = ldt_cc(d, "tests/ld/fixtures/weak_a.c", "-O2");
    char *b = ldt_cc(d, "tests/ld/fixtures/weak_b.c", "-O2");
    char *c = ldt_cc(d, "tests/ld/fixtures/weak_c.c", "-O2");
    ASSERT_EQ(linked_value(d, a, "wval"), 1);                          /* weak alone */
    ASSERT_EQ(linked_value(d, ldt_fmt("%s %s", a, b), "wval"), 2);     /* strong after weak */
    ASSERT_EQ(linked_value(d, ldt_fmt("%s %s", b, a), "wval"), 2);     /* strong before weak */
    ASSERT_EQ(linked_value(d, ldt_fmt("%s %s", a, c), "wval"), 1);     /* two weak: first kept */
    ASSERT_EQ(linked_value(d, ldt_fmt("%s %s %s", a, c, b), "only_weak"), 5);

    /* wfunc resolves to weak_b.o's function: compare with its section address. */
    linked_value(d, ldt_fmt("%s %s", a, b), "wval");
    ldt_nm nm;
    ldt_nm_load(&nm, ldt_fmt("%s/weak.elf", d));
    uint32_t text_b;
    ASSERT_EQ(ldt_map_base(ldt_fmt("%s/weak.map", d), b, ".text", &text_b), 0);
    ASSERT_EQ(ldt_nm_addr(&nm, "wfunc"), text_b);
    /* Undefined weak references became 0 in every patched field. */
    int n[8] = {0};
    ldt_check_relocs(a, ldt_fmt("%s/weak.elf", d), ldt_fmt("%s/weak.map", d), n);
    char kind = 0;
    uint32_t addr = 1;
    ASSERT_EQ(ldt_nm_find(&nm, "missing", &addr, &kind), 0);
    ASSERT_EQ(kind, 'w');
}

TEST(ld, archive_members_pulled_on_demand)
{
    char *d = ldt_dir("ld/ar");
    char *m = ldt_cc(d, "tests/ld/fixtures/ar_main.c", "-O2");
    char *m1 = ldt_cc(d, "tests/ld/fixtures/ar_m1.c", "-O2");
    char *m2 = ldt_cc(d, "tests/ld/fixtures/ar_m2.c", "-O2");
    char *m3 = ldt_cc(d, "tests/ld/fixtures/ar_m3.c", "-O2");
    char *out;
    /* m2 (needed only by m1) sits before m1 in the archive: order must not matter. */
    ASSERT_EQ(ldt_run(&out, "rm -f %s/lib.a && llvm-ar-14 rcs %s/lib.a %s %s %s", d, d, m2, m3, m1), 0);
    /* The archive also comes before the object that needs it. */
    ASSERT_EQ(ldt_ld(&out, "-o %s/ar.elf --map %s/ar.map %s/lib.a %s %s %s", d, d, d, LDT_CRT0, m, LDT_LIBRT), 0);
    ldt_nm nm;
    ldt_nm_load(&nm, ldt_fmt("%s/ar.elf", d));
    uint32_t a;
    ASSERT_EQ(ldt_nm_find(&nm, "ar_f1", &a, NULL), 0);
    ASSERT_EQ(ldt_nm_find(&nm, "ar_f2", &a, NULL), 0);
    ASSERT_TRUE(ldt_nm_find(&nm, "ar_unused", &a, NULL) != 0);
    /* From librt, only what the program needs: no 64-bit division here. */
    ASSERT_EQ(ldt_nm_find(&nm, "__mulsi3", &a, NULL), 0);
    ASSERT_TRUE(ldt_nm_find(&nm, "__divdi3", &a, NULL) != 0);
    char *map = ldt_read_text(ldt_fmt("%s/ar.map", d));
    ASSERT_CONTAINS(map, "Archive members loaded");
    ASSERT_CONTAINS(map, "lib.a(ar_m1.o)");
    ASSERT_CONTAINS(map, "for ar_f1");
    ASSERT_CONTAINS(map, "for ar_f2");
    ASSERT_CONTAINS(map, "librt.a(mul.o)");
    ASSERT_TRUE(strstr(map, "ar_m3.o") == NULL);
}

TEST(ld, llvm_tools_read_the_output)
{
    char *d = ldt_dir("ld/tools");
    char *elf = ldt_lanai_cc(d, "mo", "tests/ld/fixtures/mo_main.c tests/ld/fixtures/mo_math.c tests/ld/fixtures/mo_table.c", "-O2");
    char *out;
    ASSERT_EQ(ldt_run(&out, "llvm-objdump-14 -d %s", elf), 0);
    ASSERT_CONTAINS(out, "file format elf32-lanai");
    ASSERT_CONTAINS(out, "00000000 <_start>:");
    ASSERT_CONTAINS(out, "<main>:");
    ASSERT_CONTAINS(out, "<mo_add>:");
    ASSERT_CONTAINS(out, "<__mulsi3>:");
    ASSERT_CONTAINS(out, "<con_printf>:");
    ASSERT_CONTAINS(out, "bt\t0x");   /* calls show resolved targets */
    ASSERT_EQ(ldt_run(&out, "llvm-readelf-14 -h -l %s", elf), 0);
    ASSERT_CONTAINS(out, "EXEC (Executable file)");
    ASSERT_CONTAINS(out, "Entry point address:               0x0");
    ASSERT_CONTAINS(out, "LOAD");
    ASSERT_EQ(ldt_run(&out, "llvm-readelf-14 -s %s | grep -E ' FUNC +GLOBAL .* main$'", elf), 0);
    /* function symbols keep their sizes (the ISS names functions in fault reports) */
    ASSERT_TRUE(strstr(out, "     0 FUNC") == NULL);
}

TEST(ld, map_lists_sections_and_symbols)
{
    char *d = ldt_dir("ld/map");
    ldt_lanai_cc(d, "mo", "tests/ld/fixtures/mo_main.c tests/ld/fixtures/mo_math.c tests/ld/fixtures/mo_table.c",
                 "--chip lanai9");
    char *map = ldt_read_text(ldt_fmt("%s/mo.map", d));
    ASSERT_TRUE(map != NULL);
    ASSERT_CONTAINS(map, "SRAM 2097152 bytes");
    ASSERT_CONTAINS(map, ".text.init");
    ASSERT_CONTAINS(map, "crt0.o");
    ASSERT_CONTAINS(map, ".rodata.str1");
    /* Every symbol llvm-nm reports is in the map with the same address. */
    ldt_nm nm;
    ldt_nm_load(&nm, ldt_fmt("%s/mo.elf", d));
    ASSERT_TRUE(nm.n > 30);
    for (int i = 0; i < nm.n; i++) {
        char *line = ldt_fmt("0x%08x ", nm.v[i].addr);
        char *p = map;
        int found = 0;
        while ((p = strstr(p, line))) {
            char *eol = strchr(p, '\n');
            char *name = strstr(p, nm.v[i].name);
            if (name && (!eol || name < eol)) { found = 1; break; }
            p += 1;
        }
        if (!found) harness_fail(__FILE__, __LINE__, "%s (0x%x) not in the map", nm.v[i].name, nm.v[i].addr);
        free(line);
    }
}

TEST(ld, start_code_first_and_output_deterministic)
{
    char *d = ldt_dir("ld/det");
    char *o = ldt_cc(d, "tests/ld/fixtures/jt.c", "-O2");
    char *out;
    /* crt0 given last: .text.init still goes to address 0 */
    ASSERT_EQ(ldt_ld(&out, "-o %s/a.elf --map %s/a.map %s %s %s", d, d, o, LDT_LIBRT, LDT_CRT0), 0);
    ASSERT_EQ(ldt_run(&out, "cp %s/a.elf %s/b.elf && cp %s/a.map %s/b.map", d, d, d, d), 0);
    ASSERT_EQ(ldt_ld(&out, "-o %s/a.elf --map %s/a.map %s %s %s", d, d, o, LDT_LIBRT, LDT_CRT0), 0);
    ldt_nm nm;
    ldt_nm_load(&nm, ldt_fmt("%s/a.elf", d));
    ASSERT_EQ(ldt_nm_addr(&nm, "_start"), 0);
    ASSERT_EQ(ldt_run(&out, "cmp %s/a.elf %s/b.elf", d, d), 0);
    ASSERT_EQ(ldt_run(&out, "cmp %s/a.map %s/b.map", d, d), 0);
}
