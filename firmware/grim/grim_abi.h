/* GRIM's contract between the NI firmware (firmware/grim) and the host
 * library (hostlib/grim): the message format of Figure 4.2, the control
 * messages, and where everything lives in NI SRAM and host memory. Plain
 * constants, included by both sides (Lanai and native C).
 *
 * All words in NI SRAM and in messages are big-endian 32-bit words (the
 * LANai's order; the host writes them with plat_pio_write32). Offsets and
 * lengths are bytes. Every message in a queue starts on an 8-byte boundary
 * and occupies GRIM_ROUND8(32 + payload) bytes (the LANai 9's DMA engines
 * need 64-bit alignment, L2445).
 *
 * Endpoints: an endpoint is a logical channel (LC) of one NI; its 16-bit id
 * is GRIM_EP(ni, lc). The same LC is an endpoint's outgoing and incoming
 * interface (L1287). docs/grim.md explains the protocol. */
#ifndef MYRISIM_GRIM_ABI_H
#define MYRISIM_GRIM_ABI_H

/* ---- message header: eight words (Figure 4.2) ---------------------------- */
#define GRIM_ID             0x0636u        /* registered with Myricom (L1181) */
#define GRIM_HDR_BYTES      32u
#define GRIM_CTL_BYTES      8u             /* ACK / NACK (L1202) */
#define GRIM_MTU            65536u         /* largest payload of one message */
#define GRIM_ROUND8(n)      (((n) + 7u) & ~7u)

/* word 0: GRIM id (16) | NI token (8) | NI sequence (8) -- written by the
 *         sending NI; the host leaves token and sequence 0 */
#define GRIM_W0(tok, seq)   ((GRIM_ID << 16) | (((tok) & 0xFFu) << 8) | ((seq) & 0xFFu))
#define GRIM_W0_ID(w)       ((w) >> 16)
#define GRIM_W0_TOK(w)      (((w) >> 8) & 0xFFu)
#define GRIM_W0_SEQ(w)      ((w) & 0xFFu)
/* word 1: type (6) | payload correction (2) | multicast tree (8) | source endpoint (16) */
#define GRIM_W1(type, corr, tree, src) \
    ((((type) & 0x3Fu) << 26) | (((corr) & 3u) << 24) | (((tree) & 0xFFu) << 16) | ((src) & 0xFFFFu))
#define GRIM_W1_TYPE(w)     ((w) >> 26)
#define GRIM_W1_CORR(w)     (((w) >> 24) & 3u)
#define GRIM_W1_TREE(w)     (((w) >> 16) & 0xFFu)
#define GRIM_W1_SRC(w)      ((w) & 0xFFFFu)
/* word 2: payload word length (16) | destination endpoint (16) */
#define GRIM_W2(words, dst) ((((words) & 0xFFFFu) << 16) | ((dst) & 0xFFFFu))
#define GRIM_W2_WORDS(w)    ((w) >> 16)
#define GRIM_W2_DST(w)      ((w) & 0xFFFFu)
/* word 3: logical channel (16) | active-message handler (16) */
#define GRIM_W3(lc, h)      ((((lc) & 0xFFFFu) << 16) | ((h) & 0xFFFFu))
#define GRIM_W3_LC(w)       ((w) >> 16)
#define GRIM_W3_HANDLER(w)  ((w) & 0xFFFFu)
/* words 4..7: user arguments 0..3 */

/* payload bytes from words and correction: words*4 - corr (0..3) */
#define GRIM_PAYLOAD_BYTES(w1, w2) (GRIM_W2_WORDS(w2) * 4u - GRIM_W1_CORR(w1))

/* endpoint id: NI (8) | logical channel (8) */
#define GRIM_EP(ni, lc)     ((((ni) & 0xFFu) << 8) | ((lc) & 0xFFu))
#define GRIM_EP_NI(ep)      (((ep) >> 8) & 0xFFu)
#define GRIM_EP_LC(ep)      ((ep) & 0xFFu)

/* message types (word 1) */
#define GRIM_T_AM           1u   /* active message: handler, 4 args, payload to the AM queue */
#define GRIM_T_RMP          2u   /* remote write, physical: a0 = host physical address,
                                    a1 = lock VA (0: none), a2 = lock value */
#define GRIM_T_RMV          3u   /* remote write, virtual: a0 = VA, a1 = lock VA, a2 = lock value */
#define GRIM_T_RMRV         4u   /* remote read: a0 = remote VA, a1 = requester's VA, a2 = bytes,
                                    a3 = requester's lock VA (cleared when all data is there) */
