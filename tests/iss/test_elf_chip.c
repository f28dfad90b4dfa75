/* The chip marker (firmware/rt/chip_marker.S, linked by lanai-cc --chip):
 * images built for a chip load on that chip's NI and are refused on the
 * other with a message naming the file; images without a marker (built with
 * --sram-size only, or hand-written) load anywhere; the marker adds no byte
 * to SRAM. Images are built with build/lanai-cc into build/tests/iss_chip/. */
#define _GNU_SOURCE
#include "../harness/harness.h"
#include "iss_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

/* volatile data, so the exit code comes from SRAM the loader filled */
static const char *const prog_src =
    "static volatile int tbl[4] = {10, 20, 42, 30};\n"
    "int main(void) { return tbl[2]; }\n";

static const char *scratch(void)
{
    static char dir[1024];
    if (!dir[0]) {
        char cmd[2200];
        snprintf(dir, sizeof dir, "%s/build/tests/iss_chip", harness_root());
        snprintf(cmd, sizeof cmd, "rm -rf '%s' && mkdir -p '%s'", dir, dir);
        if (system(cmd) != 0) harness_fail(__FILE__, __LINE__, "cannot create %s", dir);
    }
    return dir;
}

static void write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    if (!f) harness_fail(__FILE__, __LINE__, "cannot write %s", path);
    fputs(text, f);
    fclose(f);
}

/* Runs build/lanai-cc ARGS -o DIR/NAME.elf DIR/NAME.SUFFIX (source text
 * written first); returns lanai-cc's exit status, its stderr in *log. */
static int lanai_cc(const char *name, const char *suffix, const char *src, const char *args, char *elf,
                    size_t elflen, char **log)
{
    const char *d = scratch();
    char path[1200], errf[1200], cmd[4000];
    snprintf(path, sizeof path, "%s/%s.%s", d, name, suffix);
    snprintf(elf, elflen, "%s/%s.elf", d, name);
    snprintf(errf, sizeof errf, "%s/%s.log", d, name);
    write_text(path, src);
    snprintf(cmd, sizeof cmd, "'%s/build/lanai-cc' %s -o '%s' '%s' 2>'%s'", harness_root(), args, elf, path, errf);
    harness_note("%s", cmd);
    int st = system(cmd);
    *log = harness_read_file(errf);
    return st == -1 || !WIFEXITED(st) ? -1 : WEXITSTATUS(st);
}

/* Builds prog_src with args once per name; fails the test if lanai-cc fails. */
static const char *image(const char *name, const char *args)
{
    static struct { char name[32], elf[1200]; } built[8];
    static int n;
    for (int i = 0; i < n; i++)
        if (!strcmp(built[i].name, name)) return built[i].elf;
    if (n == 8) harness_fail(__FILE__, __LINE__, "too many images");
    char *log;
    if (lanai_cc(name, "c", prog_src, args, built[n].elf, sizeof built[n].elf, &log) != 0)
        harness_fail(__FILE__, __LINE__, "lanai-cc %s for %s failed:\n%s", args, name, log ? log : "");
    free(log);
    snprintf(built[n].name, sizeof built[n].name, "%s", name);
    return built[n++].elf;
}

static const char *l4(void) { return image("prog_l4", "--chip lanai4 -O2"); }
static const char *l9(void) { return image("prog_l9", "--chip lanai9 -O2"); }
static const char *plain(void) { return image("prog_plain", "--sram-size 1048576 -O2"); }

/* lanai_load_firmware on a fresh core of chip; 0 or -1, message in err. */
static int load_on(const lanai_profile *p, const char *elf, char *err, size_t errlen, int *exit_code)
{
    lanai_core *c = lanai_new(p);
    if (!c) harness_fail(__FILE__, __LINE__, "lanai_new failed");
    err[0] = 0;
    int r = lanai_load_firmware(c, elf, err, errlen);
    if (r == 0 && exit_code) {
        if (lanai_run(c, 1000000) != LANAI_HALTED) harness_fail(__FILE__, __LINE__, "%s did not halt on %s", elf, p->name);
        *exit_code = (int)lanai_exit_code(c);
    }
    lanai_free(c);
    return r;
}

static int marker_of(const char *elf)
{
    int chip = -1;
    char err[600];
    if (lanai_elf_chip(elf, &chip, err, sizeof err) != 0) harness_fail(__FILE__, __LINE__, "lanai_elf_chip: %s", err);
    return chip;
}

TEST(iss_chip, build_marks_the_chip)
{
    ASSERT_EQ(marker_of(l4()), CHIP_LANAI4);
    ASSERT_EQ(marker_of(l9()), CHIP_LANAI9);
    ASSERT_EQ(marker_of(plain()), 0);
    /* an explicit LANAI_CHIP (what the code is compiled for) names the marker */
    ASSERT_EQ(marker_of(image("prog_macro9", "-DLANAI_CHIP=9 -O2")), CHIP_LANAI9);
    ASSERT_EQ(marker_of(image("prog_default", "-O2")), CHIP_LANAI4);   /* lanai-cc's default chip */
}

