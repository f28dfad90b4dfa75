/* Memory accesses outside the SRAM fast path: alignment faults, the
 * simulator-services window, device hooks (the NI card maps its special
 * registers there) and bus faults. Device accesses cost mmio_wait instead
 * of the SRAM wait states already charged by the instruction. */
#include "core_internal.h"
#include "../../firmware/hal/simsvc.h"

#include <stdarg.h>
#include <stdio.h>

void lanai_device_error(lanai_core *c, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(c->dev_msg, sizeof c->dev_msg, fmt, ap);
    va_end(ap);
}

/* FAULT_DEVICE with the device's own words if it gave any. */
static void refused(lanai_core *c, uint32_t pc, uint32_t addr, const char *dflt)
{
    char msg[sizeof c->dev_msg];
    snprintf(msg, sizeof msg, "%s", c->dev_msg[0] ? c->dev_msg : dflt);
    c->dev_msg[0] = 0;
    lanai_raise(c, FAULT_DEVICE, pc, addr, msg);
}

/* SRAM accesses of the generic executor pay the DMA engines' budget too. */
static void steal_one(lanai_core *c)
{
    if (!c->steal) return;
    if (c->cycles < c->steal_until) { c->cycles++; c->steal--; c->stolen++; }
    else c->steal = 0;
}

static int misaligned(lanai_core *c, uint32_t pc, uint32_t addr, int size)
{
    char msg[64];
    snprintf(msg, sizeof msg, "%s access at 0x%08x", size == 4 ? "word" : "half-word", addr);
    lanai_raise(c, FAULT_MISALIGNED, pc, addr, msg);
    return -1;
}

static void charge_device(lanai_core *c, uint32_t sram_wait)
{
    c->cycles += c->prof->mmio_wait;
    c->cycles -= sram_wait;
}

int lanai_mem_read_slow(lanai_core *c, uint32_t pc, uint32_t addr, int size, uint32_t *val)
{
    if (addr & (uint32_t)(size - 1)) return misaligned(c, pc, addr, size);
    charge_device(c, c->prof->load_wait);
    if (addr - SIMSVC_BASE < SIMSVC_SIZE) {
        uint32_t word;
        if (lanai_simsvc_read(c, pc, addr & ~3u, &word) < 0) return -1;
        if (c->watching) c->watch_timeread = 1;   /* counters change every cycle */
        int shift = 8 * (4 - size - (int)(addr & 3));   /* big-endian byte lanes */
        *val = size == 4 ? word : (word >> shift) & (size == 2 ? 0xFFFFu : 0xFFu);
        return 0;
    }
    if (addr >= c->sram_size && c->has_mmio && c->mmio.read) {
        c->dev_msg[0] = 0;
        int rc = c->mmio.read(c->mmio.ctx, addr, size, c->cycles, val);
        if (rc == 0) {
            if (c->watching) c->watch_dev_reads++;
            return 0;
        }
        if (rc != -1) {
            refused(c, pc, addr, "device refused the read");
            return -1;
        }
    }
    lanai_raise(c, FAULT_BUS, pc, addr, NULL);
    return -1;
}

int lanai_mem_write_slow(lanai_core *c, uint32_t pc, uint32_t addr, int size, uint32_t val)
{
    if (addr & (uint32_t)(size - 1)) return misaligned(c, pc, addr, size);
    charge_device(c, size == 4 ? c->prof->store_wait : c->prof->partword_store_wait);
    if (addr - SIMSVC_BASE < SIMSVC_SIZE)
        return lanai_simsvc_write(c, pc, addr & ~3u, val);   /* part-word: the value as written */
    if (addr >= c->sram_size && c->has_mmio && c->mmio.write) {
        c->dev_msg[0] = 0;
        int rc = c->mmio.write(c->mmio.ctx, addr, size, c->cycles, val);
        if (rc == 0) return 0;
        if (rc != -1) {
            refused(c, pc, addr, "device refused the write");
            return -1;
        }
    }
    lanai_raise(c, FAULT_BUS, pc, addr, NULL);
    return -1;
}

int lanai_mem_read(lanai_core *c, uint32_t pc, uint32_t addr, int size, uint32_t *val)
{
    if (addr < c->sram_size && !(addr & (uint32_t)(size - 1))) {
        const uint8_t *p = c->sram + addr;
        *val = size == 4 ? be32(p) : size == 2 ? be16(p) : p[0];
        steal_one(c);
        return 0;
    }
    return lanai_mem_read_slow(c, pc, addr, size, val);
}

int lanai_mem_write(lanai_core *c, uint32_t pc, uint32_t addr, int size, uint32_t val)
{
    if (addr < c->sram_size && !(addr & (uint32_t)(size - 1))) {
        uint8_t *p = c->sram + addr;
        if (c->cpage[addr >> CPAGE_SHIFT] && lanai_store_page(c, pc, addr) < 0) return -1;
        if (size == 4) put_be32(p, val);
        else if (size == 2) put_be16(p, val);
        else p[0] = (uint8_t)val;
        steal_one(c);
        if (c->watching) c->watch_dirty = 1;
        return 0;
    }
    if (c->watching) c->watch_dirty = 1;
    return lanai_mem_write_slow(c, pc, addr, size, val);
}
