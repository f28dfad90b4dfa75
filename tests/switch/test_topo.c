/* Topology builders, the explicit list parser and validation errors. */
#include "../harness/harness.h"
#include "../../model/switch/route.h"
#include "../../model/switch/topo.h"

#include <stdio.h>
#include <string.h>

static int cables_at(const topo *t, int node, unsigned port)
{
    int n = 0;
    for (int c = 0; c < t->ncable; c++)
        n += (t->cable[c].a == node && t->cable[c].pa == port) +
             (t->cable[c].b == node && t->cable[c].pb == port);
    return n;
}

TEST(switch_topo, builders_make_the_documented_shapes)
{
    char err[256];
    topo_opts o;
    topo_opts_default(&o);
    topo t;

    topo_init(&t);
    ASSERT_EQ(topo_build_ring(&t, 5, 2, &o, err, sizeof err), 0);
    ASSERT_EQ(topo_validate(&t, err, sizeof err), 0);
    ASSERT_EQ(topo_switch_count(&t), 5);
    ASSERT_EQ(topo_ni_count(&t), 10);
    ASSERT_EQ(t.ncable, 10 + 5);
    for (int s = 0; s < 5; s++) {                         /* east 2 and west 3 used once */
        char name[8];
        snprintf(name, sizeof name, "sw%d", s);
        int sw = topo_find(&t, name);
        ASSERT_TRUE(sw >= 0);
        ASSERT_EQ(cables_at(&t, sw, 2), 1);
        ASSERT_EQ(cables_at(&t, sw, 3), 1);
    }
    topo_free(&t);

    topo_init(&t);
    ASSERT_EQ(topo_build_grid(&t, 4, 3, 1, &o, err, sizeof err), 0);
    ASSERT_EQ(topo_validate(&t, err, sizeof err), 0);
    ASSERT_EQ(topo_switch_count(&t), 12);
    ASSERT_EQ(t.ncable, 12 + 3 * 3 + 4 * 2);              /* NIs + horizontal + vertical */
    topo_free(&t);

    topo_init(&t);
    ASSERT_EQ(topo_build_tree(&t, 3, 3, 2, &o, err, sizeof err), 0);
    ASSERT_EQ(topo_validate(&t, err, sizeof err), 0);
    ASSERT_EQ(topo_switch_count(&t), 1 + 3 + 9);
    ASSERT_EQ(topo_ni_count(&t), 18);
    ASSERT_EQ(t.ncable, 3 + 9 + 18);
    topo_free(&t);

    topo_init(&t);
    ASSERT_EQ(topo_build_line(&t, 4, 3, &o, err, sizeof err), 0);
    ASSERT_EQ(topo_validate(&t, err, sizeof err), 0);
    ASSERT_EQ(t.ncable, 12 + 3);
    topo_free(&t);

    /* shapes that do not fit the switches are refused */
    topo_init(&t);
    o.ports = 8;
    ASSERT_EQ(topo_build_grid(&t, 2, 2, 5, &o, err, sizeof err), -1);
    ASSERT_TRUE(strstr(err, "needs 9 ports") != NULL);
    ASSERT_EQ(topo_build_ring(&t, 2, 1, &o, err, sizeof err), -1);
    o.ports = 12;
    ASSERT_EQ(topo_build_switch(&t, 4, &o, err, sizeof err), -1);
    ASSERT_TRUE(strstr(err, "12 ports") != NULL);
    topo_free(&t);
}

static void expect_invalid(topo *t, const char *needle)
{
    char err[256];
    ASSERT_EQ(topo_validate(t, err, sizeof err), -1);
    harness_note("%s", err);
    if (!strstr(err, needle)) harness_fail(__FILE__, __LINE__, "'%s' does not mention '%s'", err, needle);
}

