/* Host physical memory, address spaces, pinning. */
#include "hostmem.h"

#include "frame_pool.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LOW_RESERVED (1u << 20)        /* BIOS and kernel image: never handed out */
#define REGION_BASE (16u << 20)        /* contiguous regions start here */
#define USER_VA_BASE 0x40000000ull

typedef struct frame {
    uint8_t *mem;              /* backing bytes (inside an allocation's native block) */
    hm_space *owner;
    uint64_t va;
    uint32_t pins;
} frame;

typedef struct alloc {
    uint8_t *native;
    uint64_t va;
    size_t len;
    uint32_t npages;
    uint32_t *frames;
    int contig;
    uint32_t region;
    struct alloc *next;
} alloc;

struct hm_space {
    hostmem *m;
    char name[32];
    uint64_t next_va;
    alloc *allocs;
    char err[256];
};

typedef struct region {
    uint32_t first;            /* first frame */
    uint32_t used;             /* pages handed out (bump) */
    uint32_t live;             /* allocations alive */
} region;

struct hostmem {
    uint64_t ram;
    uint32_t nframes;
    frame *f;
    frame_pool *freel;         /* scattered free frames (a lazily shuffled stack) */
    region *reg;
    uint32_t nreg;
    void (*on_write)(void *ctx);
    void *on_write_ctx;
};

