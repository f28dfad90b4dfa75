/* The basic protocol's host library (lfb.h): DMA area, rings, send, poll. */
#include "lfb.h"
#include "../be32.h"
#include "../../firmware/lfc/basic_abi.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define START_TIMEOUT_US 200000

struct lfb {
    platform *p;
    drv *d;
    uint8_t *area;                 /* DMA area: LFB_SEND_N send buffers, then LFB_RECV_N receive buffers */
    uint64_t phys;
    unsigned node, nodes, maxpay;
    unsigned s_next;               /* next send descriptor */
    uint64_t s_used;               /* descriptors handed out so far */
    unsigned r_next;               /* next receive buffer to look at */
    sim_time poll_miss, poll_hit;
    char err[400];
};

static int fail(lfb *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int fail(lfb *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(b->err, sizeof b->err, fmt, ap);
    va_end(ap);
    return -1;
}

static uint32_t sram(const lfb *b, uint32_t a) { return plat_card_layout(b->p)->sram.off + a; }
static uint8_t *sbuf(const lfb *b, unsigned i) { return b->area + (size_t)i * LFB_BUF_BYTES; }
static uint8_t *rbuf(const lfb *b, unsigned i) { return b->area + (size_t)(LFB_SEND_N + i) * LFB_BUF_BYTES; }


const char *lfb_error(const lfb *b) { return b->err; }
unsigned lfb_node(const lfb *b) { return b->node; }
unsigned lfb_nodes(const lfb *b) { return b->nodes; }

lfb *lfb_open(platform *p, unsigned max_payload, char *err, size_t errlen)
{
    lfb *b = calloc(1, sizeof *b);
    if (!b) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    b->p = p;
    b->maxpay = max_payload;
    const host_profile *hp = plat_host_profile(p);
    /* §2.5: a poll of a flag in cached memory; a profile without the figure
     * pays a few CPU cycles */
    b->poll_miss = hp->poll_miss_ps ? hp->poll_miss_ps : SIM_NS(5);
    b->poll_hit = hp->poll_hit_ps ? hp->poll_hit_ps : SIM_NS(74);
    int rc = 0;
    uint32_t v = 0;
    if (max_payload == 0 || max_payload > LFB_MAX_PAYLOAD)
        rc = fail(b, "maximum payload %u: 1 .. %u bytes", max_payload, LFB_MAX_PAYLOAD);
    if (rc == 0 && !(b->d = drv_open(p, b->err, sizeof b->err))) rc = -1;
    if (rc == 0 && !(b->area = drv_alloc_contig(b->d, (size_t)(LFB_SEND_N + LFB_RECV_N) * LFB_BUF_BYTES, &b->phys)))
        rc = fail(b, "DMA area: %s", drv_error(b->d));
    if (rc == 0) memset(b->area, 0, (size_t)(LFB_SEND_N + LFB_RECV_N) * LFB_BUF_BYTES);
    sim_time give_up = plat_now(p) + SIM_US(START_TIMEOUT_US);
    while (rc == 0) {   /* the firmware is up when it has written its magic */
        if (plat_pio_read32(p, sram(b, LFB_CTRL + LFB_C_MAGIC), &v)) rc = fail(b, "start: %s", plat_error(p));
        else if (v == LFB_MAGIC) break;
        else if (plat_now(p) > give_up) rc = fail(b, "the NI firmware did not start (is it basic.l4.elf?)");
        else if (plat_compute(p, SIM_US(5))) rc = fail(b, "start: %s", plat_error(p));
    }
    if (rc == 0 && (plat_pio_read32(p, sram(b, LFB_CTRL + LFB_C_NODE), &b->node) ||
                    plat_pio_read32(p, sram(b, LFB_CTRL + LFB_C_NODES), &b->nodes)))
        rc = fail(b, "start: %s", plat_error(p));
    /* the receive ring: buffer i in slot i, every one free */
    for (unsigned i = 0; rc == 0 && i < LFB_RECV_N; i++)
        if (plat_pio_write32(p, sram(b, LFB_RECV_RING + i * 8u + LFB_RD_OFFSET), (LFB_SEND_N + i) * LFB_BUF_BYTES) ||
            plat_pio_write32(p, sram(b, LFB_RECV_RING + i * 8u + LFB_RD_FLAG), 1))
            rc = fail(b, "receive ring: %s", plat_error(p));
    if (rc == 0 && (plat_pio_write32(p, sram(b, LFB_CTRL + LFB_C_DMA_PHYS), (uint32_t)b->phys) ||
                    plat_pio_write32(p, sram(b, LFB_CTRL + LFB_C_MAXPAY), max_payload) ||
                    plat_pio_write32(p, sram(b, LFB_CTRL + LFB_C_GO), 1)))
        rc = fail(b, "GO: %s", plat_error(p));
    if (rc) {
        snprintf(err, errlen, "%s", b->err);
        if (b->d) drv_close(b->d);
        free(b);
        return NULL;
    }
    return b;
}

void lfb_close(lfb *b)
{
    if (!b) return;
    /* let the NI send what was handed to it: descriptors are freed in
     * order, so the last one's flag says (1 s at most) */
    if (b->s_used) {
        uint32_t d = LFB_SEND_RING + ((b->s_next + LFB_SEND_N - 1u) % LFB_SEND_N) * 16u, flag = 1;
        sim_time give_up = plat_now(b->p) + SIM_US(1000000);
        while (flag && plat_now(b->p) < give_up)
            if (plat_pio_read32(b->p, sram(b, d + LFB_SD_FLAG), &flag)) break;
    }
    plat_pio_write32(b->p, sram(b, LFB_CTRL + LFB_C_QUIT), 1);
    drv_close(b->d);
    free(b);
}

int lfb_send(lfb *b, unsigned dest, const void *data, unsigned size)
{
    if (size > b->maxpay) return fail(b, "send: %u bytes is over the maximum payload (%u)", size, b->maxpay);
    if (dest >= b->nodes) return fail(b, "send: no node %u (the cluster has %u)", dest, b->nodes);
    unsigned i = b->s_next;
    uint32_t d = LFB_SEND_RING + i * 16u;
    if (b->s_used >= LFB_SEND_N) {   /* reused: wait for DescriptorFree (PIO reads of NI memory) */
        uint32_t flag = 1;
        sim_time give_up = plat_now(b->p) + SIM_US(1000000);
        for (;;) {
            if (plat_pio_read32(b->p, sram(b, d + LFB_SD_FLAG), &flag)) return fail(b, "send: %s", plat_error(b->p));
            if (flag == 0) break;
            if (plat_now(b->p) > give_up) return fail(b, "send: descriptor %u not freed by the NI in 1 s", i);
        }
    }
    if (size && plat_memcpy(b->p, sbuf(b, i), data, size)) return fail(b, "send: %s", plat_error(b->p));
    uint8_t w[12];
    uint32_t v[3] = {dest, size, i * LFB_BUF_BYTES};
    for (int k = 0; k < 3; k++)
        for (int j = 0; j < 4; j++) w[4 * k + j] = (uint8_t)(v[k] >> (24 - 8 * j));
    /* dest, size, offset first; the DescriptorReady flag last (PIO writes
     * reach the card in order) */
    if (plat_pio_write(b->p, sram(b, d + LFB_SD_DEST), w, sizeof w, PLAT_PIO_PLAIN) ||
        plat_pio_write32(b->p, sram(b, d + LFB_SD_FLAG), 1))
        return fail(b, "send: %s", plat_error(b->p));
    b->s_next = (i + 1u) % LFB_SEND_N;
    b->s_used++;
    return 0;
}

int lfb_poll(lfb *b, lfb_handler fn, void *ctx)
{
    uint8_t *buf = rbuf(b, b->r_next);
    uint32_t flag = be32_get(buf + LFB_FLAG_OFF);
    if (!(flag & LFB_FULL)) {
        if (plat_compute(b->p, b->poll_miss)) return fail(b, "poll: %s", plat_error(b->p));
        return 0;
    }
    if (plat_compute(b->p, b->poll_hit)) return fail(b, "poll: %s", plat_error(b->p));
    unsigned size = flag & 0xFFFFu, src = (flag >> 16) & 0x7FFFu;
    if (size > LFB_MAX_PAYLOAD) return fail(b, "poll: the NI delivered %u bytes, over the maximum %u", size, LFB_MAX_PAYLOAD);
    memset(buf + LFB_FLAG_OFF, 0, 4);
    fn(ctx, src, buf + LFB_FLAG_OFF - ((size + 3u) & ~3u), size);   /* right-aligned before the flag */
    /* back to the NI: its slot's flag (the offset never changes) */
    if (plat_pio_write32(b->p, sram(b, LFB_RECV_RING + b->r_next * 8u + LFB_RD_FLAG), 1))
        return fail(b, "poll: %s", plat_error(b->p));
    b->r_next = (b->r_next + 1u) % LFB_RECV_N;
    return 1;
}

int lfb_wait(lfb *b, lfb_handler fn, void *ctx, sim_time max_ps)
{
    sim_time end = plat_now(b->p) + max_ps;
    for (;;) {
        int r = lfb_poll(b, fn, ctx);
        if (r) return r;
        sim_time now = plat_now(b->p);
        if (now >= end) return 0;
        if (plat_idle_poll(b->p, b->poll_miss, end - now) < 0) return fail(b, "poll: %s", plat_error(b->p));
    }
}

int lfb_counters_get(lfb *b, lfb_counters *c)
{
    if (plat_pio_read32(b->p, sram(b, LFB_CTRL + LFB_C_SENT), &c->sent) ||
        plat_pio_read32(b->p, sram(b, LFB_CTRL + LFB_C_RECEIVED), &c->received) ||
        plat_pio_read32(b->p, sram(b, LFB_CTRL + LFB_C_DROPPED), &c->dropped) ||
        plat_pio_read32(b->p, sram(b, LFB_CTRL + LFB_C_ERRORS), &c->errors))
        return fail(b, "counters: %s", plat_error(b->p));
    return 0;
}
