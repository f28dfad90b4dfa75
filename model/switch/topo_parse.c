/* The explicit topology list for irregular networks (format in topo.h). */
#include "topo.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_WORDS 6

static int split(char *line, char **w)
{
    int n = 0;
    char *p = line;
    while (*p) {
        while (*p && isspace((unsigned char)*p)) p++;
        if (!*p || *p == '#') break;
        if (n == MAX_WORDS) return MAX_WORDS + 1;
        w[n++] = p;
        while (*p && !isspace((unsigned char)*p)) p++;
        if (*p) *p++ = 0;
    }
    return n;
}

static int parse_uint(const char *s, unsigned *v)
{
    char *end;
    if (!isdigit((unsigned char)*s)) return -1;
    unsigned long x = strtoul(s, &end, 10);
    if (*end || x > 1000000) return -1;
    *v = (unsigned)x;
    return 0;
}

/* NAME:PORT with a known node */
static int endpoint(const topo *t, char *s, int *node, unsigned *port)
{
    char *colon = strrchr(s, ':');
    if (!colon) return -1;
    *colon = 0;
    *node = topo_find(t, s);
    int rc = *node < 0 || parse_uint(colon + 1, port) ? -1 : 0;
    *colon = ':';
    return rc;
}

int topo_parse(topo *t, const char *text, const char *fname, char *err, size_t errlen)
{
    int lineno = 0;
    const char *p = text;
    char line[512];
    while (*p) {
        const char *nl = strchr(p, '\n');
        size_t len = nl ? (size_t)(nl - p) : strlen(p);
        lineno++;
        if (len >= sizeof line) {
            snprintf(err, errlen, "%s:%d: line too long", fname, lineno);
            return -1;
        }
        memcpy(line, p, len);
        line[len] = 0;
        p += len + (nl ? 1 : 0);
        char *w[MAX_WORDS];
        int n = split(line, w);
        if (n == 0) continue;
        if (n > MAX_WORDS) {
            snprintf(err, errlen, "%s:%d: too many words", fname, lineno);
            return -1;
        }
        if (strcmp(w[0], "ni") == 0 || strcmp(w[0], "switch") == 0) {
            int is_sw = w[0][0] == 's';
            unsigned ports = 1;
            if (n != (is_sw ? 3 : 2) || (is_sw && parse_uint(w[2], &ports))) {
                snprintf(err, errlen, "%s:%d: expected '%s'", fname, lineno,
                         is_sw ? "switch NAME PORTS" : "ni NAME");
                return -1;
            }
            if (strlen(w[1]) >= TOPO_NAME_LEN || strchr(w[1], ':')) {
                snprintf(err, errlen, "%s:%d: bad name '%s' (max %d characters, no ':')",
                         fname, lineno, w[1], TOPO_NAME_LEN - 1);
                return -1;
            }
            if (topo_find(t, w[1]) >= 0) {
                snprintf(err, errlen, "%s:%d: %s defined twice", fname, lineno, w[1]);
                return -1;
            }
            if (is_sw && ports != 8 && ports != 16 && ports != 32) {
                snprintf(err, errlen, "%s:%d: switch %s has %u ports (must be 8, 16 or 32)",
                         fname, lineno, w[1], ports);
                return -1;
            }
            if (is_sw) topo_add_switch(t, w[1], ports);
            else topo_add_ni(t, w[1]);
        } else if (strcmp(w[0], "cable") == 0) {
            int a, b;
            unsigned pa, pb;
            if (n < 3) {
                snprintf(err, errlen, "%s:%d: expected 'cable NAME:PORT NAME:PORT [kind] [length]'",
                         fname, lineno);
                return -1;
            }
            for (int e = 1; e <= 2; e++)
                if (endpoint(t, w[e], e == 1 ? &a : &b, e == 1 ? &pa : &pb)) {
                    snprintf(err, errlen, "%s:%d: '%s' is not NODE:PORT with a node defined above",
                             fname, lineno, w[e]);
                    return -1;
                }
            lk_kind kind = LK_SAN1280;
            double length = LK_DEFAULT_LENGTH;
            for (int i = 3; i < n; i++) {
                char *end;
                if (strcmp(w[i], "san-1280") == 0) kind = LK_SAN1280;
                else if (strcmp(w[i], "myrinet-2000") == 0) kind = LK_M2000;
                else if ((length = strtod(w[i], &end)), *end || end == w[i] || length < 0 || length > 1e4) {
                    snprintf(err, errlen, "%s:%d: '%s' is neither a link kind "
                             "(san-1280, myrinet-2000) nor a length in metres", fname, lineno, w[i]);
                    return -1;
                }
            }
            int c = topo_connect(t, a, pa, b, pb, kind, length);
            char why[256];
            if (topo_validate(t, why, sizeof why) && !strstr(why, "is not connected")) {
                snprintf(err, errlen, "%s:%d: %s", fname, lineno, why);
                t->ncable = c;
                return -1;
            }
        } else {
            snprintf(err, errlen, "%s:%d: unknown keyword '%s' (ni, switch, cable)", fname, lineno, w[0]);
            return -1;
        }
    }
    char why[256];
    if (topo_validate(t, why, sizeof why)) {
        snprintf(err, errlen, "%s: %s", fname, why);
        return -1;
    }
    return 0;
}
