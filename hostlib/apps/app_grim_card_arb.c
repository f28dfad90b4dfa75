/* grim_card_arb: the NI's merge of the RC-1000's bank requests inside GRIM
 * (dissertation section 6.3.6, Figure 6.7, Table 6.1; issue 17). Node 0
 * has the card on its bus and runs the grim_rc1000 image
 * (experiment.rc1000_elf): its NI is the only writer of the card's request
 * register and serves one request queue per host process
 * (firmware/grim/card_arb.c) from GRIM's main loop. MODE:
 *
 * time   Table 6.1's "host requests, NI performs" rows: node 0's process
 *        acquires bank 0 through its queue (grim_card_request) and releases
 *        it, ROUNDS times with GAP_US of computation between rounds (one
 *        round first, not counted). acquire0_us: from the PIO write of the
 *        request into the NI's queue until a PIO read sees the NI's
 *        acknowledgement; release0_us the same for the release (means;
 *        *_median_us, *_max_us beside). TRAFFIC = 1: node 1 streams AMs of
 *        TRAFFIC_WORDS words to node 0's process meanwhile (node 0 takes
 *        them between rounds), so the firmware's main loop is busy.
 * storm  card_procs more processes on node 0 (experiment.card_procs) each
 *        ask their own queue for random sets of banks ROUNDS times (SETS =
 *        "safe", the default: never banks 0 and 3 together; "all": any of
 *        the 15; "0+3": always banks 0 and 3; "grow": a set without bank
 *        0, then, holding it, more banks: the NI refuses that (it could
 *        deadlock against the frame), so the process releases and asks for
 *        all at once, storm_refused counting the refusals), hold
 *        them a random while (touching every bank they hold), release and
 *        pause; meanwhile node 1 sends MESSAGES AMs of WORDS words to the
 *        card (the NI writes them into bank 0) and node 0's process takes
 *        the results out of bank 3 through its queue. Every holding is
 *        entered in a table the processes share (HAPP_SHM): a bank already
 *        held by another is a violation; a process holding bank 0 also
 *        reads the NI queue's tail when it gets the bank and before it lets
 *        go (a change: the NI wrote while it held the bank).
 * both   node 0's process injects MESSAGES messages into the frame's host
 *        queue (queue 0, bank 0 through the NI: rch_inject) while node 1's
 *        MESSAGES go into its NI queue (queue 1); node 0 takes and checks
 *        all of them.
 * full   node 1 sends MESSAGES to handler HANDLER (default 0x50), which the
 *        card's first configuration lacks: the first makes the frame
 *        fault, and the frame, waiting for the host, takes nothing more,
 *        holding no bank; node 0 leaves the fault HOLD_US before serving
 *        it (the handler of Table 7.1 with experiment.rc1000_config, its
 *        CPU inputs Table 7.1's), so the NI's deliveries fill the NI queue
 *        meanwhile and find it full. ni_queue_full counts the times the NI
 *        found no room. (Not by leaving results in the outgoing slots: the
 *        status port counts them mod 64, and 64 slots full read as none.)
 *
 * In storm, both and full node 0 checks every result word for word (the
 * pass circuit: the payload unchanged; word 0 says where it came from and
 * its number), that each arrives once and, per source, in order. */
#include "app_grim_util.h"
#include "../grim/grim_card.h"
#include "../rc1000/rc1000_fault.h"
#include "../rc1000/rc1000_host.h"
#include "../../firmware/grim/card_abi.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CARD_LC 1u                 /* the card's endpoint is node 0's LC 1 */
#define FWD 1u                     /* the forwarding entry of the results (node 0 takes them itself) */
#define MAX_MSGS 4096
#define MAX_TIMES 10000
#define SCRATCH (RC_BANK_WORDS - 16u)   /* words storm processes touch (past any queue or slot in use) */
#define FROM_HOST 0u               /* word 0 of a payload: source << 16 | number */
#define FROM_NI 1u

/* what the processes of node 0 share (happ_env.shm) */
typedef struct {
    uint32_t owner[4];             /* process id + 1 holding each bank, 0 = none */
    uint32_t violations, ni_overlaps, rounds, done, touched, refused;
    char why[200];                 /* the first violation */
    char refusal[400];             /* SETS "grow": the first refusal's error */
} shared;

/* a process's arbiter: its queue, entered in the shared table */
typedef struct {
    rch_arbiter req;
    void *req_ctx;
    shared *sh;
    uint32_t id, held;
} tracked;

