/* sockets: run an unmodified sockets program (built with tools/msock-cc)
 * as the host process of every node, over the GRIM sockets emulation
 * (NET = grim) or the 100 Mb/s Ethernet + TCP baseline (NET = tcp).
 *   PROGRAM   the shared object (e.g. build/sockets/sock_pingpong.so)
 *   ARGV      the argument words of every node ("" = none; argv[0] is the
 *             program's name); ARGV_<n> replaces them on node n
 *   SIZE      a number for sweeps: the word "{SIZE}" in the argv becomes it
 *   OUTDIR    where node n's stdout and stderr go at the end:
 *             OUTDIR/<host>-<NET>[-<SIZE>]-node<n>.out (runs of one scenario in
 *             parallel that differ in nothing else share a name)
 *   FN_CYCLES CPU cycles per function the program enters (default 20)
 *   CALL_CYCLES, ALLOC_CYCLES  the emulation's costs (msock.h)
 *   TCP_NAGLE (0), TCP_DELACK (2: full segments per ACK, 1 = no delayed
 *             ACK): the TCP switches (model/eth/eth_params.c)
 * A line "measure: NAME VALUE" printed by a node's program becomes that
 * node's measurement NAME (node 0's reach the results). GRIM is opened on
 * every node in both cases (its firmware must end cleanly); over TCP it
 * carries nothing. */
#include "app_grim_util.h"
#include "../sockets/msock_grim.h"
#include "../sockets/msock_host.h"
#include "../sockets/msock_tcp.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define MAX_ARGS 64

static int mkdirs(const char *dir)
{
    char b[512];
    snprintf(b, sizeof b, "%s", dir);
    for (char *s = b + 1; *s; s++)
        if (*s == '/') {
            *s = 0;
            if (mkdir(b, 0777) && errno != EEXIST) return -1;
            *s = '/';
        }
    return mkdir(b, 0777) && errno != EEXIST ? -1 : 0;
}

/* Report the "measure: NAME VALUE" lines of a node's output. */
static void measures_from(happ_env *e, const char *text)
{
    char name[128];
    double v;
    for (const char *l = text; l && *l; l = strchr(l, '\n'), l = l ? l + 1 : NULL)
        if (sscanf(l, "measure: %127s %lf", name, &v) == 2) happ_measure(e, name, v);
}

