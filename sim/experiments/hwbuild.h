/* A user's circuit named in a scenario, Verilated at run time (issue 17):
 * its ports checked against appendix B.3's interface, Verilator's lint, and
 * a shared library (the module as Vuser + hw/user/user_shell.cpp +
 * Verilator's runtime) cached under build/scenarios/hw/, keyed by a hash of
 * the Verilog and every file it `includes (found beside the file that
 * names it; Verilator gets that directory as -I), the module name, the
 * shell and Verilator's version, as
 * fwbuild.h caches firmware. Concurrent runs may build the same library:
 * each builds privately and renames into place. */
#ifndef MYRISIM_EXPERIMENTS_HWBUILD_H
#define MYRISIM_EXPERIMENTS_HWBUILD_H

#include <stddef.h>

/* Does `module` in `file` have exactly the interface's ports, each with
 * its direction and width (ANSI port lists)? Returns the number of misfits,
 * each reported in err as "file:line: ..." (lines joined by newlines), or
 * -1 when the file cannot be read or has no such module. */
int hw_circuit_ports(const char *file, const char *module, char *err, size_t errlen);
/* Verilator's lint (-Wall) of `module` in `file` and `more` files: 0, or -1
 * with Verilator's own file:line messages in err. */
int hw_circuit_lint(const char *file, const char *module, const char *const *more, int nmore, char *err,
                    size_t errlen);
/* The cache entry for (file, module): its path in so; returns 1 if it is
 * built, 0 if not, -1 (message in err) if the inputs cannot be read. */
int hw_circuit_cached(const char *root, const char *file, const char *module, char *so, size_t solen, char *err,
                      size_t errlen);
/* The library for (file, module), built now if it is not cached (*built
 * says which). 0, or -1 with the first lines of the failing step's log. */
int hw_circuit_build(const char *root, const char *file, const char *module, char *so, size_t solen, int *built,
                     char *err, size_t errlen);

#endif
