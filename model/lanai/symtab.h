/* Function symbols of the loaded firmware, sorted by address, so reports
 * and traces can say "main+0x1c". */
#ifndef MYRISIM_LANAI_SYMTAB_H
#define MYRISIM_LANAI_SYMTAB_H

#include <stdint.h>

typedef struct lanai_sym { uint32_t addr, size; char *name; } lanai_sym;

struct lanai_symtab {
    lanai_sym *v;
    int n, cap;
};

struct lanai_symtab *lanai_symtab_new(void);
void lanai_symtab_free(struct lanai_symtab *t);
/* Add a symbol (name is copied); returns -1 on out of memory. */
int lanai_symtab_add(struct lanai_symtab *t, const char *name, uint32_t addr, uint32_t size);
/* Sort and drop duplicates; call once after adding. */
void lanai_symtab_finish(struct lanai_symtab *t);
/* Symbol containing addr, or NULL. */
const lanai_sym *lanai_symtab_find(const struct lanai_symtab *t, uint32_t addr);

#endif