static int run(platform *p, happ_env *e)
{
    grim_options o;
    long long fnc, callc, allocc, nagle, delack;
    if (gapp_options(e, &o) || happ_int(e, "FN_CYCLES", 20, &fnc) || happ_int(e, "CALL_CYCLES", 200, &callc) ||
        happ_int(e, "ALLOC_CYCLES", 400, &allocc) || happ_int(e, "TCP_NAGLE", 0, &nagle) ||
        happ_int(e, "TCP_DELACK", 2, &delack))
        return -1;
    if ((nagle != 0 && nagle != 1) || delack < 1 || delack > 64)
        return happ_fail(e, "TCP_NAGLE = %lld (0 or 1), TCP_DELACK = %lld (1..64)", nagle, delack);
    const char *so = happ_str(e, "PROGRAM", NULL), *net = happ_str(e, "NET", "grim"),
               *outdir = happ_str(e, "OUTDIR", "build/sockets/out");
    char key[16];
    snprintf(key, sizeof key, "ARGV_%d", e->node);
    const char *args = happ_str(e, key, NULL);
    if (!args) args = happ_str(e, "ARGV", "");
    if (!so || !so[0]) return happ_fail(e, "PROGRAM: the sockets program to run (a .so built by tools/msock-cc)");
    int tcp = !strcmp(net, "tcp");
    if (!tcp && strcmp(net, "grim")) return happ_fail(e, "NET = '%s': grim or tcp", net);
    if (fnc < 0 || callc < 0 || allocc < 0 || fnc > 100000 || callc > 100000 || allocc > 100000)
        return happ_fail(e, "FN_CYCLES, CALL_CYCLES, ALLOC_CYCLES: 0..100000");
    /* argv: the program's name, then the words ("{SIZE}" replaced) */
    const char *size = happ_str(e, "SIZE", NULL);
    char *words = strdup(args), *argv[MAX_ARGS + 2];
    int argc = 0;
    const char *base = strrchr(so, '/');
    argv[argc++] = (char *)(base ? base + 1 : so);
    for (char *t = strtok(words, " \t"); t && argc <= MAX_ARGS; t = strtok(NULL, " \t"))
        argv[argc++] = size && !strcmp(t, "{SIZE}") ? (char *)size : t;
    argv[argc] = NULL;
    char path[600];
    snprintf(path, sizeof path, "%s/%s-%s%s%s-node%d.out", outdir, plat_host_profile(p)->name, net, size ? "-" : "",
             size ? size : "", e->node);
    char *text = NULL;
    size_t tlen = 0;
    FILE *out = open_memstream(&text, &tlen);   /* written to path at the end */
    if (!out || mkdirs(outdir)) {
        free(words);
        if (out) fclose(out);
        free(text);
        return happ_fail(e, "%s: %s", outdir, strerror(errno));
    }

    grim *g = gapp_open(p, e, &o);
    if (!g) {
        fclose(out);
        free(words);
        return -1;
    }
    int rc = 0;
    msock_grim *mg = tcp ? NULL : msock_grim_new(g);
    if (!tcp && !mg) rc = gapp_fail(e, g, "sockets handlers");
    if (rc == 0 && (grim_syncHandlers(g) || (mg && msock_grim_resolve(mg)))) rc = gapp_fail(e, g, "handlers");
    msock_costs mc = {(uint32_t)callc, (uint32_t)allocc};
    msock_tcp *mt = NULL;
    msock *m = NULL;
    char err[400] = "";
    if (rc == 0) {
        if (tcp) {
            mt = msock_tcp_new(p, (uint32_t)e->node, grim_nodes(g), (int)nagle, (uint32_t)delack, err, sizeof err);
            m = mt ? msock_tcp_open(mt, &mc) : NULL;
        } else {
            m = msock_grim_open(mg, &mc);
        }
        if (!m) rc = happ_fail(e, "sockets over %s: %s", net, err[0] ? err : "out of memory");
    }
    msock_proc *pr = m ? msock_proc_new(p, m, (uint32_t)e->node, grim_nodes(g), out, (uint32_t)fnc) : NULL;
    if (rc == 0 && !pr) rc = happ_fail(e, "out of memory");
    if (rc == 0 && grim_barrier(g)) rc = gapp_fail(e, g, "barrier");
    if (rc == 0) {
        int st = msock_proc_run(pr, so, argc, argv, err, sizeof err);
        if (st < 0 && err[0]) rc = happ_fail(e, "%s", err);
        else if (st != 0) rc = happ_fail(e, "node %d: %s exited with status %d (its output: %s)", e->node, argv[0], st, path);
    }
    fclose(out);
    FILE *f = fopen(path, "w");
    if (!f || fwrite(text, 1, tlen, f) != tlen) rc = rc ? rc : happ_fail(e, "%s: %s", path, strerror(errno));
    if (f) fclose(f);
    if (rc == 0) measures_from(e, text);
    free(text);
    if (rc == 0 && grim_barrier(g)) rc = gapp_fail(e, g, "end barrier");
    msock_proc_free(pr);
    if (mg) msock_grim_free(mg);
    else msock_free(m);
    msock_tcp_free(mt);
    free(words);
    return gapp_close(g, e, rc);
}

const happ happ_sockets = {
    "sockets", "an unmodified sockets program on every node, over GRIM sockets or 100 Mb/s Ethernet + TCP",
    (const char *const[]){"PROGRAM", "NET", "ARGV", "ARGV_0", "ARGV_1", "ARGV_2", "ARGV_3", "ARGV_4", "ARGV_5",
                          "ARGV_6", "ARGV_7", "ARGV_8", "ARGV_9", "ARGV_10", "ARGV_11", "ARGV_12", "ARGV_13",
                          "ARGV_14", "ARGV_15", "SIZE", "OUTDIR", "FN_CYCLES", "CALL_CYCLES", "ALLOC_CYCLES", "TCP_NAGLE", "TCP_DELACK",
                          GAPP_COMMON_PARAMS, NULL},
    run, NULL,
};
