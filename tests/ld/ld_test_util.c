/* See ld_test.h. */
#include "ld_test.h"
#include "../../model/lanai/lanai.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static char *vfmt(const char *fmt, va_list ap)
{
    va_list cp;
    va_copy(cp, ap);
    int n = vsnprintf(NULL, 0, fmt, cp);
    va_end(cp);
    char *s = malloc((size_t)n + 1);
    if (!s) harness_fail(__FILE__, __LINE__, "out of memory");
    vsnprintf(s, (size_t)n + 1, fmt, ap);
    return s;
}

char *ldt_fmt(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *s = vfmt(fmt, ap);
    va_end(ap);
    return s;
}

char *ldt_dir(const char *sub)
{
    char *d = ldt_fmt("build/tests/%s", sub);
    char *cmd = ldt_fmt("mkdir -p %s", d);
    if (system(cmd) != 0) harness_fail(__FILE__, __LINE__, "cannot create %s", d);
    free(cmd);
    return d;
}

static int vrun(char **out, const char *fmt, va_list ap)
{
    char *cmd = vfmt(fmt, ap);
    char *full = ldt_fmt("cd '%s' && ( %s ) 2>&1", harness_root(), cmd);
    FILE *p = popen(full, "r");
    if (!p) harness_fail(__FILE__, __LINE__, "cannot run: %s", cmd);
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap);
    size_t got;
    while ((got = fread(buf + n, 1, cap - n - 1, p)) > 0) {
        n += got;
        if (n + 1 == cap) buf = realloc(buf, cap *= 2);
    }
    buf[n] = 0;
    int st = pclose(p);
    free(full);
    free(cmd);
    if (out) *out = buf;
    else free(buf);
    if (st == -1) return -1;
    if (WIFSIGNALED(st)) return 128 + WTERMSIG(st);
    return WEXITSTATUS(st);
}

int ldt_run(char **out, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int r = vrun(out, fmt, ap);
    va_end(ap);
    return r;
}

int ldt_ld(char **out, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *args = vfmt(fmt, ap);
    va_end(ap);
    int r = ldt_run(out, "%s %s", LDT_LD, args);
    free(args);
    return r;
}

char *ldt_cc(const char *dir, const char *file, const char *flags)
{
    const char *base = strrchr(file, '/');
    base = base ? base + 1 : file;
    char *obj = ldt_fmt("%s/%.*s.o", dir, (int)(strcspn(base, ".")), base);
    char *out;
    int r = ldt_run(&out, "clang-14 --target=lanai -ffreestanding -fno-builtin -Wall -Wextra -Werror "
                          "-Ifirmware/rt/include -Ifirmware/hal %s -c %s -o %s",
                    flags ? flags : "-O2", file, obj);
    if (r != 0) harness_fail(__FILE__, __LINE__, "compiling %s failed (%d):\n%s", file, r, out);
    free(out);
    return obj;
}

void ldt_nm_load(ldt_nm *nm, const char *elf)
{
    char *out;
    int r = ldt_run(&out, "llvm-nm-14 %s", elf);
    if (r != 0) harness_fail(__FILE__, __LINE__, "llvm-nm-14 %s failed:\n%s", elf, out);
    nm->v = NULL;
    nm->n = 0;
    for (char *line = strtok(out, "\n"); line; line = strtok(NULL, "\n")) {
        char name[256], kind;
        unsigned addr = 0;
        if (sscanf(line, "%x %c %255s", &addr, &kind, name) != 3) {
            addr = 0;
            if (sscanf(line, " %c %255s", &kind, name) != 2) continue;   /* undefined: no address */
        }
        nm->v = realloc(nm->v, (size_t)(nm->n + 1) * sizeof *nm->v);
        nm->v[nm->n++] = (ldt_sym){strdup(name), addr, kind};
    }
    free(out);
}

