/* Sorted function-symbol table with binary search. A symbol of size 0
 * extends to the next symbol; one inside another belongs to the inner one. */
#include "symtab.h"

#include <stdlib.h>
#include <string.h>

struct lanai_symtab *lanai_symtab_new(void)
{
    return calloc(1, sizeof(struct lanai_symtab));
}

void lanai_symtab_free(struct lanai_symtab *t)
{
    if (!t) return;
    for (int i = 0; i < t->n; i++) free(t->v[i].name);
    free(t->v);
    free(t);
}

int lanai_symtab_add(struct lanai_symtab *t, const char *name, uint32_t addr, uint32_t size)
{
    if (t->n == t->cap) {
        int cap = t->cap ? t->cap * 2 : 64;
        lanai_sym *v = realloc(t->v, (size_t)cap * sizeof *v);
        if (!v) return -1;
        t->v = v;
        t->cap = cap;
    }
    char *copy = strdup(name);
    if (!copy) return -1;
    t->v[t->n++] = (lanai_sym){addr, size, copy};
    return 0;
}

/* By address; among equal addresses sized symbols first, then by name, so
 * the choice is deterministic. */
static int cmp_sym(const void *a, const void *b)
{
    const lanai_sym *x = a, *y = b;
    if (x->addr != y->addr) return x->addr < y->addr ? -1 : 1;
    if ((x->size == 0) != (y->size == 0)) return x->size ? -1 : 1;
    return strcmp(x->name, y->name);
}

void lanai_symtab_finish(struct lanai_symtab *t)
{
    if (!t || t->n == 0) return;
    qsort(t->v, (size_t)t->n, sizeof *t->v, cmp_sym);
    int o = 1;
    for (int i = 1; i < t->n; i++) {
        if (t->v[i].addr == t->v[o - 1].addr) { free(t->v[i].name); continue; }
        t->v[o++] = t->v[i];
    }
    t->n = o;
}

const lanai_sym *lanai_symtab_find(const struct lanai_symtab *t, uint32_t addr)
{
    if (!t || t->n == 0 || addr < t->v[0].addr) return NULL;
    int lo = 0, hi = t->n - 1;
    while (lo < hi) {   /* last symbol with v.addr <= addr */
        int mid = (lo + hi + 1) / 2;
        if (t->v[mid].addr <= addr) lo = mid;
        else hi = mid - 1;
    }
    const lanai_sym *s = &t->v[lo];
    if (s->size && addr - s->addr >= s->size) return NULL;
    return s;
}
