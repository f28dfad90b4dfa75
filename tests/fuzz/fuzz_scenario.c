/* Fuzz target: the scenario loader. Input: scenario file text, optionally
 * followed by a line "%%" and one --set string per line (at most 8); the
 * file is loaded with those overrides (schema, sweeps, series, topology,
 * references) and every run's settings are read back. */
#include "fuzz_util.h"

#include "../../sim/scenario/cluster.h"
#include "../../sim/scenario/runspec.h"

#include <stdlib.h>
#include <string.h>

enum { MAX_SETS = 8 };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    memcpy(text, data, size);
    text[size] = 0;
    size_t cfg_len = size;
    const char *sets[MAX_SETS];
    int nsets = 0;
    char *sep = strstr(text, "\n%%\n");
    if (sep) {
        cfg_len = (size_t)(sep - text) + 1;
        for (char *p = sep + 4; *p && nsets < MAX_SETS;) {
            char *nl = strchr(p, '\n');
            if (nl)
                *nl = 0;
            sets[nsets++] = p;
            if (!nl)
                break;
            p = nl + 1;
        }
    }
    const char *path = fuzz_file(0, (const uint8_t *)text, cfg_len);
    scenario sc;
    if (scenario_load(&sc, path, fuzz_root(), sets, nsets) == 0) {
        int n;
        const double *xs = scenario_points(&sc, 0, &n);
        for (int s = 0; s < sc.nseries; s++)
            for (int i = 0; i < n; i++) {
                run_spec r = {&sc, s, i, xs[i], NULL};
                run_param ps[64];
                run_params(&r, ps, 64);
                char b[256];
                run_label(&r, b, sizeof b);
                cluster_desc c;
                diag d = {sc.path, 0};
                if (cluster_decode(&r, &c, &d) == 0)
                    cluster_summary(&c, b, sizeof b);
            }
        scenario_points(&sc, 1, &n);
        scenario_free(&sc);
    }
    free(text);
    return 0;
}
