/* Reading input files: plain objects are part of the link; `ar` archives
 * (GNU/System V format as written by llvm-ar and ar, with BSD "#1/N" long
 * names too) contribute members that symbols.c pulls in on demand. */
#include "ld.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

enum { AR_HDR = 60 };

static uint8_t *read_file(const char *path, size_t *len)
{
    struct stat st;
    if (stat(path, &st) != 0) ld_fatal("%s: cannot open: %s", path, strerror(errno));
    if (S_ISDIR(st.st_mode)) ld_fatal("%s: is a directory, not an object or archive", path);
    FILE *f = fopen(path, "rb");
    if (!f) ld_fatal("%s: cannot open: %s", path, strerror(errno));
    size_t cap = 1 << 16, n = 0;
    uint8_t *buf = xmalloc(cap);
    for (;;) {
        if (n == cap) buf = xrealloc(buf, cap *= 2);
        size_t got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (got == 0) break;
    }
    if (ferror(f)) ld_fatal("%s: read error", path);
    fclose(f);
    *len = n;
    return buf;
}

static void add_object(ld_link *L, ld_object *o)
{
    L->objs = xrealloc(L->objs, (L->nobjs + 1) * sizeof *L->objs);
    L->objs[L->nobjs++] = o;
}

/* Parse a decimal header field of width w (space padded). */
static int ar_number(const uint8_t *p, int w, uint64_t *out)
{
    uint64_t v = 0;
    int digits = 0;
    for (int i = 0; i < w && p[i] != ' '; i++) {
        if (p[i] < '0' || p[i] > '9') return -1;
        v = v * 10 + (uint64_t)(p[i] - '0');
        digits++;
    }
    if (!digits) return -1;
    *out = v;
    return 0;
}

static void read_archive(ld_link *L, const char *path, const uint8_t *b, size_t len)
{
    const uint8_t *longnames = NULL;
    uint64_t longlen = 0;
    size_t pos = 8;
    int nmembers = 0;
    while (pos < len) {
        if (len - pos < AR_HDR) {
            ld_error("%s: truncated archive member header at offset %zu", path, pos);
            return;
        }
        const uint8_t *h = b + pos;
        uint64_t size;
        if (h[58] != '`' || h[59] != '\n' || ar_number(h + 48, 10, &size)) {
            ld_error("%s: corrupt archive member header at offset %zu", path, pos);
            return;
        }
        size_t data = pos + AR_HDR;
        if (size > len - data) {
            ld_error("%s: truncated archive: member at offset %zu needs %llu bytes, %zu left", path, pos,
                     (unsigned long long)size, len - data);
            return;
        }
        char name[256];
        size_t skip = 0;   /* BSD names live at the start of the data */
        if (h[0] == '/' && h[1] == ' ') {
            name[0] = 0;   /* symbol index: we scan member symbol tables instead */
        } else if (h[0] == '/' && h[1] == '/' && h[2] == ' ') {
            longnames = b + data;
            longlen = size;
            name[0] = 0;
        } else if (!memcmp(h, "/SYM64/", 7)) {
            name[0] = 0;
        } else if (h[0] == '/') {
            uint64_t off;
            if (ar_number(h + 1, 15, &off) || !longnames || off >= longlen) {
                ld_error("%s: bad long member name reference at offset %zu", path, pos);
                return;
            }
            size_t k = 0;
            while (off + k < longlen && longnames[off + k] != '/' && longnames[off + k] != '\n' && k < sizeof name - 1) {
                name[k] = (char)longnames[off + k];
                k++;
            }
            name[k] = 0;
        } else if (!memcmp(h, "#1/", 3)) {
            uint64_t n;
            if (ar_number(h + 3, 13, &n) || n > size || n >= sizeof name) {
                ld_error("%s: bad BSD member name at offset %zu", path, pos);
                return;
            }
            memcpy(name, b + data, n);
            name[n] = 0;
            skip = n;
        } else {
            size_t k = 0;
            while (k < 16 && h[k] != '/' && h[k] != ' ') { name[k] = (char)h[k]; k++; }
            name[k] = 0;
        }
        if (name[0] && strcmp(name, "__.SYMDEF") && strcmp(name, "__.SYMDEF SORTED")) {
            char *mpath = xasprintf("%s(%s)", path, name);
            ld_object *o = ld_parse_object(mpath, b + data + skip, (size_t)(size - skip));
            if (o) {
                o->is_member = 1;
                add_object(L, o);
            }
            nmembers++;
        }
        pos = data + (size_t)size + (size & 1);
    }
    if (!nmembers) ld_warn("%s: archive has no members", path);
}

void ld_read_input(ld_link *L, const char *path)
{
    size_t len;
    uint8_t *buf = read_file(path, &len);
    if (len >= 8 && !memcmp(buf, "!<thin>\n", 8)) {
        ld_error("%s: thin archives are not supported", path);
        return;
    }
    if (len >= 8 && !memcmp(buf, "!<arch>\n", 8)) {
        read_archive(L, path, buf, len);
        return;
    }
    ld_object *o = ld_parse_object(path, buf, len);
    if (o) {
        o->loaded = 1;
        add_object(L, o);
    }
}
