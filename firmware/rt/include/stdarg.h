/* <stdarg.h> for the Lanai: clang-14's own va_arg reads 64-bit, double and
 * struct arguments from the wrong place, so firmware gets this one (lanai-cc
 * puts firmware/rt/include ahead of clang's headers). In a native build that
 * shares these include paths it defers to the compiler's header.
 *
 * How clang-14 passes the arguments of a variadic call (read off
 * llvm-objdump-14 -d; docs/firmware.md "Variadic functions"):
 * - every argument, fixed and variadic, goes to consecutive 4-byte stack
 *   slots from the callee's fp upwards, 8-byte values unaligned (clang's
 *   va_arg rounds its pointer up to 8 first: wrong half the time);
 * - clang's front end still counts 4 "argument registers": an argument of w
 *   words takes w of them if w are left, otherwise none are left from then
 *   on. A struct or union that got registers is stored by value (w slots);
 *   one that did not is copied by the caller and passed as a pointer (one
 *   slot). clang's va_arg always expects the pointer.
 * This va_arg replays that count, so it reads every type from where the
 * caller put it. Limit: a struct among the FIXED arguments that did not fit
 * in the registers is not accounted for (va_start assumes fixed arguments
 * used their slots' worth of registers). */
#ifndef __lanai__
#include_next <stdarg.h>
#else
#ifndef MYRISIM_INCLUDE_STDARG_H
#define MYRISIM_INCLUDE_STDARG_H

typedef struct {
    char *__p;   /* next slot */
    int __free;  /* argument registers the caller's front end had left */
} va_list;

/* Address of the next argument of `words` words (agg: struct/union/complex). */
static __inline__ char *__va_next(va_list *__ap, unsigned __words, int __agg)
{
    char *__slot = __ap->__p;
    if (__words <= (unsigned)__ap->__free) {
        __ap->__free -= (int)__words;
        __ap->__p += __words * 4u;
        return __slot;
    }
    __ap->__free = 0;
    if (__agg) {
        __ap->__p += 4;
        return *(char **)__slot;
    }
    __ap->__p += __words * 4u;
    return __slot;
}

/* The fixed arguments fill the slots from fp up to the first variadic one. */
#define va_start(ap, last)                                                              \
    do {                                                                                \
        __builtin_va_list __va_s;                                                       \
        __builtin_va_start(__va_s, last);                                               \
        (ap).__p = (char *)__va_s;                                                      \
        int __va_w = (int)(((char *)__va_s - (char *)__builtin_frame_address(0)) / 4);  \
        (ap).__free = __va_w < 4 ? 4 - __va_w : 0;                                      \
        __builtin_va_end(__va_s);                                                       \
    } while (0)
#define va_end(ap) ((void)(ap))
#define va_copy(dst, src) ((void)((dst) = (src)))
#define __va_copy(dst, src) va_copy(dst, src)

/* __builtin_classify_type: 9 complex, 12 struct, 13 union. */
#define __va_agg(T) (__builtin_classify_type(*(T *)0) == 9 || __builtin_classify_type(*(T *)0) >= 12)
/* Slots are only 4-aligned: read through a 4-aligned wrapper. */
#define va_arg(ap, T)                                                                   \
    (((struct __attribute__((packed, aligned(4))) { T __v; } *)                         \
      __va_next(&(ap), (unsigned)((sizeof(T) + 3u) / 4u), __va_agg(T)))->__v)

#endif
#endif
