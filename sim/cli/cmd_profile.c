#include "regress_cli.h"
int cli_cmd_profile(int argc, char **argv) { (void)argc; (void)argv; return 2; }
