/* myrisim baseline / regress / profile end to end (docs/regress.md): a
 * slowed GRIM send function fails the comparison and is named first (also
 * when it is inlined: then the function it is inlined into), an edit that
 * executes no different instruction passes, the JUnit report validates, a
 * missing or corrupt baseline is named with its line. */
#include "../harness/harness.h"
#include "../sim/sim_util.h"
#include "../../sim/regress/baseline.h"
#include "../../sim/regress/compare.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* GRIM AM and RM-P on LANai 9 at 4 bytes: two quick full-model runs (one
 * chip: building GRIM is the slow part of these tests). */
static const char *const grim_cfg =
    "name = \"t_regress_grim\";\n"
    "title = \"test: GRIM on LANai 9\";\n"
    "cluster = { nodes = 2; ni = \"lanai9\"; host = \"p3-550\"; pci = \"pci32-33\"; topology = { kind = \"switch\"; }; };\n"
    "experiment = { kind = \"host\"; program = \"grim_pingpong\"; elf = \"build/fw/grim/grim.l9.elf\";\n"
    "  params = { IF = \"am\"; LAT_BYTES = 4; BYTES = 4; ITERS = 3; ITERS_LARGE = 2; WARMUP = 1; FRAG = 16384; SEG = 1024; };\n"
    "  time_limit_us = 4e6; };\n"
    "series = (\n"
    "  { name = \"AM\"; },\n"
    "  { name = \"RM-P\"; experiment = { params = { IF = \"rmp\"; }; }; }\n"
    ");\n"
    "measurements = [ \"latency_us\", \"rtt_us\" ];\n";

/* A copy of firmware/grim in dir/src with `insert` placed after the first
 * occurrence of `after` in send.c (NULL: appended), built for LANai 9 into
 * dir/grim.l9.elf. */
static void build_grim(const char *dir, const char *after, const char *insert)
{
    const char *root = harness_root();
    char cmd[4096];
    snprintf(cmd, sizeof cmd, "mkdir -p '%s/src' && cp '%s'/firmware/grim/*.c '%s'/firmware/grim/*.h '%s/src/'", dir,
             root, root, dir);
    ASSERT_EQ(system(cmd), 0);
    char path[1024];
    snprintf(path, sizeof path, "%s/src/send.c", dir);
    char *src = harness_read_file(path);
    ASSERT_TRUE(src != NULL);
    char *out;
    if (after) {
        char *at = strstr(src, after);
        ASSERT_TRUE(at != NULL);
        size_t k = (size_t)(at - src) + strlen(after);
        out = malloc(strlen(src) + strlen(insert) + 1);
        memcpy(out, src, k);
        strcpy(out + k, insert);
        strcat(out, src + k);
    } else {
        out = malloc(strlen(src) + strlen(insert) + 1);
        strcpy(out, src);
        strcat(out, insert);
    }
    sim_write(path, out);
    free(out);
    free(src);
    snprintf(cmd, sizeof cmd,
             "'%s/build/lanai-cc' --chip lanai9 -O2 -I'%s/src' --map '%s/grim.l9.map' -o '%s/grim.l9.elf' '%s'/src/*.c",
             root, dir, dir, dir, dir);
    ASSERT_EQ(system(cmd), 0);
    /* the debug twins that let regress name inlined functions (mk/regress.mk) */
    snprintf(cmd, sizeof cmd,
             "mkdir -p '%s/grim.l9.dbg' && for f in '%s'/src/*.c; do b=$(basename \"$f\" .c); "
             "clang-14 --target=lanai -ffreestanding -fno-builtin -I'%s/firmware/rt/include' -I'%s/firmware/hal' "
             "-O2 -I'%s/src' -DLANAI_CHIP=9 -g -gdwarf-4 -c \"$f\" -o '%s/grim.l9.dbg/'\"$b\".o || exit 1; done",
             dir, dir, root, root, dir, dir);
    ASSERT_EQ(system(cmd), 0);
}

