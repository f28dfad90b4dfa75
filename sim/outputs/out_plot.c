/* Plots: one self-contained gnuplot script per plot (the data inline as
 * datablocks), rendered to PNG and SVG in one house style: labelled axes with
 * units, one curve per series, the dissertation's values as open markers in
 * the series' colour, a legend and a title naming the figure. */
#include "outputs.h"

#include "textfmt.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* Series styles: colours with contrast on white (the Okabe-Ito palette
 * without its yellow, plus black and brown), each with its own dash pattern
 * and marker shape, so two curves that coincide are still both visible and
 * a grey-scale print still tells them apart. Earlier series are drawn
 * underneath with wider lines and larger markers, so they show around the
 * ones drawn over them. A reference marker is the open form of its series'
 * (filled) shape. */
static const char *const colours[] = {"#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00",
                                      "#000000", "#56B4E9", "#8C510A"};
/* solid, dash, dash-dot, short dash, long dash, dash-dot-dot (no dotted
 * line: too faint at any width) */
static const char *const dashes[] = {"1", "(8,4)", "(12,4,3,4)", "(4,3)", "(16,6)", "(12,4,3,4,3,4)"};
static const int filled_pt[] = {7, 5, 9, 11, 13, 15};   /* circle, square, triangles, diamond, pentagon */
#define NSTYLE(a) ((int)(sizeof a / sizeof *a))

/* s: the series' place among those the plot draws */
static void series_style(FILE *f, int s, int nseries, int ref)
{
    double wide = nseries > 1 ? (double)(nseries - 1 - s) / (nseries - 1) : 1;   /* 1 for the first, 0 for the last */
    int shape = filled_pt[s % NSTYLE(filled_pt)];
    if (ref)
        fprintf(f, "lc rgb \"%s\" lw 2 pt %d ps 2.6", colours[s % NSTYLE(colours)], shape - 1);
    else
        fprintf(f, "lc rgb \"%s\" dt %s lw %.2f pt %d ps %.2f", colours[s % NSTYLE(colours)],
                dashes[s % NSTYLE(dashes)], 2.0 + 1.5 * wide, shape, 1.0 + 0.7 * wide);
}

/* A gnuplot double-quoted string. */
static void gp_str(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"' || *s == '\\')
            fputc('\\', f);
        fputc(*s, f);
    }
    fputc('"', f);
}

/* The plot's x coordinate of point i of series s; -1 if it has none. */
static int point_x(const sim_outputs *o, const sim_plot *p, int s, int i, double *x)
{
    if (!strcmp(p->x, "x")) {
        *x = o->xs[i];
        return 0;
    }
    const run_result *r = out_result(o, s, i);
    return r->ok ? result_get(r, p->x, x) : -1;
}

static int ref_x(const sim_outputs *o, const sim_plot *p, const sim_ref *ref, double *x)
{
    if (!strcmp(p->x, "x")) {
        *x = ref->x;
        return ref->in_sweep ? 0 : -1;
    }
    for (int i = 0; i < o->nx; i++)
        if (same_x(o->xs[i], ref->x))
            return point_x(o, p, ref->series, i, x);
    return -1;
}

