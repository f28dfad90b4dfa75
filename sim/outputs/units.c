/* Units of measurement names by suffix (units.h): one table for every writer. */
#include "units.h"

#include <string.h>

static const struct {
    const char *suffix, *unit;
} suffixes[] = {
    {"_us", "us"},   {"_ns", "ns"},        {"_ms", "ms"},   {"_mbs", "MB/s"}, {"_kb", "KB"},
    {"_pct", "%"},   {"_mibs", "MiB/s"},   {"_mhz", "MHz"},      {"_bytes", "B"}, {"_cycles", "cycles"},
};

static const struct {
    const char *name, *unit;
} whole[] = {
    {"bytes", "B"}, {"cycles", "cycles"}, {"insns", "instructions"}, {"total_cycles", "cycles"},
    {"total_insns", "instructions"},
};

const char *measure_unit(const char *m)
{
    for (size_t i = 0; i < sizeof whole / sizeof *whole; i++)
        if (!strcmp(m, whole[i].name))
            return whole[i].unit;
    size_t n = strlen(m);
    for (size_t i = 0; i < sizeof suffixes / sizeof *suffixes; i++) {
        size_t k = strlen(suffixes[i].suffix);
        if (n > k && !strcmp(m + n - k, suffixes[i].suffix))
            return suffixes[i].unit;
    }
    return "";
}
