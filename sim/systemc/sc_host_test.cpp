// sc-host-test: runs one host program (hostlib/apps) on every node of a
// small cluster with hosts (tests/host/node_run.h) and writes the run's
// record, with the host processes as SystemC threads (--backend systemc,
// the default) or on the plain-C backend (--backend c, one node). Tests
// compare the two records byte for byte. SystemC can sc_start only once per
// process, hence a program of its own.
//   sc-host-test --chip lanai4|lanai9 --host NAME --program NAME --out FILE
//                [--bus N] [--nodes N] [--param NAME=VALUE]... [--no-idle]
//                [--backend systemc|c] [--until-us N]
#include "cosim_sc.h"

extern "C" {
#include "../../tests/host/node_run.h"
}

#include <systemc>   // declares sc_main with the linkage the library expects

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

static int usage(const char *why)
{
    std::fprintf(stderr, "sc-host-test: %s\n"
                         "usage: sc-host-test --chip lanai4|lanai9 --host NAME --program NAME --out FILE [--bus N]\n"
                         "       [--nodes N] [--param NAME=VALUE]... [--no-idle] [--backend systemc|c] [--until-us N]\n",
                 why);
    return 2;
}

int sc_main(int argc, char **argv)
{
    node_spec sp = {nullptr, nullptr, 0, 1, 1, cosim_run_systemc_hosts, 0, 0};
    const char *program = nullptr, *out = nullptr;
    std::vector<std::string> kv;
    for (int i = 1; i < argc; i++) {
        std::string a = argv[i];
        bool more = i + 1 < argc;
        if (a == "--chip" && more) sp.chip = argv[++i];
        else if (a == "--host" && more) {
            sp.hp = host_profile_get(argv[++i]);
            if (!sp.hp) return usage((std::string("unknown host profile ") + argv[i]).c_str());
        } else if (a == "--bus" && more) sp.bus = std::atoi(argv[++i]);
        else if (a == "--nodes" && more) sp.nodes = std::atoi(argv[++i]);
        else if (a == "--program" && more) program = argv[++i];
        else if (a == "--out" && more) out = argv[++i];
        else if (a == "--param" && more) kv.push_back(argv[++i]);
        else if (a == "--no-idle") sp.idle_skip = 0;
        else if (a == "--until-us" && more) sp.until = SIM_US(std::strtoull(argv[++i], nullptr, 10));
        else if (a == "--backend" && more) {
            std::string b = argv[++i];
            if (b == "c") sp.runner = nullptr;
            else if (b != "systemc") return usage("--backend is systemc or c");
        } else return usage(("unknown or incomplete option " + a).c_str());
    }
    if (!sp.chip || !sp.hp || !program || !out) return usage("--chip, --host, --program and --out are required");
    std::vector<std::string> names, values;
    for (const std::string &p : kv) {
        size_t eq = p.find('=');
        if (eq == std::string::npos) return usage(("--param " + p + ": expected NAME=VALUE").c_str());
        names.push_back(p.substr(0, eq));
        values.push_back(p.substr(eq + 1));
    }
    std::vector<nf_param> params;
    for (size_t k = 0; k < names.size(); k++) params.push_back(nf_param{names[k].c_str(), values[k].c_str()});
    params.push_back(nf_param{nullptr, nullptr});
    const char *root = std::getenv("MYRISIM_ROOT");
    nf_result r;
    char err[600];
    if (node_run(root ? root : ".", &sp, program, params.data(), &r, err, sizeof err)) {
        std::fprintf(stderr, "sc-host-test: %s\n", err);
        return 2;
    }
    FILE *f = std::fopen(out, "w");
    if (!f) {
        std::fprintf(stderr, "sc-host-test: %s: cannot write\n", out);
        nf_free(&r);
        return 2;
    }
    std::fputs(r.record, f);
    std::fclose(f);
    nf_free(&r);
    return 0;
}
