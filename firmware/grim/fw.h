/* GRIM NI firmware: what its files share. The SRAM layout beyond the ABI,
 * and all the firmware's working state in one struct, reached through a
 * global register (r11, which LLVM never allocates): every field is then one
 * load or store with a displacement, where a global costs an address
 * materialised first (three instructions) -- on a 33 MHz LANai 4 that is
 * most of the cost of a step. */
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

#define AI static inline __attribute__((always_inline))

/* An address the compiler must keep in a register: clang folds a constant
 * base plus a field offset into one constant and rebuilds it (mov + add) for
 * every field; through this each field is one load with a displacement. */
AI unsigned opaque(unsigned a)
{
    __asm__("" : "+r"(a));
    return a;
}
/* The descriptor of LC lc as an array of words (index = GRIM_L_* / 4). */
AI volatile unsigned *lcd(unsigned lc) { return (volatile unsigned *)opaque(LCD(lc)); }
#define LD(p, off) ((p)[(off) / 4u])

/* ---- limits ---- */
#define FW_MAX_NODES  128u        /* route/control staging and sequence tables (the DAS grid) */
#define SB_N          128u        /* scoreboard entries (tokens) per LC: at most this many
                                     messages of one LC in flight; half the 8-bit sequence
                                     space, so a stale ACK never matches a reused token */
#define CTLQ_N        256u        /* buffered control messages */

/* ---- GRIM_FW_PRIVATE layout ---- */
#define RXB_BYTES     0x10100u    /* a receive buffer: header + MTU + CRC slack, rounded */
#define RXB0          GRIM_FW_PRIVATE
#define RXB1          (RXB0 + RXB_BYTES)
#define RT_AREA       (RXB1 + RXB_BYTES)   /* per destination NI: route bytes ending at +32, */
#define RT_STRIDE     64u                  /* then the two words of a control message */
#define SB_AREA       ((RT_AREA + FW_MAX_NODES * RT_STRIDE + 0xFFu) & ~0xFFu)
#define SB_BYTES      (SB_N * 16u)         /* one LC's scoreboard */
#define PRIV_END      GRIM_QUEUE_BASE      /* sequence tables fill up to here */

/* The route to NI ni ends here (word aligned); the 8 bytes before it hold
 * the route right-aligned (zeros in front), the two words after it a
 * control message. */
AI unsigned rt_route(unsigned ni) { return RT_AREA + ni * RT_STRIDE + 32u; }
#define RT_INPLACE    8u          /* routes up to this long travel in the 8 bytes before a
                                     queued message (send.c) */

/* One send segment [a, a + len) (the engine must be idle); last ends the
 * packet. ni_send_segment without its alignment check: every segment here
 * ends on a word boundary by construction (the card refuses one that does
 * not, and says so). */
AI void seg_send(unsigned a, unsigned len, int last)
{
    unsigned end = a + len;
    NI_REG(NI_SMP) = a & ~(NI_WORD - 1u);
    NI_REG(NI_SA) = a & (NI_WORD - 1u);
#if LANAI_CHIP == 4
    end -= 4u;                         /* the LANai 4 limit names the last word */
#endif
    if (last) NI_REG(NI_SMLT) = end;
    else NI_REG(NI_SML) = end;
}

/* ---- configuration (main.c) ---- */
struct config {
    unsigned me, nodes, nlc, opts, retx;
    unsigned me8;                 /* me << 8: a destination endpoint minus this is its LC */
    unsigned srclim;              /* nodes << 8: source endpoints are below this */
    unsigned crcb;                /* CRC bytes after a received packet (0 or 1) */
    unsigned noctlq;              /* GRIM_OPT_CTLQ is off */
    /* Sequence tables, power-of-two strides so no index needs a multiply
     * (the LANai has none): per LC a row [dni][dlc < 32] of next sequences
     * (lcs.sseq); expected sequences [sni][slc < 32][dlc < 2^lsh] (rexp),
     * and rnack_off bytes further on, whether a NACK for it went out. */
    unsigned char *rexp;
    unsigned lsh, rnack_off;
    unsigned nsb;                          /* LCs with a scoreboard: nlc, + 1 with the reply LC */
    unsigned rvlc;                         /* the firmware's RM-RV reply LC (= nlc), 0 = none */
    unsigned char rtlen[256];              /* route bytes to each NI; 0xFF = none (every id >= nodes) */
};

