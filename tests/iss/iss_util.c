/* Test helpers: llvm-mc-14 as the assembler, raw .text bytes into SRAM. */
#include "iss_util.h"
#include "../harness/harness.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static uint32_t rd32(const unsigned char *p) { return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3]; }
static uint32_t rd16(const unsigned char *p) { return (uint32_t)p[0] << 8 | p[1]; }

static unsigned char *slurp(const char *path, size_t *n)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long len = ftell(f);
    fseek(f, 0, SEEK_SET);
    unsigned char *buf = malloc(len > 0 ? (size_t)len : 1);
    *n = buf ? fread(buf, 1, (size_t)len, f) : 0;
    fclose(f);
    return buf;
}

size_t iss_asm(const char *src, uint32_t *out, size_t max)
{
    static int seq;
    char dir[1024], s[1100], o[1100], e[1100], cmd[4096];
    snprintf(dir, sizeof dir, "%s/build/tests/iss_tmp", harness_root());
    snprintf(s, sizeof s, "%s/a%d_%d.s", dir, (int)getpid(), seq);
    snprintf(o, sizeof o, "%s/a%d_%d.o", dir, (int)getpid(), seq);
    snprintf(e, sizeof e, "%s/a%d_%d.err", dir, (int)getpid(), seq++);
    snprintf(cmd, sizeof cmd, "mkdir -p '%s'", dir);
    if (system(cmd) != 0) harness_fail(__FILE__, __LINE__, "cannot create %s", dir);
    FILE *f = fopen(s, "w");
    if (!f) harness_fail(__FILE__, __LINE__, "cannot write %s", s);
    fprintf(f, "\t.text\n%s\n", src);
    fclose(f);
    snprintf(cmd, sizeof cmd, "llvm-mc-14 -triple=lanai -filetype=obj '%s' -o '%s' 2>'%s'", s, o, e);
    if (system(cmd) != 0) {
        size_t n = 0;
        unsigned char *msg = slurp(e, &n);
        harness_fail(__FILE__, __LINE__, "llvm-mc-14 rejected the snippet: %.*s", (int)(n > 600 ? 600 : n), msg ? (char *)msg : "?");
    }
    size_t n = 0;
    unsigned char *elf = slurp(o, &n);
    if (!elf || n < 52) harness_fail(__FILE__, __LINE__, "cannot read %s", o);
    uint32_t shoff = rd32(elf + 32), shentsize = rd16(elf + 46), shnum = rd16(elf + 48), shstr = rd16(elf + 50);
    const unsigned char *strsec = elf + shoff + shstr * shentsize;
    const char *names = (const char *)elf + rd32(strsec + 16);
    size_t count = 0;
    for (uint32_t i = 0; i < shnum; i++) {
        const unsigned char *sh = elf + shoff + i * shentsize;
        const char *nm = names + rd32(sh);
        if (!strcmp(nm, ".rela.text"))
            harness_fail(__FILE__, __LINE__, "snippet needs relocations; use absolute targets");
        if (strcmp(nm, ".text")) continue;
        uint32_t off = rd32(sh + 16), size = rd32(sh + 20);
        for (uint32_t k = 0; k + 4 <= size; k += 4) {
            if (count == max) harness_fail(__FILE__, __LINE__, "snippet longer than %zu words", max);
            out[count++] = rd32(elf + off + k);
        }
    }
    free(elf);
    remove(s);
    remove(o);
    remove(e);
    return count;
}

void iss_put_word(lanai_core *c, uint32_t addr, uint32_t w)
{
    uint8_t *m = lanai_sram(c) + addr;
    m[0] = (uint8_t)(w >> 24); m[1] = (uint8_t)(w >> 16); m[2] = (uint8_t)(w >> 8); m[3] = (uint8_t)w;
    lanai_sram_written(c, addr, 4);
}

void iss_put(lanai_core *c, uint32_t addr, const uint32_t *w, size_t n)
{
    for (size_t i = 0; i < n; i++) iss_put_word(c, addr + 4 * (uint32_t)i, w[i]);
}

uint32_t iss_get_word(lanai_core *c, uint32_t addr)
{
    return rd32(lanai_sram(c) + addr);
}

lanai_core *iss_core(const char *chip)
{
    lanai_core *c = lanai_new(lanai_profile_get(chip));
    if (!c) harness_fail(__FILE__, __LINE__, "lanai_new(%s) failed", chip);
    lanai_set_console(c, NULL);
    return c;
}

lanai_core *iss_run_src(const char *src, uint64_t max_cycles)
{
    static uint32_t words[8192];
    size_t n = iss_asm(src, words, 8192);
    lanai_core *c = iss_core("lanai9");
    iss_put(c, 0, words, n);
    lanai_run(c, max_cycles);
    return c;
}

const char *iss_fmt(const char *fmt, ...)
{
    static char buf[65536];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    return buf;
}

lanai_state iss_run_prog(lanai_core *c, const iss_prog *p, uint64_t max_cycles)
{
    lanai_reset(c);
    iss_put(c, 0, p->w, p->n);
    return lanai_run(c, max_cycles);
}