static int track_request(void *ctx, uint32_t banks, char *err, size_t n)
{
    tracked *t = ctx;
    if (t->sh)
        for (uint32_t b = 0; b < 4; b++)   /* what it lets go is free from the write of its request */
            if (t->held >> b & 1 && !(banks >> b & 1)) t->sh->owner[b] = 0;
    int rc = t->req(t->req_ctx, banks, err, n);
    if (rc) return rc;             /* (1: refused, the holding as it was) */
    if (t->sh)
        for (uint32_t b = 0; b < 4; b++)
            if (banks >> b & 1 && !(t->held >> b & 1)) {
                if (t->sh->owner[b] && !t->sh->violations++)
                    snprintf(t->sh->why, sizeof t->sh->why, "bank %u granted to process %u while process %u held it",
                             b, t->id, t->sh->owner[b] - 1);
                t->sh->owner[b] = t->id + 1;
            }
    t->held = banks;
    return 0;
}

static uint32_t pattern(uint32_t src, uint32_t k, uint32_t i)
{
    return (src * 0x01000193u) ^ (k * 0x9E3779B9u) ^ (i * 2654435761u) ^ 0x5A5A0000u;
}
static void fill(uint32_t *buf, uint32_t src, uint32_t k, uint32_t words)
{
    buf[0] = src << 16 | k;
    for (uint32_t i = 1; i < words; i++) buf[i] = pattern(src, k, i);
}

static uint32_t rnd(uint32_t *s)
{
    *s = *s * 1664525u + 1013904223u;
    return *s >> 8;
}

typedef struct {
    happ_env *e;
    platform *p;
    grim *g;
    uint32_t words, nmsg;
    rch card;
    tracked arb;
    /* node 0's checks */
    uint8_t *seen[2];
    uint32_t next[2], intact, bad, dup, ooo, taken;
    /* time mode */
    uint32_t sunk;
    int stop;
    /* full mode: function faults */
    rcf_function fn;
    sim_time reset_ps, hold_ps, fault_seen;
    uint32_t faults;
} st;

/* node 0: take one produced result if there is one (*got), check it */
static int take(st *s, int *got)
{
    uint32_t ready, kind;
    *got = 0;
    if (rch_status(&s->card, &ready, &kind)) return -1;
    if (kind == RC_ST_FFAULT && !ready && s->e->dev_config_file) {   /* served HOLD_US after it was first seen */
        if (!s->fault_seen) s->fault_seen = plat_now(s->p) + 1;
        if (plat_now(s->p) < s->fault_seen - 1 + s->hold_ps) return 0;
        rcf_times t;
        s->fault_seen = 0;
        s->faults++;
        return rch_function_fault(&s->card, &s->fn, s->reset_ps, &t);
    }
    if (kind != RC_ST_RUN && !ready)
        return snprintf(s->card.err, sizeof s->card.err, "the frame stopped (status kind %u)", kind), -1;
    if (!ready) return 0;
    if (rch_take(&s->card)) return -1;
    *got = 1;
    s->taken++;
    const uint32_t *m = s->card.buf + 8;
    uint32_t n = (s->card.buf[2] >> 16) & 0x7FFu, src = m[0] >> 16, k = m[0] & 0xFFFFu;
    if (n != s->words || src > FROM_NI || k >= s->nmsg) {
        s->bad++;
        return 0;
    }
    if (s->seen[src][k]++) {
        s->dup++;
        return 0;
    }
    if (k != s->next[src]) s->ooo++;
    s->next[src] = k + 1;
    int ok = 1;
    for (uint32_t i = 1; i < n && ok; i++) ok = m[i] == pattern(src, k, i);
    if (ok) s->intact++;
    else s->bad++;
    return 0;
}

static void on_sink(grim *g, const grim_am *m, void *ctx)
{
    (void)g, (void)m;
    ((st *)ctx)->sunk++;
}

static void on_stop(grim *g, const grim_am *m, void *ctx)
{
    (void)g, (void)m;
    ((st *)ctx)->stop = 1;
}

