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

unsigned route_table_entry(const route_set *rs, int src)
{
    if (ROUTE_TABLE_HDR + (size_t)rs->nni * ROUTE_TABLE_ENTRY <= ROUTE_TABLE_MAX || src < 0 || src >= rs->nni)
        return ROUTE_TABLE_ENTRY;
    unsigned longest = 0;
    for (int d = 0; d < rs->nni; d++) {
        const route_path *r = route_get(rs, src, d);
        if (r->len != ROUTE_NONE && r->len > longest) longest = r->len;
    }
    return (longest + 1u + 3u) & ~3u;
}

size_t route_table_size(const route_set *rs, int src)
{
    return ROUTE_TABLE_HDR + (size_t)rs->nni * route_table_entry(rs, src);
}

long route_table_write(const route_set *rs, int src, uint8_t *buf, size_t cap, char *err, size_t errlen)
{
    unsigned entry = route_table_entry(rs, src);
    size_t need = ROUTE_TABLE_HDR + (size_t)rs->nni * entry;
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
    put32(buf + 12, entry);
    put32(buf + 16, (uint32_t)src);
    for (int d = 0; d < rs->nni; d++) {
        const route_path *r = route_get(rs, src, d);
        uint8_t *e = buf + ROUTE_TABLE_HDR + (size_t)d * entry;
        e[0] = r->len;
        if (r->len != ROUTE_NONE) memcpy(e + 1, r->byte, r->len);
    }
    return (long)need;
}
