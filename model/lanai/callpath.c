/* Call-path tracking from clang's call and return sequences (callpath.h). */
#include "callpath.h"

#include <stdlib.h>
#include <string.h>

static uint32_t hslot(const callpath *p, uint32_t parent, uint32_t entry)
{
    uint64_t h = ((uint64_t)parent << 32 | entry) * 0x9E3779B97F4A7C15ull;
    return (uint32_t)(h >> 40) & (p->hcap - 1);
}

static int grow_hash(callpath *p)
{
    uint32_t cap = p->hcap ? 2 * p->hcap : 1024;
    uint32_t *h = calloc(cap, sizeof *h);
    if (!h) return -1;
    free(p->hash);
    p->hash = h;
    p->hcap = cap;
    for (uint32_t i = 1; i < p->nnode; i++) {
        uint32_t s = hslot(p, p->node[i].parent, p->node[i].entry);
        while (p->hash[s]) s = (s + 1) & (cap - 1);
        p->hash[s] = i + 1;
    }
    return 0;
}

static int add_node(callpath *p, uint32_t parent, uint32_t entry)
{
    if (p->nnode == p->cap) {
        uint32_t cap = p->cap ? 2 * p->cap : 256;
        cp_node *n = realloc(p->node, cap * sizeof *n);
        if (!n) return -1;
        p->node = n;
        p->cap = cap;
    }
    p->node[p->nnode] = (cp_node){parent, entry, 0, 0};
    return (int)p->nnode++;
}

int callpath_init(callpath *p)
{
    memset(p, 0, sizeof *p);
    return add_node(p, 0, 0) < 0 || grow_hash(p) ? -1 : 0;
}

void callpath_reset(callpath *p)
{
    p->nnode = 1;
    p->node[0] = (cp_node){0, 0, 0, 0};
    memset(p->hash, 0, p->hcap * sizeof *p->hash);
    p->depth = p->overflow = p->pending = p->started = 0;
    p->cur = 0;
}

void callpath_free(callpath *p)
{
    free(p->node);
    free(p->hash);
    memset(p, 0, sizeof *p);
}

/* The child of parent entered at entry (made on first use); parent itself
 * if out of memory (the profile then loses depth, never cycles). */
static uint32_t child(callpath *p, uint32_t parent, uint32_t entry)
{
    uint32_t s = hslot(p, parent, entry);
    for (uint32_t i; (i = p->hash[s]); s = (s + 1) & (p->hcap - 1))
        if (p->node[i - 1].parent == parent && p->node[i - 1].entry == entry) return i - 1;
    if (2 * (p->nnode + 1) > p->hcap) {
        if (grow_hash(p)) return parent;
        return child(p, parent, entry);
    }
    int k = add_node(p, parent, entry);
    if (k < 0) return parent;
    p->hash[s] = (uint32_t)k + 1;
    return (uint32_t)k;
}

void callpath_step(callpath *p, uint32_t pc, uint32_t insn, uint64_t cycles)
{
    p->node[p->cur].cycles += cycles;
    if (!p->started) {
        p->started = 1;
        p->node[0].entry = pc;
        p->node[0].calls = 1;
    }
    if (p->pending && (pc < p->site || pc > p->site + 12)) {
        p->pending = 0;
        if (pc != p->site + 16) {          /* not a call after all */
            if (p->depth < CALLPATH_DEPTH) {
                p->ret[p->depth] = p->site + 16;
                p->caller[p->depth++] = p->cur;
                p->cur = child(p, p->cur, pc);
                p->node[p->cur].calls++;
            } else {
                p->overflow++;
            }
        }
    } else if (p->depth) {
        /* A return lands on a saved link: the innermost frame's, or an
         * outer one's when frames were abandoned. */
        for (int j = p->depth - 1; j >= 0 && j >= p->depth - 8; j--)
            if (pc == p->ret[j]) {
                p->cur = p->caller[j];
                p->depth = j;
                break;
            }
    }
    if (insn == LANAI_CALL_LINK_INSN) {
        p->pending = 1;
        p->site = pc;
    }
}