/* a storm process (node 0, proc >= 1): its own queue, random sets */
static int storm(platform *p, happ_env *e, shared *sh, long long rounds, long long hold_us, long long gap_us,
                 long long seed, int set_kind)
{
    /* bank sets a process may ask for (set_kind 0: SETS = "safe", 1: "all",
     * 2: "0+3"). "safe" never has banks 0 and 3 together, the sets that
     * deadlocked against the frame (it holds bank 0 while it waits for
     * bank 3) before the NI took bank 0 first for a request of several
     * banks (docs/endpoints.md) */
    static const uint32_t safe[] = {0x1, 0x2, 0x4, 0x8, 0x3, 0x5, 0x7, 0x6, 0xA, 0xC, 0xE};
    static const uint32_t every[] = {0x1, 0x2, 0x3, 0x4, 0x5, 0x6, 0x7, 0x8, 0x9, 0xA, 0xB, 0xC, 0xD, 0xE, 0xF};
    static const uint32_t cross[] = {0x9};
    static const uint32_t no0[] = {0x2, 0x4, 0x8, 0x6, 0xA, 0xC, 0xE};   /* "grow": first a set without bank 0 */
    const uint32_t *sets = set_kind == 3 ? no0 : set_kind == 2 ? cross : set_kind ? every : safe;
    uint32_t nsets = set_kind == 3 ? 7u : set_kind == 2 ? 1u : set_kind ? 15u : 11u;
    grim_card_q q;
    char err[300];
    uint32_t id = (uint32_t)e->proc, r = (uint32_t)seed * 2654435761u + id * 40503u;
    if (grim_card_q_open(&q, p, id, err, sizeof err)) return happ_fail(e, "%s", err);
    tracked t = {grim_card_q_request, &q, sh, id, 0};
    rch c;
    if (rch_open_arb(&c, p, PLAT_PIO_PLAIN, track_request, &t)) return happ_fail(e, "the RC-1000: %s", c.err);
    for (long long i = 0; i < rounds; i++) {
        uint32_t banks = sets[rnd(&r) % nsets], tail0 = 0, tail1 = 0, v;
        if (rch_acquire(&c, banks)) return happ_fail(e, "round %lld: %s", i, c.err);
        if (set_kind == 3) {       /* "grow": then more banks, holding these (the NI refuses: release, ask again) */
            uint32_t more = banks | every[rnd(&r) % 15u];
            if (more == banks) more |= 1u;
            int rc = rch_acquire(&c, more);
            if (rc == 1 && !sh->refused++) snprintf(sh->refusal, sizeof sh->refusal, "%s", c.err);
            if (rc < 0 || (rc == 1 && (rch_release(&c) || rch_acquire(&c, more))))
                return happ_fail(e, "round %lld: %s", i, c.err);
            banks = more;
        }
        if (banks & 1 && rch_read_word(&c, 0, RC_Q1_BASE, &tail0)) return happ_fail(e, "%s", c.err);
        for (uint32_t b = 0; b < 4; b++)   /* the card stops an access without the PCI side's grant */
            if (banks >> b & 1 && (rch_write_word(&c, b, SCRATCH + id, (uint32_t)i) ||
                                   rch_read_word(&c, b, SCRATCH + id, &v)))
                return happ_fail(e, "%s", c.err);
        sh->touched++;
        if (hold_us) plat_compute(p, SIM_NS(rnd(&r) % (uint32_t)(hold_us * 1000)));
        if (banks & 1) {
            if (rch_read_word(&c, 0, RC_Q1_BASE, &tail1)) return happ_fail(e, "%s", c.err);
            if (tail1 != tail0 && !sh->ni_overlaps++)
                snprintf(sh->why + strlen(sh->why), sizeof sh->why - strlen(sh->why),
                         "%sthe NI wrote its queue's tail (%u to %u) while process %u held bank 0",
                         sh->why[0] ? "; " : "", tail0, tail1, id);
        }
        if (rch_release(&c)) return happ_fail(e, "%s", c.err);
        sh->rounds++;
        if (gap_us) plat_compute(p, SIM_NS(rnd(&r) % (uint32_t)(gap_us * 1000)));
    }
    sh->done++;
    return 0;
}

