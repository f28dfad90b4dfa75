/* A failed run's per-node lines, grouped: nodes whose line reads the same
 * (128 hosts all stopped in the same call, 127 NIs in the same loop) are
 * named once, "nodes 1-3, 5-127: ...", so a big cluster's report stays
 * short enough to read and to fit the run's error text. A line that only
 * one node has reads as before: "node 3: ...". */
#ifndef MYRISIM_EXPERIMENTS_EXP_NODES_H
#define MYRISIM_EXPERIMENTS_EXP_NODES_H

#include "../runner/result.h"

typedef struct exp_nodes exp_nodes;

exp_nodes *exp_nodes_new(int n);   /* NULL if out of memory */
void exp_nodes_free(exp_nodes *l);
/* Node i's host line: the text after "node i: ". */
void exp_nodes_host(exp_nodes *l, int i, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Node i's NI: its state ("is still running at pc 0x... (poll+0x1c)"),
 * the same without what differs between NIs in the same loop ("is still
 * running in poll": what groups say), and the tail of its console (may be
 * ""); say_empty = 0: say nothing when the console is empty. */
void exp_nodes_ni(exp_nodes *l, int i, const char *state, const char *group_state, const char *console,
                  int say_empty);
/* Append the lines to res: the host lines, then the NIs', each in node
 * order, a group where its first node would be. */
void exp_nodes_emit(exp_nodes *l, run_result *res);

#endif
