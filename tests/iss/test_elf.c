/* ELF loading: a small big-endian EM_LANAI executable is built here byte by
 * byte (one PT_LOAD with a zero-filled tail, .text/.symtab/.strtab), loaded
 * and run; malformed variants are rejected with messages naming the file,
 * leaving SRAM untouched. */
#include "../harness/harness.h"
#include "iss_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct { unsigned char b[1024]; size_t n; } blob;

static void w8(blob *x, size_t at, unsigned v) { x->b[at] = (unsigned char)v; }
static void w16(blob *x, size_t at, unsigned v) { w8(x, at, v >> 8); w8(x, at + 1, v); }
static void w32(blob *x, size_t at, uint32_t v) { w16(x, at, v >> 16); w16(x, at + 2, v & 0xFFFF); }

/* Layout: ehdr 0..51, phdr 52..83, text 84..95 (nop, nop, illegal),
 * strtab 96.., symtab 128.. (3 entries), shstrtab 176.., shdrs 224.. (6). */
static void build(blob *x)
{
    memset(x, 0, sizeof *x);
    static const unsigned char ident[16] = {0x7F, 'E', 'L', 'F', 1, 2, 1};
    memcpy(x->b, ident, 16);
    w16(x, 16, 2);            /* ET_EXEC */
    w16(x, 18, 244);          /* EM_LANAI */
    w32(x, 20, 1);
    w32(x, 24, 0);            /* entry */
    w32(x, 28, 52);           /* phoff */
    w32(x, 32, 224);          /* shoff */
    w16(x, 40, 52);
    w16(x, 42, 32); w16(x, 44, 1);
    w16(x, 46, 40); w16(x, 48, 6); w16(x, 50, 5);
    /* PT_LOAD: 12 bytes of text at 0, 32 bytes in memory */
    w32(x, 52, 1); w32(x, 56, 84); w32(x, 60, 0); w32(x, 64, 0); w32(x, 68, 12); w32(x, 72, 32);
    w32(x, 76, 5); w32(x, 80, 4);
    w32(x, 84, 0x00000001); w32(x, 88, 0x00000001); w32(x, 92, 0xFFFFFFFF);
    memcpy(x->b + 96, "\0main\0helper\0", 13);
    /* symtab: null, main FUNC global 0 size 12 shndx 1, helper NOTYPE 8 shndx 1 */
    w32(x, 144, 1); w32(x, 148, 0); w32(x, 152, 12); w8(x, 156, 0x12); w16(x, 158, 1);
    w32(x, 160, 6); w32(x, 164, 8); w32(x, 168, 0); w8(x, 172, 0x10); w16(x, 174, 1);
    memcpy(x->b + 176, "\0.text\0.symtab\0.strtab\0.shstrtab\0", 34);
    size_t sh = 224;
    /* [1] .text PROGBITS AX */
    w32(x, sh + 40, 1); w32(x, sh + 44, 1); w32(x, sh + 48, 6); w32(x, sh + 56, 84); w32(x, sh + 60, 12);
    /* [2] .symtab */
    w32(x, sh + 80, 7); w32(x, sh + 84, 2); w32(x, sh + 96, 128); w32(x, sh + 100, 48); w32(x, sh + 104, 3);
    w32(x, sh + 116, 16);
    /* [3] .strtab */
    w32(x, sh + 120, 15); w32(x, sh + 124, 3); w32(x, sh + 136, 96); w32(x, sh + 140, 13);
    /* [4] unused NULL, [5] .shstrtab */
    w32(x, sh + 200, 23); w32(x, sh + 204, 3); w32(x, sh + 216, 176); w32(x, sh + 220, 34);
    x->n = sh + 6 * 40;
}

static const char *save(const blob *x, const char *name)
{
    static char path[1200];
    char cmd[1300];
    snprintf(path, sizeof path, "%s/build/tests/iss_tmp", harness_root());
    snprintf(cmd, sizeof cmd, "mkdir -p '%s'", path);
    if (system(cmd) != 0) harness_fail(__FILE__, __LINE__, "mkdir failed");
    snprintf(path, sizeof path, "%s/build/tests/iss_tmp/%s", harness_root(), name);
    FILE *f = fopen(path, "wb");
    ASSERT_TRUE(f != NULL);
    fwrite(x->b, 1, x->n, f);
    fclose(f);
    return path;
}

