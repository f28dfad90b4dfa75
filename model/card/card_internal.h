/* Internal state of the NI card, shared by its source files. */
#ifndef MYRISIM_CARD_INTERNAL_H
#define MYRISIM_CARD_INTERNAL_H

#include "card.h"
#include "niclock.h"

/* Register identities; each chip maps window offsets onto them (regmap.c). */
typedef enum {
    R_NONE = 0,
    R_ISR, R_EIMR, R_IT0, R_IT1, R_IT2, R_RTC,
    R_RMP, R_RML, R_SMP, R_SML, R_SMLT, R_SA, R_SMH, R_SMC, R_RMW, R_RMC,
    R_MYRINET, R_TIMEOUT, R_CKS, R_DEBUG, R_LED, R_VERSION, R_WRITE_ENABLE, R_CPUC, R_GM_MP,
    R_CLOCK,
    R_EAR, R_LAR, R_DMA_CTR, R_DMA_DIR, R_DMA_STS,          /* LANai 4 host DMA */
    R_PULSE, R_DMAPTR0, R_DMAPTR1, R_DMAPTR2, R_DMAPTR3,    /* LANai 9 host DMA */
    R_SINGLE,            /* LANai 4 single byte/half/word send and receive: not modelled */
    R_CONTEXT,           /* LANai 4 context pipeline registers: not modelled */
    R_COUNT
} card_reg;

#define CARD_SLOTS 128   /* 32-bit words in the largest window (0x200 bytes) */

/* A chip's register window and ISR / MYRINET bit assignments. A zero mask
 * means the chip has no such bit. */
typedef struct {
    const char *name;            /* "LANai 4" */
    lanai_chip_id id;
    uint32_t base, size;         /* window */
    uint8_t slot[CARD_SLOTS];    /* card_reg per word offset */
    const char *slot_name[CARD_SLOTS];
    int ntimers;                 /* interval timers IT0.. */
    /* ISR bits */
    uint32_t send, recv, buff, head, time[3], orun1, orun2, orun4, dma, host_sig,
             doorbells, send_rdy;
    /* MYRINET bits */
    uint32_t crc8_tx, crc8_rx, crc32;
    /* network reset (nres.c): ISR bit, MYRINET enable bit, and where the
     * 2-bit period select sits: the TIMEOUT register (LANai 4) or MYRINET
     * bits 6-7 (LANai 9) */
    uint32_t nres_int, nres_enable;
    int nres_select_in_myrinet;
} card_chip;

const card_chip *card_chip_for(lanai_chip_id id);
const char *card_reg_name(const card_chip *ch, uint32_t offset);

/* A counter in 0.5 us ticks: value(t) = v0 +/- (t - t0) / tick. */
typedef struct {
    uint32_t v0;
    sim_time t0;
    uint64_t last_read;      /* core cycle of the latest read, UINT64_MAX if none */
    ev_id wrap;              /* interval timers: the next wrap to 0xFFFFFFFF */
    int index;               /* interval timer number */
    ni_card *card;
} card_timer;

typedef struct {
    int busy;                /* a segment is starting or on the wire */
    int in_packet;           /* the last segment had no tail: the packet continues */
    int route;               /* still in the leading route bytes (not CRC-covered) */
    uint8_t crc8;
    uint32_t crc32;
    uint32_t start, end;     /* segment being started: SRAM [start, end) */
    int tail;
    sim_time since;          /* when the current segment was started */
    uint8_t *buf;            /* what the link pulls: the segment (+ CRCs) */
    size_t cap;
    unsigned len;
    ev_id ev;
} card_send;

typedef struct {
    int armed;               /* a buffer is posted and the engine takes bytes */
    int in_packet;           /* bytes of a packet were taken, its tail not yet */
    uint32_t rmp;            /* RMP as firmware reads it */
    uint32_t rml;
    uint32_t buf, wp, end;   /* current buffer, next byte, exclusive end */
    uint8_t crc8;
    uint32_t crc32;
    uint64_t nbytes;         /* bytes of the current packet so far */
    int damaged;             /* link error injection changed it: EP_RX_CORRUPT | EP_RX_LOST */
    /* the last five bytes (where CRC-32 and CRC-8 sit): CRC-32 state
     * before each, the byte and its SRAM address, in a ring of 8 whose
     * newest entry is h_n - 1 (recv.c hist) */
    uint32_t h_crc[8], h_addr[8];
    uint8_t h_byte[8];
    unsigned h_n;
    ev_id kick;
    int full;                /* stopped by BUFF_INT, waiting for a new buffer */
    /* engine rate (profile pkt_dma_bytes_per_kcycle): busy writing taken
     * bytes into SRAM until busy_until; pace resumes it, or finishes the
     * packet when its tail was taken (tail_pending) */
    sim_time busy_until;
    ev_id pace;
    int pace_quiet;          /* pace is quiet: it must find nothing (recv.c) */
    int tail_pending, tail_truncated;
    unsigned eng_n;          /* recv.c engine_ps: the last batch size asked and its time */
    sim_time eng_ps;
    /* network reset (nres.c): a check after the TIMEOUT period from when
     * bytes began to wait untaken (bytes_recv then in mark); draining: the
     * blocked packet is being discarded to its tail */
    ev_id nres_ev;
    uint64_t nres_mark;
    int nres_draining;
} card_recv;

