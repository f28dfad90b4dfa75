/* Big-endian 32-bit words in byte buffers: the LANai's byte order, for
 * host code that reads and writes words the NI shares (its SRAM, host
 * buffers it fills by DMA, packet payloads). One definition for the host
 * library, the driver and the host programs. */
#ifndef MYRISIM_HOSTLIB_BE32_H
#define MYRISIM_HOSTLIB_BE32_H

#include <stdint.h>

static inline uint32_t be32_get(const uint8_t *b)
{
    return (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 | (uint32_t)b[2] << 8 | b[3];
}

static inline void be32_put(uint8_t *b, uint32_t v)
{
    b[0] = (uint8_t)(v >> 24);
    b[1] = (uint8_t)(v >> 16);
    b[2] = (uint8_t)(v >> 8);
    b[3] = (uint8_t)v;
}

#endif