TEST(iss_elf, loads_segments_zero_fills_and_symbolizes)
{
    blob x;
    build(&x);
    const char *path = save(&x, "good.elf");
    lanai_core *c = iss_core("lanai4");
    memset(lanai_sram(c), 0xAA, 64);
    char err[256] = "";
    ASSERT_EQ(lanai_load_elf(c, path, err, sizeof err), 0);
    ASSERT_EQ(iss_get_word(c, 0), 1);
    ASSERT_EQ(iss_get_word(c, 8), 0xFFFFFFFF);
    ASSERT_EQ(iss_get_word(c, 12), 0);       /* p_memsz tail zeroed */
    ASSERT_EQ(iss_get_word(c, 28), 0);
    ASSERT_EQ(iss_get_word(c, 32), 0xAAAAAAAA);
    uint32_t off;
    ASSERT_STR_EQ(lanai_symbolize(c, 4, &off), "main");
    ASSERT_EQ(off, 4);
    ASSERT_STR_EQ(lanai_symbolize(c, 8, &off), "helper");
    ASSERT_STR_EQ(lanai_symbolize(c, 0x100, &off), "?");   /* past main's size */
    ASSERT_EQ(lanai_run(c, 100), LANAI_FAULTED);
    char *r = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&r, &len);
    lanai_report_fault(c, f);
    fclose(f);
    if (!strstr(r, "helper+0x0") || !strstr(r, "lanai4")) harness_fail(__FILE__, __LINE__, "report:\n%s", r);
    free(r);
    lanai_free(c);
}

static void expect_error(blob *x, const char *name, const char *phrase)
{
    const char *path = save(x, name);
    lanai_core *c = iss_core("lanai4");
    lanai_sram(c)[0] = 0x5A;
    char err[256] = "";
    ASSERT_EQ(lanai_load_elf(c, path, err, sizeof err), -1);
    if (!strstr(err, name) || !strstr(err, phrase))
        harness_fail(__FILE__, __LINE__, "error \"%s\" should name %s and say \"%s\"", err, name, phrase);
    ASSERT_EQ(lanai_sram(c)[0], 0x5A);
    lanai_free(c);
}

TEST(iss_elf, rejects_bad_files_with_clear_messages)
{
    blob x;
    build(&x); memcpy(x.b, "#!/b", 4); expect_error(&x, "notelf.elf", "not an ELF file");
    build(&x); x.b[4] = 2; expect_error(&x, "class64.elf", "32-bit");
    build(&x); x.b[5] = 1; expect_error(&x, "little.elf", "big-endian");
    build(&x); w16(&x, 18, 3); expect_error(&x, "x86.elf", "EM_LANAI");
    build(&x); w16(&x, 16, 1); expect_error(&x, "reloc.elf", "ET_EXEC");
    build(&x); w32(&x, 64, 0x000FFFF0); expect_error(&x, "outside.elf", "outside SRAM");   /* 1 MB lanai4 */
    build(&x); w32(&x, 64, 0xFFFFFFF0); expect_error(&x, "wrap.elf", "outside SRAM");
    build(&x); w32(&x, 68, 64); expect_error(&x, "filesz.elf", "exceeds memory size");
    build(&x); w32(&x, 56, 2000); expect_error(&x, "truncseg.elf", "truncated");
    build(&x); x.n = 40; expect_error(&x, "short.elf", "truncated");
    build(&x); x.n = 60; expect_error(&x, "shortph.elf", "truncated");
    build(&x); w32(&x, 52, 0); expect_error(&x, "noload.elf", "no loadable");
    char err[256] = "";
    lanai_core *c = iss_core("lanai4");
    ASSERT_EQ(lanai_load_elf(c, "/nonexistent/fw.elf", err, sizeof err), -1);
    ASSERT_TRUE(strstr(err, "/nonexistent/fw.elf") != NULL);
    lanai_free(c);
}