/* ---- scoreboard (scoreboard.h, scoreboard.c) ---- */
enum { SB_FREE = 0, SB_SENDING, SB_SENT, SB_ACKED, SB_RESEND };
struct sbe {                      /* 16 bytes; the index in the LC's ring is the token */
    unsigned off;                 /* queue offset of the message */
    union {
        struct { unsigned char dni, dlc, seq, state; };
        unsigned key;             /* the four as one big-endian word (sb_ack) */
    };
    unsigned t_sent;              /* RTC at the start of its last segment */
    unsigned plen;                /* packet bytes: header + payload words */
};
struct lcstate {
    struct sbe *sb;
    unsigned head, count;         /* oldest entry (the queue's front) and entries in use */
    unsigned resend;              /* entries waiting in SB_RESEND */
    unsigned qbase, qsize;        /* the queue as last checked (Q_BASE, Q_SIZE) */
    unsigned char *sseq;          /* next sequence to each (NI, LC) */
    unsigned pad;
#ifdef GRIM_NACK_BACKOFF
    unsigned hold;                /* RTC tick before which its retransmissions wait (backoff.c) */
    unsigned nacks;               /* NACKs since its last ACK: the back-off's exponent */
#endif
};

/* ---- transmission in progress (send.c); one send engine ---- */
struct txstate {
    unsigned active;              /* a data packet is on the link (between or in segments) */
    unsigned resend;              /* it is a retransmission (whole message, q_next untouched) */
    unsigned lc, tok;
    unsigned addr;                /* SRAM address of the message */
    unsigned sent, plen;          /* packet bytes handed to the engine / in all */
    unsigned next_off;            /* queue offset after the message */
    unsigned restore;             /* the route went in place: these 8 bytes get back ... */
    unsigned save0, save1;        /* ... these words once the engine has read them (0: none) */
};

/* ---- host delivery (deliver.c): payload pieces to host memory ---- */
struct runs {                     /* where payload byte x goes: physical runs in order */
    const volatile unsigned *r;   /* { phys, bytes } pairs */
    unsigned n, i;                /* runs (0: one contiguous target at phys), current run */
    unsigned phys, left;          /* next physical address, bytes left in the run */
};

/* ---- receive (recv.c) ---- */
#define NRXB 2u
enum { RB_FREE, RB_FILL, RB_FULL };   /* struct rxbuf state */
struct rxbuf {
    unsigned addr, state;         /* RB_FREE / RB_FILL (posted) / RB_FULL */
    unsigned len;                 /* packet bytes, at the tail */
    unsigned ok;                  /* CRC good and the packet fitted the buffer */
};
struct rxs {                      /* the packet in hand */
    struct rxbuf *b;              /* its buffer */
    unsigned base;
    unsigned w0, w1;              /* header words 0, 1 (token, sequence; type, source) */
    unsigned type, dlc, plen, pbytes, mlen;
    unsigned char *exp;           /* its expected-sequence cell (NACK flag at + rnack_off) */
    struct runs map;
    unsigned src, total, posted_b;    /* delivered bytes: buffer offset, count, handed to DMA */
    unsigned ticket, inflight;        /* the DMA in flight */
    unsigned slot, wrap;              /* AM: ring offset; a WRAP header must go first */
    unsigned ptr;                     /* AM: the back pointer went out behind the data */
    unsigned lockva, lockent, undeliv;
    unsigned dir;                     /* direction of the DMA in flight (HDMA_*) */
    unsigned rvslot;                  /* RM-RV: where the reply is being built */
    unsigned t0, tdma, tptr, dticket; /* instrumentation (GRIM_INSTR): stamps, the data's ticket */
};

/* ---- all of it ---- */
struct fw {
    struct hdma hdma;             /* first: its DMA blocks want 8-byte alignment */
    /* the main loop's words, together */
    unsigned rx_watch;            /* nothing in hand: the posted buffer, whose RMP moving means
                                     a packet began; 0 = call the receive side every pass */
    void (*rx_at)(void);          /* the packet in hand: its stage, or 0 */
    unsigned txw;                 /* nonzero: the send engine has work besides new messages (txw_sync) */
    unsigned ctlblk;              /* nonzero: a control message cannot go at once even with the link
                                     free (no control queue, or one waiting, or a packet in progress) */
    const volatile unsigned *scan_at;   /* the LC descriptor the next scan starts at */
    unsigned ctlq_n, resend_total;
    unsigned lend_key;            /* GRIM_C_HDMA_REQ as last answered; ~0 while lending */
    const volatile unsigned *lcd_end;   /* the LC descriptors end here */
    unsigned rv_pend;             /* the reply LC may have something to send */
    struct txstate tx;
    unsigned cur;                 /* receive buffer of the next packet in arrival order */
    int posted;                   /* the buffer the engine fills, or -1 */
    struct rxbuf rb[NRXB];
    struct rxs rx;
    struct config cfg;
    unsigned lent, granted;       /* host-DMA lending: last request granted; still lent */
    unsigned tick;                /* retransmission timer period, RTC ticks */
    /* the translation cache's lookup state (xlat.c) */
    unsigned char mru[GRIM_MAX_LC][2];    /* per LC the two entries that hit last, most recent first */
    unsigned miss_lc, miss_va, miss_len;  /* the lookup that missed last (for the next one only) */
    struct lcstate lcs[GRIM_MAX_LC];
} __attribute__((aligned(8)));

