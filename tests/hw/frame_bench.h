/* A bench around the Verilated FPGA (frame + canvas): the four banks, a
 * plain CPLD that grants what is requested after a few clocks, message
 * injection into the bank-0 queues as the host or NI would, and clocks
 * counted per frame state. */
#ifndef MYRISIM_HW_FRAME_BENCH_H
#define MYRISIM_HW_FRAME_BENCH_H

#include "../../hw/shell/hw_fpga.h"
#include "../../model/rc1000/rc1000_map.h"

#include <stddef.h>
#include <stdint.h>

/* handler ids of the shipped circuits in these tests (grim_handlers.h-style statics) */
enum { H_PASS = 0x40, H_MD5 = 0x41, H_HANG = 0x42, H_ALU = 0x50, FB_EP = 0x0203 };

typedef struct {
    uint32_t *bank[4];
    hw_fpga *f;
    hw_fpga_out o;
    unsigned grant_delay;            /* clocks a request waits for its grant */
    unsigned age[4], gnt;
    uint64_t ph[RC_PH_COUNT];        /* clocks spent in each frame state */
    uint64_t fetch, store, clocks;
} fbench;

/* Banks cleared; function list: pass in slot 0, MD5 in slot 1 when `md5`,
 * the ALU; no pages; endpoint FB_EP; forwarding entries 0 and 1 a plain
 * header to FB_EP (rc_fwd_plain), the others unset. Then reset and boot. */
fbench *fb_new(int md5);
void fb_free(fbench *b);
/* Reset the FPGA and let it load its state from bank 0 again. */
void fb_reboot(fbench *b);
void fb_clock(fbench *b);
/* Clock until the status port's produced count reaches n or its kind is a
 * fault; returns the clocks run, or 0 at the limit. */
uint64_t fb_run_produced(fbench *b, unsigned n, uint64_t limit);
/* Append a message (8 header words + payload) to queue q (0 host, 1 NI). */
void fb_send(fbench *b, int q, unsigned handler, uint32_t arg0, uint32_t arg1, uint32_t arg2,
             uint32_t arg3, const uint32_t *payload, unsigned words);
/* Write forwarding entry `id`: a GRIM header for `handler` with args. */
void fb_fwd(fbench *b, unsigned id, unsigned handler, uint32_t arg0, uint32_t arg1, uint32_t arg2,
            uint32_t arg3);
/* The outgoing slot `s` (header at +0, payload at +8). */
const uint32_t *fb_slot(const fbench *b, unsigned s);
void fb_zero_counts(fbench *b);

#endif
