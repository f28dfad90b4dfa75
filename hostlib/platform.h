/* THE boundary between host code (driver, TPIL, GRIM host library, apps) and
 * the simulated machine. Host code calls only these functions to touch the
 * card or to spend simulated time; everything else it does is free.
 *
 * Every call blocks the calling host thread until the operation is over in
 * simulated time, and returns 0, or -1 with plat_error() saying why (a bad
 * argument, PIO outside the card's BAR, a machine fault such as DMA to
 * unpinned memory — after a fault every later call fails too).
 *
 * Card memory and registers are named by BAR offset. The card is big-endian:
 * plat_pio_write32/read32 carry 32-bit values the way the LANai reads them;
 * byte copies keep byte order (host byte i lands in SRAM byte i). */
#ifndef MYRISIM_HOSTLIB_PLATFORM_H
#define MYRISIM_HOSTLIB_PLATFORM_H

#include <stddef.h>
#include <stdint.h>

#include "../model/event/evq.h"
#include "../model/host/host_profile.h"
#include "../model/pci/bar.h"

typedef struct platform platform;

typedef enum {
    PLAT_PIO_PLAIN = 0,        /* 32-bit uncached stores */
    PLAT_PIO_MMX,              /* 64-byte blocks through the eight MMX registers (8-byte stores) */
    PLAT_PIO_SSE,              /* SSE prefetch + non-temporal stores (write-combined lines) */
    PLAT_PIO_WC,               /* ordinary stores into a write-combining mapping (MTRR); GRIM
                                  abandoned it for MMX/SSE (L1493), TPIL does not use it */
} plat_pio_mode;

/* ---- the card ---------------------------------------------------------- */
const bar_layout *plat_card_layout(const platform *p);
int plat_pio_write(platform *p, uint32_t bar_off, const void *src, size_t len, plat_pio_mode m);
int plat_pio_read(platform *p, uint32_t bar_off, void *dst, size_t len);
int plat_pio_write32(platform *p, uint32_t bar_off, uint32_t val);
int plat_pio_read32(platform *p, uint32_t bar_off, uint32_t *val);
/* Returns once every earlier PIO write has reached the card (a PIO read of
 * card SRAM: PCI reads do not pass posted writes). */
int plat_pio_flush(platform *p);

/* ---- a second device on the node's bus ----------------------------------- */
/* A node may have a second PCI device beside its NI card: the RC-1000 FPGA
 * card of Chapter 6 (kind host's experiment.rc1000_node), which host-level
 * software drives on the card's behalf (section 6.3.6: the FPGA cannot
 * start the card's DMA; the host does). Its BAR is reached through these
 * calls, timed as PIO on the same bus as the NI's (plat_pio_*), offsets
 * within the device's BAR. Its registers are little-endian 32-bit words
 * (PCI byte order): the 32-bit calls carry host-order values. Its DMA is
 * started by writing the device's own registers, with buffers and
 * descriptors in plat_alloc_contig memory. Without a device
 * plat_dev_name is NULL and every other call fails. */
const char *plat_dev_name(const platform *p);
uint32_t plat_dev_size(const platform *p);
int plat_dev_write(platform *p, uint32_t off, const void *src, size_t len, plat_pio_mode m);
int plat_dev_read(platform *p, uint32_t off, void *dst, size_t len);
int plat_dev_write32(platform *p, uint32_t off, uint32_t val);
int plat_dev_read32(platform *p, uint32_t off, uint32_t *val);

/* ---- host memory -------------------------------------------------------- */
/* Pageable user memory (scattered physical pages, not pinned). */
void *plat_alloc(platform *p, size_t len);
int plat_free(platform *p, void *ptr);
/* Kernel services (the driver calls these; each costs what the host
 * profile says): */
/* pinned, physically contiguous memory from the 4 MB regions */
void *plat_alloc_contig(platform *p, size_t len, uint64_t *phys);
/* pin / unpin the pages of a user range */
int plat_pin(platform *p, const void *ptr, size_t len);
int plat_unpin(platform *p, const void *ptr, size_t len);
/* physical address of ptr, and how many bytes from there are physically
 * contiguous (one page-table lookup) */
