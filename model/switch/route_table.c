/* The route table image the NI firmware reads (layout in route.h). */
#include "route.h"

#include <stdio.h>
#include <string.h>

static void put32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

size_t route_table_size(const route_set *rs)
{
    return ROUTE_TABLE_HDR + (size_t)rs->nni * ROUTE_TABLE_ENTRY;
}

long route_table_write(const route_set *rs, int src, uint8_t *buf, size_t cap, char *err, size_t errlen)
{
    size_t need = route_table_size(rs);
    if (src < 0 || src >= rs->nni) {
        snprintf(err, errlen, "route table: no NI %d (there are %d)", src, rs->nni);
        return -1;
    }
    if (cap < need) {
        snprintf(err, errlen, "route table for NI %d needs %zu bytes, buffer has %zu", src, need, cap);
        return -1;
    }
    memset(buf, 0, need);
    put32(buf + 0, ROUTE_TABLE_MAGIC);
    put32(buf + 4, ROUTE_TABLE_HDR / 4);
    put32(buf + 8, (uint32_t)rs->nni);
    put32(buf + 12, ROUTE_TABLE_ENTRY);
    put32(buf + 16, (uint32_t)src);
    for (int d = 0; d < rs->nni; d++) {
        const route_path *r = route_get(rs, src, d);
        uint8_t *e = buf + ROUTE_TABLE_HDR + (size_t)d * ROUTE_TABLE_ENTRY;
        e[0] = r->len;
        if (r->len != ROUTE_NONE) memcpy(e + 1, r->byte, r->len);
    }
    return (long)need;
}
