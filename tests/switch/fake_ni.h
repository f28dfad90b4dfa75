/* A scripted stand-in for an NI card on an endpoint: sends packets at given
 * times, receives at a scripted rate (or refuses), and records what arrived
 * and when. Test helper only. */
#ifndef MYRISIM_SWITCH_FAKE_NI_H
#define MYRISIM_SWITCH_FAKE_NI_H

#include "../../model/switch/endpoint.h"

#define FNI_MAX_PKTS 512
#define FNI_MAX_LOG  8192
#define FNI_MAX_SENDS 1024

typedef struct {
    uint8_t *data;
    unsigned len;
    sim_time first, last;     /* when the first / last byte was taken */
    unsigned flags;           /* EP_RX_* seen */
    lk_sym tag;               /* tags of the first symbol */
} fni_pkt;

typedef struct {
    sim_time t;
    unsigned n;               /* symbols taken at t */
} fni_take;

typedef struct fake_ni {
    evq *q;
    lk_ep *ep;
    /* sending */
    struct fni_send { sim_time at; uint8_t *data; unsigned len; int tail; struct fake_ni *ni; }
        sends[FNI_MAX_SENDS];
    int nsends;
    int segs_done;
    sim_time last_sent;       /* time of the last `sent` callback */
    /* receiving: take up to `burst` symbols every `period` from `from` on;
     * period 0 = take everything as soon as it arrives */
    unsigned burst;
    sim_time period, from;
    int tick_pending;
    sim_time next_tick;
    fni_pkt pkt[FNI_MAX_PKTS];
    int npkts;
    int in_pkt;
    fni_take log[FNI_MAX_LOG];
    int nlog;
} fake_ni;

void fni_init(fake_ni *f, evq *q, lk_ep *ep);
void fni_free(fake_ni *f);
/* Send one packet (a single segment with tail) at time `at`. The data is
 * copied. */
void fni_send_at(fake_ni *f, sim_time at, const uint8_t *data, unsigned len);
/* Send one segment (tail as given) at time `at`. */
void fni_send_seg_at(fake_ni *f, sim_time at, const uint8_t *data, unsigned len, int tail);
/* Receive policy (see above). from = SIM_TIME_NEVER refuses everything. */
void fni_accept(fake_ni *f, unsigned burst, sim_time period, sim_time from);
/* Re-evaluate the receive policy now (after changing it). */
void fni_poll(fake_ni *f);
/* Bytes received in all (data bytes, not GAPs). */
unsigned fni_bytes(const fake_ni *f);

/* A packet: route bytes, then `len` payload bytes with a pattern that
 * encodes seed and position. Returns the total length. */
unsigned fni_make_packet(uint8_t *buf, const uint8_t *route, unsigned rlen, unsigned len, unsigned seed);

#endif
