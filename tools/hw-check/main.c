/* hw-check: checks that a user circuit fits the frame's circuit interface
 * (appendix B.3) before it goes into the canvas: its module's ports must be
 * exactly the interface's, each with its direction and width, and Verilator
 * must accept it (its own file:line messages). The checks are the ones a
 * scenario's run-time circuit goes through (sim/experiments/hwbuild.h).
 * Errors name file and line; exit status 2 for a circuit that does not fit,
 * 0 when it does. Usage: hw-check FILE.v MODULE [MORE.v...] (the files of
 * the cores it uses). */
#include "../../sim/experiments/hwbuild.h"

#include <stdio.h>

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: hw-check FILE.v MODULE [MORE.v...]\n");
        return 2;
    }
    const char *file = argv[1], *top = argv[2];
    static char err[16384];
    if (hw_circuit_ports(file, top, err, sizeof err)) {
        fprintf(stderr, "%s\n", err);
        return 2;
    }
    if (hw_circuit_lint(file, top, (const char *const *)argv + 3, argc - 3, err, sizeof err)) {
        fprintf(stderr, "%s\n", err);
        return 2;
    }
    printf("%s: module '%s' fits the circuit interface\n", file, top);
    return 0;
}
