/* The NI card: the LANai's special registers (LANai 4 window 0xFFFFFF00,
 * LANai 9 window 0xFFFFFE00), ISR/EIMR and the host interrupt line, the
 * RTC and interval timers, the packet send and receive DMA engines with
 * CRC-8/CRC-32, attached to the network through model/switch/endpoint.h,
 * and SRAM arbitration (the engines steal core SRAM cycles).
 *
 * Time: every register read is a pure function of the card's state and the
 * reading core's local time (cycles converted exactly, niclock.h). Writes
 * with side effects never act at once: they schedule their effect with
 * evq_at(local time + delay) and ask the core to stop (lanai_request_stop)
 * so the driver runs that event before the core goes on. All fabric calls
 * happen inside events. See docs/network.md. */
#ifndef MYRISIM_CARD_H
#define MYRISIM_CARD_H

#include "../event/evq.h"
#include "../lanai/lanai.h"
#include "../switch/endpoint.h"

#include <stddef.h>
#include <stdint.h>

#define CARD_TICK_PS 500000u   /* RTC / IT tick: 0.5 us (lanai-hardware.md §4.5) */

typedef struct ni_card ni_card;

/* Host interrupt line: called whenever (ISR & EIMR) != 0 changes. */
typedef void (*card_line_fn)(void *ctx, ni_card *card, int level, sim_time t);

typedef struct {
    uint64_t segments_sent, packets_sent, bytes_sent;
    uint64_t packets_recv, bytes_recv, crc_errors, truncated, buff_ints;
    uint64_t reg_writes;             /* firmware writes to card registers */
    uint64_t stolen_cycles;          /* SRAM cycles granted to the DMA engines */
    uint64_t nres;                   /* network resets: packets drained after the TIMEOUT period (nres.c) */
    /* Damage the model knows of and the hardware does not (the links mark
     * what their error injection changed): packets received with a flipped
     * byte or with bytes lost, those of them the engine still reported good
     * (every enabled CRC residue 0, or no CRC enabled) - the CRC's misses -
     * and of the misses those with bytes lost (shorter than sent). */
    uint64_t damaged_recv, crc_missed, crc_missed_short;
} card_stats;

/* A card for this core: installs itself as the core's mmio and next_change
 * hooks. The chip comes from the core's profile. NULL and a message if the
 * profile has no register map. */
ni_card *card_new(evq *q, lanai_core *core, const char *name, char *err, size_t errlen);
void card_free(ni_card *c);
/* Registers and engines to their reset values (time 0). */
void card_reset(ni_card *c);
/* Connect the packet interface; rate (bytes/s) of the NI's link spreads the
 * engines' SRAM use over the transfer. */
void card_attach(ni_card *c, lk_ep *ep, uint64_t rate);

const char *card_name(const ni_card *c);
/* The card's NI index (default 0): what its core's
 * register accesses create is stamped (local time, NI) (evq.h). */
void card_set_ni(ni_card *c, unsigned ni);
lanai_core *card_core(const ni_card *c);
const card_stats *card_get_stats(const ni_card *c);
void card_set_line(ni_card *c, card_line_fn fn, void *ctx);
int card_line(const ni_card *c);

/* The mmio hooks, for tests that drive registers without firmware
 * (cycle = the core's local cycle count at the access). */
int card_reg_read(ni_card *c, uint32_t addr, int size, uint64_t cycle, uint32_t *val);
int card_reg_write(ni_card *c, uint32_t addr, int size, uint64_t cycle, uint32_t val);

/* ISR as the LANai would read it at time t (stored bits plus level bits). */
uint32_t card_isr(const ni_card *c, sim_time t);
/* Host side (for the PCI/host model; call from events at time t): the host
 * clears ISR bits by writing ones (HOST_SIG included) and raises the
 * host-to-LANai doorbell bits (LAN*_SIG on LANai 4, LANAI_SIG on LANai 9). */
void card_host_isr_write(ni_card *c, sim_time t, uint32_t ones);
void card_host_signal(ni_card *c, sim_time t, uint32_t bits);
uint32_t card_host_signal_bits(const ni_card *c);

/* For the deadlock watchdog: the last time the card or its firmware did
 * something (a register write, bytes moved by an engine), and one line per
 * thing it waits on ("send DMA ... not finished", "no receive buffer
 * posted, 80 bytes waiting", ...). Returns the number of such lines. */
sim_time card_last_progress(const ni_card *c);
/* Keep *max >= card_last_progress as it grows (a driver with many cards
 * then reads their maximum in O(1); it recomputes *max after card_reset). */
void card_share_progress(ni_card *c, sim_time *max);
/* ++*count whenever this card records a host-side fault (card_fault): a
 * driver with many cards then knows in O(1) that none has faulted since. */
void card_share_faults(ni_card *c, uint64_t *count);
/* Bumped by every event that changes what the firmware can see (ISR bits,
 * received bytes in SRAM, stolen cycles): a co-simulation driver uses it
 * to know that a core parked in an idle loop may wake up. */
uint64_t card_epoch(const ni_card *c);
int card_describe_waits(const ni_card *c, sim_time now, char *buf, size_t n);
/* Why the card takes no bytes from its link ("has no receive buffer
 * posted", "has its receive buffer full"), or NULL if it takes them. */
const char *card_rx_refusal(const ni_card *c);

/* ---- the host side (hostif.c) ----
 * Put the card in a PCI slot: its BAR at bar_base on `bus` (model/pci/bar.h
 * layout for the chip and SRAM size), its host-DMA engine(s) as bus masters
 * (model/pci/dma_lanai*.h) and its interrupt line (ISR & EIMR). Afterwards
 * the LANai's DMA registers drive the engines (LANai 4 EAR/LAR/DMA_DIR/
 * DMA_CTR/DMA_STS; LANai 9 PULSE and the channel heads at 0xFFFFFF80 + 8*ch),
 * completion raises DMA_INT / WAKE0, DMA into SRAM is announced to the core
 * and charged as SRAM contention, and host PIO reaches SRAM and the
 * registers. Host register writes: ISR clears the bits written (LANai 4
 * LAN*_SIG / LANai 9 LANAI_SIG are set instead: the host's doorbells), EIMR,
 * RTC, IT and storage registers are written; the packet-interface starts
 * (RML, SML, SMLT) are the LANai's and refused. -1 and a message on error. */
struct pci_bus;
struct pci_card;
int card_attach_pci(ni_card *c, struct pci_bus *bus, uint64_t bar_base, char *err, size_t errlen);
/* The same with the board's PCI timing given (NULL: its chip's profile). */
struct card_pci_params;
int card_attach_pci_tm(ni_card *c, struct pci_bus *bus, uint64_t bar_base, const struct card_pci_params *tm,
                       char *err, size_t errlen);
struct pci_card *card_pci(const ni_card *c);      /* NULL until attached */
/* First error of the host side (a DMA engine stopped: bad descriptor, DMA
 * to unpinned memory, bus abort), "" if none, and when it happened. */
const char *card_fault(const ni_card *c);
sim_time card_fault_time(const ni_card *c);
/* The registers as the host sees them at time t (for the PCI side and
 * tests): 0, -1 no such register, -2 refused (card_host_why says why). */
int card_host_reg_read(ni_card *c, uint32_t off, uint32_t *val, sim_time t);
int card_host_reg_write(ni_card *c, uint32_t off, uint32_t val, sim_time t);
const char *card_host_why(const ni_card *c);

#endif
