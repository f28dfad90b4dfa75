/* grim_rc1000_stage: the RC-1000 as a GRIM endpoint and a pipeline stage
 * between two hosts (issue 17 items 4 and 6; dissertation sections 6.3.6,
 * 7.5, appendix B). Node 0 has the card on its bus (kind host,
 * experiment.rc1000_node = 0) and runs the host-level software that serves
 * it (hostlib/rc1000): its AM handler "rc_in" puts each arriving message
 * into the frame's queue 0 in bank 0 by PIO; the frame streams the payload
 * through the circuit in canvas slot SLOT into an outgoing slot of bank 3
 * whose header comes from the card's forwarding directory (entry 1: the
 * destination endpoint and its handler, written at set-up); the software
 * sees the count on the status port, moves the slot to host memory with
 * the card's DMA channel and sends it on as an AM to the endpoint and
 * handler the header names. Host A (node 1) sends MESSAGES messages of
 * WORDS words; host B (the last node; A itself with two nodes) checks every
 * word against a C computation of what the circuit does (EXPECT: copy, or
 * add = the word plus SUBOP) and that each message arrives once, then tells
 * node 0. Node 0 reports stage_messages, stage_delivered (intact),
 * stage_bad, stage_dup, stage_missing, stage_latency_us (median, A's send
 * to B's handler), stage_mbs (payload from A's first send to B's last
 * arrival), card_inject_us / card_take_us (mean per message: bank 0
 * acquire + PIO + release; bank 3 acquire + DMA + release) and
 * card_status_reads (status-port reads per message). The payload pattern
 * and the check are the test, not the work: their CPU time is not charged.
 *
 * INJECT = "ni" (issue 17 item 4): node 0's NI runs the grim_rc1000 image
 * (experiment.rc1000_elf) and is the card's endpoint itself: host A sends
 * each message to node 0's LC CARD_LC (NLC >= 2) with the circuit's handler
 * id and Table B.1's arguments, the NI firmware writes it into the frame's
 * NI queue by peer-to-peer DMA (firmware/grim/card_rx.c) and node 0's
 * process never touches bank 0: it only watches the status port and takes
 * results, asking the NI for bank 3 (Figure 6.7's merged request,
 * grim_card_request). The message's number and send time ride in payload
 * words 0 and 1 (the frame's outgoing header is the forwarding entry's, so
 * the arguments do not survive); B also checks they arrive in order. Node
 * 0 reports ni_acquire_us / ni_inject_us / ni_release_us (the NI's cycle
 * counts per message: request to grant, grant to the tail written, the
 * release), ni_grant_polls, ni_queue_full and stage_out_of_order.
 * POLL_US (default 0: back to back): node 0's process computes that long
 * between status-port reads that find nothing (and nothing else to do).
 * With experiment.rc1000_config (INJECT = ni) node 0 serves the frame's
 * function faults while traffic flows (hostlib/rc1000/rc1000_fault.c, the
 * handler kind rc1000_stage's Table 7.1 runs): it loads the configuration
 * file named there (FILE_LOAD_US), configures the FPGA (CONFIG_US, the card
 * held meanwhile), sets its clock (SET_CLOCK_US), writes the file's
 * function list and waits out the reset (RESET_US); inputs as Table 7.1's.
 * HANDLER is the handler id host A sends (default 0x40 + SLOT): one the
 * card's first configuration lacks makes the first message fault.
 * Reports card_faults and card_fault_us.
 * PAGES = n (INJECT = ni): message k's port A reads WORDS words of
 * scratchpad page 1 + k % n (Table B.1's A driver 1) instead of its
 * payload; the frame page-faults on a page its two frames do not hold and
 * node 0 serves it (the same handler and transfers as Table 7.2's: the
 * evicted page out to its host copy by one-copy DMA, the missing one in by
 * zero-copy DMA); B checks the words against the host's copy (pinned user
 * memory, made at set-up). card_page_faults, card_page_fault_us, and per
 * page moved card_page_unload_us / card_page_load_us; card_page_dmas: the
 * card's DMA channel started for pages.
 * B2 = 1 (INJECT = ni): host A drives the card with Table B.2's calls
 * (hostlib/grim/grim_celoxica.c): per message, ldMem x into page 1 and y
 * into page 2, alu_local adds them into page 1, and grim_celoxica_send
 * runs the circuit of SLOT (HANDLER) over that sum into the outgoing queue;
 * B checks x + y (+ SUBOP with EXPECT = add). Page faults are served as
 * with PAGES.
 * SETPIPE = 1 (app_grim_rc1000_pipe.c): host A sets up a
 * two-stage pipeline with grim_celoxica_setPipeline (entries PIPE_ID and
 * PIPE_ID + 1): stage 1 the ALU adds SUBOP to every word into the recycle
 * buffer, stage 2 the circuit of SLOT (sub-op 0) into the outgoing queue,
 * on to host B, which checks word + SUBOP; then killPipeline(PIPE_ID) and
 * one more message, which node 0 checks the frame drops (card_dropped).
 * With INJECT = host the card has no endpoint of its own: host A names
 * node 0's process and its relay handler "rc_card" (grim_celoxica_relay),
 * which puts each of Table B.2's messages into the frame's host queue
 * itself (the frame's built-in handler 0x20 for set and kill).
 * OUTQ: the frame's outgoing queue for results, 0 (default), 1, or 2 (even
 * messages to 0, odd to 1); node 0 takes each from its queue
 * (rch_take_queue).
 * AGENTS = 2 (INJECT = ni, OUTQ = 2): node 0 serves the two outgoing queues
 * with two agents that share nothing but the status port: the agent of
 * queue q knows only its queue and takes its next slot when the slot's
 * word 0 says full (rch_take_if_full), not by knowing where message k went;
 * it sends the result on to the endpoint and handler its header (the
 * forwarding entry) names. Host B checks the order per queue. Reports
 * agent0_taken, agent1_taken and agent_empty_passes (a pass that found the
 * agent's slot empty: the count was the other queue's). The agents are
 * interleaved in node 0's one process (the NI's firmware taking queue 1
 * itself is not done: docs/endpoints.md). */
