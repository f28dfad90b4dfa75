/* The recorder: JSON text built in a buffer by hand (no printf on the hot
 * path), tracks, the size bound and the object -> track table. */
#include "trace.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

trace *trace_cur;

#define BUF_SIZE (1u << 16)
#define FNV_OFFSET 0xcbf29ce484222325ull
#define FNV_PRIME 0x100000001b3ull
#define MAX_META 16

typedef struct {
    int pid, tid;
    trace_pending p;
    uint64_t fp, fpn;          /* this track's fingerprint (FNV-1a) and records */
} track;

typedef struct {
    const void *obj;
    int slot, trk;
} binding;

struct trace {
    trace_sink sink;
    int failed;                /* a write failed: say so at close */
    char buf[BUF_SIZE];
    size_t len;
    uint64_t max, events;
    int stopped;
    int silent;                /* trace_new_silent: no JSON, fingerprint only */
    int first;                 /* no event written yet (no comma before it) */
    int nproc;
    int *ntid;                 /* per pid: tracks so far */
    track *trk;
    int ntrk, trkcap;
    binding *map;              /* open addressing, capacity a power of two */
    size_t mapcap, mapn;
    int *node;                 /* node * kinds + kind -> track, -1 */
    int nnode, nkind;
    char *meta_k[MAX_META], *meta_v[MAX_META];
    int nmeta;
};

static void oom(void)
{
    fprintf(stderr, "myrisim: out of memory in the trace recorder\n");
    exit(3);
}

static void *xrealloc(void *p, size_t n)
{
    void *q = realloc(p, n);
    if (!q) oom();
    return q;
}

/* ---- output ---- */

static void flush(trace *t)
{
    if (t->len && !t->failed && t->sink.write(t->sink.ctx, t->buf, t->len)) t->failed = 1;
    t->len = 0;
}

/* Room for n more bytes (n < BUF_SIZE). */
static char *room(trace *t, size_t n)
{
    if (t->len + n > BUF_SIZE) flush(t);
    return t->buf + t->len;
}

static void put(trace *t, const char *s, size_t n)
{
    while (n) {
        size_t k = n < BUF_SIZE / 2 ? n : BUF_SIZE / 2;
        memcpy(room(t, k), s, k);
        t->len += k;
        s += k;
        n -= k;
    }
}

static void puts_(trace *t, const char *s) { put(t, s, strlen(s)); }

