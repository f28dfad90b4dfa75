/* NI->host DMA as the dissertation's firmware benchmark measured it
 * (Fig 5.6): the card's engine moves n bytes from SRAM into pinned,
 * physically contiguous host memory; time from the engine being started to
 * its completion bit (DMA_INT / WAKE0). Drives the engine the way firmware
 * would, through the card's register routing. */
#ifndef MYRISIM_TESTS_TPIL_NI2HOST_H
#define MYRISIM_TESTS_TPIL_NI2HOST_H

#include "fixture.h"

/* Returns the time in ps, 0 on error. host_buf: contiguous pinned memory
 * (phys given), at least n bytes; sram_src: SRAM address of the data. */
sim_time ni2host_dma(fixture *f, uint64_t phys, uint32_t sram_src, uint32_t n);

#endif
