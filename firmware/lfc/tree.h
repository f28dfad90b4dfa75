/* LFC multicast spanning trees (seed 002 §4.2): for a group of n members
 * and a root, every member's rank relative to the root, its parent and
 * its children in a binary, binomial or chain (linear) tree. Plain C with
 * shifts and adds only (the LANai 4 has no divide), shared by the NI
 * firmware (firmware/lfc/ucast.c) and the host library's checks. */
#ifndef MYRISIM_LFC_TREE_H
#define MYRISIM_LFC_TREE_H

#define LFC_TREE_BINARY   0u
#define LFC_TREE_BINOMIAL 1u
#define LFC_TREE_CHAIN    2u
#define LFC_TREE_KINDS    3u
#define LFC_TREE_MAX_CHILDREN 8u   /* binomial on 64 members: 6 */

/* rank of position pos relative to the root's position (0 .. n-1) */
static inline unsigned lfc_tree_rank(unsigned n, unsigned pos, unsigned root_pos)
{
    return pos >= root_pos ? pos - root_pos : pos + n - root_pos;
}

/* position of relative rank r */
static inline unsigned lfc_tree_pos(unsigned n, unsigned r, unsigned root_pos)
{
    unsigned p = r + root_pos;
    return p >= n ? p - n : p;
}

/* children of relative rank r in out[] (ranks, ascending); their count */
static inline unsigned lfc_tree_children(unsigned kind, unsigned n, unsigned r, unsigned *out)
{
    unsigned k = 0;
    if (kind == LFC_TREE_BINARY) {
        if (2u * r + 1u < n) out[k++] = 2u * r + 1u;
        if (2u * r + 2u < n) out[k++] = 2u * r + 2u;
    } else if (kind == LFC_TREE_BINOMIAL) {
        for (unsigned m = 1; m < n && k < LFC_TREE_MAX_CHILDREN; m <<= 1)
            if (m > r && r + m < n) out[k++] = r + m;
    } else if (r + 1u < n) {
        out[k++] = r + 1u;
    }
    return k;
}

/* parent rank of r > 0 */
static inline unsigned lfc_tree_parent(unsigned kind, unsigned r)
{
    if (kind == LFC_TREE_BINARY) return (r - 1u) >> 1;
    if (kind == LFC_TREE_BINOMIAL) {
        unsigned m = 1;
        while (m <= r >> 1) m <<= 1;
        return r - m;
    }
    return r - 1u;
}

#endif
