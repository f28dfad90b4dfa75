/* Source conventions that a reader relies on, checked over every C and C++
 * file of the repository (firmware, hostlib, model, sim, tests, tools):
 * - each file opens with a comment saying what it holds;
 * - each header has the guard MYRISIM_<FOLDER>_<FILE>_H (its folder and
 *   its name, upper case, '-' as '_'; the folder is not repeated when the
 *   name starts with it: model/card/card.h is MYRISIM_CARD_H,
 *   model/card/card_internal.h MYRISIM_CARD_INTERNAL_H), and no two
 *   headers share one. */
#define _GNU_SOURCE
#include "../harness/harness.h"

#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static const char *const tops[] = {"firmware", "hostlib", "hw", "model", "sim", "tests", "tools"};

typedef struct {
    char path[512];
    char guard[160];
} header;

typedef struct {
    int files, no_comment, bad_guard, dup_guard;
    header *h;
    int nh, cap;
} survey;

static int has_ext(const char *name, const char *ext)
{
    size_t n = strlen(name), e = strlen(ext);
    return n > e && !strcmp(name + n - e, ext);
}

/* The guard a header at `rel` (relative to the root) must have. */
static void want_guard(const char *rel, char *out, int n)
{
    char folder[256] = "", name[256];
    const char *slash = strrchr(rel, '/');
    const char *base = slash ? slash + 1 : rel;
    snprintf(name, sizeof name, "%.*s", (int)(strlen(base) - 2), base);
    if (slash) {
        const char *start = slash;
        while (start > rel && start[-1] != '/') start--;
        snprintf(folder, sizeof folder, "%.*s", (int)(slash - start), start);
    }
    for (char *p = name; *p; p++) *p = *p == '-' ? '_' : (char)toupper((unsigned char)*p);
    for (char *p = folder; *p; p++) *p = *p == '-' ? '_' : (char)toupper((unsigned char)*p);
    size_t fl = strlen(folder);
    if (!fl || (!strncmp(name, folder, fl) && (name[fl] == 0 || name[fl] == '_')))
        snprintf(out, (size_t)n, "MYRISIM_%.*s_H", n / 2, name);
    else
        snprintf(out, (size_t)n, "MYRISIM_%.*s_%.*s_H", n / 4, folder, n / 4, name);
}

static void check_file(survey *s, const char *root, const char *rel)
{
    char path[2200];
    snprintf(path, sizeof path, "%s/%s", root, rel);
    FILE *f = fopen(path, "r");
    if (!f) return;
    s->files++;
    char line[1024], first[1024] = "", guard[160] = "", cand[160] = "";
    int have_first = 0;
    while (fgets(line, sizeof line, f)) {
        const char *p = line;
        while (*p == ' ' || *p == '\t') p++;
        if (!have_first && *p != '\n' && *p) {
            snprintf(first, sizeof first, "%s", p);
            have_first = 1;
        }
        /* the guard: the first "#ifndef X" followed by "#define X" */
        char def[160];
        if (!guard[0] && cand[0] && sscanf(p, "#define %159s", def) == 1 && !strcmp(def, cand))
            snprintf(guard, sizeof guard, "%s", cand);
        cand[0] = 0;
        if (!guard[0] && !strncmp(p, "#ifndef ", 8)) sscanf(p + 8, "%159s", cand);
    }
    fclose(f);
    if (strncmp(first, "/*", 2) && strncmp(first, "//", 2)) {
        harness_note("%s: does not open with a comment saying what it holds", rel);
        s->no_comment++;
    }
    if (!has_ext(rel, ".h")) return;
    /* C requires <assert.h> to be re-includable (NDEBUG may change between
     * includes), so the runtime's has no guard */
    if (!strcmp(rel, "firmware/rt/include/assert.h")) return;
    char want[160];
    want_guard(rel, want, (int)sizeof want);
    if (strcmp(guard, want)) {
        harness_note("%s: header guard %s, expected %s", rel, guard[0] ? guard : "(none)", want);
        s->bad_guard++;
    }
    for (int i = 0; i < s->nh; i++)
        if (!strcmp(s->h[i].guard, want)) {
            harness_note("%s and %s: the same guard %s", s->h[i].path, rel, want);
            s->dup_guard++;
        }
    if (s->nh == s->cap) {
        s->cap = s->cap ? 2 * s->cap : 128;
        s->h = realloc(s->h, (size_t)s->cap * sizeof *s->h);
    }
    snprintf(s->h[s->nh].path, sizeof s->h[s->nh].path, "%s", rel);
    snprintf(s->h[s->nh].guard, sizeof s->h[s->nh].guard, "%s", want);
    s->nh++;
}

static void walk(survey *s, const char *root, const char *rel)
{
    char path[2200];
    snprintf(path, sizeof path, "%s/%s", root, rel);
    DIR *d = opendir(path);
    if (!d) return;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.') continue;
        char sub[1024];
        if (snprintf(sub, sizeof sub, "%s/%s", rel, e->d_name) >= (int)sizeof sub) continue;
        char full[2200];
        snprintf(full, sizeof full, "%s/%s", root, sub);
        struct stat st;
        if (lstat(full, &st)) continue;
        if (S_ISDIR(st.st_mode)) walk(s, root, sub);
        else if (S_ISREG(st.st_mode) && (has_ext(e->d_name, ".c") || has_ext(e->d_name, ".h") ||
                                         has_ext(e->d_name, ".cpp") || has_ext(e->d_name, ".inc")))
            check_file(s, root, sub);
    }
    closedir(d);
}

TEST(sources, every_file_opens_with_a_comment_and_headers_share_one_guard_convention)
{
    char g[160];
    want_guard("model/card/card.h", g, (int)sizeof g);
    ASSERT_STR_EQ(g, "MYRISIM_CARD_H");
    want_guard("model/card/card_internal.h", g, (int)sizeof g);
    ASSERT_STR_EQ(g, "MYRISIM_CARD_INTERNAL_H");
    want_guard("model/switch/link.h", g, (int)sizeof g);
    ASSERT_STR_EQ(g, "MYRISIM_SWITCH_LINK_H");
    want_guard("tools/lanai-ld/ld.h", g, (int)sizeof g);
    ASSERT_STR_EQ(g, "MYRISIM_LANAI_LD_LD_H");
    want_guard("model/lanai/lanaix.h", g, (int)sizeof g);   /* a prefix of a word is not the folder */
    ASSERT_STR_EQ(g, "MYRISIM_LANAI_LANAIX_H");

    survey s = {0};
    for (size_t i = 0; i < sizeof tops / sizeof tops[0]; i++) walk(&s, harness_root(), tops[i]);
    harness_note("%d files, %d headers", s.files, s.nh);
    free(s.h);
    ASSERT_TRUE(s.files > 300);   /* the walk found the sources */
    ASSERT_EQ(s.no_comment, 0);
    ASSERT_EQ(s.bad_guard, 0);
    ASSERT_EQ(s.dup_guard, 0);
}