#define NOPS "__asm__ volatile(\"nop\\nnop\\nnop\\nnop\\nnop\\nnop\\nnop\\nnop\\nnop\\nnop\\n" \
             "nop\\nnop\\nnop\\nnop\\nnop\\nnop\\nnop\\nnop\\nnop\\nnop\\nnop\\nnop\\nnop\\nnop\\n" \
             "nop\\nnop\\nnop\\nnop\\nnop\\nnop\\nnop\\nnop\\nnop\\nnop\\nnop\\nnop\\nnop\\nnop\\nnop\\nnop\");\n"

/* The scratch directory with the scenario and its baseline recorded. */
static const char *recorded(const char *name)
{
    const char *d = sim_scratch(name);
    char p[1024];
    snprintf(p, sizeof p, "%s/grim.cfg", d);
    sim_write(p, grim_cfg);
    ASSERT_EQ(sim_cli("baseline %s/grim.cfg --out %s/bl", d, d), 0);
    return d;
}

/* The first function line of regress's attribution. */
static const char *first_function(const char *out, char *buf, size_t len)
{
    const char *h = strstr(out, "changed most");
    if (!h) return "";
    h = strchr(h, '\n');
    if (!h) return "";
    h++;
    while (*h == ' ') h++;
    size_t l = strcspn(h, " ");
    snprintf(buf, len, "%.*s", (int)l, h);
    return buf;
}

static int xmllint_ok(const char *xml)
{
    char cmd[2048];
    snprintf(cmd, sizeof cmd, "xmllint --noout --schema '%s/scenarios/regress/junit.xsd' '%s' 2>/dev/null",
             harness_root(), xml);
    return system(cmd) == 0;
}

TEST(regress_cli, slowed_send_function_fails_and_is_named_first)
{
    const char *d = recorded("regress_slow");
    char img[1024], buf[128];
    snprintf(img, sizeof img, "%s/slow", d);
    build_grim(img, "int tx_new(unsigned lc)\n{\n", NOPS);
    int rc = sim_cli("regress %s/grim.cfg --baselines %s/bl --images %s --junit %s/junit.xml", d, d, img, d);
    harness_note("%s", sim_stdout());
    ASSERT_EQ(rc, 1);
    ASSERT_STR_EQ(first_function(sim_stdout(), buf, sizeof buf), "tx_new");
    ASSERT_TRUE(strstr(sim_stdout(), "latency_us") != NULL);
    char xml[1024];
    snprintf(xml, sizeof xml, "%s/junit.xml", d);
    ASSERT_TRUE(xmllint_ok(xml));
    ASSERT_TRUE(strstr(sim_read(xml, NULL), "<failure") != NULL);
    /* the same two versions side by side: ab with two image directories */
    ASSERT_EQ(sim_cli("ab --a %s/build/fw/grim --b %s %s/grim.cfg --format json --out %s/ab", harness_root(), img, d, d),
              0);
    const char *js = sim_stdout();
    ASSERT_TRUE(strstr(js, "\"what\": \"fingerprint\", \"equal\": false") != NULL);
    ASSERT_TRUE(strstr(js, "\"what\": \"latency_us\", \"a\": ") != NULL);
    const char *fn = strstr(js, "\"functions\": [");
    ASSERT_TRUE(fn && strstr(fn, "\"function\": \"tx_new\""));
    char p[1200];
    snprintf(p, sizeof p, "%s/ab/ab.md", d);
    ASSERT_TRUE(strstr(sim_read(p, NULL), "| tx_new |") != NULL);
    snprintf(p, sizeof p, "%s/ab/t_regress_grim/am-0.ni0.diff.svg", d);
    ASSERT_TRUE(sim_exists(p));
}

