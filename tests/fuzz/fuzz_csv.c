/* Fuzz target: the CSV reader (sim/fidelity/csvread.c) and the reference
 * file loader built on it (refdata.c), which checks every row. */
#include "fuzz_util.h"

#include "../../sim/fidelity/refdata.h"

#include <stdio.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *path = fuzz_file(0, data, size);
    static FILE *null;
    if (!null)
        null = fopen("/dev/null", "w");
    csv_table t;
    if (csv_read(path, "fuzz.csv", null, &t) == 0) {
        csv_column(&t, "value");
        csv_free(&t);
    }
    ref_table r;
    if (ref_table_load(path, "fig5_4.csv", null, &r) == 0)
        ref_table_free(&r);
    return 0;
}
