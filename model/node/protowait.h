/* Protocol waits across NIs: the fw_waits records (firmware/hal/waits.h)
 * the firmware of each NI exports, joined into one wait-for graph whose
 * nodes are (NI, channel) and whose edges say "waits for space / credits /
 * a ticket at that NI's channel". Each channel waits for at most one
 * other, so a walk from any waiting channel either ends (at a channel that
 * does not wait) or closes a cycle: the deadlock the report names. Kept
 * free of the co-simulation so tests can hand-build records. */
#ifndef MYRISIM_NODE_PROTOWAIT_H
#define MYRISIM_NODE_PROTOWAIT_H

#include "../../firmware/hal/waits.h"

#include <stddef.h>
#include <stdint.h>

typedef struct {
    unsigned kind, chan, on_ni, on_chan, since;
} pw_wait;

typedef struct {
    int present;               /* the image exports an initialised fw_waits */
    unsigned n, delivered;
    char proto[9];
    pw_wait w[FW_WAITS_MAX];
    /* From the fabric, not the record: 1 + the NI whose not taking bytes
     * blocks this NI's outgoing packet, 0 if none. A channel waiting on an
     * NI that waits for nothing itself (it cannot send its ACK) continues
     * through this link wait to that NI's waiting channel. */
    int link_to1;
} pw_record;

/* Bytes of the record in SRAM (the layout of struct fw_waits, 32-bit words). */
#define PW_RECORD_BYTES (20u + 20u * FW_WAITS_MAX)

/* Decode the record at SRAM address at (big-endian; 0 = none). A record
 * whose version is not FW_WAITS_VERSION, or that does not fit, is absent. */
void pw_read(const uint8_t *sram, uint32_t sram_size, uint32_t at, pw_record *r);

/* One channel of the graph: NI ni, entry k of its record. */
typedef struct { int ni, k; } pw_node;

/* Where entry k of NI ni's record points: the waiting entry of the NI it
 * waits for whose channel is the one waited on (for a credit wait with
 * on_chan 0, that NI's first waiting entry); if that NI has no waiting
 * channel but its outgoing packet is blocked by NI c (link_to1), c's first
 * waiting channel; {-1, -1} if none. */
pw_node pw_next(const pw_record *r, int nni, pw_node a);

/* The cycles of the graph, each from its lowest (ni, k), in order: writes
 * their nodes one after another into cyc (at most max), each cycle's
 * length into len (at most maxc); returns the number of cycles. */
int pw_cycles(const pw_record *r, int nni, pw_node *cyc, int max, int *len, int maxc);

/* Report text: one line per cycle ("DEADLOCK: grim-mc channels wait in a
 * cycle: ni0 ch 9 waits for space at ni2 ch 9 -> ..."); names[i] names
 * NI i. Returns the number of cycles (0: nothing written). */
int pw_report_cycles(const pw_record *r, int nni, const char *const *names, char *buf, size_t n);
/* Every waiting channel, cycle or not, and each NI's delivered count
 * ("protocol waits (fw_waits):" then one line per NI that exports one);
 * nothing if no NI exports a record. */
void pw_report_waits(const pw_record *r, int nni, const char *const *names, char *buf, size_t n);

/* The text of a wait kind ("waits for space at"). */
const char *pw_kind_text(unsigned kind);

#endif