TEST(regress_cli, slowed_inlined_function_is_named)
{
    /* start_packet is always inlined (AI) into tx_new and tx_resend; the
     * debug twins' DWARF gives its cycles back to it */
    const char *d = recorded("regress_slow_inline");
    char img[1024], buf[128];
    snprintf(img, sizeof img, "%s/slow", d);
    build_grim(img, "void start_packet(unsigned m, unsigned o, unsigned dni, unsigned n, unsigned len, int last)\n{\n",
               NOPS);
    ASSERT_EQ(sim_cli("regress %s/grim.cfg --baselines %s/bl --images %s --junit %s/junit.xml", d, d, img, d), 1);
    harness_note("%s", sim_stdout());
    ASSERT_STR_EQ(first_function(sim_stdout(), buf, sizeof buf), "start_packet");
}

TEST(regress_cli, edit_executing_nothing_new_passes)
{
    const char *d = recorded("regress_noop");
    char img[1024];
    snprintf(img, sizeof img, "%s/noop", d);
    build_grim(img, NULL, "\nvoid grim_never_called(void);\nvoid grim_never_called(void) { " NOPS "}\n");
    /* the image differs, the executed instructions do not */
    char a[1200], b[1200];
    snprintf(a, sizeof a, "%s/grim.l9.elf", img);
    snprintf(b, sizeof b, "%s/build/fw/grim/grim.l9.elf", harness_root());
    ASSERT_TRUE(!sim_same_file(a, b));
    int rc = sim_cli("regress %s/grim.cfg --baselines %s/bl --images %s --junit %s/junit.xml", d, d, img, d);
    harness_note("%s", sim_stdout());
    ASSERT_EQ(rc, 0);
    char xml[1024];
    snprintf(xml, sizeof xml, "%s/junit.xml", d);
    ASSERT_TRUE(xmllint_ok(xml));
    ASSERT_TRUE(strstr(sim_read(xml, NULL), "<failure") == NULL);
}

TEST(regress_cli, missing_baseline_names_the_file)
{
    const char *d = sim_scratch("regress_missing");
    char p[1024];
    snprintf(p, sizeof p, "%s/grim.cfg", d);
    sim_write(p, grim_cfg);
    ASSERT_EQ(sim_cli("regress %s/grim.cfg --baselines %s/none --junit %s/junit.xml", d, d, d), 2);
    char want[1200];
    snprintf(want, sizeof want, "%s/none/grim.txt: cannot read the baseline", d);
    ASSERT_TRUE(strstr(sim_stderr(), want) != NULL);
    snprintf(p, sizeof p, "%s/junit.xml", d);
    ASSERT_TRUE(xmllint_ok(p));             /* written anyway, with the error as a failure */
    ASSERT_TRUE(strstr(sim_read(p, NULL), "cannot read the baseline") != NULL);
}

TEST(regress_cli, corrupt_baseline_names_file_and_line)
{
    const char *d = sim_scratch("regress_corrupt");
    char p[1024], err[2048];
    snprintf(p, sizeof p, "%s/bad.txt", d);
    sim_write(p, "# x\nscenario s f.cfg\n\nrun a @ 1\nmetric latency_us 1.5\nfingerprint 12345 7\n");
    baseline b;
    ASSERT_EQ(baseline_read(&b, p, err, sizeof err), -1);
    char want[1200];
    snprintf(want, sizeof want, "%s:6: the fingerprint must be 16 hex digits", p);
    ASSERT_STR_EQ(strstr(err, want) ? want : err, want);
    sim_write(p, "scenario s f.cfg\nrun a @ 1\nmetric latency_us 1.5x\n");
    ASSERT_EQ(baseline_read(&b, p, err, sizeof err), -1);
    snprintf(want, sizeof want, "%s:3: the metric's value is not a number", p);
    ASSERT_STR_EQ(err, want);
    sim_write(p, "run a @ 1\n");
    ASSERT_EQ(baseline_read(&b, p, err, sizeof err), -1);
    snprintf(want, sizeof want, "%s:1: the first line must be 'scenario NAME FILE'", p);
    ASSERT_STR_EQ(err, want);
    sim_write(p, "scenario s f.cfg\nrun a @ 1\nfn 0 12 3 main\n");
    ASSERT_EQ(baseline_read(&b, p, err, sizeof err), -1);
    snprintf(want, sizeof want, "%s:3: no 'ni' line for this NI before its functions", p);
    ASSERT_STR_EQ(err, want);
}

