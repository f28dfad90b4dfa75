/* grim_steps: Tables 5.1-5.3 (dissertation §5.3.2, §5.4.2, §5.4.3): the
 * instrumented firmware (GRIM_INSTR) keeps, for each step of its sending
 * and receiving paths, the core cycles of the last occurrence
 * (GRIM_STATS). Node 0 sends a short traffic pattern to the last node; each
 * side reads the steps right after the phase that exercised them, before
 * any other message can overwrite them:
 *   A  a null active message           send steps (node 0), receive and AM steps
 *   B  an active message of 64 KB      AM DMA of the whole message
 *   C  RM-V 4 B into pinned memory     cache hit, payload DMA, lock (cached)
 *   D  RM-V 4 B into fresh page-pinned memory: miss, request DMA, the wait
 *      (interrupt + the driver's translation of 1 page)
 *   D' RM-V 4 B, lock in fresh page-pinned memory: lock (non-cached)
 *   E  RM-V 64 KB into fresh page-pinned memory at offset 100 (17 pages)
 * The driver times its own part (translation and NI update); the host
 * interrupt overhead is the NI's wait minus it. Every value in us at the
 * NI's clock. NLC and LC (the common parameters) place the channel for the
 * detect step (Table 5.1's 1 / 8 channels). */
#include "app_grim_util.h"
#include "../driver/drv_xlat.h"

#include <stdio.h>
#include <string.h>

enum { R_DECODE, R_SEQ, R_CAP, R_ACK, R_AMDMA32, R_AMPTR, R_AMPTRDMA, R_AMDMA64K, R_HIT, R_RMDMA4, R_LOCKC,
       R_MISS, R_REQDMA, R_WAIT1, R_SERVE1_NS, R_PAGES1, R_LOCKN, R_WAIT17, R_SERVE17_NS, R_PAGES17, R_RMDMA64K, R_N };

typedef struct {
    uint32_t seen;             /* phase messages handled (last node) */
    uint32_t have_result, have_addr;
    uint32_t rx[R_N];          /* node 0: the last node's values */
    uint32_t va_pinned, va_lock, va_page1, va_lock2, va_page17;
} st;

static void on_note(grim *g, const grim_am *m, void *ctx)
{
    (void)g, (void)m;
    ((st *)ctx)->seen++;
}

static void on_result(grim *g, const grim_am *m, void *ctx)
{
    st *s = ctx;
    if (m->len != sizeof s->rx) {
        grim_abort(g, "step results of %u bytes, expected %zu", m->len, sizeof s->rx);
        return;
    }
    memcpy(s->rx, m->data, sizeof s->rx);
    s->have_result = 1;
}

static void on_addr(grim *g, const grim_am *m, void *ctx)
{
    st *s = ctx;
    (void)g;
    if (m->len != 5 * 4) return;
    memcpy(&s->va_pinned, m->data, 5 * 4);
    s->have_addr = 1;
}

static int step(grim *g, int k, uint32_t *v)
{
    uint32_t sum, count;
    return grim_read_step(g, k, v, &sum, &count);
}

