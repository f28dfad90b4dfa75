/* exit: the code goes to SIMSVC_EXIT, as when main returns (crt0.S). */
#include <stdlib.h>

#include "sim.h"

void exit(int code)
{
    sim_exit(code);
}
