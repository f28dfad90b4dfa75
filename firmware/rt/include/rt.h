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

/* Soft-float helpers (fp_abi_*.c over the core in fp.h): IEEE 754 round to
 * nearest even; float-to-integer conversions saturate, NaN -> 0. */
float __addsf3(float a, float b);
float __subsf3(float a, float b);
float __mulsf3(float a, float b);
float __divsf3(float a, float b);
double __adddf3(double a, double b);
double __subdf3(double a, double b);
double __muldf3(double a, double b);
double __divdf3(double a, double b);
int __eqsf2(float a, float b);
int __nesf2(float a, float b);
int __ltsf2(float a, float b);
int __lesf2(float a, float b);
int __gtsf2(float a, float b);
int __gesf2(float a, float b);
int __unordsf2(float a, float b);
int __eqdf2(double a, double b);
int __nedf2(double a, double b);
int __ltdf2(double a, double b);
int __ledf2(double a, double b);
int __gtdf2(double a, double b);
int __gedf2(double a, double b);
int __unorddf2(double a, double b);
float __floatsisf(int v);
float __floatunsisf(unsigned v);
float __floatdisf(long long v);
float __floatundisf(unsigned long long v);
double __floatsidf(int v);
double __floatunsidf(unsigned v);
double __floatdidf(long long v);
double __floatundidf(unsigned long long v);
int __fixsfsi(float a);
unsigned __fixunssfsi(float a);
long long __fixsfdi(float a);
unsigned long long __fixunssfdi(float a);
int __fixdfsi(double a);
unsigned __fixunsdfsi(double a);
long long __fixdfdi(double a);
unsigned long long __fixunsdfdi(double a);
double __extendsfdf2(float a);
float __truncdfsf2(double a);

/* Reports "abort" through the simulator's assert path (SIMSVC_ASSERT); if
 * the core keeps running, exits with code 134 and parks. */
void abort(void) __attribute__((noreturn));

#endif
