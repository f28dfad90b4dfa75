/* The myrisim command line. sc_main (main.cpp) calls myrisim_main; all of it
 * is C so the scenario machinery is testable without SystemC. */
#ifndef MYRISIM_CLI_MYRISIM_H
#define MYRISIM_CLI_MYRISIM_H

#ifdef __cplusplus
extern "C" {
#endif

/* Exit statuses. */
enum {
    MYRISIM_OK = 0,
    MYRISIM_RUN_FAILED = 1,   /* one or more runs failed, or outputs could not be written */
    MYRISIM_BAD_INPUT = 2,    /* scenario or usage error */
    MYRISIM_DEADLOCK = 3,     /* the watchdog stopped a run whose series did not expect it */
};

int myrisim_main(int argc, char **argv);

#ifdef __cplusplus
}
#endif

#endif