TEST(switch_topo, validation_names_the_problem)
{
    topo t;
    topo_init(&t);
    int s = topo_add_switch(&t, "swA", 8), a = topo_add_ni(&t, "nA"), b = topo_add_ni(&t, "nB");
    topo_connect(&t, a, 0, s, 3, LK_SAN1280, 1);
    topo_connect(&t, b, 0, s, 3, LK_SAN1280, 1);
    expect_invalid(&t, "port swA:3 used twice");
    t.cable[1].pb = 8;
    expect_invalid(&t, "port 8 out of range on swA");
    t.cable[1].pb = 4;
    t.cable[1].pa = 1;
    expect_invalid(&t, "port 1 out of range on nB");
    t.cable[1].pa = 0;
    char err[256];
    ASSERT_EQ(topo_validate(&t, err, sizeof err), 0);
    topo_add_ni(&t, "nC");
    expect_invalid(&t, "NI nC is not connected");
    topo_connect(&t, 3, 0, s, 5, LK_SAN1280, 1);
    topo_connect(&t, s, 6, s, 7, LK_SAN1280, 1);
    expect_invalid(&t, "connects swA to itself");
    t.ncable--;
    topo_add_switch(&t, "swA", 16);
    expect_invalid(&t, "two nodes are named swA");
    t.nnode--;
    topo_add_switch(&t, "swB", 10);
    expect_invalid(&t, "swB has 10 ports");
    topo_free(&t);
}

TEST(switch_topo, parse_explicit_list)
{
    const char *text =
        "# two switches, three NIs\n"
        "switch left 8\n"
        "switch right 16\n"
        "ni h0\n"
        "ni h1\n"
        "ni h2\n"
        "cable h0:0 left:0\n"
        "cable h1:0 right:2 myrinet-2000 3.5\n"
        "cable h2:0 right:7 1\n"
        "cable left:4 right:0   # the trunk\n"
        "cable left:5 right:1 san-1280\n";
    topo t;
    char err[256];
    topo_init(&t);
    ASSERT_EQ(topo_parse(&t, text, "net.topo", err, sizeof err), 0);
    ASSERT_EQ(t.nnode, 5);
    ASSERT_EQ(t.ncable, 5);
    ASSERT_EQ(t.cable[1].kind, LK_M2000);
    ASSERT_TRUE(t.cable[1].length_m == 3.5);
    ASSERT_TRUE(t.cable[2].length_m == 1.0);
    ASSERT_EQ(t.cable[3].pa, 4);
    ASSERT_EQ(topo_ni_index(&t, topo_find(&t, "h2")), 2);
    topo_free(&t);
}

static void expect_parse_error(const char *text, const char *needle)
{
    topo t;
    char err[256];
    topo_init(&t);
    ASSERT_EQ(topo_parse(&t, text, "bad.topo", err, sizeof err), -1);
    harness_note("%s", err);
    if (!strstr(err, needle)) harness_fail(__FILE__, __LINE__, "'%s' does not mention '%s'", err, needle);
    topo_free(&t);
}

TEST(switch_topo, parse_errors_name_file_and_line)
{
    expect_parse_error("switch s 8\nrouter r 8\n", "bad.topo:2: unknown keyword 'router'");
    expect_parse_error("switch s 9\n", "bad.topo:1: switch s has 9 ports");
    expect_parse_error("switch s 8\nni a\ncable a:0 t:1\n", "bad.topo:3: 't:1' is not NODE:PORT");
    expect_parse_error("switch s 8\nni a\nni b\ncable a:0 s:1\ncable b:0 s:1\n",
                       "bad.topo:5: port s:1 used twice");
    expect_parse_error("switch s 8\nni a\ncable a:0 s:8\n", "bad.topo:3: cable 0: port 8 out of range on s");
    expect_parse_error("switch s 8\nni a\ncable a:0 s:1 copper\n", "bad.topo:3: 'copper' is neither");
    expect_parse_error("switch s 8\nni a\nni b\ncable a:0 s:1\n", "bad.topo: NI b is not connected");
    expect_parse_error("switch s 8\nswitch s 8\n", "bad.topo:2: s defined twice");
    expect_parse_error("ni\n", "bad.topo:1: expected 'ni NAME'");
}

