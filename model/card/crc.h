/* The packet CRCs (lanai-hardware.md §4.7, PROPOSED there): CRC-8 with
 * polynomial x^8+x^2+x+1 (0x07), init 0, no reflection, no final xor, so
 * the CRC of (message, its CRC-8) is 0 - the check residue the receive DMA
 * stores; and CRC-32 IEEE 802.3 (reflected 0x04C11DB7, init and final xor
 * 0xFFFFFFFF) for LANai 9 with CRC32_ENABLE. */
#ifndef MYRISIM_CARD_CRC_H
#define MYRISIM_CARD_CRC_H

#include <stddef.h>
#include <stdint.h>

uint8_t crc8_update(uint8_t crc, const uint8_t *p, size_t n);
static inline uint8_t crc8(const uint8_t *p, size_t n) { return crc8_update(0, p, n); }

/* Running state: start with CRC32_INIT, finish with crc32_final. */
#define CRC32_INIT 0xFFFFFFFFu
uint32_t crc32_update(uint32_t state, const uint8_t *p, size_t n);
static inline uint32_t crc32_final(uint32_t state) { return state ^ 0xFFFFFFFFu; }
static inline uint32_t crc32(const uint8_t *p, size_t n) { return crc32_final(crc32_update(CRC32_INIT, p, n)); }
/* crc8_update and crc32_update over the same bytes in one pass, handing
 * back the CRC-32 state before each of the last k bytes (k <= n) in
 * before[0..k): the receive DMA keeps them for the packet tail. Its
 * batches are a few bytes, where one call costs less than one per CRC and
 * byte. */
uint32_t crc_both_update(uint8_t *crc8, uint32_t state, const uint8_t *p, size_t n, uint32_t *before,
                         size_t k);

#endif
