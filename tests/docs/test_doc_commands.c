/* The docs test: every shell command in README.md and docs/ *.md runs and
 * exits 0, so the docs cannot go stale.
 *
 * What counts: fenced blocks labelled ```sh are commands, one per line (a
 * trailing backslash continues a line, # starts a comment). A ```c block
 * whose first line is a comment naming a file ("/" "* hello.c *" "/") is
 * that file: it is written first, so the commands that build it find it.
 * An unlabelled block that starts like a command (build/, make ) is an
 * error: label it sh (or text, if it is not meant to be run).
 *
 * Where: a scratch copy of the repository, build/tests/docs/repo, whose
 * entries are links to the real ones except results/ (a copy, since
 * commands there write results/NAME/ and results/REPORT.md) and build/
 * (the real one: the tools and the firmware cache). "/tmp/" in a command
 * becomes the scratch's tmp/, so nothing leaves build/. Each command has
 * a time limit; the whole test takes a few seconds once firmware is
 * cached.
 *
 * A few commands are not run; each is listed in `skipped` with why. */
#define _GNU_SOURCE
#include "../harness/harness.h"

#include <dirent.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define CMD_LIMIT_S 300   /* generous: the sweep examples run dozens of simulations on a possibly loaded machine */

/* Commands not run, by their text, with the reason. */
static const struct {
    const char *cmd, *why;
} skipped[] = {
    {"make run", "builds everything and runs the main job (a minute): CI's own first step, not a test's"},
    {"make test", "runs the whole suite, this test included"},
    {"make all", "the suite runs after `make all` has built everything; a second build here would race it"},
};

static const char *skip_reason(const char *cmd)
{
    for (size_t i = 0; i < sizeof skipped / sizeof skipped[0]; i++)
        if (!strcmp(cmd, skipped[i].cmd)) return skipped[i].why;
    return NULL;
}

typedef struct {
    char doc[64];
    int line;
    char text[1024];
} doc_cmd;

typedef struct {
    doc_cmd *cmd;
    int n, cap;
    int unlabelled;    /* command-like blocks without a label */
} doc_set;

static void add_cmd(doc_set *s, const char *doc, int line, const char *text)
{
    if (s->n == s->cap) {
        s->cap = s->cap ? 2 * s->cap : 32;
        s->cmd = realloc(s->cmd, (size_t)s->cap * sizeof *s->cmd);
    }
    doc_cmd *c = &s->cmd[s->n++];
    snprintf(c->doc, sizeof c->doc, "%s", doc);
    c->line = line;
    snprintf(c->text, sizeof c->text, "%s", text);
}

/* "text # comment" -> "text" (a # inside quotes is kept); trailing blanks go. */
static void strip_comment(char *s)
{
    char q = 0;
    for (char *p = s; *p; p++) {
        if (q) {
            if (*p == q) q = 0;
        } else if (*p == '"' || *p == '\'') {
            q = *p;
        } else if (*p == '#' && (p == s || p[-1] == ' ' || p[-1] == '\t')) {
            *p = 0;
            break;
        }
    }
    size_t n = strlen(s);
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\n')) s[--n] = 0;
}

/* The file a c block stands for: its first line is exactly a comment
 * naming it, "/" "* NAME *" "/" with NAME a plain file name; "" if not. */
static void block_file(const char *first, char *name, size_t n)
{
    name[0] = 0;
    char buf[128];
    if (sscanf(first, "/* %100s */", buf) != 1) return;
    for (const char *p = buf; *p; p++)
        if (!(*p == '.' || *p == '_' || *p == '-' || (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
              (*p >= '0' && *p <= '9')))
            return;
    char want[160];
    snprintf(want, sizeof want, "/* %s */", buf);
    if (!strncmp(first, want, strlen(want))) snprintf(name, n, "%s", buf);
}

/* Read one markdown file: its sh commands into s, its named c blocks
 * written into dir. */
static void read_doc(const char *root, const char *doc, const char *dir, doc_set *s)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", root, doc);
    FILE *f = fopen(path, "r");
    ASSERT_TRUE(f != NULL);
    char line[4096], cmd[1024] = "", lang[32] = "", fname[128] = "";
    int in = 0, indent = 0, lineno = 0, cmd_line = 0, first = 0;
    FILE *out = NULL;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        int sp = 0;
        while (line[sp] == ' ') sp++;
        if (!strncmp(line + sp, "```", 3)) {
            if (!in) {
                in = 1;
                first = 1;
                indent = sp;
                sscanf(line + sp + 3, "%31s", lang);
                if (line[sp + 3] == '\n' || line[sp + 3] == 0) lang[0] = 0;
            } else {
                in = 0;
                if (out) fclose(out);
                out = NULL;
                lang[0] = 0;
            }
            continue;
        }
        if (!in) continue;
        char *l = line + (sp < indent ? sp : indent);
        if (first && !lang[0] && (!strncmp(l, "build/", 6) || !strncmp(l, "make ", 5))) {
            harness_note("%s:%d: a command block without a label (```sh to run it, ```text if not)", doc, lineno);
            s->unlabelled++;
        }
        if (first && !strcmp(lang, "c")) {
            block_file(l, fname, sizeof fname);
            if (fname[0]) {
                char p[1400];
                snprintf(p, sizeof p, "%s/%s", dir, fname);
                out = fopen(p, "w");
                ASSERT_TRUE(out != NULL);
            }
        }
        first = 0;
        if (out) fputs(l, out);
        if (strcmp(lang, "sh")) continue;
        /* a command line, maybe continued */
        strip_comment(l);
        size_t n = strlen(l);
        int more = n && l[n - 1] == '\\';
        if (more) l[--n] = 0;
        if (!cmd[0]) cmd_line = lineno;
        const char *t = l;
        while (cmd[0] && *t == ' ') t++;   /* continuation: one blank between the parts */
        if (cmd[0] && cmd[strlen(cmd) - 1] != ' ') strncat(cmd, " ", sizeof cmd - strlen(cmd) - 1);
        strncat(cmd, t, sizeof cmd - strlen(cmd) - 1);
        if (more) continue;
        strip_comment(cmd);
        if (cmd[0]) add_cmd(s, doc, cmd_line, cmd);
        cmd[0] = 0;
    }
    if (out) fclose(out);
    fclose(f);
}

