/* LANai 9 special registers as the LANai sees them (0xFFFFFE00 + offset,
 * lanai-hardware.md §4.3) and its ISR / MYRINET bits. Shared by firmware
 * and the simulator's tests. */
#ifndef MYRISIM_HAL_LANAI9_REGS_H
#define MYRISIM_HAL_LANAI9_REGS_H

#define L9_SREG(off)   (0xFFFFFE00u + (off))
#define L9_ISR         L9_SREG(0x50)
#define L9_EIMR        L9_SREG(0x58)
#define L9_IT0         L9_SREG(0x60)
#define L9_RTC         L9_SREG(0x68)
#define L9_LAR         L9_SREG(0x70)
#define L9_CPUC        L9_SREG(0x78)
#define L9_PULSE       L9_SREG(0xB8)
#define L9_IT1         L9_SREG(0xC0)
#define L9_IT2         L9_SREG(0xC8)
#define L9_RMW         L9_SREG(0xD0)
#define L9_RMC         L9_SREG(0xD8)
#define L9_RMP         L9_SREG(0xE0)
#define L9_RML         L9_SREG(0xE8)
#define L9_SMP         L9_SREG(0xF0)
#define L9_SMH         L9_SREG(0xF8)
#define L9_SML         L9_SREG(0x100)
#define L9_SMLT        L9_SREG(0x108)
#define L9_SMC         L9_SREG(0x110)
#define L9_SA          L9_SREG(0x118)
#define L9_MYRINET     L9_SREG(0x130)
#define L9_LED         L9_SREG(0x140)

/* ISR bits (the modelled subset of §4.3) */
#define L9_HOST_SIG    (1u << 30)
#define L9_LANAI_SIG   (1u << 29)           /* host -> LANai doorbell */
#define L9_TIME2_INT   (1u << 13)
#define L9_WAKE0_INT   (1u << 12)
#define L9_ORUN4       (1u << 10)
#define L9_ORUN2       (1u << 9)
#define L9_ORUN1       (1u << 8)
#define L9_TIME1_INT   (1u << 7)
#define L9_TIME0_INT   (1u << 6)
#define L9_SEND_INT    (1u << 3)            /* also SEND_RDY */
#define L9_BUFF_INT    (1u << 2)
#define L9_RECV_INT    (1u << 1)
#define L9_HEAD_INT    (1u << 0)

/* MYRINET bits */
#define L9_NRES_ENABLE   (1u << 0)
#define L9_CRC32_ENABLE  (1u << 1)
#define L9_TX_CRC8       (1u << 2)
#define L9_RX_CRC8       (1u << 3)

#endif
