/* The fake NI (gfni.h). */
#include "grim_fake_ni.h"

#include "../../firmware/grim/grim_abi.h"
#include "../../model/host/hostmem.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static uint32_t rd(gfni *n, uint32_t a)
{
    const uint8_t *b = n->f->sram + a;
    return (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 | (uint32_t)b[2] << 8 | b[3];
}

static void wr(gfni *n, uint32_t a, uint32_t v)
{
    uint8_t *b = n->f->sram + a;
    b[0] = (uint8_t)(v >> 24);
    b[1] = (uint8_t)(v >> 16);
    b[2] = (uint8_t)(v >> 8);
    b[3] = (uint8_t)v;
}

static void bad(gfni *n, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void bad(gfni *n, const char *fmt, ...)
{
    if (n->err[0]) return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(n->err, sizeof n->err, fmt, ap);
    va_end(ap);
}

static uint32_t lcw(gfni *n, uint32_t off) { return rd(n, GRIM_LCD + n->lc * GRIM_LCD_BYTES + off); }

static int host_write(gfni *n, uint64_t pa, const void *src, uint32_t len)
{
    char e[200];
    if (hm_phys_write(host_mem(n->f->h), pa, src, len, e, sizeof e)) {
        bad(n, "host write at 0x%llx: %s", (unsigned long long)pa, e);
        return -1;
    }
    return 0;
}

/* The cache entry of our LC covering [va, va+len): 1 and *ent, or 0 (a miss). */
static int lookup(gfni *n, uint32_t va, uint32_t len, uint32_t *ent)
{
    for (uint32_t i = 0; i < GRIM_XLAT_ENTRIES; i++) {
        uint32_t e = GRIM_XLAT + i * GRIM_XLAT_BYTES;
        if (rd(n, e + GRIM_X_VALID) != 1 || rd(n, e + GRIM_X_LC) != n->lc) continue;
        uint32_t v = rd(n, e + GRIM_X_VA), l = rd(n, e + GRIM_X_LEN);
        if (va >= v && (uint64_t)va + len <= (uint64_t)v + l) {
            *ent = e;
            return 1;
        }
    }
    return 0;
}

/* Write len bytes at va through entry e's runs. */
static int write_virt(gfni *n, uint32_t e, uint32_t va, const uint8_t *src, uint32_t len)
{
    uint32_t skip = va - rd(n, e + GRIM_X_VA), nr = rd(n, e + GRIM_X_NRUNS);
    for (uint32_t r = 0; r < nr && len; r++) {
        uint32_t pa = rd(n, e + GRIM_X_RUNS + 8 * r), rl = rd(n, e + GRIM_X_RUNS + 8 * r + 4);
        if (skip >= rl) {
            skip -= rl;
            continue;
        }
        uint32_t k = rl - skip < len ? rl - skip : len;
        if (host_write(n, pa + skip, src, k)) return -1;
        src += k;
        len -= k;
        skip = 0;
    }
    if (len) bad(n, "entry at 0x%x does not cover its length", e);
    return len ? -1 : 0;
}

/* 1 translated (or failed), 0 waiting for the driver. */
static int translate(gfni *n, uint32_t va, uint32_t len, uint32_t *e)
{
    if (n->xwait) {
        if (rd(n, GRIM_CTRL + GRIM_C_XREQ_DONE) != n->xseq) return 0;
        n->xwait = 0;
    }
    if (lookup(n, va, len ? len : 1, e)) {
        n->xhits++;
        return 1;
    }
    /* a miss: request into the driver's area, HOST_SIG */
    n->xmisses++;
    uint32_t slot = GRIM_XLAT + (GRIM_XLAT_STATIC + n->xslot) * GRIM_XLAT_BYTES;
    n->xslot = (n->xslot + 1) % GRIM_XLAT_DYNAMIC;
    uint8_t q[GRIM_XR_BYTES];
    uint32_t w[] = {++n->xseq, n->lc, va, len ? len : 1, slot};
    for (int i = 0; i < 5; i++) {
        q[4 * i] = (uint8_t)(w[i] >> 24);
        q[4 * i + 1] = (uint8_t)(w[i] >> 16);
        q[4 * i + 2] = (uint8_t)(w[i] >> 8);
        q[4 * i + 3] = (uint8_t)w[i];
    }
    wr(n, GRIM_CTRL + GRIM_C_XREQ_SEQ, n->xseq);
    if (host_write(n, rd(n, GRIM_CTRL + GRIM_C_XREQ_PHYS), q, sizeof q)) return 1;
    fixture_lanai_write(n->f, fixture_isr_off(n->f), FIX_HOST_SIG);
    n->xwait = 1;
    return 0;
}

/* Deliver one active message into the endpoint's ring. 0 if no room yet. */
static int deliver_am(gfni *n, const uint8_t *msg, uint32_t m)
{
    uint32_t size = lcw(n, GRIM_L_AM_SIZE), front = lcw(n, GRIM_L_AM_FRONT), at;
    uint64_t ring = lcw(n, GRIM_L_AM_PHYS);
    if (!ring || !lcw(n, GRIM_L_OPEN)) {
        bad(n, "an active message for LC %u, which has no ring / is not open", n->lc);
        return 1;
    }
    /* same rule as the host's queues: 8 bytes stay free, never end at the end */
    if (n->am_back >= front) {
        if (n->am_back + m + 8 <= size) at = n->am_back;
        else if (m + 8 <= front) at = 0;
        else return 0;
    } else if (n->am_back + m + 8 <= front) {
        at = n->am_back;
    } else {
        return 0;
    }
    if (at != n->am_back) {
        uint8_t wrap[8] = {0x06, 0x36, 0, 0, (uint8_t)(GRIM_T_WRAP << 2), 0, 0, 0};
        if (host_write(n, ring + n->am_back, wrap, 8)) return 1;
    }
    if (host_write(n, ring + at, msg, m)) return 1;
    n->am_back = at + m;
    uint8_t le[4] = {(uint8_t)n->am_back, (uint8_t)(n->am_back >> 8), (uint8_t)(n->am_back >> 16),
                     (uint8_t)(n->am_back >> 24)};
    host_write(n, lcw(n, GRIM_L_AM_BACK_PHYS), le, 4);
    n->am_delivered++;
    return 1;
}

static void lock(gfni *n, uint32_t lva, uint32_t val)
{
    uint32_t e;
    if (!lookup(n, lva, 4, &e)) {
        bad(n, "lock at 0x%x not in the translation cache", lva);
        return;
    }
    uint8_t le[4] = {(uint8_t)val, (uint8_t)(val >> 8), (uint8_t)(val >> 16), (uint8_t)(val >> 24)};
    write_virt(n, e, lva, le, 4);
}

/* 1 done, 0 try again later */
static int execute(gfni *n, const uint8_t *msg)
{
    uint32_t w1 = (uint32_t)msg[4] << 24 | (uint32_t)msg[5] << 16 | (uint32_t)msg[6] << 8 | msg[7];
    uint32_t w2 = (uint32_t)msg[8] << 24 | (uint32_t)msg[9] << 16 | (uint32_t)msg[10] << 8 | msg[11];
    uint32_t a[4];
    for (int i = 0; i < 4; i++)
        a[i] = (uint32_t)msg[16 + 4 * i] << 24 | (uint32_t)msg[17 + 4 * i] << 16 | (uint32_t)msg[18 + 4 * i] << 8 |
               msg[19 + 4 * i];
    uint32_t type = GRIM_W1_TYPE(w1), len = GRIM_PAYLOAD_BYTES(w1, w2), m = GRIM_ROUND8(GRIM_HDR_BYTES + len);
    const uint8_t *pl = msg + GRIM_HDR_BYTES;
    if (GRIM_EP_NI(GRIM_W2_DST(w2)) != 0 || GRIM_EP_LC(GRIM_W2_DST(w2)) != n->lc) {
        bad(n, "a message for endpoint 0x%04x; this fake NI is node 0 with LC %u", GRIM_W2_DST(w2), n->lc);
        return 1;
    }
    switch (type) {
    case GRIM_T_AM:
        if (!deliver_am(n, msg, m)) return 0;
        break;
    case GRIM_T_RMP:
        if (host_write(n, a[0], pl, len)) return 1;
        if (a[1]) lock(n, a[1], a[2]);
        n->rm_writes++;
        break;
    case GRIM_T_RMV: {
        uint32_t e;
        if (len && !translate(n, a[0], len, &e)) return 0;
        if (len && write_virt(n, e, a[0], pl, len)) return 1;
        if (a[1]) lock(n, a[1], a[2]);
        n->rm_writes++;
        break;
    }
    default:
        bad(n, "message type %u in an outgoing queue", type);
    }
    if (n->norder < sizeof n->order / sizeof n->order[0])
        n->order[n->norder++] = type << 24 | (len ? (uint32_t)pl[0] << 16 : 0) | (len & 0xFFFF);
    return 1;
}

static void scan(gfni *n)
{
    uint32_t base = lcw(n, GRIM_L_Q_BASE), size = lcw(n, GRIM_L_Q_SIZE), back = lcw(n, GRIM_L_Q_BACK);
    if (back >= size || back % 8) {
        bad(n, "q_back %u outside the %u-byte queue or unaligned", back, size);
        return;
    }
    while (n->next != back && !n->err[0]) {
        const uint8_t *h = n->f->sram + base + n->next;
        uint32_t w0 = rd(n, base + n->next), w1 = rd(n, base + n->next + 4);
        if (GRIM_W0_ID(w0) != GRIM_ID) {
            bad(n, "queue offset %u: word 0 = 0x%08x, not GRIM", n->next, w0);
            return;
        }
        if (GRIM_W1_TYPE(w1) == GRIM_T_WRAP) {
            n->wraps++;
            n->next = 0;
            continue;
        }
        uint32_t w2 = rd(n, base + n->next + 8);
        uint32_t m = GRIM_ROUND8(GRIM_HDR_BYTES + GRIM_PAYLOAD_BYTES(w1, w2));
        if (n->next + m > size) {
            bad(n, "queue offset %u: a %u-byte message runs past the end (%u)", n->next, m, size);
            return;
        }
        /* cut-through commits: back inside this message means wait for it */
        if (back > n->next && back < n->next + m) {
            n->partial_seen++;
            return;
        }
        if (!execute(n, h)) return;
        n->msgs++;
        n->next += m;
        if (!n->hold_front) wr(n, GRIM_LCD + n->lc * GRIM_LCD_BYTES + GRIM_L_Q_FRONT, n->next);
    }
}

static void tick(void *arg)
{
    gfni *n = arg;
    if (n->stopped) return;
    if (!n->running && rd(n, GRIM_CTRL + GRIM_C_GO) == 1) {
        for (uint32_t lc = 0; lc < rd(n, GRIM_CTRL + GRIM_C_NLC); lc++)
            if (rd(n, GRIM_LCD + lc * GRIM_LCD_BYTES + GRIM_L_OPEN)) n->lc = lc;
        n->running = 1;
        wr(n, GRIM_CTRL + GRIM_C_NODE, 0);
        wr(n, GRIM_CTRL + GRIM_C_NODES, 1);
        wr(n, GRIM_CTRL + GRIM_C_STATE, 1);
    }
    if (n->running) {
        uint32_t req = rd(n, GRIM_CTRL + GRIM_C_HDMA_REQ);
        if (req != rd(n, GRIM_CTRL + GRIM_C_HDMA_GRANT)) {
            wr(n, GRIM_CTRL + GRIM_C_HDMA_GRANT, req);
            n->grants++;
        }
        if (!n->hold_front) scan(n);   /* holding: the queue only fills */
    }
    evq_after(n->f->q, n->period, tick, n);
}

void gfni_start(gfni *n, fixture *f, uint32_t features)
{
    memset(n, 0, sizeof *n);
    n->f = f;
    n->period = SIM_NS(1000);
    n->features = features;
    wr(n, GRIM_CTRL + GRIM_C_VERSION, GRIM_ABI_VERSION);
    wr(n, GRIM_CTRL + GRIM_C_FEATURES, features);
    wr(n, GRIM_CTRL + GRIM_C_MAGIC, GRIM_FW_MAGIC);
    evq_after(f->q, n->period, tick, n);
}

void gfni_stop(gfni *n) { n->stopped = 1; }