#include "app_grim_util.h"
#include "app_grim_rc1000_pipe.h"
#include "../grim/grim_card.h"
#include "../grim/grim_celoxica.h"
#include "../rc1000/rc1000_fault.h"
#include "../rc1000/rc1000_host.h"
#include "../../firmware/grim/card_abi.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_MSGS 4096
#define MAX_INFLIGHT 15            /* 15 x 1,032 words and a wrap's waste fit queue 0's ring */
#define FWD 1u                     /* the card's forwarding entry for the stage's output */
#define CARD_LC 1u                 /* INJECT = ni: the card's endpoint is node 0's LC 1 */

typedef struct {
    happ_env *e;
    platform *p;
    grim *g;
    uint32_t words, subop, slot, add, nmsg, inflight;
    int ni;                        /* INJECT = ni: the NI firmware puts messages into bank 0 */
    rcf_function fn;               /* the function-fault handler's inputs (experiment.rc1000_config) */
    sim_time reset_ps;
    uint32_t npages;               /* PAGES: port A reads scratchpad pages 1..PAGES (0: the payload) */
    int b2;                        /* B2: host A drives the card with Table B.2's calls */
    int setpipe;                   /* SETPIPE: a two-stage pipeline set up and killed by host A */
    uint32_t pipe_id, outq;        /* PIPE_ID; OUTQ: 0, 1, or 2 (alternate) */
    uint32_t agents;               /* AGENTS: 1, or 2 (one agent per outgoing queue, each knowing only its own) */
    uint32_t agent_empty[2];       /* AGENTS = 2: passes that found the agent's next slot empty */
    void *page[RC_PAGE_NONE];      /* node 0: the host's copies of the pages (page database) */
    /* node 0: the card */
    rch card;
    uint32_t func;                 /* the circuit's handler id (the card's function list) */
    uint32_t fifo_seq[MAX_INFLIGHT + 1], fifo_t[MAX_INFLIGHT + 1];
    uint32_t injected, forwarded;
    uint32_t relayed;              /* messages put into the frame's host queue (results or not) */
    int verdict;
    uint32_t v[9];                 /* delivered, bad, dup, missing, latency_ns, first_ns, last_ns, received,
                                      out_of_order */
    /* host B */
    uint8_t *seen;
    uint32_t received, delivered, bad, dup, first_ns, last_ns;
    uint32_t next_k, out_of_order; /* INJECT = ni: arrivals not in the order sent */
    uint32_t next_q[2];            /* AGENTS = 2: the next number expected from each queue (k & 1) */
    sim_time *lat;
    int ended;
} stage;

static uint32_t now_ns(platform *p) { return (uint32_t)(plat_now(p) / 1000); }
static uint32_t pattern(uint32_t k, uint32_t i) { return (k * 0x9E3779B9u) ^ (i * 2654435761u) ^ 0x5A5A0000u; }
/* PAGES: message k reads `words` words of page pg(k) from word off(k); the
 * host's copy of page p holds page_word(p, w) */
static uint32_t pg(const stage *s, uint32_t k) { return 1 + k % s->npages; }
static uint32_t off(const stage *s, uint32_t k) { return (k * 4099u) % (RC_BANK_WORDS - s->words); }
static uint32_t page_word(uint32_t p, uint32_t w) { return (p << 24) ^ (w * 2654435761u) ^ 0x00A5A5A5u; }
/* Arg[3] of message k: into outgoing queue 0 or 1 (OUTQ) */
static uint32_t out_arg3(const stage *s, uint32_t k)
{
    return s->outq == 1 || (s->outq == 2 && (k & 1)) ? RC_ARG3_QUEUE1 : RC_ARG3_QUEUE;
}

/* node 0: the host's copies of pages 1..n, made at set-up in user memory
 * and pinned for good (the zero-copy load reads them in place; the pin is
 * paid then, not in a fault). The fill is the test's data, not charged. */
static int make_pages(stage *s, uint32_t n)
{
    for (uint32_t p = 1; p <= n; p++) {
        uint32_t *b = plat_alloc(s->p, RC_BANK_WORDS * 4);
        if (!b || plat_pin(s->p, b, RC_BANK_WORDS * 4))
            return happ_fail(s->e, "the host's copy of page %u: %s", p, plat_error(s->p));
        for (uint32_t w = 0; w < RC_BANK_WORDS; w++) b[w] = page_word(p, w);
        s->page[p] = b;
    }
    return 0;
}
static void *page_of(void *ctx, uint32_t p)
{
    stage *s = ctx;
    return p < RC_PAGE_NONE ? s->page[p] : NULL;
}

