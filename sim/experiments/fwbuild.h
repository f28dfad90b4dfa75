/* Firmware images for scenario runs: compiled with build/lanai-cc and cached
 * under build/scenarios/fw/, keyed by a hash of the source, the headers it can
 * include, the runtime, the flags and the chip. Concurrent runs may build the
 * same image: each writes a private file and renames it into place. */
#ifndef MYRISIM_EXPERIMENTS_FWBUILD_H
#define MYRISIM_EXPERIMENTS_FWBUILD_H

#include <stddef.h>

/* flags: extra lanai-cc arguments (-O2, -DX=1, ...). On success returns 0 and
 * the image path in elf; on failure -1 and a message in err. */
int fw_build(const char *root, const char *source, const char *chip, const char *const *flags, int nflags,
             char *elf, size_t elflen, char *err, size_t errlen);

#endif
