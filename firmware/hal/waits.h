/* Protocol waits a firmware exports for the simulator's deadlock watchdog.
 *
 * Links that stop moving are found by the fabric's wait-for graph; a
 * message layer can also block inside the NI (a recycle queue with no
 * space, a sender with no credits) while its links stay quiet or keep
 * retransmitting. So a firmware that can block says, in one global record
 * named `fw_waits`, what each of its channels waits for: space or credits
 * at which NI, on which of that NI's channels. The watchdog finds the
 * record by its ELF symbol (firmware without it simply exports nothing),
 * joins the records of all NIs into one wait-for graph and names the
 * cycle. `delivered` counts messages handed to any local endpoint, so the
 * watchdog can tell a retransmission storm (links busy, nothing
 * delivered) from progress.
 *
 * Shared by every firmware (GRIM multicast, LFC); the layout is part of
 * the simulator's interface (docs/firmware.md), so only append fields. */
#ifndef MYRISIM_HAL_WAITS_H
#define MYRISIM_HAL_WAITS_H

#define FW_WAITS_VERSION 1u
#define FW_WAITS_MAX     8u     /* channels one NI may report */

/* What a channel waits for. */
#define FW_WAIT_NONE    0u
#define FW_WAIT_SPACE   1u      /* buffer space at on_ni's channel on_chan */
#define FW_WAIT_CREDIT  2u      /* send credits from on_ni (on_chan: its channel or 0) */
#define FW_WAIT_TICKET  3u      /* the message with the expected ticket from on_ni */

struct fw_wait {
    unsigned kind;        /* FW_WAIT_*, FW_WAIT_NONE when not blocked */
    unsigned chan;        /* this NI's channel (the protocol's number) */
    unsigned on_ni;       /* the NI it waits for (ni_my_id() numbering) */
    unsigned on_chan;     /* that NI's channel */
    unsigned since;       /* ni_rtc() when the wait began */
};

struct fw_waits {
    unsigned version;     /* FW_WAITS_VERSION once initialised */
    unsigned n;           /* entries in use, <= FW_WAITS_MAX */
    unsigned delivered;   /* messages handed to local endpoints, ever */
    char proto[8];        /* "grim-mc", "lfc": names channels in reports */
    struct fw_wait w[FW_WAITS_MAX];
};

#endif
