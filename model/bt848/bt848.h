/* The BT848 video capture card (section 6.4): a PCI bus master that writes
 * each captured line of 4:2:2 video (2 bytes a pixel) into host memory,
 * where its RISC program says, at the camera's pace (NTSC: 525 lines a
 * frame, 30 frames a second). A line waits in the card's FIFO until its
 * DMA has taken it; a line that finds the FIFO without room for it is lost
 * (an overrun), and a frame with a lost line is a dropped frame.
 *
 * Simplifications (docs/endpoints.md "BT848"): the RISC program is the
 * list of frame buffers handed to bt848_start (its instruction fetches
 * over PCI are not modelled); a line's bytes become ready at the end of
 * the line; 320x240 takes every other line slot (one field). */
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
    sim_time first_line_ps, last_done_ps;
} bt848_stats;

/* A card on `bus` capturing width x height (320x240 or 640x480). NULL and a
 * message for another size. */
bt848 *bt848_new(pci_bus *bus, const bt848_params *p, uint32_t width, uint32_t height, char *err, size_t n);
void bt848_free(bt848 *v);
/* Capture `frames` frames into the nbuf buffers (bus addresses of
 * width * height * 2 bytes each, pinned), in turn, from now on. */
int bt848_start(bt848 *v, const uint64_t *buf, int nbuf, uint32_t frames);
int bt848_done(const bt848 *v);                /* every frame captured (or dropped) and written */
int bt848_busy(const bt848 *v);                /* a line is still waiting for or in its DMA */
const bt848_stats *bt848_stats_of(const bt848 *v);
const pci_master *bt848_master(const bt848 *v);
/* The first DMA error ("" if none). */
const char *bt848_error(const bt848 *v);

#endif
