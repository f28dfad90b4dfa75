/* build/lanai-run end to end: firmware compiled with build/lanai-cc (clang-14
 * + lanai-ld), console on stdout, summary/trace/fault report on stderr,
 * exit status by outcome, deterministic output, clear usage errors. */
#include "../harness/harness.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

static char dir[1024];

static const char *tmp(const char *name)
{
    static char path[4][1200];
    static int k;
    char cmd[1300];
    snprintf(dir, sizeof dir, "%s/build/tests/iss_run", harness_root());
    snprintf(cmd, sizeof cmd, "mkdir -p '%s'", dir);
    if (system(cmd) != 0) harness_fail(__FILE__, __LINE__, "mkdir %s failed", dir);
    k = (k + 1) % 4;
    snprintf(path[k], sizeof path[k], "%s/%s", dir, name);
    return path[k];
}

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    if (!f) harness_fail(__FILE__, __LINE__, "cannot write %s", path);
    fputs(text, f);
    fclose(f);
}

/* The file's text; "" if it is missing (a tool that wrote nothing). */
static char *read_file(const char *path)
{
    char *s = harness_read_file(path);
    return s ? s : strdup("");
}

/* Compile one C source into an image for chip. */
static const char *firmware(const char *name, const char *src)
{
    char c_path[1200], elf[1200], cmd[4000];
    snprintf(c_path, sizeof c_path, "%s", tmp(name));
    strcat(c_path, ".c");
    snprintf(elf, sizeof elf, "%s", tmp(name));
    strcat(elf, ".elf");
    write_file(c_path, src);
    snprintf(cmd, sizeof cmd, "'%s/build/lanai-cc' -o '%s' --chip lanai9 -O2 '%s' 2>'%s.err'", harness_root(), elf, c_path, elf);
    if (system(cmd) != 0) harness_fail(__FILE__, __LINE__, "lanai-cc failed for %s (see %s.err)", name, elf);
    static char out[1200];
    snprintf(out, sizeof out, "%s", elf);
    return out;
}

/* Run lanai-run with args; returns the exit status, *out / *err get the streams. */
static int run_tool(const char *args, char **out, char **err)
{
    char cmd[4000];
    const char *o = tmp("stdout.txt");
    char o_path[1200];
    snprintf(o_path, sizeof o_path, "%s", o);
    const char *e = tmp("stderr.txt");
    snprintf(cmd, sizeof cmd, "'%s/build/lanai-run' %s >'%s' 2>'%s'", harness_root(), args, o_path, e);
    int st = system(cmd);
    *out = read_file(o_path);
    *err = read_file(e);
    if (st == -1 || !WIFEXITED(st)) harness_fail(__FILE__, __LINE__, "lanai-run did not exit normally");
    return WEXITSTATUS(st);
}

static void expect_in(const char *text, const char *what)
{
    if (!strstr(text, what)) harness_fail(__FILE__, __LINE__, "missing \"%s\" in:\n%.2000s", what, text);
}

TEST(iss_tool, console_exit_code_and_summary)
{
    const char *elf = firmware("hello", "#include \"console.h\"\nint main(void) { con_printf(\"hello %d\\n\", 42); return 3; }\n");
    char args[1400], *out, *err;
    snprintf(args, sizeof args, "'%s'", elf);
    ASSERT_EQ(run_tool(args, &out, &err), 3);
    ASSERT_STR_EQ(out, "hello 42\n");
    expect_in(err, "halted, exit code 3");
    expect_in(err, "instructions");
    expect_in(err, "cycles");
    expect_in(err, "simulated at 133 MHz");
    ASSERT_TRUE(strstr(err, "host speed") == NULL);   /* no wall clock unless asked */
    /* deterministic: the same run prints the same bytes */
    char *out2, *err2;
    ASSERT_EQ(run_tool(args, &out2, &err2), 3);
    ASSERT_STR_EQ(out2, out);
    ASSERT_STR_EQ(err2, err);
    free(out); free(err); free(out2); free(err2);
}

TEST(iss_tool, fault_report_names_the_function)
{
    const char *elf = firmware("poke",
        "__attribute__((noinline)) void poke(void) { *(volatile unsigned *)0x80000000u = 1; }\n"
        "int main(void) { poke(); return 0; }\n");
    char args[1400], *out, *err;
    snprintf(args, sizeof args, "'%s' --chip lanai9", elf);
    ASSERT_EQ(run_tool(args, &out, &err), 70);
    expect_in(err, "bus error");
    expect_in(err, "lanai9");
    expect_in(err, "poke+0x");
    expect_in(err, "address:     0x80000000");
    free(out); free(err);
}

TEST(iss_tool, cycle_limit_and_trace)
{
    const char *elf = firmware("spin", "int main(void) { for (;;) __asm__ volatile(\"\"); }\n");
    char args[1400], *out, *err;
    snprintf(args, sizeof args, "'%s' --max-cycles 1000", elf);
    ASSERT_EQ(run_tool(args, &out, &err), 71);
    expect_in(err, "did not halt within 1000 cycles (pc 0x");
    expect_in(err, ", main+0x");   /* the loop it spins in, by symbol */
    free(out); free(err);
    snprintf(args, sizeof args, "'%s' --max-cycles 60 --trace", elf);
    ASSERT_EQ(run_tool(args, &out, &err), 71);
    expect_in(err, "           0 00000000 ");   /* first line: cycle 0, pc 0 */
    expect_in(err, "main+0x");
    int lines = 0;
    for (const char *p = err; *p; p++) lines += *p == '\n';
    ASSERT_TRUE(lines >= 30);
    free(out); free(err);
}

TEST(iss_tool, usage_and_load_errors_exit_2)
{
    char *out, *err;
    ASSERT_EQ(run_tool("", &out, &err), 2);
    expect_in(err, "usage");
    free(out); free(err);
    ASSERT_EQ(run_tool("/nonexistent/x.elf", &out, &err), 2);
    expect_in(err, "/nonexistent/x.elf");
    free(out); free(err);
    ASSERT_EQ(run_tool("x.elf --chip lanai7", &out, &err), 2);
    expect_in(err, "unknown chip 'lanai7'");
    free(out); free(err);
    ASSERT_EQ(run_tool("x.elf --max-cycles ten", &out, &err), 2);
    expect_in(err, "--max-cycles");
    free(out); free(err);
    const char *txt = tmp("not-elf.elf");
    write_file(txt, "this is not firmware\n");
    char args[1400];
    snprintf(args, sizeof args, "'%s'", txt);
    ASSERT_EQ(run_tool(args, &out, &err), 2);
    expect_in(err, "not an ELF file");
    free(out); free(err);
}
