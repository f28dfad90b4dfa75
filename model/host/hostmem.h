/* Host memory: sparse physical RAM in 4 KB frames, per-process virtual
 * address spaces with a real virtual-to-physical map, and pinning.
 *
 * Host code works with native pointers; every allocation made here is one
 * native block whose pages are backed, frame by frame, by physical frames
 * chosen deterministically at random (seeded), exactly as a paging OS
 * scatters a process's pages. DMA reaches the same bytes through physical
 * addresses. Two kinds of pinned memory (dissertation §4.5.1):
 *  - page-pinned user memory: hm_alloc() then hm_pin(); scattered frames;
 *  - physically contiguous memory from 4 MB regions reserved at boot
 *    (hm_alloc_contig), always pinned.
 * DMA to a frame that is not pinned, not allocated or not RAM is an error
 * with a message, never a crash. */
#ifndef MYRISIM_HOST_HOSTMEM_H
#define MYRISIM_HOST_HOSTMEM_H

#include <stddef.h>
#include <stdint.h>

#define HM_PAGE 4096u
#define HM_REGION (4u << 20)          /* contiguous pinned region */

typedef struct hostmem hostmem;
typedef struct hm_space hm_space;

/* ram_bytes: physical memory (multiple of 4 MB); regions: how many 4 MB
 * physically contiguous regions the pinned-memory driver reserves at boot. */
hostmem *hostmem_new(uint64_t ram_bytes, uint32_t regions, uint32_t seed, char *err, size_t errlen);
void hostmem_free(hostmem *m);
uint64_t hostmem_ram(const hostmem *m);
uint32_t hostmem_free_frames(const hostmem *m);

/* A virtual address space (a process, or the kernel). */
hm_space *hm_space_new(hostmem *m, const char *name);
void hm_space_free(hm_space *s);
const char *hm_space_name(const hm_space *s);
const char *hm_error(const hm_space *s);        /* last error text */

/* Pageable user memory: page-aligned native block of ceil(len/4K) pages,
 * scattered frames, not pinned. NULL on error (hm_error says why). */
void *hm_alloc(hm_space *s, size_t len);
/* Pinned, physically contiguous memory inside one 4 MB region. */
void *hm_alloc_contig(hm_space *s, size_t len, uint64_t *phys);
int hm_free(hm_space *s, void *p);

/* Pin / unpin the pages holding [p, p+len). Pins nest (a count per page).
 * Return the number of pages, or -1 with hm_error set. */
int hm_pin(hm_space *s, const void *p, size_t len);
int hm_unpin(hm_space *s, const void *p, size_t len);
/* 1 if every page of [p, p+len) is pinned. */
int hm_is_pinned(hm_space *s, const void *p, size_t len);

/* The virtual address of a native pointer inside one of s's allocations. */
int hm_virt(hm_space *s, const void *p, uint64_t *va);
/* Physical address of p and the number of bytes from p that are physically
 * contiguous (up to the end of its allocation). -1 with hm_error set. */
int hm_translate(hm_space *s, const void *p, uint64_t *pa, size_t *contig);

/* Physical access, as a DMA engine makes it. Fails (with text) outside RAM,
 * on frames nobody owns, and on frames that are not pinned. */
int hm_phys_read(hostmem *m, uint64_t pa, void *buf, uint32_t len, char *err, size_t errlen);
int hm_phys_write(hostmem *m, uint64_t pa, const void *buf, uint32_t len, char *err, size_t errlen);
/* fn(ctx) after every successful hm_phys_write (the host's activity
 * watchers: a polling process may see the bytes). NULL: none. */
void hm_set_write_hook(hostmem *m, void (*fn)(void *ctx), void *ctx);

#endif
