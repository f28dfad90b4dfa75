/* REPORT.md's "same published value, different simulated results": where
 * two result directories compare the same published value (same series,
 * measure, unit and point) and get different simulated values, the
 * settings that differ between their runs, from each directory's
 * settings.csv, so the reader sees why rather than guessing. */
#include "fidelity.h"

#include "../outputs/textfmt.h"

#include <stdlib.h>
#include <string.h>

static int same_value(const fid_entry *a, const fid_entry *b)
{
    return a->has_sim && b->has_sim && !strcmp(a->series, b->series) && !strcmp(a->measure, b->measure) &&
           !strcmp(a->unit, b->unit) && a->has_x == b->has_x && (!a->has_x || same_x(a->x, b->x)) &&
           a->kind == b->kind && a->cmp == b->cmp && a->ref == b->ref && strcmp(a->dir, b->dir) != 0;
}

/* A setting's value in dir for series (NULL: not set); "(swept)" reads as
 * the point compared. */
static const char *setting(const fid_input *in, const char *dir, const char *series, const char *key,
                           const fid_entry *e, char buf[NUM_BUF])
{
    for (int i = 0; i < in->nsettings; i++) {
        const fid_setting *s = &in->settings[i];
        if (s->dir == dir && !strcmp(s->series, series) && !strcmp(s->key, key))
            return !strcmp(s->value, "(swept)") && e->has_x ? fmt_num(e->x, buf) : s->value;
    }
    return NULL;
}

static int has_settings(const fid_input *in, const char *dir, const char *series)
{
    for (int i = 0; i < in->nsettings; i++)
        if (in->settings[i].dir == dir && !strcmp(in->settings[i].series, series))
            return 1;
    return 0;
}

static void code(FILE *f, const char *s)
{
    fputc('`', f);
    for (; *s; s++)
        fputc(*s == '`' || *s == '|' || *s == '\n' ? ' ' : *s, f);
    fputc('`', f);
}

/* The settings that differ between a's and b's runs. */
static void differences(FILE *f, const fid_input *in, const fid_entry *a, const fid_entry *b)
{
    if (!has_settings(in, a->dir, a->series) || !has_settings(in, b->dir, b->series)) {
        fputs("settings not recorded (a directory without settings.csv)", f);
        return;
    }
    int n = 0;
    for (int pass = 0; pass < 2; pass++) {
        const fid_entry *x = pass ? b : a, *y = pass ? a : b;
        for (int i = 0; i < in->nsettings; i++) {
            const fid_setting *s = &in->settings[i];
            if (s->dir != x->dir || strcmp(s->series, x->series))
                continue;
            char bx[NUM_BUF], by[NUM_BUF];
            const char *vx = setting(in, x->dir, x->series, s->key, x, bx);
            const char *vy = setting(in, y->dir, y->series, s->key, y, by);
            if (pass && vy)
                continue;   /* keys both have were listed in the first pass */
            if (vy && !strcmp(vx, vy))
                continue;
            const char *va = pass ? vy : vx, *vb = pass ? vx : vy;
            fputs(n++ ? "; " : "", f);
            code(f, s->key);
            fputs(" ", f);
            if (va)
                code(f, va);
            else
                fputs("not set", f);
            fputs(" in ", f);
            code(f, a->dir);
            fputs(", ", f);
            if (vb)
                code(f, vb);
            else
                fputs("not set", f);
            fputs(" in ", f);
            code(f, b->dir);
        }
    }
    if (!n)
        fputs("no recorded setting differs", f);
}

void fidelity_differences(FILE *f, const fid_input *in)
{
    fputs("## Same published value, different simulated results\n\n", f);
    char *done = calloc((size_t)in->nentries + 1, 1);
    int any = 0;
    for (int i = 0; i < in->nentries; i++) {
        const fid_entry *a = &in->entries[i];
        if (done[i] || !a->has_sim)
            continue;
        int differ = 0;
        for (int j = i + 1; j < in->nentries; j++)
            if (!done[j] && same_value(a, &in->entries[j])) {
                char b1[NUM_BUF], b2[NUM_BUF];
                differ |= strcmp(fmt_num(a->sim, b1), fmt_num(in->entries[j].sim, b2)) != 0;
            }
        if (!differ)
            continue;
        any = 1;
        char b1[NUM_BUF], rb[REF_FIELD_BUF];
        fputs("- ", f);
        code(f, a->series);
        fputs(", ", f);
        code(f, a->measure);
        if (a->has_x)
            fprintf(f, " at %s = %s", a->xname, fmt_num(a->x, b1));
        fprintf(f, ", published %s %s: %s in ", ref_field_format(a->kind, a->cmp, a->ref, rb), a->unit,
                fmt_num(a->sim, b1));
        code(f, a->dir);
        fprintf(f, " (%s)", a->figure);
        for (int j = i + 1; j < in->nentries; j++) {
            const fid_entry *b = &in->entries[j];
            if (done[j] || !same_value(a, b))
                continue;
            done[j] = 1;
            fprintf(f, ", %s in ", fmt_num(b->sim, b1));
            code(f, b->dir);
            fprintf(f, " (%s)", b->figure);
        }
        fputs(".\n  Settings that differ:", f);
        for (int j = i + 1; j < in->nentries; j++) {
            const fid_entry *b = &in->entries[j];
            if (!same_value(a, b))
                continue;
            fputs(" ", f);
            differences(f, in, a, b);
            fputs(".", f);
        }
        fputc('\n', f);
    }
    if (!any)
        fputs("None: wherever two result directories compare the same published value (same series, measure and "
              "point), their simulated values agree.\n",
              f);
    fputc('\n', f);
    free(done);
}
