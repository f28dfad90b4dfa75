/* The two register maps (lanai-hardware.md §4.2, §4.3) and ISR / MYRINET
 * bit assignments (§4.2, §4.3, §4.4). LANai 4's ISR is a CPU register on
 * the real chip; here it is memory mapped at its host-view offset 0x28
 * (PROPOSED in §4.4), and the chip has no IMR (firmware polls). */
#include "card_internal.h"

#define S(off, id, nm) .slot[(off) / 4] = (id), .slot_name[(off) / 4] = (nm)

static const card_chip lanai4 = {
    .name = "LANai 4", .id = CHIP_LANAI4, .base = 0xFFFFFF00u, .size = 0x100,
    S(0x00, R_CONTEXT, "IPF0"), S(0x04, R_CONTEXT, "CUR0"), S(0x08, R_CONTEXT, "PREV0"),
    S(0x0C, R_CONTEXT, "DATA0"), S(0x10, R_CONTEXT, "DPF0"), S(0x14, R_CONTEXT, "IPF1"),
    S(0x18, R_CONTEXT, "CUR1"), S(0x1C, R_CONTEXT, "PREV1"), S(0x20, R_CONTEXT, "DATA1"),
    S(0x24, R_CONTEXT, "DPF1"),
    S(0x28, R_ISR, "ISR"), S(0x2C, R_EIMR, "EIMR"), S(0x30, R_IT0, "IT"), S(0x34, R_RTC, "RTC"),
    S(0x38, R_CKS, "CKS"), S(0x3C, R_EAR, "EAR"), S(0x40, R_LAR, "LAR"), S(0x44, R_DMA_CTR, "DMA_CTR"),
    S(0x48, R_RMP, "RMP"), S(0x4C, R_RML, "RML"), S(0x50, R_SMP, "SMP"), S(0x54, R_SML, "SML"),
    S(0x58, R_SMLT, "SMLT"),
    S(0x60, R_SINGLE, "RB"), S(0x64, R_SINGLE, "RH"), S(0x68, R_SINGLE, "RW"), S(0x6C, R_SA, "SA"),
    S(0x70, R_SINGLE, "SB"), S(0x74, R_SINGLE, "SH"), S(0x78, R_SINGLE, "SW"), S(0x7C, R_SINGLE, "ST"),
    S(0x80, R_DMA_DIR, "DMA_DIR"), S(0x84, R_DMA_STS, "DMA_STS"), S(0x88, R_TIMEOUT, "TIMEOUT"),
    S(0x8C, R_MYRINET, "MYRINET"), S(0x90, R_DEBUG, "HW_DEBUG"), S(0x94, R_LED, "LED"),
    S(0x98, R_VERSION, "VERSION"), S(0x9C, R_WRITE_ENABLE, "WRITE_ENABLE"), S(0xFC, R_CLOCK, "CLOCK"),
    .ntimers = 1,
    .send = 1u << 3, .recv = 1u << 1, .buff = 1u << 2, .head = 0,
    .time = {1u << 5, 0, 0}, .orun1 = 1u << 8, .orun2 = 1u << 9, .orun4 = 0,
    .dma = 1u << 4, .host_sig = 1u << 30, .doorbells = 0x00FF0000u, .send_rdy = 1u << 13,
    .crc8_tx = 1u << 1, .crc8_rx = 1u << 1, .crc32 = 0,      /* MYRINET.CRC_ENABLE */
    .nres_int = 1u << 11, .nres_enable = 1u << 0, .nres_select_in_myrinet = 0,
};

static const card_chip lanai9 = {
    .name = "LANai 9", .id = CHIP_LANAI9, .base = 0xFFFFFE00u, .size = 0x200,
    S(0x50, R_ISR, "ISR"), S(0x58, R_EIMR, "EIMR"), S(0x60, R_IT0, "IT0"), S(0x68, R_RTC, "RTC"),
    S(0x70, R_LAR, "LAR"), S(0x78, R_CPUC, "CPUC"), S(0xB8, R_PULSE, "PULSE"),
    S(0xC0, R_IT1, "IT1"), S(0xC8, R_IT2, "IT2"), S(0xD0, R_RMW, "RMW"), S(0xD8, R_RMC, "RMC"),
    S(0xE0, R_RMP, "RMP"), S(0xE8, R_RML, "RML"), S(0xF0, R_SMP, "SMP"), S(0xF8, R_SMH, "SMH"),
    S(0x100, R_SML, "SML"), S(0x108, R_SMLT, "SMLT"), S(0x110, R_SMC, "SMC"), S(0x118, R_SA, "SA"),
    S(0x130, R_MYRINET, "MYRINET"), S(0x138, R_DEBUG, "DEBUG"), S(0x140, R_LED, "LED"),
    S(0x150, R_GM_MP, "GM_MP"),
    /* host-DMA channel heads, LANai-settable (PROPOSED, §4.6) */
    S(0x180, R_DMAPTR0, "DMA_PTR0"), S(0x188, R_DMAPTR1, "DMA_PTR1"),
    S(0x190, R_DMAPTR2, "DMA_PTR2"), S(0x198, R_DMAPTR3, "DMA_PTR3"),
    S(0x1F8, R_CLOCK, "CLOCK"),
    .ntimers = 3,
    .send = 1u << 3, .recv = 1u << 1, .buff = 1u << 2, .head = 1u << 0,
    .time = {1u << 6, 1u << 7, 1u << 13}, .orun1 = 1u << 8, .orun2 = 1u << 9, .orun4 = 1u << 10,
    .dma = 1u << 12, .host_sig = 1u << 30, .doorbells = 1u << 29, .send_rdy = 0,  /* SEND_RDY = SEND_INT */
    .crc8_tx = 1u << 2, .crc8_rx = 1u << 3, .crc32 = 1u << 1,
    .nres_int = 1u << 11, .nres_enable = 1u << 0, .nres_select_in_myrinet = 1,
};

const card_chip *card_chip_for(lanai_chip_id id)
{
    switch (id) {
    case CHIP_LANAI4: return &lanai4;
    case CHIP_LANAI9: return &lanai9;
    default: return NULL;
    }
}

const char *card_reg_name(const card_chip *ch, uint32_t offset)
{
    if (offset >= ch->size || (offset & 3)) return NULL;
    return ch->slot_name[offset / 4];
}
