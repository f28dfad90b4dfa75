/* Host profiles by name. */
#include "host_profile.h"

#include <string.h>

const host_profile *host_profile_get(const char *name)
{
    const host_profile *all[] = {&host_ppro200, &host_p3_550, &host_p4_1700, &host_das_ppro200};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
        if (strcmp(all[i]->name, name) == 0) return all[i];
    return NULL;
}
