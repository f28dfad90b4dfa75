/* A host machine: CPU profile, physical memory, its PCI buses with their host
 * bridges, and the interrupt input. CPU operations are asynchronous state
 * machines on the event queue; each calls done(ctx, status) when the CPU is
 * free again. The platform layer (hostlib/platform.h) turns them into
 * blocking calls for host code. */
#ifndef MYRISIM_HOST_H
#define MYRISIM_HOST_H

#include "../pci/bridge.h"
#include "host_profile.h"
#include "hostmem.h"

typedef struct host host;
typedef void (*host_done_fn)(void *ctx, int status);    /* 0 ok, -1 error: host_error() */

/* plain: 4-byte uncached stores; MMX: 8-byte uncached stores; SSE: prefetch +
 * non-temporal stores; WC: ordinary stores into a write-combining (MTRR)
 * mapping of the BAR. The last two leave the CPU as whole lines. */
typedef enum { HPIO_PLAIN = 0, HPIO_MMX, HPIO_SSE, HPIO_WC } host_pio_mode;
const char *host_pio_mode_name(host_pio_mode m);

host *host_new(evq *q, const host_profile *hp, uint32_t seed, char *err, size_t errlen);
void host_free(host *h);
const host_profile *host_profile_of(const host *h);
evq *host_evq(host *h);
hostmem *host_mem(host *h);
int host_nbuses(const host *h);
pci_bus *host_bus(host *h, int i);
pci_bridge *host_bridge(host *h, int i);

/* PIO write of len bytes from native memory src to bus address addr on bus
 * `bus`, as the given store loop would issue them. Completes when the CPU
 * has issued the last store (the data may still sit in the posting buffer).
 * Returns -1 at once (host_error) if the mode is missing on this CPU or no
 * device decodes the range. */
int host_pio_write(host *h, int bus, uint64_t addr, const void *src, uint32_t len,
                   host_pio_mode mode, host_done_fn done, void *ctx);
/* PIO read: uncached 32-bit loads, one after the other (the CPU stalls for
 * each round trip). */
int host_pio_read(host *h, int bus, uint64_t addr, void *dst, uint32_t len,
                  host_done_fn done, void *ctx);
/* done after `delay` of CPU time. */
int host_after(host *h, sim_time delay, host_done_fn done, void *ctx);
/* CPU time of a memcpy of n bytes. */
sim_time host_memcpy_cost(const host *h, size_t n);

/* Interrupt input: the OR of every bus's line. fn runs once, when the line
 * is (or next becomes) high. */
int host_irq_level(const host *h);
void host_on_irq(host *h, void (*fn)(void *ctx), void *ctx);

/* Kernel work beside the host program (a device driver's interrupt
 * handler): the CPU is the handler's from host_kernel_begin to
 * host_kernel_end (nested calls count once). host_kernel_in is the CPU
 * time such work took in [t0, t1); the platform lengthens the program's
 * CPU work by it (hostlib/platform.c). The last HOST_KERNEL_SPANS spans are
 * kept. */
#define HOST_KERNEL_SPANS 16
void host_kernel_begin(host *h);
void host_kernel_end(host *h);
sim_time host_kernel_in(const host *h, sim_time t0, sim_time t1);
/* 1 while kernel work runs; fn(ctx) runs once when it next ends (at once
 * if none runs). */
int host_kernel_busy(const host *h);
void host_on_kernel_end(host *h, void (*fn)(void *ctx), void *ctx);

/* Activity watchers (idle polling, hostlib plat_idle_poll): fn(ctx) runs,
 * from the event that does it, on every bus-master (DMA) write that lands
 * in this host's memory and on every rise of the interrupt line. Several
 * may be registered (HOST_MAX_WATCHERS); host_watch returns -1 when full.
 * host_unwatch removes the (fn, ctx) pair; harmless if absent. */
#define HOST_MAX_WATCHERS 8
typedef void (*host_watch_fn)(void *ctx);
int host_watch(host *h, host_watch_fn fn, void *ctx);
void host_unwatch(host *h, host_watch_fn fn, void *ctx);

/* Last error of a host call, and the first bus fault seen (master/target
 * abort: DMA to unpinned memory, PIO to a hole), "" if none. */
const char *host_error(const host *h);
const char *host_fault_text(const host *h);
int host_faults(const host *h);

#endif
