/* Shared by the fuzz harnesses: the loaders under test read files by path,
 * so each input is put in one in-memory file per process (memfd) and
 * handed over as /proc/self/fd/N. */
#ifndef MYRISIM_FUZZ_UTIL_H
#define MYRISIM_FUZZ_UTIL_H

#include <stddef.h>
#include <stdint.h>

/* Replace the contents of in-memory file `slot` (0..3) with data and
 * return its path (valid until the next call for the same slot). */
const char *fuzz_file(int slot, const uint8_t *data, size_t size);
/* The repository root (MYRISIM_ROOT, else "."). */
const char *fuzz_root(void);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#endif
