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
 * A line's pixels enter the FIFO a DWORD at a time over the active part
 * of its line slot; a WRITE moves them in bursts, asking for the bus each
 * time the FIFO holds the trigger point's DWORDs (GPIO_DMA_CTL's packed
 * trigger field, PKTP: 4, 8, 16 or 32; the rest of its count if less) and
 * taking all it holds of its line. The IRQ bit of an instruction sets
 * INT_STAT's RISCI when the instruction is done and, if INT_MASK enables
 * it, raises the card's INTA (bt848_regs.c; the driver's handler reads and
 * clears INT_STAT through the card's register BAR).
 *
 * Simplifications (docs/endpoints.md "BT848"): NTSC interlaced, each
 * field's active lines first and its vertical resync at the field's end;
 * a line is admitted to the FIFO at the start of its slot only if the FIFO
 * has room for all of it (else it is lost); a burst takes what the FIFO
 * holds when the card asks for the bus; status codes take no FIFO room. */
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
    double line_active;          /* the part of a line slot carrying pixels (an input) */
} bt848_params;

extern const bt848_params bt848_default;   /* bt848.c, with the source of each number */

typedef struct bt848 bt848;

typedef struct bt848_stats {
    uint64_t frames, frames_dropped, lines, lines_dropped, bytes;
    uint64_t fetches, insns, irqs;   /* RISC instruction reads, instructions executed, IRQ bits seen */
    uint64_t lines_discarded;        /* lines a SYNC with RESYNC threw away (the program out of step) */
    uint64_t bursts;                 /* line data transactions (one a trigger point, more when the bus is slow) */
    uint32_t burst_min, burst_max;   /* their sizes in bytes */
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
/* What the driver's write of GPIO_DMA_CTL's PKTP field (bits 3:2: 0, 1,
 * 2, 3 for 4, 8, 16, 32 DWORDs) does: the FIFO trigger point for the next
 * burst. -1 for another number of DWORDs. The card resets to 4 (PKTP 0). */
int bt848_set_trigger(bt848 *v, uint32_t dwords);
uint32_t bt848_trigger(const bt848 *v);

/* The register file (bt848_regs.c): a 4 KB memory BAR at `base` on the
 * card's bus, word accesses only. What the model has of it: */
#define BT848_REG_INT_STAT 0x100u      /* R; write 1s to clear */
#define BT848_REG_INT_MASK 0x104u      /* RW: which INT_STAT bits raise INTA */
#define BT848_REG_GPIO_DMA_CTL 0x10cu  /* RW: [3:2] PKTP, the packed trigger point */
#define BT848_REG_RISC_COUNT 0x120u    /* R: the RISC program counter */
#define BT848_INT_RISCI (1u << 11)     /* a RISC instruction with IRQ is done */
#define BT848_BAR_BYTES 4096u
int bt848_attach_regs(bt848 *v, uint64_t base, char *err, size_t n);
/* A register access as the card sees it (the BAR's target calls these; a
 * driver's untimed set-up may too). -1 and a message naming the offset
 * for one the model does not have. */
int bt848_reg_read(bt848 *v, uint32_t off, uint32_t *val, char *err, size_t n);
int bt848_reg_write(bt848 *v, uint32_t off, uint32_t val, char *err, size_t n);
/* The card's INTA pin: fn(ctx, level) on every change. The pin is the
 * card's own (routed to its own interrupt vector), not the NI's line that
 * the host model's interrupt input carries. */
void bt848_on_inta(bt848 *v, void (*fn)(void *ctx, int level), void *ctx);
int bt848_inta(const bt848 *v);

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
