/* placeholder, filled below */
#include "regress_cli.h"
int cli_cmd_ab(int argc, char **argv) { (void)argc; (void)argv; return 2; }