static int run(platform *p, happ_env *e)
{
    grim_options o;
    if (gapp_options(e, &o)) return -1;
    grim *g = gapp_open(p, e, &o);
    if (!g) return -1;
    st s = {0};
    int rc = 0;
    uint32_t me = grim_getMyVNN(g), last = grim_nodes(g) - 1, h_note = 0, h_res = 0, h_addr = 0;
    if (last == 0) return gapp_close(g, e, happ_fail(e, "grim_steps needs two nodes"));
    uint32_t peer = GRIM_EP(me == 0 ? last : 0, o.lc);
    if (grim_register_handler(g, on_note, &s, "st_note") || grim_register_handler(g, on_result, &s, "st_result") ||
        grim_register_handler(g, on_addr, &s, "st_addr") || grim_syncHandlers(g) ||
        grim_resolveHandler(g, "st_note", &h_note) || grim_resolveHandler(g, "st_result", &h_res) ||
        grim_resolveHandler(g, "st_addr", &h_addr))
        rc = gapp_fail(e, g, "handlers");
    /* the receiver's memory: pinned target and lock; fresh page-pinned
     * pages for the misses */
    uint8_t *pinned = NULL, *page1 = NULL, *lock2 = NULL, *page17 = NULL;
    volatile uint32_t *lock = NULL;
    if (rc == 0 && me == last) {
        pinned = grim_malloc_pinned(g, 65536);
        lock = grim_malloc_pinned(g, 4);
        page1 = plat_alloc(p, 4096);
        lock2 = plat_alloc(p, 4096);
        page17 = plat_alloc(p, 17 * 4096);
        if (!pinned || !lock || !page1 || !lock2 || !page17 || grim_register_memory(g, page1, 4096) ||
            grim_register_memory(g, lock2, 4096) || grim_register_memory(g, page17, 17 * 4096))
            rc = gapp_fail(e, g, "receiver memory");
        uint32_t a[5] = {grim_va(g, pinned), grim_va(g, (void *)lock), grim_va(g, page1), grim_va(g, lock2),
                         grim_va(g, page17)};
        if (rc == 0 && grim_send(g, peer, h_addr, 0, 0, 0, 0, a, sizeof a)) rc = gapp_fail(e, g, "addresses");
    }
    if (rc == 0 && grim_barrier(g)) rc = gapp_fail(e, g, "barrier");
    uint32_t tx[3] = {0};          /* node 0: detect, set values, scoreboard */
    uint32_t rx[R_N] = {0};
    uint8_t *buf = plat_alloc(p, 65536);
    if (!buf) rc = happ_fail(e, "buffer: %s", plat_error(p));
    else memset(buf, 0x5A, 65536);
    if (me == 0)
        while (rc == 0 && !s.have_addr)
            if (grim_poll(g) < 0) rc = gapp_fail(e, g, "addresses");

    /* one phase: node 0 sends, the receiver waits for it and reads steps */
    for (int ph = 0; ph < 6 && rc == 0 && (me == 0 || me == last); ph++) {
        uint32_t lockv = 100 + (uint32_t)ph;
        if (me == 0) {
            int r = 0;
            switch (ph) {
            case 0: r = grim_send(g, peer, h_note, 0, 0, 0, 0, NULL, 0); break;
            case 1: r = grim_send(g, peer, h_note, 0, 0, 0, 0, buf, 65536 - 32); break;
            case 2: r = grim_sendMemory(g, peer, s.va_pinned, buf, 4, s.va_lock, lockv); break;
            case 3: r = grim_sendMemory(g, peer, s.va_page1 + 8, buf, 4, s.va_lock, lockv); break;
            case 4: r = grim_sendMemory(g, peer, s.va_pinned + 8, buf, 4, s.va_lock2 + 16, lockv); break;
            case 5: r = grim_sendMemory(g, peer, s.va_page17 + 100, buf, 65536, s.va_lock, lockv); break;
            }
            if (r || grim_flush(g)) rc = gapp_fail(e, g, "phase");
            if (rc == 0 && ph == 0 &&
                (step(g, GRIM_ST_DETECT, &tx[0]) || step(g, GRIM_ST_SETVALUES, &tx[1]) || step(g, GRIM_ST_SCOREBOARD, &tx[2])))
                rc = gapp_fail(e, g, "steps");
        } else {
            if (ph <= 1) {
                uint32_t want = s.seen + 1;
                while (rc == 0 && s.seen != want)
                    if (grim_poll_idle(g, IDLE_MAX) < 0) rc = gapp_fail(e, g, "poll");
            } else {
                const volatile uint32_t *w = ph == 4 ? (const volatile uint32_t *)(lock2 + 16) : lock;
                if (grim_wait_word(g, w, lockv)) rc = gapp_fail(e, g, "lock");
            }
            sim_time ps = 0;
            uint32_t pages = 0;
            drv_xlat_last(grim_xlat(g), &ps, &pages);
            int r = 0;
            switch (ph) {
            case 0:
                r = step(g, GRIM_ST_DECODE, &rx[R_DECODE]) || step(g, GRIM_ST_SEQCHECK, &rx[R_SEQ]) ||
                    step(g, GRIM_ST_CAPACITY, &rx[R_CAP]) || step(g, GRIM_ST_ACKGEN, &rx[R_ACK]) ||
                    step(g, GRIM_ST_AM_DMA, &rx[R_AMDMA32]) || step(g, GRIM_ST_AM_PTR, &rx[R_AMPTR]) ||
                    step(g, GRIM_ST_AM_PTR_DMA, &rx[R_AMPTRDMA]);
                break;
            case 1: r = step(g, GRIM_ST_AM_DMA, &rx[R_AMDMA64K]); break;
            case 2:
                r = step(g, GRIM_ST_XLAT_HIT, &rx[R_HIT]) || step(g, GRIM_ST_RM_DMA, &rx[R_RMDMA4]) ||
                    step(g, GRIM_ST_LOCK, &rx[R_LOCKC]);
                break;
            case 3:
                r = step(g, GRIM_ST_XLAT_MISS, &rx[R_MISS]) || step(g, GRIM_ST_XLAT_REQ_DMA, &rx[R_REQDMA]) ||
                    step(g, GRIM_ST_XLAT_WAIT, &rx[R_WAIT1]);
                rx[R_SERVE1_NS] = (uint32_t)(ps / 1000);
                rx[R_PAGES1] = pages;
                break;
            case 4: r = step(g, GRIM_ST_LOCK, &rx[R_LOCKN]); break;
            case 5:
                r = step(g, GRIM_ST_XLAT_WAIT, &rx[R_WAIT17]) || step(g, GRIM_ST_RM_DMA, &rx[R_RMDMA64K]);
                rx[R_SERVE17_NS] = (uint32_t)(ps / 1000);
                rx[R_PAGES17] = pages;
                break;
            }
            if (rc == 0 && r) rc = gapp_fail(e, g, "steps");
        }
        if (rc == 0 && grim_barrier(g)) rc = gapp_fail(e, g, "barrier");
    }
    if (rc == 0 && me == last && grim_send(g, peer, h_res, 0, 0, 0, 0, rx, sizeof rx)) rc = gapp_fail(e, g, "results");
    if (me == 0)
        while (rc == 0 && !s.have_result)
            if (grim_poll(g) < 0) rc = gapp_fail(e, g, "results");
    if (rc == 0 && grim_barrier(g)) rc = gapp_fail(e, g, "end barrier");
    if (rc == 0 && me == 0) {
        double us = 1e6 / (double)e->ni_clock_hz;
        const uint32_t *r = s.rx;
        happ_measure(e, "send_detect_new_message", tx[0] * us);
        happ_measure(e, "send_set_values_in_message", tx[1] * us);
        happ_measure(e, "send_insert_in_scoreboard", tx[2] * us);
        happ_measure(e, "recv_decode_and_begin_processing", r[R_DECODE] * us);
        happ_measure(e, "recv_verify_sequencing", r[R_SEQ] * us);
        happ_measure(e, "recv_destination_capacity_check", r[R_CAP] * us);
        happ_measure(e, "recv_ack_nack_generation", r[R_ACK] * us);
        happ_measure(e, "dma_message_to_host_32b", r[R_AMDMA32] * us);
        happ_measure(e, "dma_message_to_host_64kb", r[R_AMDMA64K] * us);
        happ_measure(e, "increment_and_convert_queue_pointer", r[R_AMPTR] * us);
        happ_measure(e, "dma_queue_pointer_to_host", r[R_AMPTRDMA] * us);
        happ_measure(e, "search_translation_cache_hit", r[R_HIT] * us);
        happ_measure(e, "search_translation_cache_miss", r[R_MISS] * us);
        happ_measure(e, "dma_translation_request_to_host", r[R_REQDMA] * us);
        happ_measure(e, "host_interrupt_overhead", r[R_WAIT1] * us - r[R_SERVE1_NS] / 1000.0);
        happ_measure(e, "host_translation_and_ni_update_1page", r[R_SERVE1_NS] / 1000.0);
        happ_measure(e, "host_translation_and_ni_update_17pages", r[R_SERVE17_NS] / 1000.0);
        happ_measure(e, "xlat_wait_1page", r[R_WAIT1] * us);
        happ_measure(e, "xlat_wait_17pages", r[R_WAIT17] * us);
        happ_measure(e, "xlat_pages_1", r[R_PAGES1]);
        happ_measure(e, "xlat_pages_17", r[R_PAGES17]);
        happ_measure(e, "dma_message_payload_4b", r[R_RMDMA4] * us);
        happ_measure(e, "dma_message_payload_64kb", r[R_RMDMA64K] * us);
        happ_measure(e, "dma_lock_update_cached", r[R_LOCKC] * us);
        happ_measure(e, "dma_lock_update_noncached", r[R_LOCKN] * us);
    }
    return gapp_close(g, e, rc);
}

const happ happ_grim_steps = {
    "grim_steps", "Tables 5.1-5.3: per-step NI times from the instrumented firmware after a short traffic pattern",
    (const char *const[]){GAPP_COMMON_PARAMS, NULL}, run, NULL,
};
