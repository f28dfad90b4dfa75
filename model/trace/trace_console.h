/* Firmware console lines on the trace: every line an NI's firmware prints
 * (con_printf, printf) becomes an instant "console" on that NI core's track
 * at the simulated time its newline was written, with the line as its
 * "text" argument, so a protocol's own prints sit beside the packets and
 * DMAs they explain. Records no fingerprint (regress ignores consoles). */
#ifndef MYRISIM_TRACE_CONSOLE_H
#define MYRISIM_TRACE_CONSOLE_H

#include "../node/cosim.h"
#include "trace.h"

/* After trace_cosim_begin's tracks exist; before the run. */
void trace_console_attach(trace *t, cosim *s);
/* After the run: a last line without its newline is recorded at the core's
 * time, the hooks are removed. */
void trace_console_detach(trace *t, cosim *s);

#endif
