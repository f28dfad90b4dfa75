/* Fuzz target: the ELF loader followed by a bounded run of the ISS. Input
 * starting with "\x7fELF" is an executable for lanai_load_firmware (chip
 * lanai4, then lanai_elf_chip); any other input is raw code copied into
 * SRAM at 0 (self-modifying code included: stores into code are allowed). Either way the core then runs at most RUN_CYCLES cycles with
 * no devices mapped (a device access is a bus fault), and a fault is
 * reported with its symbol, as lanai-run does. */
#include "fuzz_util.h"

#include "../../model/lanai/lanai.h"

#include <stdio.h>
#include <string.h>

enum { RUN_CYCLES = 5000 };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* One core for all inputs (a new 1 MiB core per input is most of the
     * time under ASan): SRAM cleared, registers and decode cache reset. */
    static lanai_core *c;
    static FILE *null;
    if (!c) {
        c = lanai_new(&lanai4_profile);
        null = fopen("/dev/null", "w");
        lanai_set_console(c, null);
    }
    memset(lanai_sram(c), 0, lanai_sram_size(c));
    lanai_reset(c);
    char err[512];
    int loaded;
    if (size >= 4 && !memcmp(data, "\177ELF", 4)) {
        const char *path = fuzz_file(0, data, size);
        int chip;
        lanai_elf_chip(path, &chip, err, sizeof err);
        loaded = lanai_load_firmware(c, path, err, sizeof err) == 0;
    } else {
        size_t n = size < lanai_sram_size(c) ? size : lanai_sram_size(c);
        memcpy(lanai_sram(c), data, n);
        lanai_sram_written(c, 0, (uint32_t)n);
        loaded = 1;
    }
    if (loaded) {
        lanai_state st = lanai_run(c, RUN_CYCLES);
        if (st == LANAI_FAULTED)
            lanai_report_fault(c, null);
        uint32_t off;
        lanai_symbolize(c, lanai_pc(c), &off);
        char text[128];
        lanai_disasm(lanai_pc(c) < lanai_sram_size(c) - 3 ? 0 : 0xFFFFFFFFu, lanai_pc(c), text, sizeof text);
    }
    return 0;
}
