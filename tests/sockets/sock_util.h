/* What the sockets tests share: values from a run's result CSV. */
#ifndef MYRISIM_SOCKETS_SOCK_UTIL_H
#define MYRISIM_SOCKETS_SOCK_UTIL_H

/* The value of column col in data row `row` (0 = the first) of dir/file;
 * fails the test if there is none. */
double sock_csv_row(const char *dir, const char *file, int row, const char *col);
#define sock_csv_value(d, f, c) sock_csv_row(d, f, 0, c)

#endif
