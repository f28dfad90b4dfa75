/* RM-RV replies (§4.5.4): the data a remote read fetched goes back to the
 * requester as an RMRV_REPLY data message through the reliable path, from
 * a firmware-owned LC (index NLC, its descriptor in LCD slot NLC, its queue
 * in GRIM_FW_PRIVATE). The receive path reserves room, DMAs the host data
 * in behind the header written here, and commits; the send path takes the
 * reply LC last, when no host LC has anything to send (main.c), and from
 * then on it is an ordinary message: scoreboard, ACK, rollback, timer. */
#include "fw.h"

static unsigned rv_back, rv_next;   /* the back offset the next commit publishes */

void rv_init(unsigned addr)
{
    unsigned lc = cfg.rvlc, d = LCD(lc);
    W(d + GRIM_L_Q_BASE) = addr;
    W(d + GRIM_L_Q_SIZE) = RVQ_BYTES;
    W(d + GRIM_L_Q_BACK) = 0;
    W(d + GRIM_L_OPEN) = 0;             /* nothing is delivered to it */
    lcs[lc].qbase = addr;               /* already checked: tx_new takes it as it is */
    lcs[lc].qsize = RVQ_BYTES;
    rv_back = 0;
}

/* Room for a reply of `bytes` (header included) at the back of the reply
 * queue, the same ring rule the host library follows: 8 bytes stay free, a
 * message that does not fit before the end goes to 0 after a WRAP header. */
unsigned rv_reserve(unsigned bytes, unsigned hdr[8])
{
    unsigned d = LCD(cfg.rvlc), base = W(d + GRIM_L_Q_BASE), front = W(d + GRIM_L_Q_FRONT), back = rv_back;
    unsigned m = GRIM_ROUND8(bytes), at, lc = cfg.rvlc;
    if (front >= RVQ_BYTES) front = 0;
    /* Empty (everything sent and ACKed, no borrowed bytes to put back): start
     * again at 0. Without this a reply of a full 64 KB (65568 bytes) never
     * fits once back has left 0: it fits neither behind back nor in front of
     * it, and the requester is NACKed forever. */
    if (back == front && back == W(d + GRIM_L_Q_NEXT) && !lcs[lc].count && !(tx.active && tx.lc == lc) &&
        !tx.restore) {
        W(d + GRIM_L_Q_NEXT) = 0;
        W(d + GRIM_L_Q_FRONT) = 0;
        W(d + GRIM_L_Q_BACK) = 0;
        front = back = rv_back = 0;
    }
    if (back >= front) {
        if (m < RVQ_BYTES - back) at = back;
        else if (m < front) {
            W(base + back) = GRIM_W0(0u, 0u);
            W(base + back + 4) = GRIM_W1(GRIM_T_WRAP, 0u, 0u, 0u);
            at = 0;
        } else return 0;
    } else if (m < front - back) at = back;
    else return 0;
    for (unsigned i = 0; i < 8; i++) W(base + at + 4 * i) = hdr[i];
    rv_next = at + m;
    return base + at;
}

void rv_commit(void)
{
    rv_back = rv_next;
    F->rv_pend = 1;
    LCW(cfg.rvlc, GRIM_L_Q_BACK) = rv_back;
}
