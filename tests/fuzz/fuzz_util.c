/* Shared by the fuzz harnesses: one in-memory file per process (memfd) for
 * the input, so loaders that read by path can be fuzzed. */
#define _GNU_SOURCE
#include "fuzz_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

const char *fuzz_file(int slot, const uint8_t *data, size_t size)
{
    static int fd[4] = {-1, -1, -1, -1};
    static char path[4][64];
    if (fd[slot] < 0) {
        fd[slot] = memfd_create("myrisim-fuzz", 0);
        if (fd[slot] < 0) {
            perror("memfd_create");
            abort();
        }
        snprintf(path[slot], sizeof path[slot], "/proc/self/fd/%d", fd[slot]);
    }
    if (ftruncate(fd[slot], 0) != 0 || (size && pwrite(fd[slot], data, size, 0) != (ssize_t)size)) {
        perror("fuzz_file");
        abort();
    }
    return path[slot];
}

const char *fuzz_root(void)
{
    const char *r = getenv("MYRISIM_ROOT");
    return r && *r ? r : ".";
}