struct ni_card {
    evq *q;
    lanai_core *core;
    uint8_t *sram;           /* lanai_sram(core), kept: the receive engine writes it per chunk */
    const lanai_profile *prof;
    const card_chip *chip;
    ni_clock clk;
    char name[32];
    unsigned ni;             /* its NI index: the stamp of its core's stores (card_set_ni) */
    lk_ep *ep;
    uint64_t rate;
    uint32_t w;              /* packet-interface word, bytes */
    sim_time dma_start;      /* engine start-up latency, ps */

    uint32_t isr, eimr, doorbell_host;
    int line;
    card_line_fn line_fn;
    void *line_ctx;

    card_timer rtc, it[3];
    uint32_t reg[R_COUNT];   /* plain storage registers */

    card_send snd;
    card_recv rcv;

    /* the host side (hostif.c) */
    struct pci_card *pci;
    struct pci_bus *bus;
    int lanai_side;          /* inside a LANai register access: line changes wait for their time */
    int line_pending;        /* level a pending line event hands to the PCI side */
    ev_id line_ev;
    uint64_t ctr_read;       /* core cycle of the latest DMA_CTR read (LANai 4), UINT64_MAX if none */
    char fault[320];
    sim_time fault_t;
    char why[160];

    uint64_t steal_bytes;    /* SRAM bytes moved not yet turned into cycles */
    ni_clock_tpos steal_from_pos, steal_until_pos;   /* card_sram_charge's last times */
    unsigned use_n;          /* card_sram_use: the last n and its duration at the link rate */
    sim_time use_dur;
    sim_time last_progress;
    sim_time *progress_max;    /* card_share_progress: a driver's max over its cards */
    uint64_t *fault_count;     /* card_share_faults: a driver's count of faults over its cards */
    uint64_t epoch;
    card_stats st;
};

/* card.c */
sim_time card_time(const ni_card *c, uint64_t cycle);
void card_isr_set(ni_card *c, sim_time t, uint32_t bits);
void card_isr_clear(ni_card *c, sim_time t, uint32_t bits);
void card_line_update(ni_card *c, sim_time t);
/* The card moved something at t (the watchdog's view); inline: the
 * receive engine calls it per chunk. */
static inline void card_progress(ni_card *c, sim_time t)
{
    if (t > c->last_progress) {
        c->last_progress = t;
        if (c->progress_max && t > *c->progress_max) *c->progress_max = t;
    }
}
/* The engines moved n bytes of SRAM between t and t + duration ... */
void card_sram_charge(ni_card *c, sim_time t, unsigned n, sim_time dur);
/* ... spread over dur ps from t (card_sram_use: dur = n at the link rate). */
static inline void card_sram_use(ni_card *c, sim_time t, unsigned n)
{
    /* the engine's accesses are spread over the transfer at the link rate;
     * most transfers are one link chunk, so the last duration is kept and
     * the division made only for a new n (card_attach forgets it) */
    if (n != c->use_n) {
        c->use_n = n;
        c->use_dur = c->rate ? (sim_time)((n * 1000000000000ull + c->rate - 1) / c->rate) : 0;
    }
    card_sram_charge(c, t, n, c->use_dur);
}
/* Refuse an access with a message naming the register (FAULT_DEVICE). */
int card_refuse(ni_card *c, uint32_t addr, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* hostif.c: the LANai side of the host-DMA registers (1 = handled) and
 * the host interrupt line */
int card_hostdma_write(ni_card *c, uint32_t addr, card_reg r, sim_time t, uint32_t val);
int card_hostdma_read(ni_card *c, uint32_t addr, card_reg r, uint64_t cycle, sim_time t, uint32_t *val);
void card_pci_line(ni_card *c, sim_time t, int level);
void card_hostif_reset(ni_card *c);
void card_hostif_free(ni_card *c);
uint64_t card_hostif_next_change(const ni_card *c, uint64_t since);

/* timers.c */
void card_timers_reset(ni_card *c);
uint32_t card_timer_up(const card_timer *k, sim_time t);
uint32_t card_timer_down(const card_timer *k, sim_time t);
void card_timer_load_up(card_timer *k, sim_time t, uint32_t v);
void card_timer_load_down(ni_card *c, card_timer *k, sim_time t, uint32_t v);
uint64_t card_next_change(void *ctx, uint64_t since);

/* send.c / recv.c */
void card_send_reset(ni_card *c);
int card_send_start(ni_card *c, uint32_t addr, card_reg which, sim_time t, uint32_t limit);
void card_send_done(void *ctx, lk_ep *e, uint32_t tag);
void card_recv_reset(ni_card *c);
void card_recv_set_rmp(ni_card *c, sim_time t, uint32_t v);
int card_recv_post(ni_card *c, uint32_t addr, sim_time t, uint32_t rml);
void card_recv_arrived(void *ctx, lk_dir *d);   /* the link's sink (ep_set_rx_sink) */
int card_recv_idle_at(void *ctx, sim_time t);
/* nres.c: bytes wait at the input and the engine does not take them
 * (no buffer posted, or it filled): start the reset timer if the firmware
 * enabled resets. card_nres_drain: discard the blocked packet's bytes that
 * have arrived; 1 while its tail is still to come. */
void card_nres_blocked(ni_card *c, sim_time now);
sim_time card_nres_period(const ni_card *c);   /* 0 while resets are disabled */
int card_nres_drain(ni_card *c, sim_time now);

#endif
