// sc-cosim-test: runs one NI cluster under the SystemC shell and prints the
// run's record (cosim_write_record), so tests can compare it with the C
// driver's record of the same cluster. SystemC can sc_start only once per
// process, hence a program of its own.
//   sc-cosim-test --topo FILE --chip lanai4|lanai9 --fw ELF --out FILE
//                 [--until PS] [--lookahead PS] [--no-idle] [--watchdog PS]
//                 [--shortest] [--no-block-timeout]
// The record goes to --out (stdout carries SystemC's own messages).
#include "cosim_sc.h"

#include <systemc>   // declares sc_main with the linkage the library expects

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

static int usage(const char *why)
{
    std::fprintf(stderr, "sc-cosim-test: %s\n"
                         "usage: sc-cosim-test --topo FILE --chip lanai4|lanai9 --fw ELF --out FILE [--until PS]\n"
                         "       [--lookahead PS] [--no-idle] [--watchdog PS] [--shortest] [--no-block-timeout]\n",
                 why);
    return 2;
}

static bool read_file(const char *path, std::string &out)
{
    FILE *f = std::fopen(path, "rb");
    if (!f) return false;
    char buf[4096];
    size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) out.append(buf, n);
    std::fclose(f);
    return true;
}

int sc_main(int argc, char **argv)
{
    const char *topo_path = nullptr, *fw = nullptr, *out = nullptr;
    cosim_opts o;
    cosim_opts_default(&o);
    sim_time until = SIM_US(100000);
    for (int i = 1; i < argc; i++) {
        std::string a = argv[i];
        bool more = i + 1 < argc;
        if (a == "--topo" && more) topo_path = argv[++i];
        else if (a == "--chip" && more) o.chip = argv[++i];
        else if (a == "--fw" && more) fw = argv[++i];
        else if (a == "--out" && more) out = argv[++i];
        else if (a == "--until" && more) until = std::strtoull(argv[++i], nullptr, 10);
        else if (a == "--lookahead" && more) o.lookahead = std::strtoull(argv[++i], nullptr, 10);
        else if (a == "--watchdog" && more) o.watchdog = std::strtoull(argv[++i], nullptr, 10);
        else if (a == "--no-idle") o.idle_skip = 0;
        else if (a == "--shortest") o.fab.algo = ROUTE_SHORTEST;
        else if (a == "--no-block-timeout") o.fab.sw.block_timeout = 0;
        else return usage(("unknown or incomplete option " + a).c_str());
    }
    if (!topo_path || !fw || !out) return usage("--topo, --fw and --out are required");
    std::string text;
    if (!read_file(topo_path, text)) return usage((std::string(topo_path) + ": cannot read").c_str());
    topo t;
    topo_init(&t);
    char err[512];
    if (topo_parse(&t, text.c_str(), topo_path, err, sizeof err)) {
        std::fprintf(stderr, "sc-cosim-test: %s\n", err);
        return 2;
    }
    cosim *s = cosim_new(&t, &o, err, sizeof err);
    if (!s) {
        std::fprintf(stderr, "sc-cosim-test: %s\n", err);
        topo_free(&t);
        return 2;
    }
    for (int i = 0; i < cosim_nodes(s); i++)
        if (cosim_load(s, i, fw, err, sizeof err)) {
            std::fprintf(stderr, "sc-cosim-test: %s\n", err);
            cosim_free(s);
            topo_free(&t);
            return 2;
        }
    cosim_status st = cosim_run_systemc(s, until);
    FILE *f = std::fopen(out, "w");
    if (!f) {
        std::fprintf(stderr, "sc-cosim-test: %s: cannot write\n", out);
        cosim_free(s);
        topo_free(&t);
        return 2;
    }
    cosim_write_record(s, st, f);
    std::fclose(f);
    cosim_free(s);
    topo_free(&t);
    return 0;
}
