/* experiment.rc1000_node of kind host: an RC-1000 FPGA card on one node's
 * PCI bus beside its NI (exp_rc1000_node.c), reached by that node's host
 * program through the platform's second-device window (plat_dev_*), so
 * that host-level software can serve it as a GRIM endpoint
 * (hostlib/rc1000, program grim_rc1000_stage). experiment.rc1000_circuit
 * puts a user's circuit into canvas slot 4 (Verilated at run time, as
 * kind rc1000_stage's `circuit`). */
#ifndef MYRISIM_EXPERIMENTS_EXP_RC1000_NODE_H
#define MYRISIM_EXPERIMENTS_EXP_RC1000_NODE_H

#include "experiments.h"
#include "exp_util.h"

#include "../../hostlib/apps/happ.h"
#include "../../model/node/hosts.h"
#include "../scenario/runspec.h"

typedef struct exp_rc1000_node exp_rc1000_node;

/* A circuit named by the keys `ckey` (file) and `mkey` (module; default the
 * file's name): 1 with its path and module, 0 if the scenario names none. */
int exp_circuit_of(const run_spec *r, const char *ckey, const char *mkey, char *file, size_t flen, char *module,
                   size_t mlen);
/* Load time: the circuit fits appendix B.3 and passes Verilator's lint
 * (unless its library is cached). Returns the errors added. */
int exp_circuit_check(const run_spec *r, const char *ckey, const char *mkey, diag *d);

/* Load-time checks of the rc1000_* keys (the node exists, the circuit fits). */
int exp_rc1000_node_check(const run_spec *r, int nodes, diag *d);
/* NULL when the scenario asks for no card (or on error: res says why and
 * *failed is set). The card is configured (function list: pass in slot 0,
 * the ALU in 8, a named circuit in 4, handler id 0x40 + slot) and polling
 * when the programs start; env (the node's) gets its window. */
exp_rc1000_node *exp_rc1000_node_start(const run_spec *r, cosim *s, happ_env *const *envs, int n, run_result *res,
                                       int *failed);
/* After the run: an error the card recorded fails the run; reports
 * card_fpga_clocks. Frees c. */
void exp_rc1000_node_finish(exp_rc1000_node *c, run_result *res);

#endif