static int send_on(stage *s);

/* node 0: move the oldest result off the card (waiting for it) and send it on */
static int forward_one(stage *s)
{
    uint32_t ready = 0;
    while (!ready)
        if (rch_ready(&s->card, &ready)) return -1;
    /* (OUTQ: the result of message k is in the queue its Arg[3] named; the
     * frame produces them in the order they came) */
    if (s->outq ? rch_take_queue(&s->card, out_arg3(s, s->forwarded) == RC_ARG3_QUEUE1) : rch_take(&s->card))
        return -1;
    return send_on(s);
}

/* node 0, AGENTS = 2: one pass of the agent of outgoing queue q. It knows
 * only its queue: it takes the queue's next slot when that slot's word 0
 * says it is full (the status port counts both queues, so the count only
 * says that one of them may have something), and sends it on. */
static int agent_pass(stage *s, unsigned q, int *got)
{
    if (rch_take_if_full(&s->card, q, got)) return -1;
    if (!*got) s->agent_empty[q]++;
    return *got ? send_on(s) : 0;
}

/* node 0: the result in s->card.buf sent on to where its header says */
static int send_on(stage *s)
{
    const uint32_t *m = s->card.buf;
    uint32_t n = (m[2] >> 16) & 0x7FFu, k = s->forwarded % (MAX_INFLIGHT + 1);
    if (n != s->words) return snprintf(s->card.err, sizeof s->card.err, "the card produced %u words, not %u", n,
                                       s->words), -1;
    /* the number and the send time: the relay's own FIFO, or (the NI
     * injected) payload words 0 and 1 as the circuit left them */
    uint32_t a0 = s->fifo_seq[k], a1 = s->fifo_t[k], addv = s->add ? s->subop : 0;
    if (s->ni || s->setpipe) a0 = m[8] - addv, a1 = m[9] - addv;
    if (s->npages || s->b2) a0 = s->forwarded, a1 = 0;   /* the output is page data: one queue, so in order */
    /* the header came from the card's forwarding directory: word 2 the
     * destination endpoint, word 3 the handler */
    if (grim_send(s->g, m[2] & 0xFFFFu, m[3] & 0xFFFFu, a0, a1, 0, 0, m + 8, n * 4))
        return snprintf(s->card.err, sizeof s->card.err, "send on: %s", grim_error(s->g)), -1;
    s->forwarded++;
    return 0;
}

/* node 0, INJECT = ni: one status read; a function fault is served (the
 * results produced before it taken first) when the scenario names the
 * configuration file to load, else it is an error */
static int card_ready(stage *s, uint32_t *ready)
{
    uint32_t kind;
    if (rch_status(&s->card, ready, &kind)) return -1;
    if (kind == RC_ST_RUN || *ready) return 0;
    if (kind == RC_ST_PFAULT && (s->npages || s->b2)) {
        rcf_times t;
        const rch_pages db = {s, page_of};
        return rch_page_fault(&s->card, &db, &t);
    }
    if (kind == RC_ST_BADREQ) return rch_badreq(&s->card);
    if (kind != RC_ST_FFAULT || !s->e->dev_config_file)
        return snprintf(s->card.err, sizeof s->card.err, "the frame stopped with a %s%s",
                        kind == RC_ST_FFAULT ? "function fault" : kind == RC_ST_PFAULT ? "page fault" : "bad request",
                        kind == RC_ST_FFAULT ? " and the scenario names no configuration (experiment.rc1000_config)"
                        : kind == RC_ST_PFAULT ? " and the program has no pages (PAGES = 0)"
                                               : ""), -1;
    rcf_times t;
    return rch_function_fault(&s->card, &s->fn, s->reset_ps, &t);
}

/* node 0: a message into the frame's host queue (the ring full: let the
 * frame catch up); a data message (one that makes a result) is counted,
 * its number and send time kept for the result */
static int inject_one(stage *s, const uint32_t hdr[8], const void *payload, uint32_t words, int data, uint32_t a0,
                      uint32_t a1)
{
    if (data)
        while (s->injected - s->forwarded >= s->inflight)
            if (forward_one(s)) return -1;
    int rc;
    while ((rc = rch_inject(&s->card, hdr, payload, words)) == 1)
        if (forward_one(s)) return -1;
    if (rc) return -1;
    s->relayed++;
    if (!data) return 0;
    uint32_t k = s->injected % (MAX_INFLIGHT + 1);
    s->fifo_seq[k] = a0;
    s->fifo_t[k] = a1;
    s->injected++;
    return 0;
}

/* node 0: a message for the card */
static void on_in(grim *g, const grim_am *m, void *ctx)
{
    stage *s = ctx;
    if (m->len != s->words * 4) {
        grim_abort(g, "rc_in: %u bytes, not %u", m->len, s->words * 4);
        return;
    }
    uint32_t hdr[8] = {GRIM_W0(0, 0), GRIM_W1(GRIM_T_AM, 0, 0, 0), s->words << 16, s->func,
                       RC_ARG0(FWD, 0, 0, 1, s->subop, s->words & 1023u), 0, 0, out_arg3(s, s->injected)};
    if (inject_one(s, hdr, m->data, s->words, 1, m->arg[0], m->arg[1])) grim_abort(g, "rc_in: %s", s->card.err);
}