/* Every NI reaches every other by an up-down route. */
static void all_pairs_routed(const topo *t)
{
    char err[256];
    route_set rs;
    ASSERT_EQ(route_compute(t, ROUTE_UPDOWN, &rs, err, sizeof err), 0);
    int n = topo_ni_count(t);
    for (int a = 0; a < n; a++)
        for (int b = 0; b < n; b++)
            if (a != b && route_get(&rs, a, b)->len == ROUTE_NONE)
                harness_fail(__FILE__, __LINE__, "no route ni%d -> ni%d", a, b);
    route_free(&rs);
}

TEST(switch_topo, grid3d_das_and_clos)
{
    char err[256];
    topo_opts o;
    topo_opts_default(&o);
    topo t;

    /* 3 x 2 x 2 with 2 NIs: ports 0-1 NIs, x plus 2 / minus 3, y 4, z 5 */
    const int d[3] = {3, 2, 2};
    topo_init(&t);
    ASSERT_EQ(topo_build_grid3d(&t, d, 2, &o, err, sizeof err), 0);
    ASSERT_EQ(topo_validate(&t, err, sizeof err), 0);
    ASSERT_EQ(topo_switch_count(&t), 12);
    ASSERT_EQ(topo_ni_count(&t), 24);
    /* links: x 2 per row of 3 (4 rows), y 1 per pair (6), z 1 per pair (6) */
    ASSERT_EQ(t.ncable, 24 + 8 + 6 + 6);
    int sw1 = topo_find(&t, "sw1");                       /* (1,0,0): x plus and minus, y, z */
    ASSERT_EQ(cables_at(&t, sw1, 2) + cables_at(&t, sw1, 3) + cables_at(&t, sw1, 4) + cables_at(&t, sw1, 5), 4);
    all_pairs_routed(&t);
    topo_free(&t);

    /* DAS: 32 eight-port switches, 4 nodes each, every port of an inner switch used */
    topo_init(&t);
    ASSERT_EQ(topo_build_das(&t, &o, err, sizeof err), 0);
    ASSERT_EQ(topo_validate(&t, err, sizeof err), 0);
    ASSERT_EQ(topo_switch_count(&t), 32);
    ASSERT_EQ(topo_ni_count(&t), 128);
    ASSERT_EQ(t.ncable, 128 + 16 + 16 + 28);              /* x and y: 16 pairs each; z: 4 lines of 7 */
    int inner = topo_find(&t, "sw12");                    /* (0,0,3) */
    for (unsigned p = 0; p < 8; p++)
        ASSERT_EQ(cables_at(&t, inner, p), 1);
    all_pairs_routed(&t);
    topo_free(&t);

    /* leaf/spine: 4 leaves x 3 spines, 5 NIs per leaf */
    topo_init(&t);
    ASSERT_EQ(topo_build_clos(&t, 4, 3, 5, &o, err, sizeof err), 0);
    ASSERT_EQ(topo_validate(&t, err, sizeof err), 0);
    ASSERT_EQ(topo_switch_count(&t), 7);
    ASSERT_EQ(topo_ni_count(&t), 20);
    ASSERT_EQ(t.ncable, 20 + 12);
    all_pairs_routed(&t);
    topo_free(&t);

    /* what does not fit is refused, naming the need */
    topo_init(&t);
    const int big[3] = {4, 4, 2};
    o.ports = 8;
    ASSERT_EQ(topo_build_grid3d(&t, big, 4, &o, err, sizeof err), -1);
    ASSERT_TRUE(strstr(err, "needs 9 ports") != NULL);
    ASSERT_EQ(topo_build_clos(&t, 9, 2, 2, &o, err, sizeof err), -1);
    ASSERT_TRUE(strstr(err, "spine") != NULL);
    const int zero[3] = {0, 1, 1};
    ASSERT_EQ(topo_build_grid3d(&t, zero, 1, &o, err, sizeof err), -1);
    topo_free(&t);
}
