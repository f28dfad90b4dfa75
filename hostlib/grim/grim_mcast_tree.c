/* The owner's tree builder (§8.1.3): the subscribing NIs as a binary tree
 * in an array (children of i at 2i+1, 2i+2). Ascending ids make every
 * parent smaller than its children, so recycled messages only flow from a
 * smaller NI id to a larger one and no cycle of recycle channels can form;
 * unsafe mode keeps the order of subscription (Figure 8.3's trees). */
#include "grim_mcast.h"

void grim_mc_tree_order(const uint32_t *ni, uint32_t n, int ordered, uint32_t *out)
{
    for (uint32_t i = 0; i < n; i++) out[i] = ni[i];
    if (!ordered) return;
    for (uint32_t i = 1; i < n; i++) {         /* insertion sort: n <= 64 */
        uint32_t v = out[i], j = i;
        for (; j && out[j - 1] > v; j--) out[j] = out[j - 1];
        out[j] = v;
    }
}
