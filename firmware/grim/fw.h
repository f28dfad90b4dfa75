/* GRIM NI firmware: what its files share. The SRAM layout beyond the ABI,
 * the configuration, the per-LC state, the scoreboard, the transmission in
 * progress, and the functions each file offers the main loop. */
#ifndef MYRISIM_GRIM_FW_H
#define MYRISIM_GRIM_FW_H

#include "grim_abi.h"
#include "hostdma.h"
#include "ni.h"

#define W(a)          (*(volatile unsigned *)(a))
#define CTRL(off)     W(GRIM_CTRL + (off))
#define LCD(lc)       (GRIM_LCD + (lc) * GRIM_LCD_BYTES)
#define LCW(lc, off)  W(LCD(lc) + (off))
#define BUMP(lc, off) (LCW(lc, off) += 1u)          /* per-LC counter */

/* ---- limits ---- */
#define FW_MAX_NODES  64u         /* route/control staging and sequence tables */
#define SB_N          128u        /* scoreboard entries (tokens) per LC: at most this many
                                     messages of one LC in flight; half the 8-bit sequence
                                     space, so a stale ACK never matches a reused token */
#define CTLQ_N        256u        /* buffered control messages */

/* ---- GRIM_FW_PRIVATE layout ---- */
#define RXB_BYTES     0x10100u    /* a receive buffer: header + MTU + CRC slack, rounded */
#define RXB0          GRIM_FW_PRIVATE
#define RXB1          (RXB0 + RXB_BYTES)
#define RT_AREA       (RXB1 + RXB_BYTES)   /* per destination NI: route bytes ending at +32, */
#define RT_STRIDE     48u                  /* then the two words of a control message */
#define SB_AREA       ((RT_AREA + FW_MAX_NODES * RT_STRIDE + 0xFFu) & ~0xFFu)
#define SB_BYTES      (SB_N * 16u)         /* one LC's scoreboard */
#define PRIV_END      GRIM_QUEUE_BASE      /* sequence tables fill up to here */

static inline unsigned rt_route(unsigned ni) { return RT_AREA + ni * RT_STRIDE + 32u; }   /* route ends here */

/* ---- configuration (main.c) ---- */
struct cfg {
    unsigned me, nodes, nlc, opts, retx;
    unsigned char rtlen[FW_MAX_NODES];     /* route bytes to each NI; 0xFF = none */
    unsigned char *sseq;                   /* next sequence: [lc][dni][dlc < 32] */
    unsigned char *rexp;                   /* expected sequence: [sni][slc < 32][dlc] */
    unsigned char *rnack;                  /* a NACK for rexp went out: [sni][slc][dlc] */
};
extern struct cfg cfg;

static inline unsigned sseq_ix(unsigned lc, unsigned dni, unsigned dlc) { return (lc * cfg.nodes + dni) * GRIM_MAX_LC + dlc; }
static inline unsigned rexp_ix(unsigned sni, unsigned slc, unsigned dlc) { return (sni * GRIM_MAX_LC + slc) * cfg.nlc + dlc; }

/* ---- scoreboard (scoreboard.c) ---- */
enum { SB_FREE = 0, SB_SENDING, SB_SENT, SB_ACKED, SB_RESEND };
struct sbe {                      /* 16 bytes; the index in the LC's ring is the token */
    unsigned off;                 /* queue offset of the message */
    unsigned char dni, dlc, seq, state;
    unsigned t_sent;              /* RTC at the start of its last segment */
    unsigned plen;                /* packet bytes: header + payload words */
};
struct lcs {
    struct sbe *sb;
    unsigned head, count;         /* oldest entry (the queue's front) and entries in use */
    unsigned resend;              /* entries waiting in SB_RESEND */
    unsigned qbase, qsize;        /* the queue, read when a message is detected */
};
extern struct lcs lcs[GRIM_MAX_LC];
extern unsigned resend_total;

struct sbe *sb_insert(unsigned lc, unsigned off, unsigned dni, unsigned dlc, unsigned seq, unsigned plen);
void sb_ack(unsigned lc, unsigned tok, unsigned ni, unsigned dlc, unsigned seq);
void sb_nack(unsigned lc, unsigned ni, unsigned dlc, unsigned seq);
void sb_timer(void);
void sb_free_front(unsigned lc);

/* ---- transmission in progress (send.c); one send engine ---- */
struct tx {
    unsigned active;              /* a data packet is on the link (between or in segments) */
    unsigned resend;              /* it is a retransmission (whole message, q_next untouched) */
    unsigned lc, tok;
    unsigned addr;                /* SRAM address of the message */
    unsigned sent, plen;          /* packet bytes handed to the engine / in all */
    unsigned next_off;            /* queue offset after the message */
};
extern struct tx tx;

static inline int send_idle(void) { return (ni_events() & NI_EV_SEND) != 0; }
static inline int link_free(void) { return !tx.active && send_idle(); }

int tx_new(unsigned lc);          /* 1: a packet started; 0: nothing sendable; -1: look again */
void tx_continue(void);           /* engine idle, packet in progress: next segment */
void tx_resend(void);             /* start the oldest retransmission */

/* ---- control messages (ctlq.c) ---- */
int ctl_send(unsigned dni, unsigned w0, unsigned w1);   /* 0 if the queue is full: retry */
void ctl_drain(void);             /* link free: send one queued control message */
extern unsigned ctlq_n;

/* ---- receive (recv.c) ---- */
void rx_init(void);
void rx_poll(unsigned isr);     /* isr: the ISR as the main loop read it */

/* ---- host delivery (deliver.c): payload pieces to host memory ---- */
struct runs {                     /* where payload byte x goes: physical runs in order */
    const volatile unsigned *r;   /* { phys, bytes } pairs */
    unsigned n, i;                /* runs, current run */
    unsigned phys, left;          /* next physical address, bytes left in the run */
    unsigned one[2];              /* storage for a contiguous target */
};
void runs_contig(struct runs *m, unsigned phys);
int runs_table(struct runs *m, const volatile unsigned *r, unsigned n, unsigned skip);
unsigned runs_post(struct runs *m, unsigned sram, unsigned len, unsigned *ticket);   /* one DMA of <= len bytes: its size */

/* ---- translation cache (xlat.c) ---- */
#define XL_WAIT (-2)
#define XL_FAIL (-1)
int xlat_lookup(unsigned lc, unsigned va, unsigned len);   /* entry index or XL_FAIL (a miss) */
void xlat_request(unsigned lc, unsigned va, unsigned len);  /* start a miss request */
int xlat_poll(unsigned lc, unsigned va, unsigned len);     /* XL_WAIT, XL_FAIL or the entry */
static inline unsigned xlat_entry(int i) { return GRIM_XLAT + (unsigned)i * GRIM_XLAT_BYTES; }

/* ---- host-DMA lending (main.c) ---- */
void lend_poll(void);

#endif
