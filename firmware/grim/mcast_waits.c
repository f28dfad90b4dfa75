/* The protocol-wait record the simulator's watchdog reads (firmware/hal/
 * waits.h): the multicast images export it as the global `fw_waits`. One
 * entry: the recycle path (channel = the recycle LC) blocked in unsafe
 * mode, waiting for space at the NI and LC it names (mcast_core.c fills
 * those, mcast_rx.c sets kind and since). `delivered` counts messages the
 * receive path accepted and delivered (recv.c, multicast images only).
 * Initialised in .data (the loader writes it), so start-up costs nothing. */
#ifdef GRIM_MCAST   /* only in the multicast images (mk/grim.mk grim_mc.*.elf) */
#include "mcast_fw.h"

struct fw_waits fw_waits = {FW_WAITS_VERSION, 1u, 0u, "grim-mc", {{FW_WAIT_NONE, 0u, 0u, 0u, 0u}}};

#endif