TEST(regress_cli, fingerprint_alone_fails_a_run)
{
    /* every metric equal, the observable records differ: caught */
    baseline a = {0}, b = {0};
    snprintf(a.scenario, sizeof a.scenario, "s");
    bl_run ra = {0}, rb = {0};
    snprintf(ra.label, sizeof ra.label, "x @ 1");
    snprintf(rb.label, sizeof rb.label, "x @ 1");
    bl_add_metric(&ra, "latency_us", 10.5);
    bl_add_metric(&rb, "latency_us", 10.5);
    ra.has_fp = rb.has_fp = 1;
    ra.fp = 0x1111;
    rb.fp = 0x2222;
    ra.records = rb.records = 40;
    a.run = &ra;
    b.run = &rb;
    a.nrun = b.nrun = 1;
    scen_cmp c;
    compare_baselines(&a, &b, NULL, &c);
    ASSERT_EQ(c.failed, 1);
    int fp_failed = 0;
    for (int i = 0; i < c.nitem; i++) fp_failed |= !c.item[i].ok && !strcmp(c.item[i].what, "fingerprint");
    ASSERT_TRUE(fp_failed);
    compare_free(&c);
    rb.fp = 0x1111;
    compare_baselines(&a, &b, NULL, &c);
    ASSERT_EQ(c.failed, 0);
    compare_free(&c);
    free(ra.m);
    free(rb.m);
}

TEST(regress_cli, tolerance_declared_by_the_scenario)
{
    const char *d = sim_scratch("regress_tol");
    char p[1024], err[1024];
    snprintf(p, sizeof p, "%s/t.cfg", d);
    sim_write(p, "regress_tolerance = [ \"latency_us=0.01\" ];\n");
    tol_list t;
    ASSERT_EQ(regress_tolerances(p, &t, err, sizeof err), 0);
    baseline a = {0}, b = {0};
    bl_run ra = {0}, rb = {0};
    bl_add_metric(&ra, "latency_us", 10.0);
    bl_add_metric(&rb, "latency_us", 10.05);     /* 0.5%: within 1% */
    bl_add_metric(&ra, "rtt_us", 20.0);
    bl_add_metric(&rb, "rtt_us", 20.0000001);    /* exact: fails */
    a.run = &ra;
    b.run = &rb;
    a.nrun = b.nrun = 1;
    scen_cmp c;
    compare_baselines(&a, &b, &t, &c);
    ASSERT_EQ(c.failed, 1);
    for (int i = 0; i < c.nitem; i++)
        if (!c.item[i].ok) ASSERT_STR_EQ(c.item[i].what, "rtt_us");
    compare_free(&c);
    free(ra.m);
    free(rb.m);
    sim_write(p, "regress_tolerance = [ \"latency_us\" ];\n");
    ASSERT_EQ(regress_tolerances(p, &t, err, sizeof err), -1);
    ASSERT_TRUE(strstr(err, "t.cfg:1: regress_tolerance: 'latency_us' is not METRIC=RELATIVE") != NULL);
}

