/* The BT848's state, shared by the card (bt848.c) and its register file
 * and interrupt pin (bt848_regs.c). Not for users of the card. */
#ifndef MYRISIM_BT848_INTERNAL_H
#define MYRISIM_BT848_INTERNAL_H

#include "bt848.h"
#include "bt848_risc.h"

/* What the camera side puts into the FIFO. A line's bytes arrive one DWORD
 * at a time at a steady pace from t_begin to t_end (its active part). */
typedef struct fifo_item {
    int is_line;
    uint32_t status;             /* !is_line: the status code */
    int lost;                    /* a line that found no room (overrun): no bytes */
    uint32_t taken;              /* bytes claimed by WRITEs/SKIPs so far */
    sim_time t_begin, t_end;
    uint8_t *data;
    struct fifo_item *next;
} fifo_item;

/* One entry of a frame's schedule, in half line slots from the frame's start. */
typedef struct src_entry {
    uint32_t at;
    int is_line;
    uint32_t status, row;
} src_entry;

typedef enum { X_IDLE, X_FETCH, X_WAIT, X_WRITE, X_STOPPED } x_state;

struct bt848 {
    bt848_params p;
    evq *q;
    pci_bus *bus;
    pci_master *m;
    uint32_t width, height, line_bytes;
    /* camera side */
    src_entry *sched;
    uint32_t nsched, pos;
    uint32_t frames, frame;
    int frame_lost, running;
    sim_time t0;
    ev_id ev;
    fifo_item *head, *tail;
    fifo_item *producing;        /* the line whose pixels are arriving (checked for overrun at its end) */
    ev_id end_ev;                /* its end */
    uint32_t queued;             /* line bytes admitted to the FIFO not yet handed to the bus */
    /* DMA side */
    x_state x;
    uint64_t pc, addr_ctr;       /* instruction address; the target address counter (WRITEC) */
    bt848_insn in;
    uint32_t jumps;              /* JUMPs in a row (a loop of them takes no data) */
    uint8_t fetch_buf[8];
    pci_txn ft, wt;              /* the fetch, the burst in flight */
    int w_eol, w_busy;           /* the WRITE ends its line; a burst is on the bus */
    uint64_t w_addr;             /* the WRITE's next target byte */
    uint32_t w_off, w_left;      /* its next byte of the line; bytes still to move */
    ev_id w_ev;                  /* waiting for the FIFO to reach the trigger point */
    uint32_t trigger_dwords;     /* GPIO_DMA_CTL's PKTP: 4, 8, 16 or 32 */
    /* register file and interrupt pin (bt848_regs.c) */
    uint64_t regs;               /* BAR base, 0 if not attached */
    uint32_t int_stat, int_mask, dma_ctl;
    int inta;
    void (*inta_fn)(void *ctx, int level);
    void *inta_ctx;
    bt848_stats st;
    char err[300];
};

/* bt848_regs.c: the RISC program's IRQ bit fired (the instruction carrying
 * it is done): INT_STAT's RISCI, and INTA if INT_MASK lets it through. */
void bt848_regs_risc_irq(bt848 *v);

#endif
