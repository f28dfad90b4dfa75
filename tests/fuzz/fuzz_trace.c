/* Fuzz target: the JSON reader the trace tests read traces back with
 * (tests/trace/json_read.c), and its accessors. */
#include "fuzz_util.h"

#include "../trace/json_read.h"

static void walk(const jv *v, int depth)
{
    if (depth > 64)
        return;
    if (v->type == JV_NUM)
        jv_us_to_ps(v);
    if (v->type == JV_OBJ) {
        jv_str(v, "ph", "");
        jv_num(v, "ts", 0);
        jv_get(v, "args");
    }
    if (v->type == JV_ARR || v->type == JV_OBJ)
        for (int i = 0; i < v->n; i++)
            walk(&v->item[i], depth + 1);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char err[256];
    jv *v = jv_parse((const char *)data, size, err, sizeof err);
    if (v) {
        walk(v, 0);
        jv_free(v);
    }
    return 0;
}
