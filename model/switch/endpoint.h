/* How an NI card attaches to a cable end: the interface the NI's packet
 * send and receive engines use (the card model proper is model/card:
 * send.c and recv.c).
 *
 * Send: the NI offers a packet as one or more segments (ep_send). The link
 * pulls the bytes as fast as its rate and STOP/GO allow and calls `sent`
 * when a segment's last byte has been serialised (the moment to raise
 * SEND_INT). The segment's memory is read while it is sent, so it must stay
 * valid until then. The last segment of a packet has tail=1.
 *
 * Receive: `arrived` is called whenever bytes come in. The NI takes them with
 * ep_recv when it is ready; bytes it does not take stay in the slack buffer,
 * which sends STOP upstream when it fills, so a receiver without a posted
 * buffer really blocks the network. ep_recv never crosses a packet boundary.
 *
 * CRC-8 is the NI's business: the link carries raw bytes, a tail mark and a
 * corrupt flag set by error injection. */
#ifndef MYRISIM_SWITCH_ENDPOINT_H
#define MYRISIM_SWITCH_ENDPOINT_H

#include "link.h"
#include "../event/floor.h"

typedef struct lk_ep lk_ep;

typedef void (*ep_sent_fn)(void *ctx, lk_ep *e, uint32_t tag);
typedef void (*ep_arrived_fn)(void *ctx, lk_ep *e);
/* 1 if a chunk arriving at t is certain to change nothing the NI's core can
 * read, whatever the core does before it runs (lk_idle_fn). */
typedef int (*ep_idle_fn)(void *ctx, sim_time t);
/* Which NI a packet goes to, from its first segment (route bytes first);
 * LK_NO_NODE if unknown. Only used to tag symbols for reports. */
typedef unsigned (*ep_dest_fn)(void *ctx, unsigned src, const uint8_t *seg, unsigned len);

typedef struct {
    uint64_t packets_sent, bytes_sent, segments_sent;
    uint64_t packets_recv, bytes_recv, corrupt_recv, truncated_recv;
} ep_stats;

/* `node` is the NI index used in packet tags. */
lk_ep *ep_new(evq *q, unsigned node, const char *name);
void ep_free(lk_ep *e);
/* tx: NI -> network, rx: network -> NI (either may be NULL). */
void ep_attach(lk_ep *e, lk_dir *tx, lk_dir *rx);
void ep_set_callbacks(lk_ep *e, ep_sent_fn sent, ep_arrived_fn arrived, void *ctx);
/* The card's probe for arrivals it will ignore: the link schedules those
 * ahead (the cores may pass them; model/switch/README.md "Events ahead"). */
void ep_set_rx_idle(lk_ep *e, ep_idle_fn fn, void *ctx);
/* A receiver the link calls itself at each arrival, in place of
 * ep_set_callbacks' `arrived` (one indirect call less per chunk: the
 * card's). Whichever of the two was set last is called; NULL: none. */
void ep_set_rx_sink(lk_ep *e, lk_arrived_fn fn, void *ctx);
void ep_set_dest_fn(lk_ep *e, ep_dest_fn fn, void *ctx);
/* Publish, in slot `slot` of fl (model/event/floor.h), the earliest time
 * the endpoint's next send-done can come: the rest of the front segment
 * serialised from the link's next start. Events ahead may then pull its
 * segments (fabric.c sets it for every NI). */
void ep_set_floor(lk_ep *e, evq_floors *fl, int slot);
/* The direction it sends on (NULL before ep_attach). */
lk_dir *ep_tx_link(const lk_ep *e);
unsigned ep_node(const lk_ep *e);
const char *ep_name(const lk_ep *e);
const ep_stats *ep_get_stats(const lk_ep *e);

/* Queue a segment of len bytes (len 0 with tail sends a bare GAP). The tag
 * comes back in the `sent` callback. Returns 0, or -1 if not attached. */
int ep_send(lk_ep *e, const uint8_t *data, unsigned len, int tail, uint32_t tag);
/* Segments queued and not yet fully pulled by the link. */
unsigned ep_send_queued(const lk_ep *e);

enum { EP_RX_END = 1, EP_RX_CORRUPT = 2, EP_RX_TRUNCATED = 4, EP_RX_LOST = 8 };
/* Symbols of the current packet waiting in the slack (through its tail). */
unsigned ep_rx_avail(const lk_ep *e);
/* Take up to max symbols of the current packet (stops after the tail). */
unsigned ep_recv_syms(lk_ep *e, lk_sym *out, unsigned max);
/* Byte view: up to max data bytes; *flags gets EP_RX_* for what was taken
 * (EP_RX_TRUNCATED: the packet ended with a bare GAP, i.e. a switch cut it;
 * EP_RX_CORRUPT: a byte was flipped and EP_RX_LOST: bytes before one were
 * lost, by a link's error injection - known to the model, not the NI). */
unsigned ep_recv(lk_ep *e, uint8_t *buf, unsigned max, unsigned *flags);
/* Bytes are waiting that the NI has not taken (for deadlock reports). */
int ep_rx_pending(const lk_ep *e);
/* A time up to which (exclusive) the receive slack is certain to stay
 * empty whatever happens meanwhile: the arrival of the next chunk already
 * on the wire; 0 when a symbol waits now or no chunk is on the wire (a
 * chunk committed later could arrive sooner than anything one can bound). */
sim_time ep_rx_empty_until(const lk_ep *e);

#endif
