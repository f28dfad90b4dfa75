/* strlen: the one string function the runtime itself needs (console). */
#include <string.h>

size_t strlen(const char *s)
{
    const char *p = s;
    while (*p) p++;
    return (size_t)(p - s);
}
