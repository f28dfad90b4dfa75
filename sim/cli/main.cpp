// The SystemC shell of myrisim: everything lives in C (myrisim_main). Each
// run of a scenario is a forked child, because SystemC 2.3 elaborates and
// starts only once per process.
#include <systemc>

#include <cstdio>
#include <cstdlib>
#include <unistd.h>

#include "myrisim.h"

// The kernel prints its copyright banner to stderr before calling sc_main
// unless this is set; a static initialiser runs before the library's main().
static const int quiet_kernel = setenv("SC_COPYRIGHT_MESSAGE", "DISABLE", 0);

int sc_main(int argc, char **argv)
{
    int rc = myrisim_main(argc, argv);
    // Leave without the SystemC kernel's exit-time banner on stdout (it would
    // end up in every command's output); our own streams are flushed here.
    std::fflush(stdout);
    std::fflush(stderr);
    _exit(rc);
}
