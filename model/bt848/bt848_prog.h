/* The driver's capture program for the BT848 (what bttv's RISC generator
 * builds; the 6.4.3 extension hands the card the user's frame buffers this
 * way): for each frame buffer in turn
 *   SYNC|RESYNC VRE     the frame starts after an even field's resync
 *   SYNC FM1            the odd field's packed data begins
 *   WRITE|SOL|EOL       one a line: 640x480 odd rows 0,2,4..; 320x240 rows 0..239
 *   SYNC|RESYNC VRO     the odd field ends
 *   640x480 only: SYNC FM1, WRITE|SOL|EOL for rows 1,3,5..  (the even field)
 * with IRQ on the frame's last WRITE (the driver's frame interrupt), then
 * JUMP back to the start.
 * 320x240 captures the odd field only (the even field's capture is off). */
#ifndef MYRISIM_BT848_PROG_H
#define MYRISIM_BT848_PROG_H

#include <stddef.h>
#include <stdint.h>

/* Instructions for one frame buffer (all two dwords). */
uint32_t bt848_prog_insns_per_frame(uint32_t width, uint32_t height);
/* Bytes of the program for nbuf buffers. */
size_t bt848_prog_bytes(uint32_t width, uint32_t height, int nbuf);
/* Write the program at dst, which the card sees at bus address pa; the nbuf
 * buffers (bus addresses of width*height*2 bytes) are written in turn; irq
 * 0 leaves the IRQ bit off every frame's last WRITE (no frame interrupt).
 * Returns the bytes written, 0 if cap is too small or nbuf < 1. */
size_t bt848_prog_build(uint8_t *dst, size_t cap, uint64_t pa, uint32_t width, uint32_t height,
                        const uint64_t *buf, int nbuf, int irq);

#endif
