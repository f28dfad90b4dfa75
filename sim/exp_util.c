#include "exp_util.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

void exp_path(const run_spec *r, const char *path, char *out, size_t len)
{
    if (path[0] == '/')
        snprintf(out, len, "%s", path);
    else if (!strncmp(path, "./", 2) || !strncmp(path, "../", 3))
        snprintf(out, len, "%s/%s", r->sc->dir, path);
    else
        snprintf(out, len, "%s/%s", r->sc->root, path);
}

int exp_c_identifier(const char *s)
{
    if (!isalpha((unsigned char)*s) && *s != '_')
        return 0;
    for (; *s; s++)
        if (!isalnum((unsigned char)*s) && *s != '_')
            return 0;
    return 1;
}

void exp_console_measures(const char *text, run_result *res)
{
    for (const char *p = text; p && *p;) {
        const char *nl = strchr(p, '\n');
        int len = nl ? (int)(nl - p) : (int)strlen(p);
        char line[256], name[RESULT_NAME];
        double v;
        snprintf(line, sizeof line, "%.*s", len, p);
        if (sscanf(line, "measure %47s %lf", name, &v) == 2)
            result_set(res, name, v);
        p = nl ? nl + 1 : NULL;
    }
}

void exp_fail_lines(run_result *res, const char *text, int max_lines)
{
    const char *start = text + strlen(text);
    for (int lines = 0; start > text && lines < max_lines; lines++) {
        start--;
        while (start > text && start[-1] != '\n')
            start--;
    }
    while (*start) {
        const char *nl = strchr(start, '\n');
        int l = nl ? (int)(nl - start) : (int)strlen(start);
        result_fail(res, "  %.*s", l, start);
        start += l + (nl ? 1 : 0);
    }
}
