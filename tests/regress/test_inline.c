/* Our DWARF reader (sim/regress/inline.h) on the GRIM image and its debug
 * twins: inlined helpers are found, and twins that do not match the image
 * are refused. */
#include "../harness/harness.h"
#include "../../sim/regress/inline.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

TEST(regress_inline, grim_image_names_its_inlined_helpers)
{
    char elf[1024], err[600];
    snprintf(elf, sizeof elf, "%s/build/fw/grim/grim.l9.elf", harness_root());
    inl_map m;
    ASSERT_EQ(inline_map_load(elf, &m, err, sizeof err), 0);
    ASSERT_TRUE(m.used >= 8);                 /* every GRIM object with code */
    ASSERT_EQ(m.used, m.objects);
    int found = 0;
    for (int i = 0; i < m.n; i++)
        if (!strcmp(m.r[i].name, "start_packet"))   /* some of its range is its own (the rest: deeper helpers) */
            for (uint32_t pc = m.r[i].lo; pc < m.r[i].hi; pc += 4) found |= !strcmp(inline_at(&m, pc), "start_packet");
    ASSERT_TRUE(found);
    ASSERT_TRUE(inline_at(&m, 0) == NULL);    /* crt0: no inlined code */
    inline_map_free(&m);
}

TEST(regress_inline, twins_of_other_code_are_refused)
{
    /* send.c's twin replaced by recv.c's: that one is refused, the rest used */
    char dir[1024], cmd[8192], elf[1200], err[600];
    const char *r = harness_root();
    snprintf(dir, sizeof dir, "%s/build/tests/regress_inline", r);
    snprintf(cmd, sizeof cmd,
             "rm -rf '%s' && mkdir -p '%s' && cp '%s/build/fw/grim/grim.l9.elf' '%s/build/fw/grim/grim.l9.map' '%s/' && "
             "cp -r '%s/build/fw/grim/grim.l9.dbg' '%s/' && cp '%s/grim.l9.dbg/recv.o' '%s/grim.l9.dbg/send.o'",
             dir, dir, r, r, dir, r, dir, dir, dir);
    ASSERT_EQ(system(cmd), 0);
    snprintf(elf, sizeof elf, "%s/grim.l9.elf", dir);
    inl_map m;
    ASSERT_EQ(inline_map_load(elf, &m, err, sizeof err), 0);
    ASSERT_EQ(m.used, m.objects - 1);
    for (int i = 0; i < m.n; i++) ASSERT_TRUE(strcmp(m.r[i].name, "start_packet") != 0);   /* send.c's helper */
    inline_map_free(&m);
    /* no twin at all, no map */
    snprintf(cmd, sizeof cmd, "rm -rf '%s/grim.l9.dbg'", dir);
    ASSERT_EQ(system(cmd), 0);
    ASSERT_EQ(inline_map_load(elf, &m, err, sizeof err), -1);
    ASSERT_TRUE(strstr(err, "no debug twin matches the image") != NULL);
    snprintf(cmd, sizeof cmd, "rm -f '%s/grim.l9.map'", dir);
    ASSERT_EQ(system(cmd), 0);
    ASSERT_EQ(inline_map_load(elf, &m, err, sizeof err), -1);
    ASSERT_TRUE(strstr(err, "no link map") != NULL);
}
