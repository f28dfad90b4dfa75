/* Values from a run's result CSV for the sockets tests. */
#include "sock_util.h"
#include "../harness/harness.h"
#include "../sim/sim_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Field i of a comma-separated line (no quoting in these files). */
static const char *field(const char *line, int i, size_t *len)
{
    for (; i > 0 && line; i--) {
        line = strpbrk(line, ",\n");
        line = line && *line == ',' ? line + 1 : NULL;
    }
    if (!line) return NULL;
    *len = strcspn(line, ",\n");
    return line;
}

double sock_csv_row(const char *dir, const char *file, int row, const char *col)
{
    char path[700];
    snprintf(path, sizeof path, "%s/%s", dir, file);
    size_t n;
    char *t = sim_read(path, &n);
    if (!t) harness_fail(__FILE__, __LINE__, "no %s", path);
    int idx = -1;
    size_t len;
    for (int i = 0; idx < 0; i++) {
        const char *f = field(t, i, &len);
        if (!f || f[len] == 0) break;
        if (len == strlen(col) && !strncmp(f, col, len)) idx = i;
        if (f[len] == '\n') break;
    }
    if (idx < 0) harness_fail(__FILE__, __LINE__, "%s: no column %s", path, col);
    const char *line = strchr(t, '\n');
    for (int r = 0; r < row && line; r++) line = strchr(line + 1, '\n');
    if (!line || !line[1]) harness_fail(__FILE__, __LINE__, "%s: no data row %d", path, row);
    const char *f = field(line + 1, idx, &len);
    if (!f || len == 0) harness_fail(__FILE__, __LINE__, "%s: %s is empty in row %d (the run failed?)", path, col, row);
    return strtod(f, NULL);
}
