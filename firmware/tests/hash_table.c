/* An open-addressing hash table (linear probing, tombstones) and a chained
 * one on a static node pool: inserts, lookups, deletes, reinserts, with the
 * contents checked against a plain array model. */
#include "conf.h"

#define CAP 256
#define KEYS 180

struct slot { u32 key; i32 val; unsigned char state; }; /* 0 empty, 1 used, 2 deleted */
static struct slot tab[CAP];

static u32 hash(u32 k) { k ^= k >> 16; k *= 0x45D9F3Bu; k ^= k >> 16; return k; }

static int oa_find(u32 key)
{
    u32 i = hash(key) & (CAP - 1);
    for (int n = 0; n < CAP; n++, i = (i + 1) & (CAP - 1)) {
        if (tab[i].state == 0) return -1;
        if (tab[i].state == 1 && tab[i].key == key) return (int)i;
    }
    return -1;
}

static int oa_put(u32 key, i32 val)
{
    int f = oa_find(key);
    if (f >= 0) { tab[f].val = val; return 0; }
    u32 i = hash(key) & (CAP - 1);
    while (tab[i].state == 1) i = (i + 1) & (CAP - 1);
    tab[i].key = key; tab[i].val = val; tab[i].state = 1;
    return 1;
}

static int oa_del(u32 key)
{
    int f = oa_find(key);
    if (f < 0) return 0;
    tab[f].state = 2;
    return 1;
}

/* chained table over a node pool */
struct node { u32 key; i32 val; int next; };
static struct node pool[KEYS];
static int heads[64], npool;

static void ch_put(u32 key, i32 val)
{
    int *pp = &heads[hash(key) & 63];
    for (int n = *pp; n >= 0; n = pool[n].next)
        if (pool[n].key == key) { pool[n].val = val; return; }
    pool[npool] = (struct node){ key, val, *pp };
    *pp = npool++;
}

static int ch_get(u32 key, i32 *val)
{
    for (int n = heads[hash(key) & 63]; n >= 0; n = pool[n].next)
        if (pool[n].key == key) { *val = pool[n].val; return 1; }
    return 0;
}

static u32 keys[KEYS];
static i32 vals[KEYS];
static unsigned char live[KEYS];

int main(void)
{
    for (int i = 0; i < 64; i++) heads[i] = -1;
    u32 seed = 0xAB5;
    for (int i = 0; i < KEYS; i++) {
        keys[i] = xs32(&seed) % 5000;
        for (int j = 0; j < i; j++)
            if (keys[j] == keys[i]) { keys[i] += 5000; j = -1; } /* keep keys distinct */
        vals[i] = (i32)(xs32(&seed) % 100000) - 50000;
    }
    int inserted = 0;
    for (int i = 0; i < KEYS; i++) { inserted += oa_put(keys[i], vals[i]); live[i] = 1; ch_put(keys[i], vals[i]); }
    con_printf("inserted %d\n", inserted);
    int deleted = 0;
    for (int i = 0; i < KEYS; i += 3) { deleted += oa_del(keys[i]); live[i] = 0; }
    con_printf("deleted %d again %d\n", deleted, oa_del(keys[0]));
    for (int i = 0; i < KEYS; i += 6) { oa_put(keys[i], -vals[i]); live[i] = 2; }
    int bad = 0;
    u32 h = 0;
    for (int i = 0; i < KEYS; i++) {
        int f = oa_find(keys[i]);
        i32 expect = live[i] == 2 ? -vals[i] : vals[i];
        if ((f >= 0) != (live[i] != 0)) bad++;
        if (f >= 0 && tab[f].val != expect) bad++;
        i32 cv;
        if (!ch_get(keys[i], &cv) || cv != vals[i]) bad++;
        h = h * 31 + (u32)(f >= 0 ? tab[f].val : 7);
        if (i % 15 == 0) con_printf("key %5u slot %4d val %6d\n", keys[i], f, f >= 0 ? tab[f].val : 0);
    }
    int misses = 0;
    for (u32 k = 10000; k < 10100; k++) misses += oa_find(k) < 0;
    int used = 0, tomb = 0;
    for (int i = 0; i < CAP; i++) { used += tab[i].state == 1; tomb += tab[i].state == 2; }
    int longest = 0;
    for (int b = 0; b < 64; b++) {
        int len = 0;
        for (int n = heads[b]; n >= 0; n = pool[n].next) len++;
        if (len > longest) longest = len;
    }
    con_printf("hash %08x misses %d used %d tombs %d longest chain %d bad %d\n", h, misses, used, tomb, longest, bad);
    return bad != 0;
}