TEST(regress_cli, profile_writes_tables_folded_stacks_and_flame_graphs)
{
    const char *d = sim_scratch("regress_profile");
    char p[1024];
    snprintf(p, sizeof p, "%s/grim.cfg", d);
    sim_write(p, grim_cfg);
    ASSERT_EQ(sim_cli("profile %s/grim.cfg --series RM-P --out %s/a", d, d), 0);
    ASSERT_TRUE(strstr(sim_stdout(), "_start;main;") != NULL);      /* call paths below main */
    ASSERT_EQ(sim_cli("profile %s/grim.cfg --series RM-P --out %s/b --diff %s/a", d, d, d), 0);
    const char *files[] = {"a/ni0.folded", "a/ni1.svg", "a/profile.txt", "b/ni0.diff.svg"};
    for (int i = 0; i < 4; i++) {
        snprintf(p, sizeof p, "%s/%s", d, files[i]);
        ASSERT_TRUE(sim_exists(p));
    }
    char a[1024], b[1024];
    snprintf(a, sizeof a, "%s/a/ni0.folded", d);
    snprintf(b, sizeof b, "%s/b/ni0.folded", d);
    ASSERT_TRUE(sim_same_file(a, b));        /* deterministic */
    /* some path three calls below main: rx_poll -> rx_fast -> ctl_fast today */
    const char *folded = sim_read(a, NULL), *deep = NULL;
    for (const char *l = folded; l && *l && !deep; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL) {
        int semis = 0;
        for (const char *c = l; *c && *c != '\n'; c++) semis += *c == ';';
        if (semis >= 4 && !strncmp(l, "_start;main;", 12)) deep = l;
    }
    ASSERT_TRUE(deep != NULL);
    snprintf(p, sizeof p, "xmllint --noout '%s/b/ni0.diff.svg'", d);
    ASSERT_EQ(system(p), 0);
}

TEST(regress_cli, fingerprint_catches_what_every_metric_keeps)
{
    /* TPIL's injection time is measured before the NI checksums the data;
     * forty more instructions in the checksum move every later observable
     * record but no measurement (sim_us, the run's end, has a tolerance) */
    const char *d = sim_scratch("regress_fp_only");
    char cmd[2048], p[1024], cfg[2048];
    snprintf(cmd, sizeof cmd, "cp '%s/firmware/bench/host_dma.c' '%s/firmware/bench/host_mbox.h' '%s/'", harness_root(),
             harness_root(), d);
    ASSERT_EQ(system(cmd), 0);
    snprintf(cfg, sizeof cfg,
             "name = \"t_fp_only\";\ntitle = \"t\";\n"
             "cluster = { nodes = 1; ni = \"lanai9\"; host = \"p3-550\"; pci = \"pci32-33\"; };\n"
             "experiment = { kind = \"host\"; program = \"tpil_point\"; firmware = \"%s/host_dma.c\";\n"
             "  params = { BYTES = 1024; MECH = \"sse\"; ITERS = 3; }; };\n"
             "measurements = [ \"bandwidth_mbs\", \"time_us\" ];\n"
             "regress_tolerance = [ \"sim_us=0.01\" ];\n", d);
    snprintf(p, sizeof p, "%s/t.cfg", d);
    sim_write(p, cfg);
    ASSERT_EQ(sim_cli("baseline %s/t.cfg --out %s/bl", d, d), 0);
    snprintf(p, sizeof p, "%s/host_dma.c", d);
    char *src = harness_read_file(p);
    ASSERT_TRUE(src != NULL);
    const char *at = "    while (s >> 16) s = (s & 0xFFFFu) + (s >> 16);\n";
    char *mod = sim_replace(src, at, "    while (s >> 16) s = (s & 0xFFFFu) + (s >> 16);\n    " NOPS);
    ASSERT_TRUE(strcmp(mod, src) != 0);
    sim_write(p, mod);
    free(src);
    int rc = sim_cli("regress %s/t.cfg --baselines %s/bl --junit %s/junit.xml", d, d, d);
    harness_note("%s", sim_stdout());
    ASSERT_EQ(rc, 1);
    ASSERT_TRUE(strstr(sim_stdout(), "1 of ") != NULL);             /* one comparison changed: */
    ASSERT_TRUE(strstr(sim_stdout(), "| fingerprint: fingerprint ") != NULL);
}
