/* The FPGA bench (frame_bench.h): banks, a plain grant-what-is-asked CPLD
 * with a delay, GRIM messages appended to the bank-0 queues. */
#include "frame_bench.h"

#include <stdlib.h>
#include <string.h>

fbench *fb_new(int md5)
{
    fbench *b = calloc(1, sizeof *b);
    for (int k = 0; k < 4; k++) b->bank[k] = calloc(RC_BANK_WORDS, 4);
    uint32_t *b0 = b->bank[0];
    b0[RC_CTL_FUNCS + 0] = H_PASS;
    b0[RC_CTL_FUNCS + 1] = md5 ? H_MD5 : 0;
    b0[RC_CTL_FUNCS + 2] = H_HANG;
    b0[RC_CTL_FUNCS + 8] = H_ALU;
    b0[RC_CTL_PAGE + 0] = RC_PAGE_NONE;
    b0[RC_CTL_PAGE + 1] = RC_PAGE_NONE;
    b0[RC_CTL_EP] = FB_EP;
    rc_fwd_plain(b0, 0, FB_EP);   /* the entries the tests name without setting (unset: a bad request) */
    rc_fwd_plain(b0, 1, FB_EP);
    b->grant_delay = 2;
    b->f = hw_fpga_new(b->bank);
    fb_reboot(b);
    return b;
}

void fb_reboot(fbench *b)
{
    hw_fpga_reset(b->f, 1);
    fb_clock(b);
    fb_clock(b);
    hw_fpga_reset(b->f, 0);
    for (int i = 0; i < 100; i++) fb_clock(b);   /* boot: load the function list and pages */
    fb_zero_counts(b);
}

void fb_free(fbench *b)
{
    if (!b) return;
    hw_fpga_free(b->f);
    for (int k = 0; k < 4; k++) free(b->bank[k]);
    free(b);
}

void fb_zero_counts(fbench *b)
{
    memset(b->ph, 0, sizeof b->ph);
    b->fetch = b->store = b->clocks = 0;
}

void fb_clock(fbench *b)
{
    hw_fpga_clock(b->f, b->gnt, &b->o);
    b->clocks++;
    if (b->o.phase < RC_PH_COUNT) b->ph[b->o.phase]++;
    b->fetch += b->o.fetch;
    b->store += b->o.store;
    /* the bench's CPLD: a request is granted after grant_delay clocks, a
     * release takes effect at once */
    for (int k = 0; k < 4; k++) {
        if (b->o.req >> k & 1) {
            if (b->age[k] < b->grant_delay) b->age[k]++;
            if (b->age[k] >= b->grant_delay) b->gnt |= 1u << k;
        } else {
            b->age[k] = 0;
            b->gnt &= ~(1u << k);
        }
    }
}

uint64_t fb_run_produced(fbench *b, unsigned n, uint64_t limit)
{
    for (uint64_t k = 1; k <= limit; k++) {
        fb_clock(b);
        if (RC_ST_PRODUCED(b->o.status) >= n || RC_ST_KIND(b->o.status) != RC_ST_RUN) return k;
    }
    return 0;
}

static void header(uint32_t *h, unsigned handler, unsigned words, uint32_t a0, uint32_t a1,
                   uint32_t a2, uint32_t a3)
{
    h[0] = 0x0636u << 16;
    h[1] = 1u << 26 | 0x0101u;              /* type AM, source endpoint */
    h[2] = (uint32_t)words << 16 | FB_EP;   /* payload words, destination */
    h[3] = handler & 0xFFFFu;
    h[4] = a0; h[5] = a1; h[6] = a2; h[7] = a3;
}

void fb_send(fbench *b, int q, unsigned handler, uint32_t arg0, uint32_t arg1, uint32_t arg2,
             uint32_t arg3, const uint32_t *payload, unsigned words)
{
    uint32_t base = q ? RC_Q1_BASE : RC_Q0_BASE, *b0 = b->bank[0];
    uint32_t tail = b0[base];
    uint32_t *m = b0 + base + RC_Q_RING + tail;
    header(m, handler, words, arg0, arg1, arg2, arg3);
    if (words)   /* a header-only message may come with no payload pointer */
        memcpy(m + 8, payload, (size_t)words * 4);
    b0[base] = tail + 8 + words;             /* the append: tail moves last */
}

void fb_fwd(fbench *b, unsigned id, unsigned handler, uint32_t arg0, uint32_t arg1, uint32_t arg2,
            uint32_t arg3)
{
    header(b->bank[0] + RC_DIR_BASE + id * RC_DIR_WORDS, handler, 0, arg0, arg1, arg2, arg3);
}

const uint32_t *fb_slot(const fbench *b, unsigned s) { return b->bank[3] + s * RC_SLOT_WORDS; }