/* node 0, INJECT = host: a message of Table B.2's calls relayed to the card
 * (grim_celoxica_relay: host A's setPipeline, killPipeline and sends), into
 * the frame's host queue as the NI would have written it; the frame's own
 * handler's messages make no result */
static void on_card(grim *g, const grim_am *m, void *ctx)
{
    stage *s = ctx;
    uint32_t hdr[8], words;
    const void *payload;
    if (grim_celoxica_relayed(m, hdr, &payload, &words)) {
        grim_abort(g, "rc_card: %u bytes are not a relayed card message", m->len);
        return;
    }
    if (inject_one(s, hdr, payload, words, RC_HDR_HANDLER(hdr) != RC_FRAME_H, 0, 0))
        grim_abort(g, "rc_card: %s", s->card.err);
}

/* host B: a result */
static void on_out(grim *g, const grim_am *m, void *ctx)
{
    stage *s = ctx;
    (void)g;
    uint32_t k = m->arg[0], t = now_ns(s->p);
    s->received++;
    if (k >= s->nmsg || m->len != s->words * 4) {
        s->bad++;
        return;
    }
    if (s->seen[k]++) {
        s->dup++;
        return;
    }
    if (s->ni && s->agents == 2) { /* two agents: in order per queue (message k went to queue k & 1) */
        if (k != s->next_q[k & 1]) s->out_of_order++;
        s->next_q[k & 1] = k + 2;
    } else if (s->ni || s->setpipe) { /* one path, one queue: they must come in order */
        if (k != s->next_k) s->out_of_order++;
        s->next_k = k + 1;
    }
    int ok = 1;
    for (uint32_t i = 0; i < s->words && ok; i++) {
        uint32_t w;
        memcpy(&w, m->data + 4 * i, 4);
        /* (INJECT = ni: words 0 and 1 are the number and the send time;
         * PAGES: the page's words) */
        uint32_t want = s->b2       ? pattern(k, i) + pattern(k + 0x10000u, i)
                        : s->npages ? page_word(pg(s, k), off(s, k) + i)
                        : (s->ni || s->setpipe) && i < 2 ? m->arg[i] : pattern(k, i);
        ok = w == want + (s->add ? s->subop : 0);
    }
    if (ok) s->delivered++;
    else s->bad++;
    s->lat[k] = s->npages || s->b2 ? 0 : (sim_time)(uint32_t)(t - m->arg[1]);   /* (PAGES, B2: no send time) */
    if (k == 0) s->first_ns = m->arg[1];
    s->last_ns = t;
}

static void on_end(grim *g, const grim_am *m, void *ctx)
{
    (void)g, (void)m;
    ((stage *)ctx)->ended = 1;
}

static void on_verdict(grim *g, const grim_am *m, void *ctx)
{
    stage *s = ctx;
    (void)g;
    if (m->len == sizeof s->v) memcpy(s->v, m->data, sizeof s->v);
    s->verdict = 1;
}

static int card_setup(stage *s, uint32_t sink_ep, uint32_t h_out)
{
    rch *c = &s->card;
    const char *pio = happ_str(s->e, "PIO", "sse");
    plat_pio_mode mode = !strcmp(pio, "plain") ? PLAT_PIO_PLAIN : !strcmp(pio, "mmx") ? PLAT_PIO_MMX
                       : !strcmp(pio, "sse") ? PLAT_PIO_SSE : (plat_pio_mode)-1;
    if ((int)mode < 0) return happ_fail(s->e, "PIO must be plain, mmx or sse, not '%s'", pio);
    if (s->ni) {                   /* the NI serves the card: bank requests go through it */
        if (grim_card_enable(s->g, CARD_LC, (uint32_t)s->e->dev_base)) return gapp_fail(s->e, s->g, "card endpoint");
        if (rch_open_arb(c, s->p, mode, grim_card_request, s->g)) return happ_fail(s->e, "the RC-1000: %s", c->err);
    } else if (rch_open(c, s->p, mode)) {
        return happ_fail(s->e, "the RC-1000: %s", c->err);
    }
    /* the circuit's handler id, and forwarding entry FWD: where results go */
    uint32_t fwd[8] = {GRIM_W0(0, 0), GRIM_W1(GRIM_T_AM, 0, 0, 0), sink_ep, GRIM_W3(0, h_out), 0, 0, 0, 0};
    if (rch_acquire(c, 1) || rch_read_word(c, 0, RC_CTL_FUNCS + s->slot, &s->func)) return happ_fail(s->e, "%s", c->err);
    for (uint32_t i = 0; i < 8; i++)
        if (rch_write_word(c, 0, RC_DIR_BASE + FWD * RC_DIR_WORDS + i, fwd[i])) return happ_fail(s->e, "%s", c->err);
    if (rch_release(c)) return happ_fail(s->e, "%s", c->err);
    if (!s->func)
        return happ_fail(s->e, "canvas slot %u has no circuit on this card (experiment.rc1000_circuit puts one in slot %u)",
                         s->slot, RC_SLOT_EXTERNAL);
    if ((s->ni || s->setpipe) && s->func != 0x40u + s->slot)   /* host A names the circuit by the card's numbering */
        return happ_fail(s->e, "canvas slot %u's handler id is 0x%x, not 0x%x", s->slot, s->func, 0x40u + s->slot);
    return 0;
}