#define GRIM_T_RMRV_REPLY   5u   /* the data of a read, sent by the NI: a0 = VA, a3 = lock VA */
#define GRIM_T_ACK          8u   /* control messages: 8 bytes, never queued by hosts */
#define GRIM_T_NACK         9u
#define GRIM_T_WRAP         63u  /* queue marker: the rest of the ring is empty, go to its start */

/* control message (ACK / NACK), two words:
 *   word 0 = GRIM_W0(token, seq) of the data message it answers
 *   word 1 = type (6) << 26 | data's source LC (8) << 16 | acking NI (8) << 8 | data's dest LC (8)
 * A NACK names the first message the receiver wants again (its token and
 * sequence); the sender rolls that (LC, NI, LC) stream back to it. */
#define GRIM_CTL_W1(type, slc, ni, dlc) \
    ((((type) & 0x3Fu) << 26) | (((slc) & 0xFFu) << 16) | (((ni) & 0xFFu) << 8) | ((dlc) & 0xFFu))
#define GRIM_CTL_SLC(w)     (((w) >> 16) & 0xFFu)
#define GRIM_CTL_NI(w)      (((w) >> 8) & 0xFFu)
#define GRIM_CTL_DLC(w)     ((w) & 0xFFu)

/* ---- NI SRAM layout ------------------------------------------------------ */
/* The firmware image must end below GRIM_CTRL. The route table the
 * simulator writes sits 32 KB below the top of SRAM (firmware/hal/ni.h);
 * queues end below GRIM_QUEUE_END(sram_size). */
#define GRIM_CTRL           0x00030000u    /* control block, GRIM_CTRL_BYTES */
#define GRIM_CTRL_BYTES     0x00001000u
#define GRIM_LCD            0x00031000u    /* LC descriptors: GRIM_MAX_LC x GRIM_LCD_BYTES */
#define GRIM_LCD_BYTES      0x00000080u
#define GRIM_MAX_LC         32u
#define GRIM_XLAT           0x00032000u    /* translation cache, GRIM_XLAT_ENTRIES x GRIM_XLAT_BYTES */
#define GRIM_XLAT_BYTES     0x00000100u
#define GRIM_XLAT_STATIC    16u            /* entries 0..15: programmed by the host library */
#define GRIM_XLAT_DYNAMIC   16u            /* entries 16..31: filled by the driver on misses */
#define GRIM_XLAT_ENTRIES   (GRIM_XLAT_STATIC + GRIM_XLAT_DYNAMIC)
#define GRIM_STATS          0x00034000u    /* instrumentation and counters, 4 KB */
#define GRIM_SCRATCH        0x00035000u    /* 4 KB for the host library (TPIL's LANai 9 descriptors) */
#define GRIM_FW_PRIVATE     0x00036000u    /* firmware-owned (receive buffers, scoreboards, DMA blocks) */
#define GRIM_QUEUE_BASE     0x00080000u    /* LC message queues from here ... */
#define GRIM_QUEUE_END(sram) ((sram) - 0x10000u)   /* ... to 64 KB below the top */

/* control block words (byte offsets from GRIM_CTRL) */
#define GRIM_C_MAGIC        0x000u   /* firmware writes GRIM_FW_MAGIC when it is ready for config */
#define GRIM_C_VERSION      0x004u   /* firmware writes GRIM_ABI_VERSION */
#define GRIM_C_GO           0x008u   /* host writes 1 after the config below: firmware starts */
#define GRIM_C_STATE        0x00Cu   /* firmware: 1 = running, 2 = stopped on a config error */
#define GRIM_C_ERROR        0x010u   /* firmware: GRIM_E_* of a config error, else 0 */
#define GRIM_C_NODE         0x014u   /* firmware: this NI's id (from the route table) */
#define GRIM_C_NODES        0x018u   /* firmware: number of NIs */
#define GRIM_C_NLC          0x01Cu   /* host: logical channels in use, 1..GRIM_MAX_LC */
#define GRIM_C_OPTIONS      0x020u   /* host: GRIM_OPT_* bits */
#define GRIM_C_RETX_TICKS   0x024u   /* host: retransmission timeout, RTC ticks (0.5 us); 0 = off */
#define GRIM_C_RESERVED     0x028u
#define GRIM_C_XREQ_PHYS    0x02Cu   /* host: physical address of the driver's 64-byte translation
                                        request area (words big-endian) */