/* The image loads on the chip and its program exits with 42. */
#define ASSERT_RUNS(prof, path)                                          \
    do {                                                                 \
        char err_[600];                                                  \
        int code_ = -1;                                                  \
        ASSERT_EQ(load_on(prof, path, err_, sizeof err_, &code_), 0);    \
        ASSERT_EQ(code_, 42);                                            \
    } while (0)

TEST(iss_chip, loads_and_runs_on_its_own_chip)
{
    ASSERT_RUNS(&lanai4_profile, l4());
    ASSERT_RUNS(&lanai9_profile, l9());
}

TEST(iss_chip, refused_on_the_other_chip_naming_the_file)
{
    char err[600], want[1600];
    const char *e4 = l4(), *e9 = l9();
    ASSERT_EQ(load_on(&lanai9_profile, e4, err, sizeof err, NULL), -1);
    snprintf(want, sizeof want, "%s: firmware built for lanai4, but the NI is a lanai9 (rebuild with --chip lanai9)", e4);
    ASSERT_STR_EQ(err, want);
    ASSERT_EQ(load_on(&lanai4_profile, e9, err, sizeof err, NULL), -1);
    snprintf(want, sizeof want, "%s: firmware built for lanai9, but the NI is a lanai4 (rebuild with --chip lanai4)", e9);
    ASSERT_STR_EQ(err, want);

    /* without a core: the check the scenario loader uses */
    ASSERT_EQ(lanai_elf_check_chip(e4, &lanai9_profile, err, sizeof err), 1);
    ASSERT_TRUE(strstr(err, "built for lanai4, but the NI is a lanai9") != NULL);
    ASSERT_EQ(lanai_elf_check_chip(e4, &lanai4_profile, err, sizeof err), 0);
    ASSERT_EQ(lanai_elf_check_chip("/nonexistent/fw.elf", &lanai4_profile, err, sizeof err), -1);
}

TEST(iss_chip, refusal_leaves_sram_untouched)
{
    lanai_core *c = lanai_new(&lanai9_profile);
    uint8_t *m = lanai_sram(c);
    for (uint32_t i = 0; i < 4096; i++) m[i] = (uint8_t)(i * 7 + 1);
    char err[600];
    ASSERT_EQ(lanai_load_firmware(c, l4(), err, sizeof err), -1);
    int same = 1;
    for (uint32_t i = 0; i < 4096; i++) same &= m[i] == (uint8_t)(i * 7 + 1);
    ASSERT_TRUE(same);
    ASSERT_EQ(lanai_image_end(c), 0);
    lanai_free(c);
}

TEST(iss_chip, image_without_marker_loads_on_both)
{
    ASSERT_RUNS(&lanai4_profile, plain());
    ASSERT_RUNS(&lanai9_profile, plain());
}

/* A hand-made ELF: header and one PT_LOAD, no section headers at all. */
TEST(iss_chip, hand_written_elf_without_sections_loads)
{
    uint8_t f[52 + 32 + 8] = {0x7F, 'E', 'L', 'F', 1, 2, 1};
    const uint32_t code[2] = {E_NOP, E_EXIT};
#define PUT16(o, v) (f[o] = (uint8_t)((v) >> 8), f[(o) + 1] = (uint8_t)(v))
#define PUT32(o, v) (PUT16(o, (v) >> 16), PUT16((o) + 2, (v) & 0xFFFF))
    PUT16(16, 2);        /* ET_EXEC */
    PUT16(18, 244);      /* EM_LANAI */
    PUT32(20, 1);
    PUT32(28, 52);       /* phoff */
    PUT16(40, 52);
    PUT16(42, 32);       /* phentsize */
    PUT16(44, 1);        /* phnum */
    PUT32(52, 1);        /* PT_LOAD */
    PUT32(56, 84);       /* offset */
    PUT32(64, 0);        /* paddr */
    PUT32(68, 8);        /* filesz */
    PUT32(72, 8);        /* memsz */
    for (int i = 0; i < 2; i++) PUT32(84 + 4 * i, code[i]);
#undef PUT32
#undef PUT16
    char path[1200], err[600];
    snprintf(path, sizeof path, "%s/hand.elf", scratch());
    FILE *o = fopen(path, "wb");
    ASSERT_TRUE(o != NULL);
    ASSERT_EQ(fwrite(f, 1, sizeof f, o), sizeof f);
    fclose(o);
    int chip = -1;
    ASSERT_EQ(lanai_elf_chip(path, &chip, err, sizeof err), 0);
    ASSERT_EQ(chip, 0);
    int exit_code = -1;
    ASSERT_EQ(load_on(&lanai4_profile, path, err, sizeof err, &exit_code), 0);
    ASSERT_EQ(exit_code, 0);
    ASSERT_EQ(load_on(&lanai9_profile, path, err, sizeof err, &exit_code), 0);
}

/* The raw loader is for bare cores running chip-neutral programs (the
 * conformance suite builds once with --chip lanai4 and runs on both). */