/* node 0, INJECT = ni: what the NI's firmware counted (card_abi.h) */
static int ni_measures(stage *s, happ_env *e)
{
    static const uint32_t off[] = {GRIM_CD_MSGS, GRIM_CD_ACQ_CYC, GRIM_CD_INJ_CYC, GRIM_CD_REL_CYC,
                                   GRIM_CD_GRANT_POLLS, GRIM_CD_FULL, GRIM_CD_REFUSED, GRIM_CD_HOST_REQS,
                                   GRIM_CD_DEFERRED};
    uint32_t v[9];
    for (int i = 0; i < 9; i++)
        if (grim_card_word(s->g, off[i], &v[i])) return gapp_fail(e, s->g, "card counters");
    uint32_t sent = s->nmsg * (s->b2 ? 4u : 1u) + (s->setpipe ? RCP_EXTRA : 0);   /* (B2: four calls a message) */
    if (v[0] != sent)
        return happ_fail(e, "the NI wrote %u messages into the card's queue, not %u (%u refused)", v[0], sent, v[6]);
    double us = 1e6 / (double)e->ni_clock_hz, n = v[0];
    happ_measure(e, "ni_acquire_us", v[1] * us / n);
    happ_measure(e, "ni_inject_us", v[2] * us / n);
    happ_measure(e, "ni_release_us", v[3] * us / n);
    happ_measure(e, "ni_grant_polls", v[4] / n);
    happ_measure(e, "ni_queue_full", v[5]);
    happ_measure(e, "ni_host_requests", v[7]);
    happ_measure(e, "ni_deferred", v[8]);
    happ_measure(e, "stage_out_of_order", s->v[8]);
    return 0;
}

