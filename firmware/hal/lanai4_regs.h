/* LANai 4 special registers as the LANai sees them (0xFFFFFF00 + offset,
 * lanai-hardware.md §4.2) and its ISR bits. ISR is memory mapped at 0x28 in
 * this model (PROPOSED §4.4; the real chip had it in r31). Shared by
 * firmware and the simulator's tests. */
#ifndef MYRISIM_HAL_LANAI4_REGS_H
#define MYRISIM_HAL_LANAI4_REGS_H

#define L4_SREG(off)   (0xFFFFFF00u + (off))
#define L4_ISR         L4_SREG(0x28)
#define L4_EIMR        L4_SREG(0x2C)
#define L4_IT          L4_SREG(0x30)
#define L4_RTC         L4_SREG(0x34)
#define L4_CKS         L4_SREG(0x38)
#define L4_EAR         L4_SREG(0x3C)
#define L4_LAR         L4_SREG(0x40)
#define L4_DMA_CTR     L4_SREG(0x44)
#define L4_RMP         L4_SREG(0x48)
#define L4_RML         L4_SREG(0x4C)
#define L4_SMP         L4_SREG(0x50)
#define L4_SML         L4_SREG(0x54)
#define L4_SMLT        L4_SREG(0x58)
#define L4_SA          L4_SREG(0x6C)
#define L4_DMA_DIR     L4_SREG(0x80)
#define L4_DMA_STS     L4_SREG(0x84)
#define L4_TIMEOUT     L4_SREG(0x88)
#define L4_MYRINET     L4_SREG(0x8C)
#define L4_LED         L4_SREG(0x94)
#define L4_VERSION     L4_SREG(0x98)

/* ISR bits */
#define L4_HOST_SIG    (1u << 30)
#define L4_LAN_SIG(n)  (1u << (16 + (n)))   /* host -> LANai doorbells 0..7 */
#define L4_SEND_RDY    (1u << 13)           /* level: the send DMA takes a segment */
#define L4_ORUN2       (1u << 9)            /* OFF_BY_2 */
#define L4_ORUN1       (1u << 8)            /* OFF_BY_1 */
#define L4_TIME_INT    (1u << 5)
#define L4_DMA_INT     (1u << 4)
#define L4_SEND_INT    (1u << 3)
#define L4_BUFF_INT    (1u << 2)
#define L4_RECV_INT    (1u << 1)

/* MYRINET bits */
#define L4_NRES_ENABLE (1u << 0)
#define L4_CRC_ENABLE  (1u << 1)

#endif