static int node0(st *s, const char *mode, long long rounds, long long gap_us, long long hold_us, int traffic,
                 uint32_t h_stop, int extra)
{
    happ_env *e = s->e;
    platform *p = s->p;
    grim *g = s->g;
    shared *sh = e->shm;
    if (!strcmp(mode, "time")) {
        static sim_time acq[MAX_TIMES], rel[MAX_TIMES];
        double sa = 0, sr = 0;
        char err[300];
        for (long long i = -1; i < rounds; i++) {   /* round -1: the first, not counted */
            sim_time t0 = plat_now(p);
            if (grim_card_request(g, 1, err, sizeof err)) return happ_fail(e, "%s", err);
            sim_time t1 = plat_now(p);
            if (grim_card_request(g, 0, err, sizeof err)) return happ_fail(e, "%s", err);
            sim_time t2 = plat_now(p);
            if (i >= 0) acq[i] = t1 - t0, rel[i] = t2 - t1, sa += (double)(t1 - t0), sr += (double)(t2 - t1);
            sim_time until = plat_now(p) + SIM_US(gap_us);
            while (plat_now(p) < until) {   /* the gap: compute, taking what arrives */
                int n = traffic ? grim_poll(g) : 0;
                if (n < 0) return gapp_fail(e, g, "poll");
                if (!n) plat_compute(p, until - plat_now(p) < SIM_US(1) ? until - plat_now(p) : SIM_US(1));
            }
        }
        if (traffic && grim_send(g, grim_getDestID(g, 1, 0), h_stop, 0, 0, 0, 0, NULL, 0)) return gapp_fail(e, g, "stop");
        happ_measure(e, "acquire0_us", sa / (double)rounds / 1e6);
        happ_measure(e, "release0_us", sr / (double)rounds / 1e6);
        happ_measure(e, "acquire0_median_us", (double)gapp_median(acq, (int)rounds) / 1e6);
        happ_measure(e, "release0_median_us", (double)gapp_median(rel, (int)rounds) / 1e6);
        happ_measure(e, "acquire0_max_us", (double)acq[rounds - 1] / 1e6);   /* (sorted by the median) */
        happ_measure(e, "release0_max_us", (double)rel[rounds - 1] / 1e6);
        happ_measure(e, "traffic_msgs", s->sunk);
        return 0;
    }
    /* storm, both, full: take (and check) every result */
    uint32_t want = s->nmsg * (!strcmp(mode, "both") ? 2u : 1u), injected = 0;
    uint32_t *buf = plat_alloc(p, (size_t)s->words * 4);
    if (!buf) return happ_fail(e, "out of host memory");
    s->hold_ps = SIM_US(hold_us);
    while (s->taken < want || (sh && sh->done < (uint32_t)extra)) {
        int got = 0;
        if (s->taken < want && take(s, &got)) return happ_fail(e, "the RC-1000: %s", s->card.err);
        if (!strcmp(mode, "both") && injected < s->nmsg && !got) {   /* into queue 0 when there is room */
            uint32_t hdr[8] = {GRIM_W0(0, 0), GRIM_W1(GRIM_T_AM, 0, 0, 0), s->words << 16, 0x40,
                               RC_ARG0(FWD, 0, 0, 1, 0, s->words & 1023u), 0, 0, RC_ARG3_QUEUE};
            fill(buf, FROM_HOST, injected, s->words);
            int rc = rch_inject(&s->card, hdr, buf, s->words);
            if (rc < 0) return happ_fail(e, "the RC-1000: %s", s->card.err);
            if (rc == 0) {
                injected++;
                continue;
            }
        }
        if (!got) {
            int n = grim_poll(g);
            if (n < 0) return gapp_fail(e, g, "poll");
            if (!n) plat_compute(p, SIM_US(2));
        }
    }
    uint32_t missing = 0;
    for (uint32_t src = 0; src < 2; src++)
        for (uint32_t k = 0; k < s->nmsg; k++) missing += (src == FROM_NI || !strcmp(mode, "both")) && !s->seen[src][k];
    happ_measure(e, "results", s->taken);
    happ_measure(e, "intact", s->intact);
    happ_measure(e, "bad", s->bad);
    happ_measure(e, "dup", s->dup);
    happ_measure(e, "missing", missing);
    happ_measure(e, "out_of_order", s->ooo);
    happ_measure(e, "host_injected", injected);
    happ_measure(e, "card_faults", s->faults);
    happ_measure(e, "storm_rounds", sh ? sh->rounds : 0);
    happ_measure(e, "storm_violations", sh ? sh->violations : 0);
    happ_measure(e, "storm_ni_overlaps", sh ? sh->ni_overlaps : 0);
    happ_measure(e, "storm_refused", sh ? sh->refused : 0);
    if (sh && sh->why[0]) fprintf(stderr, "grim_card_arb: %s\n", sh->why);
    if (sh && sh->refused) fprintf(stderr, "grim_card_arb: %u refusals, the first: %s\n", sh->refused, sh->refusal);
    (void)rounds, (void)gap_us;
    return 0;
}