int ldt_nm_find(const ldt_nm *nm, const char *name, uint32_t *addr, char *kind)
{
    for (int i = 0; i < nm->n; i++)
        if (!strcmp(nm->v[i].name, name)) {
            if (addr) *addr = nm->v[i].addr;
            if (kind) *kind = nm->v[i].kind;
            return 0;
        }
    return -1;
}

uint32_t ldt_nm_addr(const ldt_nm *nm, const char *name)
{
    uint32_t a;
    if (ldt_nm_find(nm, name, &a, NULL)) harness_fail(__FILE__, __LINE__, "symbol %s not in llvm-nm output", name);
    return a;
}

char *ldt_read_text(const char *path) { return harness_read_file(path); }

int ldt_map_base(const char *map, const char *obj, const char *sec, uint32_t *addr)
{
    char *text = ldt_read_text(map);
    if (!text) harness_fail(__FILE__, __LINE__, "no map file %s", map);
    char *p = strstr(text, "\nInput sections\n");
    int found = -1;
    for (char *line = p ? strtok(p, "\n") : NULL; line; line = strtok(NULL, "\n")) {
        if (!strncmp(line, "Archive", 7) || !strncmp(line, "Symbols", 7)) break;
        unsigned a, size;
        char name[256], file[512];
        if (sscanf(line, " 0x%x 0x%x %255s %511s", &a, &size, name, file) == 4 && !strcmp(name, sec) &&
            !strcmp(file, obj)) {
            *addr = a;
            found = 0;
            break;
        }
    }
    free(text);
    return found;
}

char *ldt_lanai_cc(const char *dir, const char *name, const char *srcs, const char *flags)
{
    char *elf = ldt_fmt("%s/%s.elf", dir, name), *out;
    int r = ldt_run(&out, "build/lanai-cc -o %s --map %s/%s.map %s %s", elf, dir, name, flags ? flags : "", srcs);
    if (r != 0) harness_fail(__FILE__, __LINE__, "lanai-cc for %s failed (%d):\n%s", name, r, out);
    free(out);
    return elf;
}

void ldt_iss_exec(const char *elf, const char *chip, unsigned long long max_cycles,
                  void (*prep)(struct lanai_core *c, void *arg), void *arg, ldt_iss_result *r)
{
    const lanai_profile *p = lanai_profile_get(chip);
    if (!p) harness_fail(__FILE__, __LINE__, "no ISS profile %s", chip);
    lanai_core *c = lanai_new(p);
    char err[512];
    char *path = ldt_fmt("%s/%s", harness_root(), elf);
    if (lanai_load_elf(c, path, err, sizeof err)) harness_fail(__FILE__, __LINE__, "ISS cannot load: %s", err);
    free(path);
    if (prep) prep(c, arg);
    size_t n1 = 0, n2 = 0;
    FILE *con = open_memstream(&r->console, &n1);
    lanai_set_console(c, con);
    r->state = (int)lanai_run(c, max_cycles);
    fflush(con);
    lanai_set_console(c, NULL);
    fclose(con);
    FILE *rep = open_memstream(&r->report, &n2);
    if (r->state == LANAI_FAULTED) lanai_report_fault(c, rep);
    fclose(rep);
    r->exit_code = r->state == LANAI_HALTED ? lanai_exit_code(c) : -1;
    r->insns = lanai_insns(c);
    r->cycles = lanai_cycles(c);
    lanai_free(c);
}

int ldt_native_run(char **out, const char *dir, const char *name, const char *srcs)
{
    char *bin = ldt_fmt("%s/%s.native", dir, name), *msg;
    int r = ldt_run(&msg, "gcc -std=c11 -O2 -w -Ifirmware/rt/include -Itests/ld/fixtures -o %s %s "
                          "tests/ld/fixtures/native_console.c", bin, srcs);
    if (r != 0) harness_fail(__FILE__, __LINE__, "native build of %s failed:\n%s", name, msg);
    free(msg);
    r = ldt_run(out, "%s", bin);
    free(bin);
    return r;
}