static void serr(hm_space *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void serr(hm_space *s, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(s->err, sizeof s->err, fmt, ap);
    va_end(ap);
}

hostmem *hostmem_new(uint64_t ram_bytes, uint32_t regions, uint32_t seed, char *err, size_t errlen)
{
    uint64_t need = (uint64_t)REGION_BASE + (uint64_t)regions * HM_REGION + (4u << 20);
    if (ram_bytes % HM_REGION || ram_bytes < need || ram_bytes > (4ull << 30)) {
        snprintf(err, errlen, "host memory: %llu bytes is not a multiple of 4 MB between %llu bytes "
                 "(for %u contiguous regions) and 4 GB",
                 (unsigned long long)ram_bytes, (unsigned long long)need, regions);
        return NULL;
    }
    hostmem *m = calloc(1, sizeof *m);
    if (!m) goto oom;
    m->ram = ram_bytes;
    m->nframes = (uint32_t)(ram_bytes / HM_PAGE);
    m->f = calloc(m->nframes, sizeof *m->f);
    m->nreg = regions;
    m->reg = calloc(regions ? regions : 1, sizeof *m->reg);
    if (!m->f || !m->reg) goto oom;
    uint32_t rfirst = REGION_BASE / HM_PAGE;
    uint32_t rend = rfirst + regions * (HM_REGION / HM_PAGE);
    for (uint32_t i = 0; i < regions; i++) m->reg[i].first = rfirst + i * (HM_REGION / HM_PAGE);
    /* scatter: a seeded shuffle of the free frames */
    m->freel = frame_pool_new(LOW_RESERVED / HM_PAGE, m->nframes, rfirst, rend, seed);
    if (!m->freel) goto oom;
    return m;
oom:
    if (m) {
        free(m->f);
        frame_pool_free(m->freel);
        free(m->reg);
        free(m);
    }
    snprintf(err, errlen, "host memory: out of memory");
    return NULL;
}

void hostmem_free(hostmem *m)
{
    if (!m) return;
    free(m->f);
    frame_pool_free(m->freel);
    free(m->reg);
    free(m);
}

uint64_t hostmem_ram(const hostmem *m) { return m->ram; }
uint32_t hostmem_free_frames(const hostmem *m) { return frame_pool_count(m->freel); }

hm_space *hm_space_new(hostmem *m, const char *name)
{
    hm_space *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    s->m = m;
    snprintf(s->name, sizeof s->name, "%s", name);
    s->next_va = USER_VA_BASE;
    return s;
}

static void release(hm_space *s, alloc *a)
{
    hostmem *m = s->m;
    for (uint32_t i = 0; i < a->npages; i++) {
        frame *f = &m->f[a->frames[i]];
        f->mem = NULL;
        f->owner = NULL;
        f->pins = 0;
        if (!a->contig) frame_pool_push(m->freel, a->frames[i]);
    }
    if (a->contig) {
        region *r = &m->reg[a->region];
        if (--r->live == 0) r->used = 0;
    }
    free(a->frames);
    free(a->native);
    free(a);
}

void hm_space_free(hm_space *s)
{
    if (!s) return;
    alloc *a = s->allocs;
    while (a) {
        alloc *n = a->next;
        release(s, a);
        a = n;
    }
    free(s);
}

const char *hm_space_name(const hm_space *s) { return s->name; }
const char *hm_error(const hm_space *s) { return s->err; }

static alloc *new_alloc(hm_space *s, size_t len)
{
    alloc *a = calloc(1, sizeof *a);
    if (!a) return NULL;
    a->len = len;
    a->npages = (uint32_t)((len + HM_PAGE - 1) / HM_PAGE);
    a->frames = calloc(a->npages, sizeof *a->frames);
    a->native = aligned_alloc(HM_PAGE, (size_t)a->npages * HM_PAGE);
    if (!a->frames || !a->native) {
        free(a->frames);
        free(a->native);
        free(a);
        return NULL;
    }
    memset(a->native, 0, (size_t)a->npages * HM_PAGE);
    a->va = s->next_va;
    s->next_va += ((uint64_t)a->npages + 1) * HM_PAGE;    /* a guard page between blocks */
    return a;
}

static void map_frames(hm_space *s, alloc *a)
{
    for (uint32_t i = 0; i < a->npages; i++) {
        frame *f = &s->m->f[a->frames[i]];
        f->mem = a->native + (size_t)i * HM_PAGE;
        f->owner = s;
        f->va = a->va + (uint64_t)i * HM_PAGE;
        f->pins = a->contig ? 1 : 0;
    }
    a->next = s->allocs;
    s->allocs = a;
}

void *hm_alloc(hm_space *s, size_t len)
{
    if (len == 0) {
        serr(s, "%s: allocation of 0 bytes", s->name);
        return NULL;
    }
    uint64_t pages = (len + HM_PAGE - 1) / HM_PAGE;
    uint32_t nfree = frame_pool_count(s->m->freel);
    if (pages > nfree) {
        serr(s, "%s: out of host memory: %llu pages wanted, %u free", s->name,
             (unsigned long long)pages, nfree);
        return NULL;
    }
    alloc *a = new_alloc(s, len);
    if (!a) {
        serr(s, "%s: out of simulator memory for %zu bytes", s->name, len);
        return NULL;
    }
    for (uint32_t i = 0; i < a->npages; i++)
        if ((a->frames[i] = frame_pool_pop(s->m->freel)) == UINT32_MAX) {
            while (i) frame_pool_push(s->m->freel, a->frames[--i]);
            a->npages = 0;
            release(s, a);
            serr(s, "%s: out of simulator memory for the frames of %zu bytes", s->name, len);
            return NULL;
        }
    map_frames(s, a);
    return a->native;
}

void *hm_alloc_contig(hm_space *s, size_t len, uint64_t *phys)
{
    hostmem *m = s->m;
    if (len == 0 || len > HM_REGION) {
        serr(s, "%s: contiguous pinned allocations come from 4 MB regions: %zu bytes cannot be served",
             s->name, len);
        return NULL;
    }
    uint32_t pages = (uint32_t)((len + HM_PAGE - 1) / HM_PAGE);
    uint32_t r;
    for (r = 0; r < m->nreg; r++)
        if (m->reg[r].used + pages <= HM_REGION / HM_PAGE) break;
    if (r == m->nreg) {
        serr(s, "%s: no 4 MB contiguous region has %u free pages left (%u regions reserved)",
             s->name, pages, m->nreg);
        return NULL;
    }
    alloc *a = new_alloc(s, len);
    if (!a) {
        serr(s, "%s: out of simulator memory for %zu bytes", s->name, len);
        return NULL;
    }
    a->contig = 1;
    a->region = r;
    for (uint32_t i = 0; i < pages; i++) a->frames[i] = m->reg[r].first + m->reg[r].used + i;
    m->reg[r].used += pages;
    m->reg[r].live++;
    map_frames(s, a);
    if (phys) *phys = (uint64_t)a->frames[0] * HM_PAGE;
    return a->native;
}

static alloc *find(hm_space *s, const void *p, size_t *off)
{
    const uint8_t *q = p;
    for (alloc *a = s->allocs; a; a = a->next) {
        if (q >= a->native && q < a->native + (size_t)a->npages * HM_PAGE) {
            if (off) *off = (size_t)(q - a->native);
            return a;
        }
    }
    return NULL;
}

int hm_free(hm_space *s, void *p)
{
    alloc **pp = &s->allocs;
    for (; *pp; pp = &(*pp)->next) {
        if ((*pp)->native == p) {
            alloc *a = *pp;
            *pp = a->next;
            release(s, a);
            return 0;
        }
    }
    serr(s, "%s: free of %p, which is not the start of an allocation", s->name, p);
    return -1;
}

/* Check [p, p+len) lies in one allocation; returns it and the first page. */
static alloc *range(hm_space *s, const void *p, size_t len, const char *what, uint32_t *pg0, uint32_t *pg1)
{
    size_t off;
    alloc *a = find(s, p, &off);
    if (!a) {
        serr(s, "%s: %s of %p: not inside any allocation of this address space", s->name, what, p);
        return NULL;
    }
    if (len == 0 || off + len > (size_t)a->npages * HM_PAGE) {
        serr(s, "%s: %s of %zu bytes at virtual 0x%llx runs past its allocation (%zu bytes)",
             s->name, what, len, (unsigned long long)(a->va + off), a->len);
        return NULL;
    }
    *pg0 = (uint32_t)(off / HM_PAGE);
    *pg1 = (uint32_t)((off + len - 1) / HM_PAGE);
    return a;
}

int hm_pin(hm_space *s, const void *p, size_t len)
{
    uint32_t a0, a1;
    alloc *a = range(s, p, len, "pin", &a0, &a1);
    if (!a) return -1;
    for (uint32_t i = a0; i <= a1; i++) s->m->f[a->frames[i]].pins++;
    return (int)(a1 - a0 + 1);
}

int hm_unpin(hm_space *s, const void *p, size_t len)
{
    uint32_t a0, a1;
    alloc *a = range(s, p, len, "unpin", &a0, &a1);
    if (!a) return -1;
    for (uint32_t i = a0; i <= a1; i++) {
        frame *f = &s->m->f[a->frames[i]];
        if (f->pins == 0 || (a->contig && f->pins == 1)) {
            serr(s, "%s: unpin of virtual page 0x%llx, which is not pinned by a pin call",
                 s->name, (unsigned long long)f->va);
            return -1;
        }
    }
    for (uint32_t i = a0; i <= a1; i++) s->m->f[a->frames[i]].pins--;
    return (int)(a1 - a0 + 1);
}

int hm_is_pinned(hm_space *s, const void *p, size_t len)
{
    uint32_t a0, a1;
    alloc *a = range(s, p, len, "pin check", &a0, &a1);
    if (!a) return 0;
    for (uint32_t i = a0; i <= a1; i++)
        if (s->m->f[a->frames[i]].pins == 0) return 0;
    return 1;
}

int hm_virt(hm_space *s, const void *p, uint64_t *va)
{
    size_t off;
    alloc *a = find(s, p, &off);
    if (!a) {
        serr(s, "%s: %p is not inside any allocation of this address space", s->name, p);
        return -1;
    }
    *va = a->va + off;
    return 0;
}

int hm_translate(hm_space *s, const void *p, uint64_t *pa, size_t *contig)
{
    size_t off;
    alloc *a = find(s, p, &off);
    if (!a) {
        serr(s, "%s: cannot translate %p: not inside any allocation of this address space", s->name, p);
        return -1;
    }
    uint32_t pg = (uint32_t)(off / HM_PAGE);
    *pa = (uint64_t)a->frames[pg] * HM_PAGE + off % HM_PAGE;
    if (contig) {
        size_t c = HM_PAGE - off % HM_PAGE;
        for (uint32_t i = pg + 1; i < a->npages && a->frames[i] == a->frames[i - 1] + 1; i++) c += HM_PAGE;
        size_t left = (size_t)a->npages * HM_PAGE - off;
        *contig = c < left ? c : left;
    }
    return 0;
}

static int phys(hostmem *m, uint64_t pa, uint8_t *buf, uint32_t len, int wr, char *err, size_t errlen)
{
    while (len) {
        uint64_t fr = pa / HM_PAGE;
        uint32_t off = (uint32_t)(pa % HM_PAGE);
        uint32_t n = HM_PAGE - off < len ? HM_PAGE - off : len;
        if (fr >= m->nframes) {
            snprintf(err, errlen, "DMA %s physical address 0x%llx: beyond host RAM (%llu MB)",
                     wr ? "to" : "from", (unsigned long long)pa, (unsigned long long)(m->ram >> 20));
            return -1;
        }
        frame *f = &m->f[fr];
        if (!f->mem) {
            snprintf(err, errlen, "DMA %s physical address 0x%llx: the page belongs to no allocation",
                     wr ? "to" : "from", (unsigned long long)pa);
            return -1;
        }
        if (f->pins == 0) {
            snprintf(err, errlen, "DMA %s unpinned memory: physical 0x%llx is virtual 0x%llx of %s, "
                     "which is not pinned", wr ? "to" : "from", (unsigned long long)pa,
                     (unsigned long long)(f->va + off), f->owner->name);
            return -1;
        }
        if (wr) memcpy(f->mem + off, buf, n);
        else memcpy(buf, f->mem + off, n);
        pa += n;
        buf += n;
        len -= n;
    }
    return 0;
}

int hm_phys_read(hostmem *m, uint64_t pa, void *buf, uint32_t len, char *err, size_t errlen)
{
    return phys(m, pa, buf, len, 0, err, errlen);
}

int hm_phys_write(hostmem *m, uint64_t pa, const void *buf, uint32_t len, char *err, size_t errlen)
{
    int r = phys(m, pa, (uint8_t *)buf, len, 1, err, errlen);
    if (r == 0 && m->on_write) m->on_write(m->on_write_ctx);
    return r;
}

void hm_set_write_hook(hostmem *m, void (*fn)(void *ctx), void *ctx)
{
    m->on_write = fn;
    m->on_write_ctx = ctx;
}
