/* Lookup of the per-chip profiles by name. */
#include "lanai.h"

#include <string.h>

const lanai_profile *lanai_profile_get(const char *name)
{
    if (!name) return NULL;
    if (!strcmp(name, lanai4_profile.name)) return &lanai4_profile;
    if (!strcmp(name, lanai9_profile.name)) return &lanai9_profile;
    return NULL;
}
