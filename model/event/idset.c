/* idset.h: open addressing, linear probing, backward-shift deletion. */
#include "idset.h"

#include <stdio.h>
#include <stdlib.h>

static uint32_t slot_of(const idset *s, uint64_t id)
{
    return (uint32_t)((id * 0x9E3779B97F4A7C15ull) >> 32) & (s->cap - 1);
}

void idset_free(idset *s)
{
    free(s->key);
    free(s->val);
    *s = (idset){0};
}

static void grow(idset *s)
{
    idset t = {0};
    t.cap = s->cap ? s->cap * 2 : 1024;
    t.key = calloc(t.cap, sizeof *t.key);
    t.val = calloc(t.cap, sizeof *t.val);
    if (!t.key || !t.val) {
        fprintf(stderr, "myrisim: out of memory in the event queue\n");
        exit(3);
    }
    for (uint32_t i = 0; i < s->cap; i++)
        if (s->key[i]) idset_put(&t, s->key[i], s->val[i]);
    idset_free(s);
    *s = t;
}

void idset_put(idset *s, uint64_t id, uint8_t v)
{
    if (2 * (s->n + 1) > s->cap) grow(s);
    uint32_t i = slot_of(s, id);
    while (s->key[i] && s->key[i] != id) i = (i + 1) & (s->cap - 1);
    if (!s->key[i]) {
        s->key[i] = id;
        s->n++;
    }
    s->val[i] = v;
}

uint8_t idset_get(const idset *s, uint64_t id)
{
    if (!s->cap) return 0;
    for (uint32_t i = slot_of(s, id); s->key[i]; i = (i + 1) & (s->cap - 1))
        if (s->key[i] == id) return s->val[i];
    return 0;
}

void idset_del(idset *s, uint64_t id)
{
    if (!s->cap) return;
    uint32_t m = s->cap - 1, i = slot_of(s, id);
    while (s->key[i] != id) {
        if (!s->key[i]) return;
        i = (i + 1) & m;
    }
    /* shift later members of the probe run back into the hole */
    for (uint32_t j = (i + 1) & m; s->key[j]; j = (j + 1) & m) {
        uint32_t h = slot_of(s, s->key[j]);
        /* j's entry may move to i if its home h is not in (i, j] cyclically */
        if (((j - h) & m) >= ((j - i) & m)) {
            s->key[i] = s->key[j];
            s->val[i] = s->val[j];
            i = j;
        }
    }
    s->key[i] = 0;
    s->val[i] = 0;
    s->n--;
}