register struct fw *F asm("r11");
extern struct fw fw_state;

#define cfg          (F->cfg)
#define tx           (F->tx)
#define lcs          (F->lcs)
#define ctlq_n       (F->ctlq_n)
#define resend_total (F->resend_total)
#define rx_at        (F->rx_at)
#define HD           (&F->hdma)

/* scoreboard.h: sb_insert, sb_ack (hot, inline); scoreboard.c: */
void sb_nack(unsigned lc, unsigned ni, unsigned dlc, unsigned seq);
void sb_timer(void);
void sb_free_front(unsigned lc);

/* send.c */
AI int send_idle(void) { return (ni_events() & NI_EV_SEND) != 0; }
AI int link_free(void) { return !tx.active && send_idle(); }
int tx_new(unsigned lc);          /* 1: a packet started; 0: nothing sendable; -1: look again */
void tx_continue(void);           /* engine idle, packet in progress: next segment */
void tx_resend(void);             /* start the oldest retransmission */
#ifdef GRIM_NACK_BACKOFF
/* backoff.c: NACK back-off, an option (-DGRIM_NACK_BACKOFF, the
 * grim_backoff images); the dissertation's protocol resends at once. */
void bo_nacked(struct lcstate *l); /* a NACK rolled l back: hold its retransmissions */
AI int bo_ready(const struct lcstate *l) { return (int)(ni_rtc() - l->hold) >= 0; }
#endif
/* The main loop's one test for "the engine has work besides new messages":
 * a packet in progress, borrowed bytes to put back, control messages,
 * retransmissions. Kept in step by everything that changes them. */
AI void txw_sync(void)
{
    F->txw = tx.active | tx.restore | ctlq_n | resend_total;
    F->ctlblk = cfg.noctlq | ctlq_n | tx.active;
}
/* Engine idle: put back the 8 bytes an in-place route borrowed. */
AI void tx_restore(void)
{
    unsigned a = tx.restore;
    if (a) {
        W(a) = tx.save0;
        W(a + 4) = tx.save1;
        tx.restore = 0;
        txw_sync();
    }
}

/* ctlq.c */
/* One segment: the route bytes staged for dni, then the two words. */
AI void ctl_tx(unsigned dni, unsigned w0, unsigned w1)
{
    unsigned n = cfg.rtlen[dni];
    if (n == 0xFFu) return;            /* no route back: the sender's timer will tell */
    unsigned r = opaque(rt_route(dni));
    W(r) = w0;
    W(r + 4) = w1;
    seg_send(r - n, n + GRIM_CTL_BYTES, 1);
}
/* With the control queue on: send now if the link is free and nothing is queued. */
AI int ctl_now(unsigned dni, unsigned w0, unsigned w1)
{
    if (!F->ctlblk && send_idle()) {
        ctl_tx(dni, w0, w1);
        return 1;
    }
    return 0;
}
int ctl_send(unsigned dni, unsigned w0, unsigned w1);   /* 0 if the queue is full: retry */
void ctl_drain(void);             /* link free: send one queued control message */

/* recv.c */
void rx_init(void);
void rx_poll(void);               /* packet events, a packet begun or in hand */

/* deliver.c */
int runs_table(struct runs *m, const volatile unsigned *r, unsigned n, unsigned skip);
unsigned runs_post(struct runs *m, unsigned dir, unsigned sram, unsigned len, unsigned *ticket);   /* one DMA of <= len bytes: its size */

/* rmrv.c: the reply LC of RM-RV (a firmware-owned queue, LC cfg.rvlc) */
#define RVQ_BYTES 0x10100u
void rv_init(unsigned addr);              /* its queue at addr (RVQ_BYTES) */
unsigned rv_reserve(unsigned bytes, unsigned hdr[8]);   /* SRAM address of room for a reply, 0 if none */
void rv_commit(void);                     /* the reply reserved last is complete: send it */

/* xlat.c */
#define XL_WAIT (-2)
#define XL_FAIL (-1)
int xlat_lookup(unsigned lc, unsigned va, unsigned len);   /* entry index or XL_FAIL (a miss) */
void xlat_request(unsigned lc, unsigned va, unsigned len);  /* start a miss request */
int xlat_poll(unsigned lc, unsigned va, unsigned len);     /* XL_WAIT, XL_FAIL or the entry */
/* [va, va + len) inside one physical run of a cached entry of LC lc: its
 * bus address; 0 if not (a miss, or it spans runs). */
unsigned xlat_phys(unsigned lc, unsigned va, unsigned len);
AI unsigned xlat_entry(int i) { return GRIM_XLAT + (unsigned)i * GRIM_XLAT_BYTES; }

/* main.c */
void lend_poll(void);

#endif