#define GRIM_C_XREQ_SEQ     0x030u   /* firmware: requests issued; the ISR writes GRIM_C_XREQ_DONE = seq */
#define GRIM_C_XREQ_DONE    0x034u
#define GRIM_C_QUIT         0x038u   /* host: nonzero = firmware exits with that code */
#define GRIM_C_SCAN_ONLY    0x03Cu   /* host: nonzero = measure the LC scan (Fig 4.10) and report in stats */

#define GRIM_FW_MAGIC       0x4752494Du    /* "GRIM" */
#define GRIM_ABI_VERSION    1u

/* options */
#define GRIM_OPT_CTLQ       (1u << 0)  /* buffer ACK/NACKs when the link is busy (§4.2.3); off = wait */
#define GRIM_OPT_RECV_CT    (1u << 1)  /* receive cut-through: start the host DMA as data arrives */
#define GRIM_OPT_SEND_CT    (1u << 2)  /* send cut-through: transmit what the host has committed */
#define GRIM_OPT_CRC        (1u << 3)  /* link CRC on; bad packets are dropped (the timer recovers) */
#define GRIM_OPT_DEFAULT    (GRIM_OPT_CTLQ | GRIM_OPT_RECV_CT | GRIM_OPT_SEND_CT | GRIM_OPT_CRC)

/* config errors */
#define GRIM_E_NLC          1u
#define GRIM_E_QUEUE        2u   /* an LC queue outside the queue area, unaligned or too small */
#define GRIM_E_ROUTES       3u   /* no route table */

/* LC descriptor words (byte offsets from GRIM_LCD + lc * GRIM_LCD_BYTES).
 * Outgoing queue: a ring [q_base, q_base + q_size) in SRAM. The host appends
 * a message at q_back, then advances q_back (cut-through: as segments
 * arrive, q_back may stop inside a message once its header is there). The
 * NI transmits from q_next, and frees up to q_front as ACKs come back.
 * front == back is empty; the host keeps 8 bytes free so a full ring is
 * never mistaken for an empty one. A message never straddles the end: when
 * it does not fit, the host writes a WRAP header (words 0 and 1) and goes
 * on at q_base. */
#define GRIM_L_Q_BASE       0x00u    /* host: SRAM address, 8-aligned */
#define GRIM_L_Q_SIZE       0x04u    /* host: bytes, a multiple of 8, >= 2 * (32 + largest message) */
#define GRIM_L_Q_BACK       0x08u    /* host: offset of the end of committed data */
#define GRIM_L_Q_FRONT      0x0Cu    /* NI: offset of the oldest message not yet ACKed */
#define GRIM_L_Q_NEXT       0x10u    /* NI: offset of the next message to transmit (informational) */
/* Incoming: the endpoint's active-message queue, a ring in pinned,
 * contiguous host memory (same WRAP rule, written by the NI with DMA). */
#define GRIM_L_AM_PHYS      0x14u    /* host: bus address of the AM ring (0 = endpoint has none) */
#define GRIM_L_AM_SIZE      0x18u    /* host: bytes, a multiple of 8 */
#define GRIM_L_AM_FRONT     0x1Cu    /* host: offset the endpoint has consumed up to */
#define GRIM_L_AM_BACK_PHYS 0x20u    /* host: bus address of the endpoint's 4-byte back pointer; the NI
                                        DMAs its back offset there in host (little-endian) order */
#define GRIM_L_AM_BACK      0x24u    /* NI: its back offset */
#define GRIM_L_OPEN         0x28u    /* host: 1 = endpoint open (messages to a closed LC are NACKed) */
/* counters the NI keeps per LC */
#define GRIM_L_SENT         0x40u    /* data messages transmitted (first copies) */
#define GRIM_L_RESENT       0x44u    /* retransmissions */
#define GRIM_L_ACKED        0x48u
#define GRIM_L_NACKS_RECV   0x4Cu    /* NACKs this LC's sends got */
#define GRIM_L_DELIVERED    0x50u    /* messages delivered to this endpoint */
#define GRIM_L_NACKS_SENT   0x54u    /* messages to this endpoint refused (no room, closed, out of order) */
#define GRIM_L_DUPS         0x58u    /* duplicates dropped (re-ACKed) */
#define GRIM_L_TIMEOUTS     0x5Cu    /* retransmission-timer rollbacks */

