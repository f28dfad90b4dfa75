/* The firmware runtime (firmware/rt): the helper routines clang-14 calls for
 * operations the Lanai has no instruction for, plus abort. Firmware rarely
 * calls these by name; they are declared here for tests and for clarity.
 * Division by zero never traps (the Lanai has no trap): like RISC-V,
 * x / 0 gives all ones (-1 signed) and x % 0 gives x. INT_MIN / -1 gives
 * INT_MIN and INT_MIN % -1 gives 0 (wrap-around, no trap). */
#ifndef MYRISIM_INCLUDE_RT_H
#define MYRISIM_INCLUDE_RT_H

int __mulsi3(int a, int b);
int __divsi3(int a, int b);
int __modsi3(int a, int b);
unsigned int __udivsi3(unsigned int a, unsigned int b);
unsigned int __umodsi3(unsigned int a, unsigned int b);
/* quotient, and the remainder in *rem: one division for both */
unsigned int __udivmodsi4(unsigned int a, unsigned int b, unsigned int *rem);

long long __muldi3(long long a, long long b);
long long __divdi3(long long a, long long b);
long long __moddi3(long long a, long long b);
unsigned long long __udivdi3(unsigned long long a, unsigned long long b);
unsigned long long __umoddi3(unsigned long long a, unsigned long long b);
unsigned long long __udivmoddi4(unsigned long long a, unsigned long long b, unsigned long long *rem);
long long __ashrdi3(long long a, int n);    /* n in 0..63 */
long long __ashldi3(long long a, int n);
long long __lshrdi3(long long a, int n);

/* Reports "abort" through the simulator's assert path (SIMSVC_ASSERT); if
 * the core keeps running, exits with code 134 and parks. */
void abort(void) __attribute__((noreturn));

#endif
