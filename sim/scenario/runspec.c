/* Settings of one run (runspec.h) through its layers: the swept value, the
 * series' overrides, the file; experiment.params as name/value text. */
#include "runspec.h"

#include "../outputs/textfmt.h"

#include <stdio.h>
#include <string.h>

static int is_swept(const run_spec *r, const char *path)
{
    return r->sc->sweep.present && !strcmp(r->sc->sweep.param, path);
}

const config_setting_t *run_setting(const run_spec *r, const char *path)
{
    const sim_series *s = &r->sc->series[r->series];
    if (s->set) {
        const config_setting_t *o = cfg_lookup(s->set, path);
        if (o)
            return o;
    }
    return cfg_lookup(config_root_setting(&r->sc->cfg), path);
}

const config_setting_t *run_origin(const run_spec *r, const char *path)
{
    if (is_swept(r, path))
        return config_lookup(&r->sc->cfg, "sweep");
    return run_setting(r, path);
}

int run_has(const run_spec *r, const char *path)
{
    return is_swept(r, path) || run_setting(r, path) != NULL;
}

const char *run_string(const run_spec *r, const char *path, const char *dflt)
{
    const config_setting_t *s = run_setting(r, path);
    return s && s->type == CONFIG_TYPE_STRING ? config_setting_get_string(s) : dflt;
}

double run_number(const run_spec *r, const char *path, double dflt)
{
    if (is_swept(r, path))
        return r->x;
    double v;
    return cfg_number(run_setting(r, path), &v) == 0 ? v : dflt;
}

int run_bool(const run_spec *r, const char *path, int dflt)
{
    const config_setting_t *s = run_setting(r, path);
    return s && s->type == CONFIG_TYPE_BOOL ? config_setting_get_bool(s) : dflt;
}

static void param_text(const config_setting_t *s, char *buf, size_t len)
{
    char b[NUM_BUF];
    double v;
    if (!s)
        buf[0] = 0;
    else if (s->type == CONFIG_TYPE_STRING)
        snprintf(buf, len, "%s", config_setting_get_string(s));
    else if (s->type == CONFIG_TYPE_BOOL)
        snprintf(buf, len, "%d", config_setting_get_bool(s));
    else if (cfg_number(s, &v) == 0)
        snprintf(buf, len, "%s", fmt_exact(v, b));
    else
        buf[0] = 0;
}

static int add_name(run_param *out, int n, int max, const char *name)
{
    for (int i = 0; i < n; i++)
        if (!strcmp(out[i].name, name))
            return n;
    if (n < max) {
        snprintf(out[n].name, sizeof out[n].name, "%s", name);
        out[n].value[0] = 0;
        n++;
    }
    return n;
}

int run_params(const run_spec *r, run_param *out, int max)
{
    int n = 0;
    const sim_series *s = &r->sc->series[r->series];
    const config_setting_t *layers[2] = {
        cfg_lookup(config_root_setting(&r->sc->cfg), "experiment.params"),
        s->set ? cfg_lookup(s->set, "experiment.params") : NULL,
    };
    for (int l = 0; l < 2; l++)
        for (int i = 0; layers[l] && i < config_setting_length(layers[l]); i++)
            n = add_name(out, n, max, config_setting_get_elem(layers[l], (unsigned)i)->name);
    const char *pfx = "experiment.params.";
    if (r->sc->sweep.present && !strncmp(r->sc->sweep.param, pfx, strlen(pfx)))
        n = add_name(out, n, max, r->sc->sweep.param + strlen(pfx));
    for (int i = 0; i < n; i++) {
        char path[128];
        snprintf(path, sizeof path, "%s%s", pfx, out[i].name);
        if (is_swept(r, path)) {
            char b[NUM_BUF];
            snprintf(out[i].value, sizeof out[i].value, "%s", fmt_exact(r->x, b));
        } else {
            param_text(run_setting(r, path), out[i].value, sizeof out[i].value);
        }
    }
    return n;
}

const char *run_label(const run_spec *r, char *buf, size_t len)
{
    char b[NUM_BUF];
    if (r->sc->sweep.present)
        snprintf(buf, len, "series '%s', %s=%s", r->sc->series[r->series].name, r->sc->sweep.label,
                 fmt_num(r->x, b));
    else
        snprintf(buf, len, "series '%s'", r->sc->series[r->series].name);
    return buf;
}
