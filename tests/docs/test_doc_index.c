/* The maps a new reader follows must match the tree:
 * - every folder of the repository has a README.md, except the ones whose
 *   files are data a tool reads or writes (fuzz corpora and crash inputs,
 *   where a README would be fed to the fuzzer; results/, written by
 *   `make reproduce`, whose REPORT.md is its guide);
 * - docs/README.md names every docs/NAME.md;
 * - README.md's Layout names every top-level folder and every folder of
 *   model/, firmware/, hostlib/ and scenarios/. */
#define _GNU_SOURCE
#include "../harness/harness.h"
#include "../sim/sim_util.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* Folders whose contents are data, not sources, with why. */
static const struct {
    const char *prefix, *why;
} data_dirs[] = {
    {"tests/fuzz/corpus", "fuzzer seed inputs: every file there is fed to libFuzzer"},
    {"tests/fuzz/crashes", "inputs that once crashed a harness, replayed as they are"},
    {"results", "written by make reproduce; results/REPORT.md is its guide"},
};

static int is_data_dir(const char *rel)
{
    for (size_t i = 0; i < sizeof data_dirs / sizeof data_dirs[0]; i++) {
        size_t n = strlen(data_dirs[i].prefix);
        if (!strncmp(rel, data_dirs[i].prefix, n) && (rel[n] == 0 || rel[n] == '/')) return 1;
    }
    return 0;
}

static int is_dir(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* Build outputs and version control are not part of the tree a reader reads. */
static int skipped_top(const char *name)
{
    return name[0] == '.' || !strncmp(name, "build", 5);
}

static void walk(const char *root, const char *rel, int *folders, int *missing)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", root, rel);
    if (!is_data_dir(rel)) {
        char readme[1100];
        snprintf(readme, sizeof readme, "%s/README.md", path);
        struct stat st;
        (*folders)++;
        if (stat(readme, &st) != 0) {
            harness_note("%s has no README.md", rel);
            (*missing)++;
        }
    }
    DIR *d = opendir(path);
    if (!d) return;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.') continue;
        char sub[1024], full[2100];
        snprintf(sub, sizeof sub, "%s/%s", rel, e->d_name);
        snprintf(full, sizeof full, "%s/%s", root, sub);
        if (is_dir(full)) walk(root, sub, folders, missing);
    }
    closedir(d);
}

TEST(doc_index, every_folder_has_a_readme)
{
    const char *root = harness_root();
    DIR *d = opendir(root);
    ASSERT_TRUE(d != NULL);
    int folders = 0, missing = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        char full[1024];
        snprintf(full, sizeof full, "%s/%s", root, e->d_name);
        if (skipped_top(e->d_name) || !is_dir(full)) continue;
        walk(root, e->d_name, &folders, &missing);
    }
    closedir(d);
    harness_note("%d folders", folders);
    ASSERT_TRUE(folders > 50);   /* the walk found the tree */
    ASSERT_EQ(missing, 0);
}

TEST(doc_index, the_docs_index_names_every_doc)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/docs/README.md", harness_root());
    char *index = sim_read(path, NULL);   /* fails the test naming the file if missing */
    ASSERT_TRUE(index != NULL);
    snprintf(path, sizeof path, "%s/docs", harness_root());
    DIR *d = opendir(path);
    ASSERT_TRUE(d != NULL);
    int docs = 0, unnamed = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        size_t n = strlen(e->d_name);
        if (n < 4 || strcmp(e->d_name + n - 3, ".md") || !strcmp(e->d_name, "README.md")) continue;
        char want[300];
        snprintf(want, sizeof want, "`%s`", e->d_name);
        docs++;
        if (!strstr(index, want)) {
            harness_note("docs/README.md does not name %s", e->d_name);
            unnamed++;
        }
    }
    closedir(d);
    ASSERT_TRUE(docs > 10);
    ASSERT_EQ(unnamed, 0);
}

/* The Layout block of README.md: the fenced block after "## Layout". */
static char *layout_block(char *readme)
{
    char *s = strstr(readme, "## Layout");
    if (!s) return NULL;
    s = strstr(s, "```");
    if (!s) return NULL;
    s += 3;
    char *end = strstr(s, "```");
    if (end) *end = 0;
    return s;
}

/* Does the layout name `name` as a folder: "name/" at a word start? */
static int names_folder(const char *layout, const char *name)
{
    char want[300];
    snprintf(want, sizeof want, "%s/", name);
    for (const char *p = strstr(layout, want); p; p = strstr(p + 1, want))
        if (p == layout || p[-1] == ' ' || p[-1] == '\n' || p[-1] == ',' || p[-1] == '(') return 1;
    return 0;
}

static int check_folders(const char *layout, const char *parent, int *seen)
{
    char path[1024];
    snprintf(path, sizeof path, "%s%s%s", harness_root(), parent[0] ? "/" : "", parent);
    DIR *d = opendir(path);
    if (!d) return 1;
    int unnamed = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        char full[1300];
        snprintf(full, sizeof full, "%s/%s", path, e->d_name);
        if (skipped_top(e->d_name) || !is_dir(full)) continue;
        (*seen)++;
        /* a top-level folder must be named as "x/", a subfolder as "x/" or "parent/x/" */
        char qualified[300];
        snprintf(qualified, sizeof qualified, "%s/%s", parent, e->d_name);
        if (!names_folder(layout, e->d_name) && !(parent[0] && names_folder(layout, qualified))) {
            harness_note("README.md's Layout does not name %s%s%s/", parent, parent[0] ? "/" : "", e->d_name);
            unnamed++;
        }
    }
    closedir(d);
    return unnamed;
}

TEST(doc_index, the_readme_layout_names_the_folders_a_reader_meets)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/README.md", harness_root());
    char *readme = sim_read(path, NULL);
    ASSERT_TRUE(readme != NULL);
    const char *layout = layout_block(readme);
    ASSERT_TRUE(layout != NULL);
    int seen = 0, unnamed = 0;
    static const char *const parents[] = {"", "model", "firmware", "hostlib", "scenarios"};
    for (size_t i = 0; i < sizeof parents / sizeof parents[0]; i++)
        unnamed += check_folders(layout, parents[i], &seen);
    harness_note("%d folders checked", seen);
    ASSERT_TRUE(seen > 30);
    ASSERT_EQ(unnamed, 0);
}
