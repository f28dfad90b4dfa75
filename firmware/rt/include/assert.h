/* assert for firmware: a failed assertion prints
 *   FILE:LINE: FUNCTION: Assertion `EXPR' failed.
 * on the console (the format of the C library's message) and stops the core
 * with an assertion fault carrying the same text (SIMSVC_ASSERT, shown in
 * lanai-run's fault report). NDEBUG removes the checks, as in C. Not
 * include-guarded, as C requires, so NDEBUG can change between includes.
 * In a native build that shares these include paths it defers to the
 * system header. */
#ifndef __lanai__
#include_next <assert.h>
#else

#undef assert
#ifdef NDEBUG
#define assert(e) ((void)0)
#else
#define assert(e) ((e) ? (void)0 : __assert_fail(#e, __FILE__, __LINE__, __func__))
#endif

#ifndef MYRISIM_RT_ASSERT_DECL
#define MYRISIM_RT_ASSERT_DECL
void __assert_fail(const char *expr, const char *file, unsigned line, const char *func) __attribute__((noreturn));
#endif

#ifndef __cplusplus
#define static_assert _Static_assert
#endif

#endif
