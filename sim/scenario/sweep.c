/* Sweep expansion: an explicit list of values, or a range: geometric
 * ("from 4 to 1048576 times 2") or linear ("from 1 to 16 step 1"). */
#include "scenario.h"

#include <math.h>
#include <stdlib.h>

#define SWEEP_MAX 10000

static int push(double **v, int *n, int *cap, double x)
{
    if (*n == *cap) {
        int nc = *cap ? *cap * 2 : 16;
        double *p = realloc(*v, (size_t)nc * sizeof *p);
        if (!p)
            return -1;
        *v = p;
        *cap = nc;
    }
    (*v)[(*n)++] = x;
    return 0;
}

int sweep_expand(const config_setting_t *sw, diag *d, double **values, int *n)
{
    *values = NULL;
    *n = 0;
    int cap = 0;
    const config_setting_t *vals = config_setting_get_member(sw, "values");
    const config_setting_t *from = config_setting_get_member(sw, "from");
    const config_setting_t *to = config_setting_get_member(sw, "to");
    const config_setting_t *times = config_setting_get_member(sw, "times");
    const config_setting_t *step = config_setting_get_member(sw, "step");
    int before = d->errors;
    if (vals && (from || to || times || step)) {
        diag_at(d, vals, "give either values or a range (from/to with times or step), not both");
    } else if (vals) {
        if (config_setting_length(vals) == 0)
            diag_at(d, vals, "the sweep has no values");
        int too_many = config_setting_length(vals) > SWEEP_MAX;
        if (too_many)
            diag_at(d, vals, "more than %d points", SWEEP_MAX);
        for (int i = 0; i < config_setting_length(vals) && !too_many; i++) {
            double x;
            cfg_number(config_setting_get_elem(vals, (unsigned)i), &x);
            for (int j = 0; j < *n; j++)
                if ((*values)[j] == x) {
                    diag_at(d, vals, "value %g appears twice", x);
                    break;
                }
            push(values, n, &cap, x);
        }
    } else if (!from || !to || (!times == !step)) {
        diag_at(d, sw, "needs values = [ ... ], or from, to and one of times or step");
    } else {
        double a, b, f;
        cfg_number(from, &a);
        cfg_number(to, &b);
        if (b < a) {
            diag_at(d, to, "the range ends (%g) before it starts (%g)", b, a);
        } else if (times) {
            cfg_number(times, &f);
            if (f <= 1 || a <= 0)
                diag_at(d, times, "a geometric range needs times > 1 and from > 0");
            else
                /* Multiply step by step so integer ranges stay exact. */
                for (double x = a; x <= b * (1 + 1e-12) && *n <= SWEEP_MAX; x *= f)
                    push(values, n, &cap, x);
        } else {
            cfg_number(step, &f);
            if (f <= 0)
                diag_at(d, step, "a linear range needs step > 0");
            else
                for (long k = 0; a + (double)k * f <= b * (1 + 1e-12) + 1e-12 && *n <= SWEEP_MAX; k++)
                    push(values, n, &cap, a + (double)k * f);
        }
        if (*n > SWEEP_MAX)
            diag_at(d, sw, "more than %d points", SWEEP_MAX);
    }
    if (d->errors != before) {
        free(*values);
        *values = NULL;
        *n = 0;
        return -1;
    }
    return 0;
}