/* Translation cache entry (GRIM_XLAT + i * GRIM_XLAT_BYTES): a block of
 * registered memory of one endpoint and the physical runs behind it. */
#define GRIM_X_VALID        0x00u    /* 1 = in use */
#define GRIM_X_LC           0x04u    /* owning endpoint's LC */
#define GRIM_X_VA           0x08u    /* virtual address of the block */
#define GRIM_X_LEN          0x0Cu    /* bytes */
#define GRIM_X_NRUNS        0x10u    /* physical runs that follow, at most GRIM_X_MAX_RUNS */
#define GRIM_X_RUNS         0x18u    /* runs: { phys, bytes } word pairs, in VA order */
#define GRIM_X_MAX_RUNS     29u

/* Translation request (the NI DMAs it to GRIM_C_XREQ_PHYS, then raises
 * HOST_SIG; the driver's ISR translates and writes the entry with PIO into
 * the dynamic slot named in the request, then GRIM_C_XREQ_DONE = seq). */
#define GRIM_XR_SEQ         0x00u
#define GRIM_XR_LC          0x04u
#define GRIM_XR_VA          0x08u
#define GRIM_XR_LEN         0x0Cu
#define GRIM_XR_SLOT        0x10u    /* SRAM address of the entry to fill */
#define GRIM_XR_BYTES       0x14u

/* ---- instrumentation (GRIM_STATS; firmware built with -DGRIM_INSTR) -------
 * Each step of Tables 5.1-5.3 keeps the core cycles of its last occurrence,
 * their sum and a count, as three words at GRIM_STATS + step * 16. */
#define GRIM_S_LAST         0x0u
#define GRIM_S_SUM          0x4u
#define GRIM_S_COUNT        0x8u
enum grim_step {
    GRIM_ST_DETECT = 0,       /* send: detect a new message (scan of the LCs that found it) */
    GRIM_ST_SETVALUES,        /* send: set token and sequence in the message */
    GRIM_ST_SCOREBOARD,       /* send: insert in the scoreboard (after the send DMA starts) */
    GRIM_ST_DECODE,           /* recv: decode and begin processing */
    GRIM_ST_SEQCHECK,         /* recv: verify sequencing */
    GRIM_ST_CAPACITY,         /* recv: destination capacity check */
    GRIM_ST_ACKGEN,           /* recv: ACK/NACK generation */
    GRIM_ST_AM_DMA,           /* AM: DMA of the message to the host queue */
    GRIM_ST_AM_PTR,           /* AM: increment and convert the queue pointer */
    GRIM_ST_AM_PTR_DMA,       /* AM: DMA of the queue pointer */
    GRIM_ST_XLAT_HIT,         /* RM: translation cache search, hit */
    GRIM_ST_XLAT_MISS,        /* RM: translation cache search, miss */
    GRIM_ST_XLAT_REQ_DMA,     /* RM: DMA of the translation request */
    GRIM_ST_XLAT_WAIT,        /* RM: request raised until the host's answer is there */
    GRIM_ST_RM_DMA,           /* RM: payload DMA(s) */
    GRIM_ST_LOCK,             /* RM: lock update (translation + 4-byte DMA) */
    GRIM_ST_SCAN_EMPTY,       /* one scan of all LCs that found nothing (Fig 4.10) */
    GRIM_NSTEPS
};
/* Multicast steps of Figure 8.6, stamped only by the grim_mc_instr images
 * (-DGRIM_MCAST -DGRIM_INSTR), in GRIM_STATS after the unicast ones. */
#define GRIM_ST_MC_RX       32u  /* a multicast packet in hand: store-and-forward checks, the hop's sequence */
#define GRIM_ST_MC_ACCEPT   33u  /* the ticket, room at every local subscriber and in the recycle queue */
#define GRIM_ST_MC_DELIVER  34u  /* posting the AM DMAs to the local subscribers */
#define GRIM_ST_MC_COPY     35u  /* the one copy into the recycle queue (a word copy in NI memory) */
#define GRIM_ST_MC_FWD      36u  /* the recycle LC starts one copy to a child (and its scoreboard entry) */
#define GRIM_ST_MC_LAST     GRIM_ST_MC_FWD

