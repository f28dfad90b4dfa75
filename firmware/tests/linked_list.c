/* Singly and doubly linked lists on a static node pool with a free list:
 * push, append, insert sorted, delete, reverse, merge sort of the list, and
 * traversal checks in both directions. */
#include "conf.h"

#define POOL 200

struct node { i32 v; struct node *next, *prev; };
static struct node pool[POOL];
static struct node *free_list;

static void pool_init(void)
{
    free_list = 0;
    for (int i = POOL - 1; i >= 0; i--) { pool[i].next = free_list; free_list = &pool[i]; }
}
static struct node *alloc(i32 v)
{
    struct node *n = free_list;
    if (!n) return 0;
    free_list = n->next;
    n->v = v; n->next = n->prev = 0;
    return n;
}
static void release(struct node *n) { n->next = free_list; free_list = n; }

static struct node *insert_sorted(struct node *head, struct node *n)
{
    struct node **pp = &head;
    while (*pp && (*pp)->v < n->v) pp = &(*pp)->next;
    n->next = *pp;
    *pp = n;
    return head;
}

static struct node *reverse(struct node *h)
{
    struct node *r = 0;
    while (h) { struct node *nx = h->next; h->next = r; r = h; h = nx; }
    return r;
}

static struct node *merge(struct node *a, struct node *b)
{
    struct node head = { 0, 0, 0 }, *t = &head;
    while (a && b) {
        if (a->v <= b->v) { t->next = a; a = a->next; } else { t->next = b; b = b->next; }
        t = t->next;
    }
    t->next = a ? a : b;
    return head.next;
}

static struct node *msort(struct node *h)
{
    if (!h || !h->next) return h;
    struct node *slow = h, *fast = h->next;
    while (fast && fast->next) { slow = slow->next; fast = fast->next->next; }
    struct node *b = slow->next;
    slow->next = 0;
    return merge(msort(h), msort(b));
}

static void show(const char *tag, const struct node *h)
{
    int n = 0;
    u32 sum = 0;
    con_printf("%s:", tag);
    for (; h; h = h->next, n++) {
        sum = sum * 7 + (u32)h->v;
        if (n < 12) con_printf(" %d", h->v);
    }
    con_printf(" ... n=%d h=%08x\n", n, sum);
}

int main(void)
{
    pool_init();
    u32 seed = 2718;
    struct node *sorted = 0, *stack = 0;
    for (int i = 0; i < 60; i++) {
        i32 v = (i32)(xs32(&seed) % 1000) - 500;
        sorted = insert_sorted(sorted, alloc(v));
        struct node *s = alloc(v * 2);
        s->next = stack;
        stack = s;
    }
    show("sorted", sorted);
    show("stack", stack);
    stack = reverse(stack);
    show("reversed", stack);
    stack = msort(stack);
    show("msorted", stack);
    /* delete every node whose value is divisible by 3 */
    struct node **pp = &sorted;
    int removed = 0;
    while (*pp) {
        if ((*pp)->v % 3 == 0) { struct node *d = *pp; *pp = d->next; release(d); removed++; }
        else pp = &(*pp)->next;
    }
    con_printf("removed %d\n", removed);
    show("filtered", sorted);
    /* doubly linked ring with a sentinel */
    struct node ring = { 0, &ring, &ring };
    for (int i = 1; i <= 30; i++) {
        struct node *n = alloc(i * i);
        if (!n) { con_printf("pool exhausted\n"); return 1; }
        n->prev = ring.prev; n->next = &ring;
        ring.prev->next = n; ring.prev = n;
    }
    u32 fw = 0, bw = 0;
    int cnt = 0;
    for (struct node *n = ring.next; n != &ring; n = n->next) fw = fw * 3 + (u32)n->v;
    for (struct node *n = ring.prev; n != &ring; n = n->prev) { bw = bw * 3 + (u32)n->v; cnt++; }
    con_printf("ring %d fw %08x bw %08x\n", cnt, fw, bw);
    /* unlink odd squares */
    for (struct node *n = ring.next; n != &ring;) {
        struct node *nx = n->next;
        if (n->v & 1) { n->prev->next = n->next; n->next->prev = n->prev; release(n); }
        n = nx;
    }
    cnt = 0;
    for (struct node *n = ring.next; n != &ring; n = n->next) { cnt++; con_printf(" %d", n->v); }
    con_printf("\nleft %d\n", cnt);
    int free_count = 0;
    for (struct node *n = free_list; n; n = n->next) free_count++;
    con_printf("free %d\n", free_count);
    return 0;
}
