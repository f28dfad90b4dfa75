/* Console output through the simulator-services putchar register. Kept apart
 * from console.c so a native build can pair console.c with its own con_putc. */
#include "console.h"
#include "sim.h"

void con_putc(int c)
{
    sim_putchar(c);
}

void con_puts(const char *s)
{
    while (*s) sim_putchar(*s++);
}
