/* The unit of a measurement, read from its name's suffix (the convention
 * every experiment follows: latency_us, bandwidth_mbs, best_frag_kb). Used
 * wherever a number is printed without its reference row's own unit. */
#ifndef MYRISIM_OUTPUTS_UNITS_H
#define MYRISIM_OUTPUTS_UNITS_H

/* "us", "MB/s", "KB", ... or "" when the name says nothing (a count). */
const char *measure_unit(const char *measure);

#endif