static void write_script(const sim_outputs *o, const sim_plot *p, FILE *f)
{
    const scenario *sc = o->sc;
    char b1[NUM_BUF], b2[NUM_BUF];
    fprintf(f, "# %s\n# Written by myrisim for scenario %s; run \"gnuplot %s.gp\" in this directory.\n", p->title,
            sc->name, p->name);
    fputs("set encoding utf8\nset datafile separator whitespace\n", f);
    fputs("set title ", f);
    gp_str(f, p->title);
    fputs(" noenhanced\nset xlabel ", f);
    gp_str(f, p->xlabel);
    fputs(" noenhanced\nset ylabel ", f);
    gp_str(f, p->ylabel);
    fputs(" noenhanced\n", f);
    fputs("set key outside right top box noenhanced\nset grid\nset border 3\nset tics nomirror\n", f);
    fputs("set autoscale xfix\nset offsets graph 0.04, graph 0.04, 0, 0\n", f);
    if (p->logx)
        fputs("set logscale x\nset format x \"%.0f\"\n", f);
    if (p->logy)
        fputs("set logscale y\n", f);
    else
        fputs("set yrange [0:*]\n", f);

    /* One distinct x (a --quick run) would leave gnuplot an empty x range:
     * give it a span around that point. */
    double lo = 0, hi = 0;
    int seen = 0;
    for (int s = 0; s < sc->nseries; s++)
        for (int i = 0; i < o->nx; i++) {
            double x;
            if (plot_shows(p, sc, s) && point_x(o, p, s, i, &x) == 0) {
                lo = seen && lo < x ? lo : x;
                hi = seen && hi > x ? hi : x;
                seen = 1;
            }
        }
    if (seen && lo == hi) {
        if (p->logx && lo > 0)
            fprintf(f, "set xrange [%s:%s]\n", fmt_num(lo / 2, b1), fmt_num(lo * 2, b2));
        else
            fprintf(f, "set xrange [%s:%s]\n", fmt_num(lo - 1, b1), fmt_num(lo + 1, b2));
    }

    int has_curve[256] = {0}, has_ref[256] = {0}, place[256] = {0}, shown = 0;
    for (int s = 0; s < sc->nseries && s < 256; s++)
        if (plot_shows(p, sc, s))
            place[s] = shown++;
    for (int s = 0; s < sc->nseries && s < 256; s++) {
        if (!plot_shows(p, sc, s))
            continue;
        fprintf(f, "$s%d << EOD\n", s);
        for (int i = 0; i < o->nx; i++) {
            double x, y;
            const run_result *r = out_result(o, s, i);
            if (point_x(o, p, s, i, &x) == 0 && r->ok && result_get(r, p->y, &y) == 0) {
                fprintf(f, "%s %s\n", fmt_num(x, b1), fmt_num(y, b2));
                has_curve[s] = 1;
            }
        }
        fputs("EOD\n", f);
        fprintf(f, "$r%d << EOD\n", s);
        for (int k = 0; k < sc->nrefs; k++) {
            const sim_ref *ref = &sc->refs[k];
            double x;
            /* A bound is a limit, not a point of the published curve: not drawn. */
            if (ref->series == s && ref->kind != REF_BOUND && !strcmp(ref->measure, p->y) && ref_x(o, p, ref, &x) == 0) {
                fprintf(f, "%s %s\n", fmt_num(x, b1), fmt_num(ref->y, b2));
                has_ref[s] = 1;
            }
        }
        fputs("EOD\n", f);
    }
    for (int pass = 0; pass < 2; pass++) {
        if (pass == 0)
            fprintf(f, "set terminal pngcairo size 1080,600 font \"Sans,11\"\nset output \"%s.png\"\n", p->name);
        else
            fprintf(f, "set terminal svg size 1080,600 font \"Sans,11\"\nset output \"%s.svg\"\n", p->name);
        fputs("plot", f);
        /* every curve first, then every published value, so no curve hides
         * a dissertation marker */
        int first = 1;
        for (int ref = 0; ref < 2; ref++)
            for (int s = 0; s < sc->nseries && s < 256; s++) {
                if (!(ref ? has_ref[s] : has_curve[s]))
                    continue;
                char t[300];
                snprintf(t, sizeof t, ref ? "%s (dissertation)" : "%s", sc->series[s].name);
                fprintf(f, "%s \\\n  $%c%d using 1:2 with %s ", first ? "" : ",", ref ? 'r' : 's', s,
                        ref ? "points" : "linespoints");
                series_style(f, place[s], shown, ref);
                fputs(" title ", f);
                gp_str(f, t);
                first = 0;
            }
        fputc('\n', f);
    }
    fputs("unset output\n", f);
}

static int plot_has_data(const sim_outputs *o, const sim_plot *p)
{
    for (int s = 0; s < o->sc->nseries; s++)
        for (int i = 0; i < o->nx; i++) {
            double x, y;
            const run_result *r = out_result(o, s, i);
            if (plot_shows(p, o->sc, s) && point_x(o, p, s, i, &x) == 0 && r->ok && result_get(r, p->y, &y) == 0)
                return 1;
        }
    return 0;
}

static int run_gnuplot(const char *dir, const char *script)
{
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid < 0)
        return -1;
    if (pid == 0) {
        if (chdir(dir))
            _exit(126);
        int fd = open("/dev/null", O_WRONLY);
        if (fd >= 0)
            dup2(fd, 1);
        execlp("gnuplot", "gnuplot", script, (char *)NULL);
        _exit(127);
    }
    int st;
    while (waitpid(pid, &st, 0) < 0 && errno == EINTR) {
    }
    return WIFEXITED(st) ? WEXITSTATUS(st) : 128;
}

int write_plots(const sim_outputs *o)
{
    int bad = 0;
    for (int k = 0; k < o->sc->nplots; k++) {
        const sim_plot *p = &o->sc->plots[k];
        if (!plot_has_data(o, p)) {
            fprintf(stderr, "myrisim: plot %s: no run produced %s; not drawn\n", p->name, p->y);
            bad = -1;
            continue;
        }
        char path[2048], script[256];
        snprintf(script, sizeof script, "%s.gp", p->name);
        snprintf(path, sizeof path, "%s/%s", o->dir, script);
        FILE *f = fopen(path, "w");
        if (!f) {
            fprintf(stderr, "myrisim: cannot write %s: %s\n", path, strerror(errno));
            return -1;
        }
        write_script(o, p, f);
        fclose(f);
        int rc = run_gnuplot(o->dir, script);
        if (rc == 127) {
            fprintf(stderr, "myrisim: gnuplot not found (Debian: gnuplot-nox); %s not drawn\n", p->name);
            bad = -1;
        } else if (rc != 0) {
            fprintf(stderr, "myrisim: gnuplot failed on %s (status %d)\n", path, rc);
            bad = -1;
        }
    }
    return bad;
}
