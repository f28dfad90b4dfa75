/* The BT848 video capture card (section 6.4): a PCI bus master that writes
 * each captured line of 4:2:2 video (2 bytes a pixel) into host memory,
 * where its RISC program says, at the camera's pace (NTSC: 525 lines a
 * frame, 30 frames a second). A line waits in the card's FIFO until its
 * DMA has taken it; a line that finds the FIFO without room for it is lost
 * (an overrun), and a frame with a lost line is a dropped frame.
 *
 * The card's DMA controller runs the driver's RISC program (bt848_risc.h,
 * bt848_prog.h) from host memory: it fetches each instruction by a PCI
 * memory read when the one before it is done (one instruction in hand, no
 * deeper prefetch: our choice), then executes it: a WRITE moves its bytes
 * of the line at the FIFO's head to its address, a SYNC consumes the
 * field's status code, a JUMP moves the program counter. A fetch the bus
 * delays delays the DMA behind it and can cost FIFO room.
 *
 * Simplifications (docs/endpoints.md "BT848"): NTSC interlaced, each
 * field's active lines first and its vertical resync at the field's end;
 * a line's bytes become ready at the end of its line slot and a WRITE
 * waits for the whole line (no FIFO trigger point); status codes take no
 * FIFO room; the IRQ bit is counted, not wired to the host. */
#ifndef MYRISIM_BT848_H
#define MYRISIM_BT848_H

#include "../pci/bus.h"

#include <stddef.h>
#include <stdint.h>

typedef struct bt848_params {
    const char *name;
    double fps;                  /* 30 */
    uint32_t lines_per_frame;    /* 525 (NTSC) */
    uint32_t fifo_bytes;         /* the card's data FIFO (an input) */
    uint32_t latency_timer;      /* its latency timer as a master (cycles) */
    uint32_t max_burst;          /* bytes per tenure (0: none of its own) */
} bt848_params;

extern const bt848_params bt848_default;   /* bt848.c, with the source of each number */

typedef struct bt848 bt848;

typedef struct bt848_stats {
    uint64_t frames, frames_dropped, lines, lines_dropped, bytes;
    uint64_t fetches, insns, irqs;   /* RISC instruction reads, instructions executed, IRQ bits seen */
    uint64_t lines_discarded;        /* lines a SYNC with RESYNC threw away (the program out of step) */
    sim_time first_line_ps, last_done_ps;
} bt848_stats;

/* A card on `bus` capturing width x height (320x240 or 640x480). NULL and a
 * message for another size. */
bt848 *bt848_new(pci_bus *bus, const bt848_params *p, uint32_t width, uint32_t height, char *err, size_t n);
void bt848_free(bt848 *v);
/* Capture `frames` frames from now on, running the RISC program at bus
 * address `prog` (what the driver's write of RISC_STRT_ADD and the enable
 * bit do). -1 if running, frames is 0 or prog is not dword aligned. */
int bt848_start(bt848 *v, uint64_t prog, uint32_t frames);
/* every frame captured (or dropped) and written, or the card stopped on an error */
int bt848_done(const bt848 *v);
int bt848_busy(const bt848 *v);                /* a line is still waiting for or in its DMA */
const bt848_stats *bt848_stats_of(const bt848 *v);
const pci_master *bt848_master(const bt848 *v);
/* The error that stopped the card ("" if none): a failed DMA, or an
 * instruction it refused, named by its bus address and opcode. */
const char *bt848_error(const bt848 *v);
/* Byte `i` of row `row` of capture frame `frame` (0-based) as the camera
 * delivers it (a test pattern that differs by frame and row). */
uint8_t bt848_pixel(uint32_t frame, uint32_t row, uint32_t i);

#endif