int plat_virt_to_phys(platform *p, const void *ptr, uint64_t *phys, size_t *contig);
/* enter the kernel (ioctl) and come back */
int plat_syscall(platform *p);

/* ---- CPU time ----------------------------------------------------------- */
int plat_memcpy(platform *p, void *dst, const void *src, size_t len);
int plat_compute(platform *p, sim_time ps);
sim_time plat_now(const platform *p);

/* Idle polling. The caller is in a loop whose iterations each cost `period`
 * of CPU time and then look only at host memory that the card writes by
 * DMA and at the interrupt line: iteration k (k >= 1, counted from the call
 * at t0) looks at time t0 + k*period, after every event at or before that
 * time has run, so a write at exactly t0 + k*period is seen by iteration k.
 * plat_idle_poll returns at the first such boundary at or after the first
 * DMA write into this host's memory or rise of its interrupt line during
 * the call (k = 1 if the line is already up), or at the first boundary at
 * or after t0 + max if nothing happens; it returns k, the number of
 * iterations the time it spent stands for (always >= 1; capped at INT_MAX,
 * which only makes it return sooner), or -1 (plat_error).
 *
 * Why this is exact: an iteration that sees nothing new changes nothing (no
 * store, no card access, no decision), so iterations 1..k-1 can be skipped;
 * iteration k runs, by the caller after the return, at the same time and
 * sees the same memory as the loop would. The caller must check before the
 * call that its loop would not already act on what it sees at t0 (a message
 * waiting, the line up), and must not rely on anything else changing
 * (another process's stores, wall time). Any DMA write into the host wakes
 * it, not just writes to the watched words: a wake-up that finds nothing new
 * costs a call, not accuracy. A loop with a deadline passes max so that the
 * boundary where it gives up is the one returned. */
int plat_idle_poll(platform *p, sim_time period, sim_time max);

/* Sleep until a model outside the card (model/eth: the kernel's network
 * stack) sets *flag from an event, or until max has passed; 1 if the flag
 * was set, 0 on the timeout, -1 (plat_error). Costs nothing itself: the
 * caller charges its wake-up. */
int plat_wait_event(platform *p, volatile int *flag, sim_time max);

/* ---- interrupts --------------------------------------------------------- */
/* The driver's interrupt service routine; it runs inside plat_wait_irq with
 * the platform usable (its PIO is timed) and returns 0 or -1. */
typedef int (*plat_isr_fn)(void *ctx, platform *p);
void plat_set_isr(platform *p, plat_isr_fn isr, void *ctx);
/* Sleep until the card's interrupt line is up, then pay the interrupt entry,
 * run the ISR, pay the exit (wake-up of this process). */
int plat_wait_irq(platform *p);
int plat_irq_level(const platform *p);

/* ---- asynchronous signals (seed 002 §4.4, INTR) ------------------------- */
/* With a handler set (fn NULL: none, the default), a rise of the card's
 * interrupt line reaches this process as a signal even while it computes.
 * Granularity, deterministic: during plat_compute the work is cut at the
 * event that raises the line; a rise during any other call (PIO, memcpy,
 * idle poll, waits) is delivered at the start of the next plat_compute.
 * Delivery: the driver's ISR (plat_set_isr) runs irq_entry_ps after the
 * rise, the handler signal_ps after it (the host profile; or when the ISR
 * is done, if later); its return is free; the compute's remaining work
 * then goes on. The handler may use the platform; no signal is delivered
 * inside it. The ISR must lower the line (-1 otherwise). */
typedef int (*plat_signal_fn)(void *ctx, platform *p);
void plat_set_signal(platform *p, plat_signal_fn fn, void *ctx);

/* ---- about the machine ---------------------------------------------------- */
const host_profile *plat_host_profile(const platform *p);
int plat_bus_width(const platform *p);      /* bytes: 4 or 8 */
double plat_bus_peak_Bps(const platform *p); /* width x clock: 133e6 or 533e6 */
int plat_has_mode(const platform *p, plat_pio_mode m);
const char *plat_error(const platform *p);

#endif
