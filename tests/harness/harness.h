/* myrisim test harness: TEST(suite, name) registers a test at load time;
 * ASSERT_* report file:line and both values, then abort the current test. */
#ifndef MYRISIM_HARNESS_H
#define MYRISIM_HARNESS_H

#include <stddef.h>
#include <stdint.h>

typedef void (*test_fn)(void);

void harness_register(const char *suite, const char *name, test_fn fn);
/* Record a failure and leave the current test (longjmp back to the runner). */
_Noreturn void harness_fail(const char *file, int line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Print a note under the current test's result line (shown with -v or on failure). */
void harness_note(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Directory of the repository root, for tests that read fixtures or run tools. */
const char *harness_root(void);
/* A whole file as a NUL-terminated string (malloc'ed), NULL if unreadable. */
char *harness_read_file(const char *path);

#define TEST(suite, name)                                                    \
    static void test_##suite##_##name(void);                                 \
    __attribute__((constructor)) static void reg_##suite##_##name(void) {    \
        harness_register(#suite, #name, test_##suite##_##name);              \
    }                                                                        \
    static void test_##suite##_##name(void)

#define ASSERT_TRUE(c)                                                       \
    do { if (!(c)) harness_fail(__FILE__, __LINE__, "expected true: %s", #c); } while (0)

#define ASSERT_EQ(a, b)                                                      \
    do {                                                                     \
        long long va_ = (long long)(a), vb_ = (long long)(b);                \
        if (va_ != vb_)                                                      \
            harness_fail(__FILE__, __LINE__, "%s == %s: %lld (0x%llx) != %lld (0x%llx)", \
                         #a, #b, va_, (unsigned long long)va_, vb_, (unsigned long long)vb_); \
    } while (0)

#define ASSERT_NE(a, b)                                                      \
    do {                                                                     \
        long long va_ = (long long)(a), vb_ = (long long)(b);                \
        if (va_ == vb_)                                                      \
            harness_fail(__FILE__, __LINE__, "%s != %s: both %lld (0x%llx)",  \
                         #a, #b, va_, (unsigned long long)va_);              \
    } while (0)

void harness_str_eq(const char *file, int line, const char *ea, const char *eb,
                    const char *a, const char *b);
void harness_mem_eq(const char *file, int line, const char *ea, const char *eb,
                    const void *a, const void *b, size_t n);

#define ASSERT_STR_EQ(a, b) harness_str_eq(__FILE__, __LINE__, #a, #b, (a), (b))
#define ASSERT_MEM_EQ(a, b, n) harness_mem_eq(__FILE__, __LINE__, #a, #b, (a), (b), (n))

#endif