/* ---- appended by the host library (hostlib/grim) ---------------------------
 * Sharing the card's host-DMA engine. TPIL injects large messages with the
 * card's host->card DMA, programmed by the host with PIO: LANai 4 its one
 * engine (EAR, LAR, DMA_DIR, DMA_CTR; completion ISR DMA_INT, which the host
 * polls and clears); LANai 9 E2L channel 1 (head at BAR 0x800108, PULSE = 4,
 * a block at GRIM_SCRATCH with DMA_WAKE; completion ISR WAKE0, polled and
 * cleared by the host). Handshake, n = 1, 2, 3, ...:
 *   host:     GRIM_C_HDMA_REQ = n
 *   firmware: once its own host DMA is idle: GRIM_C_HDMA_GRANT = n; from then
 *             on it starts no host DMA and neither relies on nor clears
 *             DMA_INT (LANai 4) / WAKE0 (LANai 9) until GRIM_C_HDMA_DONE == n
 *   host:     waits for GRANT == n, runs its DMA(s), writes GRIM_C_HDMA_DONE = n
 * A firmware that honours this sets GRIM_FEAT_HDMA in GRIM_C_FEATURES before
 * it writes GRIM_C_MAGIC; without that bit the host library injects with PIO
 * only (host DMA would race the firmware's). */
#define GRIM_C_FEATURES     0x040u   /* firmware: GRIM_FEAT_* bits */
#define GRIM_C_HDMA_REQ     0x044u   /* host */
#define GRIM_C_HDMA_GRANT   0x048u   /* firmware */
#define GRIM_C_HDMA_DONE    0x04Cu   /* host */
#define GRIM_FEAT_HDMA      (1u << 0)


/* ---- additions (append-only; firmware/grim README.md) -------------------- */
#define GRIM_L_ERRORS       0x60u    /* per LC: messages dropped as undeliverable -- at the sending NI
                                        a header it cannot send (no route to the destination NI,
                                        destination LC >= GRIM_MAX_LC, payload > GRIM_MTU, message
                                        past the end of the queue: skipped, never ACKed); at the
                                        receiving NI an RM-V/RM-RV address the driver could not
                                        translate (ACKed and dropped) */
#define GRIM_E_SIZE         4u       /* config error: NIs x LCs need more sequence state (or more NIs)
                                        than the firmware's SRAM tables hold */
/* Ring offsets (LC queues and AM rings): an offset equal to the ring's size
 * means 0. The NI accepts either form in GRIM_L_Q_BACK; its GRIM_L_Q_NEXT
 * and GRIM_L_Q_FRONT may read Q_SIZE after a message that ends exactly at
 * the end. In an AM ring the NI never ends a message exactly at the end: a
 * message that does not fit with 8 bytes to spare goes to offset 0 after a
 * WRAP header at the old back, so GRIM_L_AM_BACK is always < GRIM_L_AM_SIZE. */

/* Ending the firmware with exit code 0: GRIM_C_QUIT "nonzero = firmware
 * exits with that code" cannot say 0, so the exit code is its low 8 bits;
 * the host library writes GRIM_QUIT(code), i.e. 0x100 | code (0x100 for a
 * clean end). */
#define GRIM_QUIT(code)     (0x100u | ((code) & 0xFFu))
#define GRIM_QUIT_EXIT(v)   ((v) & 0xFFu)   /* the exit code the firmware uses for GRIM_C_QUIT = v */

/* The 8 bytes before a queued message: while the NI sends the message at
 * queue offset o > 0 it may borrow [o - 8, o) for the packet's route (route
 * and message then leave as one send segment) and puts them back before it
 * sends anything else. The ring rule above already keeps the host away from
 * them -- they are the tail of an older message the NI still holds, or the
 * 8 bytes before Q_FRONT that always stay free -- so a host that follows it
 * needs nothing new; it just must not look at them while that message is
 * unsent. (No bytes are borrowed at offset 0, nor for a route longer than
 * 8 bytes.) */