static int run(platform *p, happ_env *e)
{
    long long nmsg, words, slot, subop, inflight, poll_us, handler, file_us, config_us, clock_us, reset_us, npages, b2,
        setpipe, pipe_id, outq, agents;
    if (happ_int(e, "MESSAGES", 16, &nmsg) || happ_int(e, "WORDS", 1024, &words) || happ_int(e, "SLOT", 0, &slot) ||
        happ_int(e, "SUBOP", 0, &subop) || happ_int(e, "INFLIGHT", 4, &inflight) || happ_int(e, "POLL_US", 0, &poll_us) ||
        happ_int(e, "HANDLER", 0x40 + slot, &handler) || happ_int(e, "FILE_LOAD_US", 10205, &file_us) ||
        happ_int(e, "CONFIG_US", 95114, &config_us) || happ_int(e, "SET_CLOCK_US", 2405, &clock_us) ||
        happ_int(e, "RESET_US", 56813, &reset_us) || happ_int(e, "PAGES", 0, &npages) || happ_int(e, "B2", 0, &b2) ||
        happ_int(e, "SETPIPE", 0, &setpipe) || happ_int(e, "PIPE_ID", 2, &pipe_id) || happ_int(e, "OUTQ", 0, &outq) ||
        happ_int(e, "AGENTS", 1, &agents))
        return -1;
    const char *expect = happ_str(e, "EXPECT", "copy"), *inject = happ_str(e, "INJECT", "host");
    if (nmsg < 1 || nmsg > MAX_MSGS) return happ_fail(e, "MESSAGES must be 1..%d, not %lld", MAX_MSGS, nmsg);
    if (words < 1 || words > RCH_MAX_WORDS) return happ_fail(e, "WORDS must be 1..%u, not %lld", RCH_MAX_WORDS, words);
    if (slot < 0 || slot >= RC_SLOTS) return happ_fail(e, "SLOT must be 0..%d (canvas slots, 8 the ALU), not %lld",
                                                       RC_SLOTS - 1, slot);
    if (subop < 0 || subop > 15) return happ_fail(e, "SUBOP must be 0..15, not %lld", subop);
    if (poll_us < 0 || poll_us > 1000) return happ_fail(e, "POLL_US must be 0..1000, not %lld", poll_us);
    if (handler < 1 || handler > 0xFFFF) return happ_fail(e, "HANDLER must be 1..0xFFFF, not %lld", handler);
    if (npages < 0 || npages > 8) return happ_fail(e, "PAGES must be 0..8, not %lld", npages);
    if (file_us < 0 || config_us < 0 || clock_us < 0 || reset_us < 0 ||
        file_us + config_us + clock_us + reset_us > 10000000)
        return happ_fail(e, "FILE_LOAD_US, CONFIG_US, SET_CLOCK_US and RESET_US are 0..10 s together");
    sim_time poll_ps = (sim_time)poll_us * 1000000;
    if (inflight < 1 || inflight > MAX_INFLIGHT)
        return happ_fail(e, "INFLIGHT must be 1..%d, not %lld", MAX_INFLIGHT, inflight);
    if (strcmp(expect, "copy") && strcmp(expect, "add"))
        return happ_fail(e, "EXPECT must be copy or add (each word plus SUBOP), not '%s'", expect);
    if (strcmp(inject, "host") && strcmp(inject, "ni"))
        return happ_fail(e, "INJECT must be host (node 0's process, by PIO) or ni (node 0's NI firmware), not '%s'",
                         inject);
    int ni = !strcmp(inject, "ni");
    if (npages && !ni) return happ_fail(e, "PAGES needs INJECT = ni (the scratchpad stage is the NI-served card's)");
    if (b2 && (!ni || npages || b2 != 1))
        return happ_fail(e, "B2 = 1 needs INJECT = ni and PAGES = 0 (Table B.2's calls go to the NI-served card)");
    if (setpipe && (npages || b2 || setpipe != 1 || subop < 1))
        return happ_fail(e, "SETPIPE = 1 needs PAGES = 0, B2 = 0 and SUBOP 1..15 (stage 1 adds it)");
    if (outq < 0 || outq > 2 || (setpipe && outq == 2))
        return happ_fail(e, "OUTQ must be 0, 1 or 2 (alternate; not with SETPIPE, whose entry names one), not %lld", outq);
    if (agents != 1 && (agents != 2 || !ni || outq != 2 || npages || b2))
        return happ_fail(e, "AGENTS must be 1, or 2 with INJECT = ni, OUTQ = 2, PAGES = 0 and B2 = 0 (one agent per "
                            "outgoing queue), not %lld", agents);
    if ((ni || setpipe) && words < 2)
        return happ_fail(e, "INJECT = ni and SETPIPE carry the number and send time in payload words 0 and 1: "
                            "WORDS must be 2..%u, not %lld", RCH_MAX_WORDS, words);
    grim_options o;
    if (gapp_options(e, &o)) return -1;
    if (ni && o.nlc <= CARD_LC)
        return happ_fail(e, "INJECT = ni makes LC %u of node 0 the card's endpoint: NLC must be %u or more, not %u",
                         CARD_LC, CARD_LC + 1, o.nlc);
    grim *g = gapp_open(p, e, &o);
    if (!g) return -1;
    stage *sp = calloc(1, sizeof *sp);   /* the handlers' context (every node's process has its own) */
    if (!sp) return gapp_close(g, e, happ_fail(e, "out of memory"));
    *sp = (stage){.e = e, .p = p, .g = g, .words = (uint32_t)words, .subop = (uint32_t)subop, .slot = (uint32_t)slot,
                  .add = !strcmp(expect, "add"), .nmsg = (uint32_t)nmsg, .inflight = (uint32_t)inflight, .ni = ni,
                  .fn = {SIM_US(file_us), SIM_US(config_us), SIM_US(clock_us), {0}}, .reset_ps = SIM_US(reset_us),
                  .npages = (uint32_t)npages, .b2 = (int)b2, .setpipe = (int)setpipe,
                  .pipe_id = (uint32_t)pipe_id, .outq = (uint32_t)outq, .agents = (uint32_t)agents,
                  .next_q = {0, 1}};
    if (setpipe) sp->add = 1;      /* stage 1 adds SUBOP; stage 2 (sub-op 0) copies */
    memcpy(sp->fn.funcs, e->dev_config_funcs, sizeof sp->fn.funcs);
    uint32_t me = grim_getMyVNN(g), last = grim_nodes(g) - 1, h_in, h_out, h_end, h_verdict, h_card = 0;
    int relay = setpipe && !ni;    /* node 0's process relays Table B.2's calls (only then: the handler
                                      names are part of every node's start-up traffic) */
    int rc = 0;
    if (last == 0) {
        rc = happ_fail(e, "grim_rc1000_stage needs two nodes or more (the card's node 0, hosts A and B)");
        goto out;
    }
    if (me == 0 && !plat_dev_name(p)) {
        rc = happ_fail(e, "node 0 has no RC-1000 on its bus (experiment.rc1000_node = 0)");
        goto out;
    }
    if (me == last && (!(sp->seen = calloc(nmsg, 1)) || !(sp->lat = calloc(nmsg, sizeof *sp->lat)))) {
        rc = happ_fail(e, "out of memory");
        goto out;
    }
    if (grim_register_handler(g, on_in, sp, "rc_in") || grim_register_handler(g, on_out, sp, "rc_out") ||
        grim_register_handler(g, on_end, sp, "rc_end") || grim_register_handler(g, on_verdict, sp, "rc_verdict") ||
        (relay && grim_register_handler(g, on_card, sp, "rc_card")) || grim_syncHandlers(g) ||
        grim_resolveHandler(g, "rc_in", &h_in) || grim_resolveHandler(g, "rc_out", &h_out) ||
        grim_resolveHandler(g, "rc_end", &h_end) || grim_resolveHandler(g, "rc_verdict", &h_verdict) ||
        (relay && grim_resolveHandler(g, "rc_card", &h_card))) {
        rc = gapp_fail(e, g, "set-up");
        goto out;
    }
    if (me == 0 && (rc = card_setup(sp, grim_getDestID(g, last, 0), h_out))) goto out;
    if (me == 0 && (rc = make_pages(sp, npages ? (uint32_t)npages : b2 ? 2u : 0u))) goto out;
    if (grim_barrier(g)) {
        rc = gapp_fail(e, g, "barrier");
        goto out;
    }
    if (me == 1) {                 /* host A */
        uint32_t *buf = plat_alloc(p, (size_t)words * 8);   /* (B2: x, then y) */
        if (!buf) {
            rc = happ_fail(e, "out of host memory");
            goto out;
        }
        /* the card: node 0's LC CARD_LC (INJECT = ni), or node 0's process, which relays Table B.2's
           calls into the frame's host queue */
        uint32_t card = grim_getDestID(g, 0, ni ? CARD_LC : 0);
        if (relay && grim_celoxica_relay(g, card, h_card)) {
            rc = gapp_fail(e, g, "relay");
            goto out;
        }
        if (setpipe && rcp_setup(g, card, sp->pipe_id, (uint32_t)words, (uint32_t)handler, out_arg3(sp, 0),
                                 grim_getDestID(g, last, 0), h_out)) {
            rc = gapp_fail(e, g, "set up the pipeline");
            goto out;
        }
        for (uint32_t k = 0; k < (uint32_t)nmsg; k++) {
            for (uint32_t i = 0; i < (uint32_t)words; i++) buf[i] = pattern(k, i);
            int rc2;
            if (b2) {              /* Table B.2: x into page 1, y into page 2, the ALU adds them into page 1
                                      at word 2048, and the pass circuit sends that on (forwarding entry FWD) */
                uint32_t *y = buf + words;
                for (uint32_t i = 0; i < (uint32_t)words; i++) y[i] = pattern(k + 0x10000u, i);
                rc2 = grim_celoxica_ldMem(g, card, RC_VA(1, 0), (uint16_t)words, buf) ||
                      grim_celoxica_ldMem(g, card, RC_VA(2, 0), (uint16_t)words, y) ||
                      grim_celoxica_alu_local(g, card, 1, RC_VA(1, 2048), RC_VA(1, 0), RC_VA(2, 0), (uint16_t)words) ||
                      grim_celoxica_send(g, card, (uint16_t)handler, (uint8_t)subop, FWD, 1, 1, 0, RC_ARG3_QUEUE,
                                         RC_VA(1, 2048), 0, (uint16_t)words, 0, NULL);
            } else if (setpipe) {  /* into stage 1 of the pipeline host A set up */
                buf[0] = k;
                buf[1] = now_ns(p);
                rc2 = rcp_send(g, card, sp->pipe_id, (uint32_t)subop, buf, (uint32_t)words);
            } else if (ni) {       /* straight to the card: its circuit's handler id, Table B.1's arguments */
                buf[0] = k;
                buf[1] = now_ns(p);
                /* PAGES: port A reads the scratchpad (the payload rides along unread) */
                rc2 = grim_send(g, grim_getDestID(g, 0, CARD_LC), (uint32_t)handler,
                                RC_ARG0(FWD, npages != 0, 0, 1, subop, (uint32_t)words & 1023u),
                                npages ? RC_VA(pg(sp, k), off(sp, k)) : 0, 0, out_arg3(sp, k), buf,
                                (uint32_t)words * 4);
            } else {
                rc2 = grim_send(g, grim_getDestID(g, 0, 0), h_in, k, now_ns(p), 0, 0, buf, (uint32_t)words * 4);
            }
            if (rc2) {
                rc = gapp_fail(e, g, "send to the card");
                goto out;
            }
        }
        buf[0] = (uint32_t)nmsg;   /* (a number host B would count as bad, were it forwarded) */
        if (setpipe && rcp_teardown(g, card, sp->pipe_id, (uint32_t)subop, buf, (uint32_t)words)) {
            rc = gapp_fail(e, g, "tear down the pipeline");
            goto out;
        }
    }
    if (me == 0) {                 /* the card's host-level software */
        while (sp->forwarded < (uint32_t)nmsg) {
            int n = 0;
            if (ni || sp->injected > sp->forwarded) {   /* (the NI injects: results may come any time) */
                uint32_t ready;
                if (ni ? card_ready(sp, &ready) : rch_ready(&sp->card, &ready)) {
                    rc = happ_fail(e, "the RC-1000: %s", sp->card.err);
                    goto out;
                }
                for (unsigned q = 0; ready && sp->agents == 2 && q < 2; q++) {   /* each agent its own queue */
                    int got;
                    if (agent_pass(sp, q, &got)) {
                        rc = happ_fail(e, "the RC-1000: %s", sp->card.err);
                        goto out;
                    }
                }
                if (ready && sp->agents == 1 && forward_one(sp)) {
                    rc = happ_fail(e, "the RC-1000: %s", sp->card.err);
                    goto out;
                }
                if (!ready) n = grim_poll(g);
                if (!ready && !n && poll_ps) plat_compute(p, poll_ps);   /* POLL_US: fewer status reads */
            } else {
                n = grim_poll_idle(g, IDLE_MAX);
            }
            if (n < 0) {
                rc = gapp_fail(e, g, "poll");
                goto out;
            }
        }
        uint32_t dropped = 0;
        if (setpipe && rcp_wait_dropped(g, &sp->card, (uint32_t)nmsg + RCP_EXTRA, ni ? NULL : &sp->relayed, &dropped)) {
            rc = happ_fail(e, "the RC-1000: %s", sp->card.err);
            goto out;
        }
        if (setpipe) happ_measure(e, "card_dropped", dropped);
        if (grim_send(g, grim_getDestID(g, last, 0), h_end, 0, 0, 0, 0, NULL, 0)) {
            rc = gapp_fail(e, g, "end");
            goto out;
        }
    }
    if (me == last) {              /* host B */
        while (!sp->ended)
            if (grim_poll_idle(g, IDLE_MAX) < 0) {
                rc = gapp_fail(e, g, "poll");
                goto out;
            }
        uint32_t distinct = 0;
        for (uint32_t k = 0; k < (uint32_t)nmsg; k++) distinct += sp->seen[k] != 0;
        sim_time med = 0;
        if (distinct) {
            sim_time *l = calloc(distinct, sizeof *l);
            if (!l) {
                rc = happ_fail(e, "out of memory");
                goto out;
            }
            for (uint32_t k = 0, j = 0; k < (uint32_t)nmsg; k++)
                if (sp->seen[k]) l[j++] = sp->lat[k];
            med = gapp_median(l, (int)distinct);
            free(l);
        }
        uint32_t v[9] = {sp->delivered, sp->bad, sp->dup, (uint32_t)nmsg - distinct, (uint32_t)med, sp->first_ns,
                         sp->last_ns, sp->received, sp->out_of_order};
        if (grim_send(g, grim_getDestID(g, 0, 0), h_verdict, 0, 0, 0, 0, v, sizeof v)) {
            rc = gapp_fail(e, g, "verdict");
            goto out;
        }
    }
    if (me == 0) {
        while (!sp->verdict)
            if (grim_poll_idle(g, IDLE_MAX) < 0) {
                rc = gapp_fail(e, g, "poll");
                goto out;
            }
        double n = (double)nmsg;
        happ_measure(e, "stage_messages", n);
        happ_measure(e, "stage_delivered", sp->v[0]);
        happ_measure(e, "stage_bad", sp->v[1]);
        happ_measure(e, "stage_dup", sp->v[2]);
        happ_measure(e, "stage_missing", sp->v[3]);
        happ_measure(e, "stage_latency_us", sp->v[4] / 1000.0);
        uint32_t span = sp->v[6] - sp->v[5];
        happ_measure(e, "stage_mbs", span ? n * (double)words * 4 / (span / 1000.0) : 0);
        happ_measure(e, "card_inject_us", (double)sp->card.inject_ps / 1e6 / n);
        happ_measure(e, "card_take_us", (double)sp->card.take_ps / 1e6 / n);
        happ_measure(e, "card_status_reads", (double)sp->card.status_reads / n);
        if (ni && (rc = ni_measures(sp, e))) goto out;
        if (sp->agents == 2) {
            happ_measure(e, "agent0_taken", sp->card.taken_q[0]);
            happ_measure(e, "agent1_taken", sp->card.taken_q[1]);
            happ_measure(e, "agent_empty_passes", sp->agent_empty[0] + sp->agent_empty[1]);
        }
        if (!ni && setpipe) happ_measure(e, "stage_out_of_order", sp->v[8]);
        if (ni) {
            happ_measure(e, "card_faults", sp->card.faults);
            happ_measure(e, "card_fault_us", sp->card.faults ? (double)sp->card.fault_ps / 1e6 / sp->card.faults : 0);
            happ_measure(e, "card_page_faults", sp->card.pfaults);
            happ_measure(e, "card_page_fault_us",
                         sp->card.pfaults ? (double)sp->card.pfault_ps / 1e6 / sp->card.pfaults : 0);
            happ_measure(e, "card_page_unload_us",
                         sp->card.unloads ? (double)sp->card.unload_ps / 1e6 / sp->card.unloads : 0);
            happ_measure(e, "card_page_load_us", sp->card.loads ? (double)sp->card.load_ps / 1e6 / sp->card.loads : 0);
            happ_measure(e, "card_page_dmas", sp->card.dma.dmas);
        }
    }
    if (grim_barrier(g)) rc = gapp_fail(e, g, "final barrier");
out:
    if (sp->seen) free(sp->seen);
    free(sp->lat);
    free(sp);
    return gapp_close(g, e, rc);
}

static const char *const params[] = {"MESSAGES", "WORDS", "SLOT", "SUBOP", "EXPECT", "INFLIGHT", "PIO", "INJECT", "POLL_US", "HANDLER",
                                     "FILE_LOAD_US", "CONFIG_US", "SET_CLOCK_US", "RESET_US", "PAGES", "B2",
                                     "SETPIPE", "PIPE_ID", "OUTQ", "AGENTS",
                                     GAPP_COMMON_PARAMS, NULL};

const happ happ_grim_rc1000_stage = {
    .name = "grim_rc1000_stage",
    .summary = "the RC-1000 on node 0 as a GRIM endpoint and pipeline stage: host A's messages through the card's "
               "circuit to host B, checked word for word against a C computation (sections 6.3.6, 7.5)",
    .params = params,
    .run = run,
};
