/* A host program that reads a parameter it does not declare fails (the
 * scenario check trusts the declaration, so an undeclared read would let a
 * typo through as a silent default); one that reads only what it declares
 * runs. The programs here never touch the platform. */
#include "../harness/harness.h"
#include "../../hostlib/apps/happ.h"

#include <string.h>

static const char *given(void *ctx, const char *name)
{
    (void)ctx;
    return !strcmp(name, "A") ? "7" : NULL;
}

static int reads_a_and_b(platform *p, happ_env *e)
{
    (void)p;
    long long a, b;
    if (happ_int(e, "A", 0, &a) || happ_int(e, "B", 3, &b)) return -1;
    happ_measure(e, "sum", (double)(a + b));
    return 0;
}

TEST(happ_params, reading_an_undeclared_parameter_fails_the_program)
{
    const happ honest = {"honest", "reads A and B", (const char *const[]){"A", "B", NULL}, reads_a_and_b, NULL};
    const happ sloppy = {"sloppy", "reads B without declaring it", (const char *const[]){"A", NULL}, reads_a_and_b, NULL};
    happ_call c = {&honest, {.param = given}, 0};
    ASSERT_EQ(happ_call_main(NULL, &c), 0);
    ASSERT_STR_EQ(c.env.err, "");
    c = (happ_call){&sloppy, {.param = given}, 0};
    ASSERT_EQ(happ_call_main(NULL, &c), -1);
    harness_note("%s", c.env.err);
    ASSERT_TRUE(strstr(c.env.err, "program sloppy reads parameter B, which it does not declare") != NULL);
    char list[64];
    ASSERT_STR_EQ(happ_param_list(&honest, list, sizeof list), "A, B");
    ASSERT_TRUE(happ_declares(&honest, "B") && !happ_declares(&sloppy, "B"));
}
