/* Fuzz target: the files the regression workflow and the job runner read
 * back (sim/regress/, sim/runner/result.c). The first byte picks the
 * reader, the rest is the file: 0 a baseline, 1 folded stacks, 2 a scenario's
 * regress_tolerance list, 3 a job's result file (myrisim job/merge). The
 * DWARF reader of inline.c is not here: it reads only the build's own
 * debug twins, checked against the image byte for byte. */
#include "fuzz_util.h"

#include "../../sim/regress/baseline.h"
#include "../../sim/regress/compare.h"
#include "../../sim/regress/flame.h"
#include "../../sim/runner/result.h"

#include <stdlib.h>
#include <string.h>

static void result_lines(const uint8_t *data, size_t size)
{
    run_result r;
    result_init(&r);
    char line[4096];
    size_t at = 0;
    while (at < size) {
        size_t n = 0;
        while (at + n < size && data[at + n] != '\n') n++;
        size_t keep = n < sizeof line - 1 ? n : sizeof line - 1;
        memcpy(line, data + at, keep);
        line[keep] = 0;
        result_read_line(&r, line);
        at += n + 1;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    int which = data[0] % 4;
    const char *path = fuzz_file(0, data + 1, size - 1);
    char err[1024];
    if (which == 0) {
        baseline b;
        memset(&b, 0, sizeof b);
        if (baseline_read(&b, path, err, sizeof err) == 0) {
            FILE *null = fopen("/dev/null", "w");
            if (null) {
                baseline_write(&b, null);
                fclose(null);
            }
            baseline_free(&b);
        }
    } else if (which == 1) {
        bl_fn *p;
        int n;
        if (flame_read_folded(path, &p, &n, err, sizeof err) == 0)
            free(p);
    } else if (which == 2) {
        tol_list t;
        regress_tolerances(path, &t, err, sizeof err);
    } else {
        result_lines(data + 1, size - 1);
    }
    return 0;
}
