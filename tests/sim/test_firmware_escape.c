/* Firmware that leaves SRAM or never stops (tests/sim/fixtures/escape.c):
 * each run is stopped and reported with its PC and the function's symbol;
 * the simulator survives and finishes the other runs (exit status 1, the
 * CSV has every point). Self-modifying code still runs (MODE 5). */
#include "../harness/harness.h"
#include "sim_util.h"

#include <stdio.h>
#include <string.h>

static const char *expect[][2] = {
    {"MODE=1:\n", "last jump:   0x"},
    {"MODE=2:\n", "read_out+0x"},
    {"MODE=3:\n", "write_out+0x"},
    {"MODE=4:\n", "stopped at pc 0x"},
};

TEST(sim_escape, firmware_outside_sram_or_spinning_is_stopped_with_pc_and_symbol)
{
    const char *dir = sim_scratch("escape");
    char cfg[1200], out[1200];
    snprintf(cfg, sizeof cfg, "%s/escape.cfg", dir);
    snprintf(out, sizeof out, "%s/out", dir);
    sim_write(cfg, "name = \"escape\";\ntitle = \"Firmware that escapes\";\n"
                   "cluster = { ni = \"lanai4\"; };\n"
                   "experiment = { kind = \"firmware\"; firmware = \"tests/sim/fixtures/escape.c\"; "
                   "max_cycles = 200000; };\n"
                   "sweep = { param = \"experiment.params.MODE\"; values = [1, 2, 3, 4, 5]; };\n"
                   "series = ( { name = \"LANai 4\"; } );\n"
                   "measurements = [ \"cycles\" ];\n");
    int st = sim_cli("run '%s' --out '%s' --jobs 2", cfg, out);
    const char *err = sim_stderr();
    harness_note("stderr: %s", err);
    ASSERT_EQ(st, 1);
    for (int i = 0; i < 4; i++) {
        const char *at = strstr(err, expect[i][0]);
        ASSERT_TRUE(at != NULL);
        const char *next = strstr(at + 1, "run failed:");
        const char *sym = strstr(at, expect[i][1]);
        ASSERT_TRUE(sym != NULL && (!next || sym < next));
    }
    /* the spinning run names its loop */
    ASSERT_TRUE(strstr(err, "stopped at pc 0x") && strstr(strstr(err, "stopped at pc 0x"), "(spin_forever+0x"));
    /* the jump out of SRAM is traced back to the function that made it */
    ASSERT_TRUE(strstr(err, "last jump:   0x") && strstr(strstr(err, "last jump:   0x"), "jump_out+0x"));
    /* outside-SRAM faults give the pc line */
    ASSERT_TRUE(strstr(err, "  pc:          0x") != NULL);
    /* MODE 5 (self-modifying code) finished: its row has a value */
    char path[1300];
    snprintf(path, sizeof path, "%s/lanai-4.csv", out);
    const char *csv = sim_read(path, NULL);
    harness_note("csv: %s", csv);
    ASSERT_TRUE(strstr(csv, "\n5,") != NULL && strstr(csv, "\n5,,") == NULL);
    ASSERT_TRUE(strstr(csv, "\n4,,failed\n") != NULL);
    ASSERT_TRUE(strstr(sim_stdout(), "5 runs, 4 failed") != NULL);
}