static int sh(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static int sh(const char *fmt, ...)
{
    char c[8192];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(c, sizeof c, fmt, ap);
    va_end(ap);
    int st = system(c);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* text with every "/tmp/" made "<tmp>/" and ' quoted for sh -c '...'. */
static void prepare(const char *text, const char *tmp, char *out, size_t n)
{
    size_t k = 0;
    for (const char *p = text; *p && k + 8 < n; p++) {
        if (!strncmp(p, "/tmp/", 5)) {
            k += (size_t)snprintf(out + k, n - k, "%s/", tmp);
            p += 4;
        } else if (*p == '\'') {
            k += (size_t)snprintf(out + k, n - k, "'\\''");
        } else {
            out[k++] = *p;
        }
        if (k >= n) k = n - 1;
    }
    out[k] = 0;
}

static int by_name(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

TEST(docs, every_shell_command_in_the_docs_runs)
{
    const char *root = harness_root();
    char scratch[900], repo[1000], tmp[1100];
    snprintf(scratch, sizeof scratch, "%s/build/tests/docs", root);
    snprintf(repo, sizeof repo, "%s/repo", scratch);
    snprintf(tmp, sizeof tmp, "%s/tmp", repo);
    ASSERT_EQ(sh("rm -rf '%s' && mkdir -p '%s'", scratch, tmp), 0);
    /* the scratch repository: links, but results/ copied */
    DIR *d = opendir(root);
    ASSERT_TRUE(d != NULL);
    struct dirent *e;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.' || !strcmp(e->d_name, "results")) continue;
        char from[1400], to[1400];
        snprintf(from, sizeof from, "%s/%s", root, e->d_name);
        snprintf(to, sizeof to, "%s/%s", repo, e->d_name);
        ASSERT_EQ(symlink(from, to), 0);
    }
    closedir(d);
    ASSERT_EQ(sh("cp -R '%s/results' '%s/results'", root, repo), 0);

    /* the docs, README first, then docs/ in name order */
    char *docs[64];
    int nd = 0;
    docs[nd++] = strdup("README.md");
    char dd[1100];
    snprintf(dd, sizeof dd, "%s/docs", root);
    d = opendir(dd);
    ASSERT_TRUE(d != NULL);
    while ((e = readdir(d)) && nd < 64) {
        size_t l = strlen(e->d_name);
        if (l > 3 && !strcmp(e->d_name + l - 3, ".md")) {
            char p[300];
            snprintf(p, sizeof p, "docs/%s", e->d_name);
            docs[nd++] = strdup(p);
        }
    }
    closedir(d);
    qsort(docs + 1, (size_t)nd - 1, sizeof docs[0], by_name);
    doc_set s = {0};
    for (int i = 0; i < nd; i++) read_doc(root, docs[i], repo, &s);
    ASSERT_EQ(s.unlabelled, 0);
    ASSERT_TRUE(s.n >= 10);   /* the parser found the docs' commands */

    int ran = 0, failed = 0;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (int i = 0; i < s.n; i++) {
        const doc_cmd *c = &s.cmd[i];
        const char *why = skip_reason(c->text);
        if (why) {
            harness_note("%s:%d: not run: %s (%s)", c->doc, c->line, c->text, why);
            continue;
        }
        char cmd[4096], log[1200];
        prepare(c->text, tmp, cmd, sizeof cmd);
        snprintf(log, sizeof log, "%s/cmd%02d.log", scratch, i);
        int st = sh("cd '%s' && timeout %d sh -c '%s' > '%s' 2>&1", repo, CMD_LIMIT_S, cmd, log);
        ran++;
        if (st != 0) {
            failed++;
            FILE *f = fopen(log, "r");
            char out[2048] = "";
            if (f) {
                fseek(f, 0, SEEK_END);
                long len = ftell(f);
                fseek(f, len > 1500 ? len - 1500 : 0, SEEK_SET);
                size_t k = fread(out, 1, sizeof out - 1, f);
                out[k] = 0;
                fclose(f);
            }
            harness_note("%s:%d: exit status %d%s: %s\n%s", c->doc, c->line, st,
                         st == 124 ? " (over the time limit)" : "", c->text, out);
        }
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    harness_note("%d commands run in %.1f s, %d failed", ran,
                 (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9, failed);
    for (int i = 0; i < nd; i++) free(docs[i]);
    free(s.cmd);
    ASSERT_EQ(failed, 0);
    ASSERT_TRUE(ran >= 10);
}