static void put_u64(trace *t, uint64_t v)
{
    char tmp[24];
    int n = 0;
    do {
        tmp[n++] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    char *o = room(t, (size_t)n);
    for (int i = 0; i < n; i++) o[i] = tmp[n - 1 - i];
    t->len += (size_t)n;
}

static void put_i64(trace *t, int64_t v)
{
    if (v < 0) {
        puts_(t, "-");
        put_u64(t, (uint64_t)0 - (uint64_t)v);
    } else {
        put_u64(t, (uint64_t)v);
    }
}

/* Picoseconds as microseconds: whole part, then up to six decimals without
 * trailing zeros (12500000 ps -> 12.5). */
static void put_us(trace *t, sim_time ps)
{
    put_u64(t, ps / 1000000u);
    uint32_t frac = (uint32_t)(ps % 1000000u);
    if (!frac) return;
    char d[7];
    int n = 6;
    for (int i = 5; i >= 0; i--) {
        d[i] = (char)('0' + frac % 10);
        frac /= 10;
    }
    while (d[n - 1] == '0') n--;
    char *o = room(t, (size_t)n + 1);
    o[0] = '.';
    memcpy(o + 1, d, (size_t)n);
    t->len += (size_t)n + 1;
}

/* Length of the valid UTF-8 sequence at s (1..4), 0 if not valid. */
static int utf8_len(const unsigned char *s)
{
    int n = s[0] >= 0xF0 && s[0] <= 0xF4 ? 4 : s[0] >= 0xE0 ? 3 : s[0] >= 0xC2 && s[0] < 0xE0 ? 2 : 0;
    for (int i = 1; i < n; i++)
        if ((s[i] & 0xC0) != 0x80) return 0;
    return n;
}

/* A JSON string: quotes, backslashes and control characters escaped; bytes
 * that are not UTF-8 become '?' so the file stays valid JSON. */
static void put_str(trace *t, const char *s)
{
    puts_(t, "\"");
    for (const unsigned char *p = (const unsigned char *)(s ? s : ""); *p;) {
        if (*p == '"' || *p == '\\') {
            char *o = room(t, 2);
            o[0] = '\\';
            o[1] = (char)*p++;
            t->len += 2;
        } else if (*p < 0x20) {
            static const char hex[] = "0123456789abcdef";
            char *o = room(t, 6);
            memcpy(o, "\\u00", 4);
            o[4] = hex[*p >> 4];
            o[5] = hex[*p & 15];
            t->len += 6;
            p++;
        } else if (*p < 0x80) {
            *room(t, 1) = (char)*p++;
            t->len++;
        } else {
            int n = utf8_len(p);
            if (n) {
                put(t, (const char *)p, (size_t)n);
                p += n;
            } else {
                *room(t, 1) = '?';
                t->len++;
                p++;
            }
        }
    }
    puts_(t, "\"");
}

/* Start an event object: separator, phase, pid and tid. */
static void begin_event(trace *t, char ph, int pid, int tid)
{
    puts_(t, t->first ? "\n{\"ph\":\"" : ",\n{\"ph\":\"");
    t->first = 0;
    put(t, &ph, 1);
    puts_(t, "\",\"pid\":");
    put_u64(t, (uint64_t)pid);
    if (tid >= 0) {
        puts_(t, ",\"tid\":");
        put_u64(t, (uint64_t)tid);
    }
}

static void put_args(trace *t, const trace_arg *a, int n)
{
    if (!n) return;
    puts_(t, ",\"args\":{");
    for (int i = 0; i < n; i++) {
        if (i) puts_(t, ",");
        put_str(t, a[i].key);
        puts_(t, ":");
        if (a[i].str) put_str(t, a[i].str);
        else put_i64(t, a[i].num);
    }
    puts_(t, "}");
}

/* 1 if one more event may be recorded; the one that would pass the bound
 * becomes the final instant instead. */
static int admit(trace *t, sim_time at)
{
    if (t->stopped || t->silent) return 0;
    if (t->events < t->max) {
        t->events++;
        return 1;
    }
    t->stopped = 1;
    char msg[160];
    snprintf(msg, sizeof msg, "trace stopped: %llu events recorded (the max events bound)",
             (unsigned long long)t->max);
    begin_event(t, 'i', 0, -1);
    puts_(t, ",\"s\":\"g\",\"cat\":\"trace\",\"name\":");
    put_str(t, msg);
    puts_(t, ",\"ts\":");
    put_us(t, at);
    puts_(t, "}");
    return 0;
}

/* ---- life cycle ---- */

trace *trace_new(const trace_sink *sink, uint64_t max_events)
{
    trace *t = calloc(1, sizeof *t);
    if (!t) return NULL;
    t->sink = *sink;
    t->max = max_events ? max_events : TRACE_DEFAULT_MAX_EVENTS;
    t->first = 1;
    t->nkind = TRACE_NODE_KINDS;
    puts_(t, "{\"displayTimeUnit\":\"ns\",\"traceEvents\":[");
    return t;
}

static int null_write(void *ctx, const char *buf, size_t n)
{
    (void)ctx, (void)buf, (void)n;
    return 0;
}

trace *trace_new_silent(void)
{
    trace_sink sink = {NULL, null_write, NULL};
    trace *t = trace_new(&sink, 0);
    if (t) t->silent = 1;
    return t;
}

int trace_is_silent(const trace *t) { return t->silent; }

void trace_meta(trace *t, const char *key, const char *value)
{
    for (int i = 0; i < t->nmeta; i++)
        if (!strcmp(t->meta_k[i], key)) {
            free(t->meta_v[i]);
            t->meta_v[i] = strdup(value);
            return;
        }
    if (t->nmeta == MAX_META) return;
    t->meta_k[t->nmeta] = strdup(key);
    t->meta_v[t->nmeta++] = strdup(value);
}

int trace_close(trace *t, char *err, size_t errlen)
{
    if (!t) return 0;
    puts_(t, "\n],\n\"otherData\":{\"generator\":\"myrisim\"");
    for (int i = 0; i < t->nmeta; i++) {
        puts_(t, ",");
        put_str(t, t->meta_k[i]);
        puts_(t, ":");
        put_str(t, t->meta_v[i]);
        free(t->meta_k[i]);
        free(t->meta_v[i]);
    }
    puts_(t, ",\"events\":\"");
    put_u64(t, t->events);
    puts_(t, t->stopped ? "\",\"stopped\":\"max events\"}}\n" : "\"}}\n");
    flush(t);
    int bad = t->failed;
    if (bad) snprintf(err, errlen, "writing the trace failed");
    char why[256] = "";
    if (t->sink.close && t->sink.close(t->sink.ctx, why, sizeof why)) {
        if (!bad) snprintf(err, errlen, "%s", why);
        bad = 1;
    }
    free(t->ntid);
    free(t->trk);
    free(t->map);
    free(t->node);
    if (trace_cur == t) trace_cur = NULL;
    free(t);
    return bad ? -1 : 0;
}

/* ---- processes and tracks ---- */

static void meta(trace *t, const char *what, int pid, int tid, const char *name, int sort)
{
    begin_event(t, 'M', pid, tid);
    puts_(t, ",\"name\":");
    put_str(t, what);
    puts_(t, ",\"args\":{");
    if (name) {
        puts_(t, "\"name\":");
        put_str(t, name);
    } else {
        puts_(t, "\"sort_index\":");
        put_u64(t, (uint64_t)sort);
    }
    puts_(t, "}}");
}

int trace_process(trace *t, const char *name)
{
    int pid = ++t->nproc;
    t->ntid = xrealloc(t->ntid, (size_t)(pid + 1) * sizeof *t->ntid);
    t->ntid[pid] = 0;
    meta(t, "process_name", pid, -1, name, 0);
    meta(t, "process_sort_index", pid, -1, NULL, pid);
    return pid;
}

int trace_track(trace *t, int pid, const char *name)
{
    if (pid < 1 || pid > t->nproc) return -1;
    if (t->ntrk == t->trkcap) {
        t->trkcap = t->trkcap ? 2 * t->trkcap : 64;
        t->trk = xrealloc(t->trk, (size_t)t->trkcap * sizeof *t->trk);
    }
    int tid = ++t->ntid[pid];
    t->trk[t->ntrk] = (track){pid, tid, {0}, FNV_OFFSET, 0};
    meta(t, "thread_name", pid, tid, name, 0);
    meta(t, "thread_sort_index", pid, tid, NULL, tid);
    return t->ntrk++;
}

int trace_ntracks(const trace *t) { return t->ntrk; }
uint64_t trace_events(const trace *t) { return t->events; }
int trace_stopped(const trace *t) { return t->stopped; }

trace_pending *trace_pending_of(trace *t, int trk) { return &t->trk[trk].p; }

/* ---- events ---- */

static void name_cat(trace *t, const char *cat, const char *name)
{
    puts_(t, ",\"cat\":");
    put_str(t, cat);
    puts_(t, ",\"name\":");
    put_str(t, name);
}

void trace_complete(trace *t, int trk, const char *cat, const char *name, sim_time t0, sim_time t1,
                    const trace_arg *args, int nargs)
{
    if (trk < 0 || trk >= t->ntrk || !admit(t, t0)) return;
    begin_event(t, 'X', t->trk[trk].pid, t->trk[trk].tid);
    name_cat(t, cat, name);
    puts_(t, ",\"ts\":");
    put_us(t, t0);
    puts_(t, ",\"dur\":");
    put_us(t, t1 > t0 ? t1 - t0 : 0);
    put_args(t, args, nargs);
    puts_(t, "}");
}

void trace_instant(trace *t, int trk, const char *cat, const char *name, sim_time at, const trace_arg *args,
                   int nargs)
{
    if (trk >= t->ntrk || !admit(t, at)) return;
    if (trk < 0) {
        begin_event(t, 'i', 0, -1);
        puts_(t, ",\"s\":\"g\"");
    } else {
        begin_event(t, 'i', t->trk[trk].pid, t->trk[trk].tid);
        puts_(t, ",\"s\":\"t\"");
    }
    name_cat(t, cat, name);
    puts_(t, ",\"ts\":");
    put_us(t, at);
    put_args(t, args, nargs);
    puts_(t, "}");
}

void trace_counter(trace *t, int pid, const char *name, sim_time at, const char *series, int64_t v)
{
    if (pid < 1 || pid > t->nproc || !admit(t, at)) return;
    begin_event(t, 'C', pid, -1);
    puts_(t, ",\"name\":");
    put_str(t, name);
    puts_(t, ",\"ts\":");
    put_us(t, at);
    trace_arg a = {series, NULL, v};
    put_args(t, &a, 1);
    puts_(t, "}");
}

void trace_flow(trace *t, int trk, char ph, const char *name, uint64_t id, sim_time at)
{
    if (trk < 0 || trk >= t->ntrk || (ph != 's' && ph != 't' && ph != 'f') || !admit(t, at)) return;
    begin_event(t, ph, t->trk[trk].pid, t->trk[trk].tid);
    name_cat(t, "flow", name);
    puts_(t, ",\"id\":");
    put_u64(t, id);
    puts_(t, ",\"ts\":");
    put_us(t, at);
    puts_(t, ph == 'f' ? ",\"bp\":\"e\"}" : "}");
}

/* ---- bindings ---- */

static size_t slot_of(const trace *t, const void *obj, int slot)
{
    uint64_t h = (uint64_t)(uintptr_t)obj * 0x9E3779B97F4A7C15ull ^ (uint64_t)(unsigned)slot * 0xC2B2AE3D27D4EB4Full;
    return (size_t)(h >> 17) & (t->mapcap - 1);
}

void trace_bind(trace *t, const void *obj, int slot, int trk)
{
    if (2 * (t->mapn + 1) > t->mapcap) {
        binding *old = t->map;
        size_t oldcap = t->mapcap;
        t->mapcap = oldcap ? 2 * oldcap : 256;
        t->map = calloc(t->mapcap, sizeof *t->map);
        if (!t->map) oom();
        t->mapn = 0;
        for (size_t i = 0; i < oldcap; i++)
            if (old[i].obj) trace_bind(t, old[i].obj, old[i].slot, old[i].trk);
        free(old);
    }
    size_t i = slot_of(t, obj, slot);
    while (t->map[i].obj && !(t->map[i].obj == obj && t->map[i].slot == slot)) i = (i + 1) & (t->mapcap - 1);
    if (!t->map[i].obj) t->mapn++;
    t->map[i] = (binding){obj, slot, trk};
}

int trace_find(const trace *t, const void *obj, int slot)
{
    if (!t->mapcap || !obj) return -1;
    size_t i = slot_of(t, obj, slot);
    while (t->map[i].obj) {
        if (t->map[i].obj == obj && t->map[i].slot == slot) return t->map[i].trk;
        i = (i + 1) & (t->mapcap - 1);
    }
    return -1;
}

void trace_bind_node(trace *t, int node, int kind, int trk)
{
    if (node < 0 || kind < 0 || kind >= t->nkind) return;
    if (node >= t->nnode) {
        int n = node + 1 > 2 * t->nnode ? node + 1 : 2 * t->nnode;
        t->node = xrealloc(t->node, (size_t)n * (size_t)t->nkind * sizeof *t->node);
        for (int i = t->nnode * t->nkind; i < n * t->nkind; i++) t->node[i] = -1;
        t->nnode = n;
    }
    t->node[node * t->nkind + kind] = trk;
}

int trace_find_node(const trace *t, int node, int kind)
{
    if (node < 0 || node >= t->nnode || kind < 0 || kind >= t->nkind) return -1;
    return t->node[node * t->nkind + kind];
}

/* ---- fingerprint ---- */

static uint64_t fnv_u64(uint64_t h, uint64_t v)
{
    for (int i = 0; i < 8; i++) {
        h ^= (v >> (8 * i)) & 0xff;
        h *= FNV_PRIME;
    }
    return h;
}

void trace_fp_record(trace *t, int trk, const uint64_t *w, int n)
{
    if (trk < 0 || trk >= t->ntrk) return;
    track *k = &t->trk[trk];
    uint64_t h = fnv_u64(k->fp, (uint64_t)n);
    for (int i = 0; i < n; i++) h = fnv_u64(h, w[i]);
    k->fp = h;
    k->fpn++;
}

uint64_t trace_fp_string(const char *s)
{
    uint64_t h = FNV_OFFSET;
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        h ^= *p;
        h *= FNV_PRIME;
    }
    return h;
}

uint64_t trace_fingerprint(const trace *t, uint64_t *records)
{
    uint64_t h = FNV_OFFSET, n = 0;
    for (int i = 0; i < t->ntrk; i++) {
        if (!t->trk[i].fpn) continue;      /* a silent component adds nothing */
        h = fnv_u64(h, (uint64_t)i);
        h = fnv_u64(h, t->trk[i].fpn);
        h = fnv_u64(h, t->trk[i].fp);
        n += t->trk[i].fpn;
    }
    if (records) *records = n;
    return h;
}