/* ---- multicast (dissertation §8.1; firmware/grim/mcast_fw.h explains) -------
 * Two message types. GRIM_T_MC is a multicast active message; GRIM_T_MCUPD
 * an in-band tree update (payload: word 0 = members (0 when the last one
 * left), then one word per member in tree order, GRIM_MU_NI | GRIM_MU_WASIN:
 * the NI and whether it was in the tree before; binary tree: the children
 * of member i are 2i+1 and 2i+2). A host sends either, unstamped, from its
 * own LC to the tree's sequencer NI (the tree's first root, for the tree's
 * life): word 2's destination = GRIM_EP(sequencer, mclc) (mclc =
 * GRIM_MC_LC(nlc); a sequencer's own host's messages loop back through its
 * switch), word 3's LC field its own LC.
 * The sequencer stamps it; from then on NI to NI (from mclc to mclc): word
 * 2's destination field carries the ticket (a 16-bit counter per tree, one
 * sequence for the tree's life), word 3's LC field GRIM_MC_STAMPED | the
 * forwarding NI. Word 1's source stays the
 * original sender. A subscriber gets an AM whose word 3 LC field is
 * GRIM_MC_STAMPED | tree and whose destination is itself. */
#define GRIM_T_MC           6u
#define GRIM_T_MCUPD        7u
#define GRIM_C_MCAST        GRIM_C_RESERVED   /* host: GRIM_MC_ON [| GRIM_MC_UNSAFE | GRIM_MC_NOTICKETS]; 0 = none */
#define GRIM_MC_ON          1u
#define GRIM_MC_UNSAFE      2u       /* a full recycle queue blocks the receive path (no NACK): Fig 8.3 */
#define GRIM_MC_NOTICKETS   4u       /* teaching: NIs take any ticket (no total order per tree), so an
                                        update can overtake data (L2315) */
#define GRIM_MC_LC(nlc)     ((nlc) + 1u)  /* the recycle LC: after the RM-RV reply LC (nlc) */
#define GRIM_MC_STAMPED     0x8000u
#define GRIM_MC_RELAY       0x4000u  /* word 3's LC field: | the sequencer NI: a stamped message it sends
                                        the root from its RM-RV reply LC (nlc), addressed to the root's
                                        recycle LC, followed by 8 bytes: the ticket, its length in words */
#define GRIM_MU_NI(w)       ((w) & 0xFFu)
#define GRIM_MU_WASIN       0x100u
#define GRIM_MC_MAX_MEMBERS 64u
#define GRIM_MC_MTU         (GRIM_MTU - 8u)   /* largest multicast payload of one message (a relay adds 8 bytes) */
/* The per-NI tree table: GRIM_MC_TREES entries of GRIM_MT_BYTES. The host
 * writes only GRIM_MT_MASK (its NI's subscribing LCs, bit lc); the rest is
 * the firmware's, from updates. */
#define GRIM_MC_TABLE       (GRIM_CTRL + 0x800u)
#define GRIM_MC_TREES       16u
#define GRIM_MT_BYTES       0x20u
#define GRIM_MT_ROOT        0x00u    /* root NI as this member knows it, 0xFF = not in the tree (firmware clears to 0xFF) */
#define GRIM_MT_MASK        0x04u    /* host: local subscribing LCs */
#define GRIM_MT_KIDS        0x08u    /* child 0 | child 1 << 8 (0xFF none) | parent << 16 */
#define GRIM_MT_NEXT        0x0Cu    /* sequencer: the next ticket it stamps */
#define GRIM_MT_EXPECT      0x10u    /* the ticket this NI accepts next */
#define GRIM_MT_SEQ         0x14u    /* GRIM_MT_SEQ_ON | the root its stamped messages go to, on the tree's
                                        sequencer (the NI its first update reached); 0 elsewhere */
#define GRIM_MT_SEQ_ON      0x100u
#define GRIM_MT_DELIV       0x18u    /* messages delivered here (to the local subscribers) */
#define GRIM_MT_REFUSED     0x1Cu    /* messages refused: ticket not the expected one */
/* Multicast counters. What the recycle path waits for (the watchdog's
 * wait-for graph) is in the global `fw_waits` (firmware/hal/waits.h,
 * firmware/grim/mcast_waits.c); words 0x00-0x08 are unused. */
#define GRIM_MC_WAIT        (GRIM_CTRL + 0xC00u)
#define GRIM_MW_DROPPED     0x0Cu    /* stamped for a tree with no members, or reaching an NI out of the tree */
#define GRIM_MW_FULL        0x10u
#define GRIM_MW_MISROUTED   0x14u    /* unstamped data that reached an NI not the tree's sequencer (dropped) */
#define GRIM_MW_COPIED      0x18u    /* messages copied into the recycle queue */
#define GRIM_MW_READY       0x1Cu    /* 1 once the recycle LC is configured (multicast images only:
                                        build/fw/grim/grim_mc.*.elf, -DGRIM_MCAST) */

#endif
