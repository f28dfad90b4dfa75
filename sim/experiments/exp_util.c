/* What the experiment kinds share (exp_util.h): paths relative to the
 * scenario, console measurements, failure lines and reports, build checks. */
#include "exp_util.h"

#include "fwbuild.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <unistd.h>

/* MYRISIM_FW_IMAGES=DIR (myrisim regress/ab --images, docs/regress.md):
 * a prebuilt image X.elf is taken from DIR/X.elf when that file exists, so
 * another firmware version runs under the same scenarios and host build. */
static int image_override(const char *path, char *out, size_t len)
{
    const char *dir = getenv("MYRISIM_FW_IMAGES");
    size_t l = strlen(path);
    if (!dir || !*dir || l < 5 || strcmp(path + l - 4, ".elf")) return 0;
    const char *base = strrchr(path, '/');
    snprintf(out, len, "%s/%s", dir, base ? base + 1 : path);
    return access(out, R_OK) == 0;
}

void exp_path(const run_spec *r, const char *path, char *out, size_t len)
{
    if (image_override(path, out, len))
        return;
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

const char *exp_where(const lanai_core *c, char *buf, size_t len)
{
    uint32_t off;
    const char *fn = lanai_symbolize(c, lanai_pc(c), &off);
    if (fn[0] == '?')
        snprintf(buf, len, "pc 0x%08x (no symbol)", lanai_pc(c));
    else
        snprintf(buf, len, "pc 0x%08x (%s+0x%x)", lanai_pc(c), fn, off);
    return buf;
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

void exp_fail_report(run_result *res, const char *text, int max_lines)
{
    int lines = 0;
    const char *p = text;
    while (*p) {
        const char *nl = strchr(p, '\n');
        int l = nl ? (int)(nl - p) : (int)strlen(p);
        if (lines == max_lines) {
            int more = 0;
            for (; *p; p++) more += *p == '\n';
            result_fail(res, "  (%d more lines)", more);
            return;
        }
        result_fail(res, "%s%.*s", lines ? "  " : "", l, p);
        lines++;
        p += l + (nl ? 1 : 0);
    }
}

void exp_check_range(const run_spec *r, const char *path, double dflt, double lo, double hi, diag *d)
{
    double v = run_number(r, path, dflt);
    if (!(v >= lo && v <= hi))
        diag_at(d, run_origin(r, path), "%s must be %g..%g, not %g", strrchr(path, '.') + 1, lo, hi, v);
}

void exp_check_cflags(const run_spec *r, diag *d)
{
    const config_setting_t *cf = run_setting(r, "experiment.cflags");
    if (cf && config_setting_length(cf) > EXP_MAX_CFLAGS)
        diag_at(d, cf, "at most %d cflags, not %d", EXP_MAX_CFLAGS, config_setting_length(cf));
    for (int i = 0; cf && i < config_setting_length(cf); i++) {
        const char *f = config_setting_get_string_elem(cf, i);
        if (f[0] != '-' || !strcmp(f, "-o") || !strcmp(f, "-c"))
            diag_at(d, cf, "'%s' is not a usable compiler flag", f);
    }
}

void exp_check_build(const run_spec *r, diag *d)
{
    exp_check_cflags(r, d);
    run_param ps[64];
    int n = run_params(r, ps, 64);
    for (int i = 0; i < n; i++)
        if (!exp_c_identifier(ps[i].name))
            diag_at(d, run_setting(r, "experiment.params"), "parameter '%s' is not a C identifier", ps[i].name);
    const config_setting_t *marks = run_setting(r, "experiment.marks");
    if (marks && config_setting_length(marks) != 2)
        diag_at(d, marks, "marks must be [start, end]");
    for (int i = 0; marks && i < config_setting_length(marks); i++) {
        double v;
        if (cfg_number(config_setting_get_elem(marks, (unsigned)i), &v) || !(v >= 0 && v <= 2147483647.0))
            diag_at(d, marks, "marks are mark numbers 0..2147483647");
    }
}

void exp_check_elf_chip(const run_spec *r, const char *chip, diag *d)
{
    const char *elf = run_string(r, "experiment.elf", NULL);
    const lanai_profile *p = lanai_profile_get(chip);
    if (!elf || !p)
        return;   /* no prebuilt image, or the cluster check reports the chip */
    char path[2048], err[2400];
    exp_path(r, elf, path, sizeof path);
    if (lanai_elf_check_chip(path, p, err, sizeof err) != 1)
        return;   /* suits the chip; an unreadable image is reported where it is read */
    const sim_series *s = &r->sc->series[r->series];
    if (s->set)
        diag_at(d, run_setting(r, "experiment.elf"), "series '%s': %s", s->name, err);
    else
        diag_at(d, run_setting(r, "experiment.elf"), "%s", err);
}

int exp_build_image(const run_spec *r, const char *src, const char *chip, int defines, char *elf, size_t elflen,
                    char *err, size_t errlen)
{
    /* Flags: optimisation, the scenario's cflags, then one -D per parameter. */
    char store[1 + EXP_MAX_CFLAGS + 48][352];
    const char *flags[1 + EXP_MAX_CFLAGS + 48];
    int nf = 0;
    snprintf(store[nf], sizeof store[nf], "-%s", run_string(r, "experiment.opt", "O2"));
    flags[nf] = store[nf];
    nf++;
    const config_setting_t *cf = run_setting(r, "experiment.cflags");
    for (int i = 0; cf && i < config_setting_length(cf) && i < EXP_MAX_CFLAGS; i++)
        flags[nf++] = config_setting_get_string_elem(cf, i);
    run_param ps[48];
    int np = defines ? run_params(r, ps, 48) : 0;
    for (int i = 0; i < np; i++, nf++) {
        snprintf(store[nf], sizeof store[nf], "-D%.63s=%.255s", ps[i].name, ps[i].value);
        flags[nf] = store[nf];
    }
    return fw_build(r->sc->root, src, chip, flags, nf, elf, elflen, err, errlen) ? -1 : 0;
}

int exp_image_for(const run_spec *r, const char *default_src, const char *chip, int defines, char *elf,
                  size_t elflen, run_result *res)
{
    const char *given = run_string(r, "experiment.elf", NULL);
    if (given) {
        exp_path(r, given, elf, elflen);
        return 0;
    }
    char src[2048], err[4096];
    exp_path(r, run_string(r, "experiment.firmware", default_src), src, sizeof src);
    if (exp_build_image(r, src, chip, defines, elf, elflen, err, sizeof err)) {
        result_fail(res, "%s", err);
        return -1;
    }
    return 0;
}

int exp_marks(const run_spec *r, const lanai_core *c, const lanai_mark **m1, const lanai_mark **m2, int *start_id,
              int *end_id)
{
    *start_id = 1;
    *end_id = 2;
    const config_setting_t *marks = run_setting(r, "experiment.marks");
    if (marks) {
        double a, b;
        cfg_number(config_setting_get_elem(marks, 0), &a);
        cfg_number(config_setting_get_elem(marks, 1), &b);
        *start_id = (int)a;
        *end_id = (int)b;
    }
    int nm;
    const lanai_mark *m = lanai_marks(c, &nm);
    *m1 = *m2 = NULL;
    for (int i = 0; i < nm; i++) {
        if (!*m1 && (int)m[i].id == *start_id)
            *m1 = &m[i];
        else if (*m1 && !*m2 && (int)m[i].id == *end_id)
            *m2 = &m[i];
    }
    return *m1 && *m2 ? 0 : -1;
}
