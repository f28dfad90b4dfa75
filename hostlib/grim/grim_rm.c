/* Remote memory (dissertation §4.5.3-4.5.5, C.5.2): writes RM-V to a
 * virtual address the receiving NI translates, RM-P to a physical address;
 * reads RM-RV. Larger than a fragment they go as independent operations,
 * the lock (notification, §4.5.5) only on the last. */
#include "grim_internal.h"

static int send_rm(grim *g, uint32_t type, uint32_t dest, uint64_t target, const void *src, uint32_t n,
                   uint32_t lock_va, uint32_t lock_value, const char *what)
{
    if (n && !src) return grim_fail(g, "%s: %u bytes from NULL", what, n);
    if (target + n > 0x100000000ull)
        return grim_fail(g, "%s: target 0x%llx + %u bytes beyond 32-bit addresses", what, (unsigned long long)target, n);
    /* GRIM moves payloads as 32-bit words (Figure 4.2's word length): the
     * receiving NI's DMA needs a word-aligned target (the LANai 4's engine
     * cannot do otherwise) */
    if (target % 4 || lock_va % 4)
        return grim_fail(g, "%s: target 0x%llx and lock 0x%x must be 4-byte aligned", what, (unsigned long long)target,
                         lock_va);
    if (grim_send_begin(g)) return -1;
    const uint8_t *s = src;
    uint32_t off = 0, frag = g->max_payload;
    int pinned = grim_pin_payload(g, src, n), r = pinned < 0 ? -1 : 0;
    if (r == 0) do {
        uint32_t k = n - off > frag ? frag : n - off;
        int last = off + k == n;
        uint32_t a[4] = {(uint32_t)(target + off), last ? lock_va : 0, last ? lock_value : 0, 0};
        grim_hdr h;
        grim_hdr_make(&h, type, g->ep, dest, g->o.lc, 0, a, k);
        r = grim_put(g, &h, s + off, k);
        if (!last) g->st.sent_fragments++;
        off += k;
    } while (r == 0 && off < n);
    if (grim_unpin_payload(g, pinned > 0)) r = -1;
    grim_send_end(g);
    return r;
}

int grim_sendMemory(grim *g, uint32_t dest, uint32_t target_va, const void *src, uint32_t n, uint32_t lock_va,
                    uint32_t lock_value)
{
    return send_rm(g, GRIM_T_RMV, dest, target_va, src, n, lock_va, lock_value, "grim_sendMemory");
}

int grim_sendPhysicalMemory(grim *g, uint32_t dest, uint64_t target_pa, const void *src, uint32_t n, uint32_t lock_va,
                            uint32_t lock_value)
{
    return send_rm(g, GRIM_T_RMP, dest, target_pa, src, n, lock_va, lock_value, "grim_sendPhysicalMemory");
}

/* RM-RV: each request asks for at most one fragment; the remote NI returns
 * it as an RMRV_REPLY that the local NI writes to local_va; the last
 * request carries the lock, which the local NI clears (writes 0) when its
 * data is in memory. Replies of one request stream arrive in order. */
int grim_fetchMemory(grim *g, uint32_t dest, uint32_t remote_va, uint32_t local_va, uint32_t n, uint32_t lock_va)
{
    if (!n) return grim_fail(g, "grim_fetchMemory: 0 bytes");
    if (remote_va % 4 || local_va % 4 || lock_va % 4)
        return grim_fail(g, "grim_fetchMemory: remote 0x%x, local 0x%x and lock 0x%x must be 4-byte aligned", remote_va,
                         local_va, lock_va);
    if ((uint64_t)remote_va + n > 0x100000000ull || (uint64_t)local_va + n > 0x100000000ull)
        return grim_fail(g, "grim_fetchMemory: %u bytes beyond 32-bit addresses", n);
    if (grim_send_begin(g)) return -1;
    uint32_t off = 0, frag = g->max_payload;
    int r = 0;
    do {
        uint32_t k = n - off > frag ? frag : n - off;
        int last = off + k == n;
        uint32_t a[4] = {remote_va + off, local_va + off, k, last ? lock_va : 0};
        grim_hdr h;
        grim_hdr_make(&h, GRIM_T_RMRV, g->ep, dest, g->o.lc, 0, a, 0);
        r = grim_put(g, &h, NULL, 0);
        if (!last) g->st.sent_fragments++;
        off += k;
    } while (r == 0 && off < n);
    grim_send_end(g);
    return r;
}
