/* hw-check: checks that a user circuit fits the frame's circuit interface
 * (appendix B.3) before it goes into the canvas: Verilator must accept it
 * (its own file:line messages), and its module's ports must be exactly the
 * interface's, each with its direction and width. Errors name file and
 * line; exit status 2 for a circuit that does not fit, 0 when it does.
 * Reads ANSI-style port lists (`input wire [31:0] a_data,`). Usage:
 * hw-check FILE.v MODULE [MORE.v...] (the files of the cores it uses). */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const char *name;
    int out;      /* 1: the circuit drives it */
    int width;
} port;

static const port want[] = {
    {"clk", 0, 1}, {"reset_h", 0, 1}, {"job_new", 0, 1}, {"job_subop", 0, 4}, {"job_ints", 0, 10},
    {"job_done", 1, 1}, {"operation_complete", 0, 1},
    {"a_on", 1, 1}, {"a_valid", 0, 1}, {"a_ack", 1, 1}, {"a_data", 0, 32},
    {"b_on", 1, 1}, {"b_valid", 0, 1}, {"b_ack", 1, 1}, {"b_data", 0, 32},
    {"c_on", 1, 1}, {"c_valid", 1, 1}, {"c_ack", 0, 1}, {"c_data", 1, 32},
};
#define NWANT (int)(sizeof want / sizeof want[0])

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *s = malloc((size_t)n + 1);
    size_t got = fread(s, 1, (size_t)n, f);
    s[got] = 0;
    fclose(f);
    return s;
}

/* Blank out comments, keeping newlines so line numbers stay right. */
static void strip_comments(char *s)
{
    for (char *p = s; *p; p++) {
        if (p[0] == '/' && p[1] == '/') {
            while (*p && *p != '\n') *p++ = ' ';
            if (!*p) return;
        } else if (p[0] == '/' && p[1] == '*') {
            *p++ = ' ';
            *p = ' ';
            while (p[1] && !(p[1] == '*' && p[2] == '/')) { p++; if (*p != '\n') *p = ' '; }
            if (p[1]) { p[1] = ' '; p[2] = ' '; p += 2; }
        }
    }
}

static int line_of(const char *s, const char *p)
{
    int n = 1;
    for (; s < p; s++) n += *s == '\n';
    return n;
}

static int run_verilator(const char *file, const char *top, char **more, int nmore)
{
    char cmd[4096];
    int n = snprintf(cmd, sizeof cmd, "verilator --lint-only -Wall --top-module '%s' '%s'", top, file);
    for (int i = 0; i < nmore && n < (int)sizeof cmd - 64; i++)
        n += snprintf(cmd + n, sizeof cmd - (size_t)n, " '%s'", more[i]);
    snprintf(cmd + n, sizeof cmd - (size_t)n, " 2>&1");
    FILE *p = popen(cmd, "r");
    if (!p) return -1;
    char line[1024];
    int out = 0;
    while (fgets(line, sizeof line, p)) { fputs(line, stderr); out = 1; }
    int st = pclose(p);
    return st == 0 && !out ? 0 : -1;
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: hw-check FILE.v MODULE [MORE.v...]\n");
        return 2;
    }
    const char *file = argv[1], *top = argv[2];
    char *src = slurp(file);
    if (!src) {
        fprintf(stderr, "%s: cannot read\n", file);
        return 2;
    }
    strip_comments(src);
    /* find "module TOP" */
    char *m = src;
    size_t tl = strlen(top);
    for (;;) {
        m = strstr(m, "module");
        if (!m) {
            fprintf(stderr, "%s: no module '%s'\n", file, top);
            return 2;
        }
        char *q = m + 6;
        while (isspace((unsigned char)*q)) q++;
        if ((m == src || !isalnum((unsigned char)m[-1])) && !strncmp(q, top, tl) &&
            !(isalnum((unsigned char)q[tl]) || q[tl] == '_')) {
            m = q + tl;
            break;
        }
        m += 6;
    }
    char *open = strchr(m, '(');
    char *close = open ? strstr(open, ");") : NULL;
    if (!open || !close) {
        fprintf(stderr, "%s:%d: module '%s' has no ANSI port list\n", file, line_of(src, m), top);
        return 2;
    }
    int seen[NWANT] = {0}, errors = 0;
    int dir = -1, width = 1;
    for (char *p = open + 1; p < close;) {
        while (p < close && (isspace((unsigned char)*p) || *p == ',')) p++;
        if (p >= close) break;
        if (*p == '[') {
            int hi, lo;
            if (sscanf(p, "[%d:%d]", &hi, &lo) != 2) {
                fprintf(stderr, "%s:%d: a port width hw-check cannot read\n", file, line_of(src, p));
                return 2;
            }
            width = abs(hi - lo) + 1;
            p = strchr(p, ']') + 1;
            continue;
        }
        char word[128];
        int n = 0;
        char *w0 = p;
        while (p < close && (isalnum((unsigned char)*p) || *p == '_') && n < 127) word[n++] = *p++;
        word[n] = 0;
        if (!n) { p++; continue; }
        if (!strcmp(word, "input")) { dir = 0; width = 1; continue; }
        if (!strcmp(word, "output")) { dir = 1; width = 1; continue; }
        if (!strcmp(word, "inout")) { dir = 2; width = 1; continue; }
        if (!strcmp(word, "wire") || !strcmp(word, "reg") || !strcmp(word, "logic") || !strcmp(word, "signed"))
            continue;
        int ln = line_of(src, w0), k;
        for (k = 0; k < NWANT && strcmp(want[k].name, word); k++) {}
        if (k == NWANT) {
            fprintf(stderr, "%s:%d: port '%s' is not part of the circuit interface (appendix B.3)\n", file, ln, word);
            errors++;
            continue;
        }
        seen[k] = 1;
        if (dir != want[k].out) {
            fprintf(stderr, "%s:%d: port '%s' must be an %s\n", file, ln, word, want[k].out ? "output" : "input");
            errors++;
        }
        if (width != want[k].width) {
            fprintf(stderr, "%s:%d: port '%s' is %d bits wide; the interface needs %d\n", file, ln, word,
                    width, want[k].width);
            errors++;
        }
    }
    for (int k = 0; k < NWANT; k++)
        if (!seen[k]) {
            fprintf(stderr, "%s:%d: module '%s' lacks port '%s' (%s, %d bits)\n", file, line_of(src, m), top,
                    want[k].name, want[k].out ? "output" : "input", want[k].width);
            errors++;
        }
    free(src);
    if (errors) return 2;
    if (run_verilator(file, top, argv + 3, argc - 3)) {
        fprintf(stderr, "%s: Verilator does not accept module '%s' (messages above)\n", file, top);
        return 2;
    }
    printf("%s: module '%s' fits the circuit interface\n", file, top);
    return 0;
}
