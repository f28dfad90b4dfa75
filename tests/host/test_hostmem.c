/* Host memory: scattered virtual->physical maps, contiguous pinned regions,
 * pinning, and DMA's physical access with its errors. */
#include "../harness/harness.h"
#include "../../model/host/hostmem.h"

#include <string.h>

static hostmem *mk(uint32_t seed)
{
    char err[200];
    hostmem *m = hostmem_new(256ull << 20, 8, seed, err, sizeof err);
    if (!m) harness_fail(__FILE__, __LINE__, "%s", err);
    return m;
}

static uint64_t pa_of(hm_space *s, const uint8_t *p)
{
    uint64_t pa;
    size_t c;
    ASSERT_EQ(hm_translate(s, p, &pa, &c), 0);
    return pa;
}

TEST(hostmem, user_pages_are_scattered_deterministically)
{
    hostmem *m = mk(7), *m2 = mk(7), *m3 = mk(8);
    hm_space *s = hm_space_new(m, "p"), *s2 = hm_space_new(m2, "p"), *s3 = hm_space_new(m3, "p");
    uint8_t *a = hm_alloc(s, 64 * 4096), *a2 = hm_alloc(s2, 64 * 4096), *a3 = hm_alloc(s3, 64 * 4096);
    int adjacent = 0, same_seed = 0, other_seed = 0;
    uint64_t prev = 0;
    for (int i = 0; i < 64; i++) {
        uint64_t pa = pa_of(s, a + i * 4096);
        ASSERT_EQ(pa % 4096, 0);
        ASSERT_TRUE(pa >= (1u << 20) && pa < (256ull << 20));
        if (i && pa == prev + 4096) adjacent++;
        prev = pa;
        same_seed += pa == pa_of(s2, a2 + i * 4096);
        other_seed += pa == pa_of(s3, a3 + i * 4096);
    }
    harness_note("%d of 63 neighbours physically adjacent", adjacent);
    ASSERT_TRUE(adjacent < 6);
    ASSERT_EQ(same_seed, 64);
    ASSERT_TRUE(other_seed < 4);
    /* the page offset survives translation; contiguity stops at the page end */
    uint64_t pa;
    size_t c;
    ASSERT_EQ(hm_translate(s, a + 4096 * 3 + 100, &pa, &c), 0);
    ASSERT_EQ(pa % 4096, 100);
    ASSERT_TRUE(c >= 4096 - 100 && c % 4096 == 4096 - 100);
    uint64_t va;
    ASSERT_EQ(hm_virt(s, a + 5, &va), 0);
    ASSERT_EQ(va % 4096, 5);
    hm_space_free(s); hm_space_free(s2); hm_space_free(s3);
    hostmem_free(m); hostmem_free(m2); hostmem_free(m3);
}

TEST(hostmem, physical_access_sees_the_same_bytes_once_pinned)
{
    hostmem *m = mk(1);
    hm_space *s = hm_space_new(m, "app");
    uint8_t *a = hm_alloc(s, 8 * 4096);
    for (int i = 0; i < 8 * 4096; i++) a[i] = (uint8_t)(i * 7);
    ASSERT_EQ(hm_pin(s, a, 8 * 4096), 8);
    ASSERT_TRUE(hm_is_pinned(s, a + 100, 5000));
    char err[200];
    uint8_t got[300];
    uint64_t pa = pa_of(s, a + 5 * 4096 + 3000);
    ASSERT_EQ(hm_phys_read(m, pa, got, 300, err, sizeof err), 0);   /* within one page */
    ASSERT_MEM_EQ(got, a + 5 * 4096 + 3000, 300);
    uint8_t w[4] = {9, 8, 7, 6};
    ASSERT_EQ(hm_phys_write(m, pa_of(s, a + 100), w, 4, err, sizeof err), 0);
    ASSERT_MEM_EQ(a + 100, w, 4);
    hm_space_free(s);
    hostmem_free(m);
}

