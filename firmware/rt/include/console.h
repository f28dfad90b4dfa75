/* Console output for firmware. On the simulated LANai it writes to the
 * simulator-services window; the conformance suite also builds the same
 * programs natively, where a shim maps it to stdio. */
#ifndef MYRISIM_INCLUDE_CONSOLE_H
#define MYRISIM_INCLUDE_CONSOLE_H

void con_putc(int c);
void con_puts(const char *s);   /* no newline added */
/* printf subset: %d %i %u %x %X %o %c %s %p %%, flags '-' '0' '+' ' ', width,
 * precision for %s, length modifiers l, ll, h, hh, z. Returns chars written. */
int con_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
