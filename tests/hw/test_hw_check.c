/* build/hw-check: the shipped circuits fit the circuit interface; a port of
 * the wrong width and a body Verilator refuses are reported with file and
 * line, exit status 2. */
#include "../harness/harness.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

static int check(const char *args, char *out, size_t n)
{
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "cd '%s' && build/hw-check %s 2>&1", harness_root(), args);
    FILE *p = popen(cmd, "r");
    size_t got = p ? fread(out, 1, n - 1, p) : 0;
    out[got] = 0;
    int st = p ? pclose(p) : -1;
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

TEST(hw_check, shipped_circuits_fit)
{
    char o[4096];
    ASSERT_EQ(check("hw/circuits/circ_md5.v circ_md5", o, sizeof o), 0);
    ASSERT_EQ(check("hw/circuits/wrap_bswap.v wrap_bswap hw/circuits/ext_bswap_core.v", o, sizeof o), 0);
    ASSERT_TRUE(strstr(o, "fits the circuit interface") != NULL);
}

TEST(hw_check, wrong_width_names_file_line_and_port)
{
    char o[4096];
    ASSERT_EQ(check("tests/hw/fixtures/bad_width.v bad_width", o, sizeof o), 2);
    harness_note("%s", o);
    ASSERT_TRUE(strstr(o, "tests/hw/fixtures/bad_width.v:12: port 'c_data' is 16 bits wide; the interface needs 32") != NULL);
}

TEST(hw_check, a_body_verilator_refuses_is_reported_with_its_line)
{
    char o[8192];
    ASSERT_EQ(check("tests/hw/fixtures/no_build.v no_build", o, sizeof o), 2);
    harness_note("%s", o);
    ASSERT_TRUE(strstr(o, "no_build.v:14") != NULL);
    ASSERT_TRUE(strstr(o, "Verilator does not accept module 'no_build'") != NULL);
}

TEST(hw_check, missing_module_and_missing_ports)
{
    char o[4096];
    ASSERT_EQ(check("hw/circuits/circ_pass.v nothing_here", o, sizeof o), 2);
    ASSERT_TRUE(strstr(o, "no module 'nothing_here'") != NULL);
    ASSERT_EQ(check("hw/circuits/ext_bswap_core.v ext_bswap_core", o, sizeof o), 2);
    ASSERT_TRUE(strstr(o, "lacks port 'job_done'") != NULL);
}