TEST(hostmem, contiguous_regions_are_contiguous_pinned_and_limited)
{
    hostmem *m = mk(3);
    hm_space *k = hm_space_new(m, "kernel");
    uint64_t phys;
    uint8_t *c = hm_alloc_contig(k, 1 << 20, &phys);
    ASSERT_TRUE(c != NULL);
    for (int i = 0; i < 256; i++) ASSERT_EQ(pa_of(k, c + i * 4096), phys + (uint64_t)i * 4096);
    ASSERT_TRUE(hm_is_pinned(k, c, 1 << 20));
    uint64_t pa;
    size_t contig;
    hm_translate(k, c, &pa, &contig);
    ASSERT_EQ(contig, 1 << 20);
    ASSERT_EQ(hm_free(k, c), 0);
    /* eight 4 MB regions, no more; nothing bigger than a region */
    for (int i = 0; i < 8; i++) ASSERT_TRUE(hm_alloc_contig(k, 4 << 20, NULL) != NULL);
    ASSERT_TRUE(hm_alloc_contig(k, 4096, NULL) == NULL);
    ASSERT_TRUE(strstr(hm_error(k), "no 4 MB contiguous region") != NULL);
    ASSERT_TRUE(hm_alloc_contig(k, (4 << 20) + 1, NULL) == NULL);
    ASSERT_TRUE(strstr(hm_error(k), "4 MB regions") != NULL);
    hm_space_free(k);
    hostmem_free(m);
}

TEST(hostmem, dma_errors_name_the_cause)
{
    hostmem *m = mk(5);
    hm_space *s = hm_space_new(m, "app");
    uint8_t *a = hm_alloc(s, 4096);
    char err[300];
    uint8_t b[8];
    uint64_t pa = pa_of(s, a + 16);
    ASSERT_EQ(hm_phys_read(m, pa, b, 8, err, sizeof err), -1);
    harness_note("%s", err);
    ASSERT_TRUE(strstr(err, "unpinned") && strstr(err, "app") && strstr(err, "0x40000010"));
    ASSERT_EQ(hm_phys_write(m, 300ull << 20, b, 8, err, sizeof err), -1);
    ASSERT_TRUE(strstr(err, "beyond host RAM") != NULL);
    ASSERT_EQ(hm_phys_write(m, 2ull << 20, b, 8, err, sizeof err), -1);   /* a page nobody has */
    ASSERT_TRUE(strstr(err, "no allocation") != NULL);
    /* pins nest */
    ASSERT_EQ(hm_pin(s, a, 10), 1);
    ASSERT_EQ(hm_pin(s, a, 10), 1);
    ASSERT_EQ(hm_unpin(s, a, 10), 1);
    ASSERT_EQ(hm_phys_read(m, pa, b, 8, err, sizeof err), 0);
    ASSERT_EQ(hm_unpin(s, a, 10), 1);
    ASSERT_EQ(hm_phys_read(m, pa, b, 8, err, sizeof err), -1);
    ASSERT_EQ(hm_unpin(s, a, 10), -1);
    ASSERT_TRUE(strstr(hm_error(s), "not pinned") != NULL);
    ASSERT_EQ(hm_pin(s, a, 8192), -1);
    ASSERT_TRUE(strstr(hm_error(s), "runs past its allocation") != NULL);
    uint8_t stack[16];
    ASSERT_EQ(hm_pin(s, stack, 16), -1);
    ASSERT_TRUE(strstr(hm_error(s), "not inside any allocation") != NULL);
    ASSERT_EQ(hm_free(s, a + 1), -1);
    hm_space_free(s);
    hostmem_free(m);
}

TEST(hostmem, freeing_returns_frames_and_bad_sizes_are_refused)
{
    hostmem *m = mk(9);
    uint32_t f0 = hostmem_free_frames(m);
    hm_space *s = hm_space_new(m, "app");
    void *a = hm_alloc(s, 10 * 4096 + 1);
    ASSERT_EQ(hostmem_free_frames(m), f0 - 11);
    ASSERT_EQ(hm_free(s, a), 0);
    ASSERT_EQ(hostmem_free_frames(m), f0);
    ASSERT_TRUE(hm_alloc(s, 0) == NULL);
    ASSERT_TRUE(hm_alloc(s, (size_t)1 << 30) == NULL);
    ASSERT_TRUE(strstr(hm_error(s), "out of host memory") != NULL);
    hm_space_free(s);
    hostmem_free(m);
    char err[200];
    ASSERT_TRUE(hostmem_new(100u << 20 | 4096, 2, 1, err, sizeof err) == NULL);
    ASSERT_TRUE(strstr(err, "multiple of 4 MB") != NULL);
}