TEST(iss_chip, raw_loader_ignores_the_marker)
{
    lanai_core *c = lanai_new(&lanai9_profile);
    char err[600];
    ASSERT_EQ(lanai_load_elf(c, l4(), err, sizeof err), 0);
    ASSERT_EQ(lanai_run(c, 1000000), LANAI_HALTED);
    ASSERT_EQ(lanai_exit_code(c), 42);
    lanai_free(c);
}

/* Same program with and without the marker: every SRAM byte identical. */
TEST(iss_chip, marker_adds_no_sram_byte)
{
    lanai_core *a = lanai_new(&lanai4_profile), *b = lanai_new(&lanai4_profile);
    char err[600];
    ASSERT_EQ(lanai_load_firmware(a, l4(), err, sizeof err), 0);
    ASSERT_EQ(lanai_load_firmware(b, plain(), err, sizeof err), 0);
    ASSERT_TRUE(lanai_image_end(a) > 0);
    ASSERT_EQ(lanai_image_end(a), lanai_image_end(b));
    ASSERT_MEM_EQ(lanai_sram(a), lanai_sram(b), lanai_sram_size(a));
    lanai_free(a);
    lanai_free(b);
}

/* A symbol of the marker's name that is not an absolute 4 or 9. */
TEST(iss_chip, malformed_marker_is_an_error)
{
    static const char *const bad[][2] = {
        {"bad_value", "    .globl __lanai_chip\n    .set __lanai_chip, 7\n"},
        {"bad_label", "    .data\n    .globl __lanai_chip\n__lanai_chip:\n    .long 4\n"},
    };
    for (int i = 0; i < 2; i++) {
        char marker[1200], *log, args[1400];
        const char *d = scratch();
        snprintf(marker, sizeof marker, "%s/%s.s", d, bad[i][0]);
        write_text(marker, bad[i][1]);
        snprintf(args, sizeof args, "--sram-size 1048576 -O2 '%s'", marker);
        char elf[1200];
        if (lanai_cc(bad[i][0], "c", prog_src, args, elf, sizeof elf, &log) != 0)
            harness_fail(__FILE__, __LINE__, "lanai-cc failed:\n%s", log ? log : "");
        free(log);
        char err[600];
        int chip = -1;
        harness_note("%s", bad[i][0]);
        ASSERT_EQ(lanai_elf_chip(elf, &chip, err, sizeof err), -1);
        ASSERT_TRUE(strstr(err, elf) == err && strstr(err, "bad chip marker") != NULL);
        ASSERT_EQ(load_on(&lanai4_profile, elf, err, sizeof err, NULL), -1);
        ASSERT_TRUE(strstr(err, "bad chip marker") != NULL);
    }
}

TEST(iss_chip, lanai_cc_rejects_other_chip_macros)
{
    char elf[1200], *log;
    ASSERT_EQ(lanai_cc("prog_macro7", "c", prog_src, "-DLANAI_CHIP=7", elf, sizeof elf, &log), 2);
    ASSERT_TRUE(log && strstr(log, "LANAI_CHIP must be 4 or 9") != NULL);
    free(log);
}

/* build/lanai-run: the image's chip by default, a contrary --chip refused. */
static int run_tool(const char *args, char **out, char **err)
{
    char o[1200], e[1200], cmd[4000];
    snprintf(o, sizeof o, "%s/run.out", scratch());
    snprintf(e, sizeof e, "%s/run.err", scratch());
    snprintf(cmd, sizeof cmd, "'%s/build/lanai-run' %s >'%s' 2>'%s'", harness_root(), args, o, e);
    int st = system(cmd);
    *out = harness_read_file(o);
    *err = harness_read_file(e);
    if (st == -1 || !WIFEXITED(st)) harness_fail(__FILE__, __LINE__, "lanai-run did not exit normally");
    return WEXITSTATUS(st);
}

TEST(iss_chip, lanai_run_follows_the_marker)
{
    char args[1400], *out, *err;
    snprintf(args, sizeof args, "'%s'", l4());
    ASSERT_EQ(run_tool(args, &out, &err), 42);
    harness_note("stderr: %s", err);
    ASSERT_TRUE(strstr(err, "lanai4,") != NULL && strstr(err, "at 33 MHz") != NULL);
    free(out), free(err);

    snprintf(args, sizeof args, "'%s' --chip lanai9", l4());
    ASSERT_EQ(run_tool(args, &out, &err), 2);
    harness_note("stderr: %s", err);
    ASSERT_TRUE(strstr(err, l4()) != NULL);
    ASSERT_TRUE(strstr(err, "firmware built for lanai4, but the NI is a lanai9 (rebuild with --chip lanai9)") != NULL);
    free(out), free(err);

    snprintf(args, sizeof args, "'%s'", plain());   /* no marker: the tool's default, lanai9 */
    ASSERT_EQ(run_tool(args, &out, &err), 42);
    ASSERT_TRUE(strstr(err, "lanai9,") != NULL);
    free(out), free(err);
}