static int counters(st *s)
{
    static const struct { uint32_t off; const char *name; } c[] = {
        {GRIM_CD_MSGS, "ni_msgs"}, {GRIM_CD_FULL, "ni_queue_full"}, {GRIM_CD_HOST_REQS, "ni_host_requests"},
        {GRIM_CD_DEFERRED, "ni_deferred"}, {GRIM_CD_REFUSED, "ni_refused"}};
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        uint32_t v;
        if (grim_card_word(s->g, c[i].off, &v)) return gapp_fail(s->e, s->g, "card counters");
        happ_measure(s->e, c[i].name, v);
    }
    return 0;
}

static int run(platform *p, happ_env *e)
{
    long long rounds, gap_us, hold_us, traffic, twords, nmsg, words, seed, handler;
    const char *mode = happ_str(e, "MODE", "time");
    int time = !strcmp(mode, "time");
    if (happ_int(e, "ROUNDS", time ? 100 : 200, &rounds) || happ_int(e, "GAP_US", 20, &gap_us) ||
        happ_int(e, "HOLD_US", time ? 0 : 20, &hold_us) || happ_int(e, "TRAFFIC", 0, &traffic) ||
        happ_int(e, "TRAFFIC_WORDS", 256, &twords) || happ_int(e, "MESSAGES", 16, &nmsg) ||
        happ_int(e, "WORDS", 256, &words) || happ_int(e, "SEED", 1, &seed) ||
        happ_int(e, "HANDLER", !strcmp(mode, "full") ? 0x50 : 0x40, &handler))
        return -1;
    const char *sets = happ_str(e, "SETS", "safe");
    int set_kind = !strcmp(sets, "all") ? 1 : !strcmp(sets, "0+3") ? 2 : !strcmp(sets, "grow") ? 3 : 0;
    if (!set_kind && strcmp(sets, "safe")) return happ_fail(e, "SETS must be safe, all, 0+3 or grow, not '%s'", sets);
    if (handler < 1 || handler > 0xFFFF) return happ_fail(e, "HANDLER must be 1..0xFFFF, not %lld", handler);
    if (strcmp(mode, "time") && strcmp(mode, "storm") && strcmp(mode, "both") && strcmp(mode, "full"))
        return happ_fail(e, "MODE must be time, storm, both or full, not '%s'", mode);
    if (rounds < 1 || rounds > MAX_TIMES) return happ_fail(e, "ROUNDS must be 1..%d, not %lld", MAX_TIMES, rounds);
    if (gap_us < 0 || gap_us > 100000 || hold_us < 0 || hold_us > 1000000)
        return happ_fail(e, "GAP_US must be 0..100000 and HOLD_US 0..1000000");
    if (traffic < 0 || traffic > 1 || twords < 1 || twords > 1024) return happ_fail(e, "TRAFFIC is 0 or 1, TRAFFIC_WORDS 1..1024");
    if (nmsg < 1 || nmsg > MAX_MSGS) return happ_fail(e, "MESSAGES must be 1..%d, not %lld", MAX_MSGS, nmsg);
    if (words < 1 || words > RCH_MAX_WORDS) return happ_fail(e, "WORDS must be 1..%u, not %lld", RCH_MAX_WORDS, words);
    if (e->proc) {                 /* another process on the card's node */
        if (strcmp(mode, "storm")) return happ_fail(e, "experiment.card_procs: only MODE = storm has other processes");
        return storm(p, e, e->shm, rounds, hold_us, gap_us, seed, set_kind);
    }
    grim_options o;
    if (gapp_options(e, &o)) return -1;
    if (o.nlc <= CARD_LC) return happ_fail(e, "LC %u of node 0 is the card's endpoint: NLC must be %u or more, not %u",
                                           CARD_LC, CARD_LC + 1, o.nlc);
    grim *g = gapp_open(p, e, &o);
    if (!g) return -1;
    st *s = calloc(1, sizeof *s);
    if (!s) return gapp_close(g, e, happ_fail(e, "out of memory"));
    /* (full: the function-fault handler's CPU inputs, Table 7.1's) */
    *s = (st){.e = e, .p = p, .g = g, .words = (uint32_t)words, .nmsg = (uint32_t)nmsg,
              .fn = {SIM_US(10205), SIM_US(95114), SIM_US(2405), {0}}, .reset_ps = SIM_US(56813)};
    memcpy(s->fn.funcs, e->dev_config_funcs, sizeof s->fn.funcs);
    uint32_t me = grim_getMyVNN(g), h_sink, h_stop, *buf = NULL;
    int rc = 0, needs1 = !time || traffic;
    if (needs1 && grim_nodes(g) < 2) {
        rc = happ_fail(e, "MODE %s%s needs a second node (the sender)", mode, time ? " with TRAFFIC" : "");
        goto out;
    }
    if (grim_register_handler(g, on_sink, s, "sink") || grim_register_handler(g, on_stop, s, "stop") ||
        grim_syncHandlers(g) || grim_resolveHandler(g, "sink", &h_sink) || grim_resolveHandler(g, "stop", &h_stop)) {
        rc = gapp_fail(e, g, "set-up");
        goto out;
    }
    if (me == 0) {
        if (!plat_dev_name(p)) {
            rc = happ_fail(e, "node 0 has no RC-1000 on its bus (experiment.rc1000_node = 0)");
            goto out;
        }
        if (grim_card_enable(g, CARD_LC, (uint32_t)e->dev_base)) {
            rc = gapp_fail(e, g, "card endpoint");
            goto out;
        }
        s->arb = (tracked){grim_card_request, g, e->shm, 0, 0};
        if (!time) {
            if (rch_open_arb(&s->card, p, PLAT_PIO_SSE, track_request, &s->arb)) {
                rc = happ_fail(e, "the RC-1000: %s", s->card.err);
                goto out;
            }
            uint32_t fwd[8] = {GRIM_W0(0, 0), GRIM_W1(GRIM_T_AM, 0, 0, 0), grim_getDestID(g, 0, 0), GRIM_W3(0, h_sink),
                               0, 0, 0, 0};
            if (rch_acquire(&s->card, 1)) rc = -1;
            for (uint32_t i = 0; i < 8 && !rc; i++)
                rc = rch_write_word(&s->card, 0, RC_DIR_BASE + FWD * RC_DIR_WORDS + i, fwd[i]);
            if (rc || rch_release(&s->card)) {
                rc = happ_fail(e, "the RC-1000: %s", s->card.err);
                goto out;
            }
            if (!(s->seen[0] = calloc(nmsg, 1)) || !(s->seen[1] = calloc(nmsg, 1))) {
                rc = happ_fail(e, "out of memory");
                goto out;
            }
        }
    }
    if (grim_barrier(g)) {
        rc = gapp_fail(e, g, "barrier");
        goto out;
    }
    if (me == 0) {
        if ((rc = node0(s, mode, rounds, gap_us, hold_us, (int)traffic, h_stop, e->nprocs - 1)) ||
            (rc = counters(s)))
            goto out;
    } else if (me == 1 && needs1) {
        uint32_t n = time ? (uint32_t)twords : (uint32_t)words;
        if (!(buf = plat_alloc(p, (size_t)n * 4))) {
            rc = happ_fail(e, "out of host memory");
            goto out;
        }
        if (time) {                /* traffic for node 0's process until it says stop */
            for (uint32_t k = 0; !s->stop; k++) {
                fill(buf, FROM_NI, k & 0xFFFFu, n);
                if (grim_send(g, grim_getDestID(g, 0, 0), h_sink, k, 0, 0, 0, buf, n * 4) || grim_poll(g) < 0) {
                    rc = gapp_fail(e, g, "traffic");
                    goto out;
                }
            }
        } else {                   /* Table B.1's arguments: the pass circuit, into the outgoing queue */
            for (uint32_t k = 0; k < (uint32_t)nmsg; k++) {
                fill(buf, FROM_NI, k, n);
                if (grim_send(g, grim_getDestID(g, 0, CARD_LC), (uint32_t)handler, RC_ARG0(FWD, 0, 0, 1, 0, n & 1023u), 0, 0,
                              RC_ARG3_QUEUE, buf, n * 4)) {
                    rc = gapp_fail(e, g, "send to the card");
                    goto out;
                }
            }
        }
    }
    if (grim_barrier(g)) rc = gapp_fail(e, g, "final barrier");
out:
    free(s->seen[0]);
    free(s->seen[1]);
    free(s);
    return gapp_close(g, e, rc);
}

static const char *const params[] = {"MODE", "ROUNDS", "GAP_US", "HOLD_US", "TRAFFIC", "TRAFFIC_WORDS", "MESSAGES",
                                     "WORDS", "SEED", "HANDLER", "SETS", GAPP_COMMON_PARAMS, NULL};

const happ happ_grim_card_arb = {
    .name = "grim_card_arb",
    .summary = "the RC-1000's bank requests merged by GRIM's NI firmware (Figure 6.7): Table 6.1's host-through-NI "
               "times, several processes under a request storm, both frame queues, the NI queue full",
    .params = params,
    .run = run,
};
