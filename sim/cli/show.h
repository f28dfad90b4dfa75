/* `myrisim show`: print a result directory's comparison with the
 * dissertation (comparison.csv) as a table, and its plots. */
#ifndef MYRISIM_CLI_SHOW_H
#define MYRISIM_CLI_SHOW_H

#include <stdio.h>

/* 0, or -1 with a message naming the file on err. */
int show_result(const char *dir, FILE *out, FILE *err);

#endif
