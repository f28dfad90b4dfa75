/* Chipset profiles by name. */
#include "chipset.h"

#include <string.h>

const pci_chipset *pci_chipset_get(const char *name)
{
    const pci_chipset *all[] = {&chipset_ppro200, &chipset_p3_550, &chipset_i860_ich2,
                                &chipset_i860_p64h, &chipset_440fx};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
        if (strcmp(all[i]->name, name) == 0) return all[i];
    return NULL;
}
