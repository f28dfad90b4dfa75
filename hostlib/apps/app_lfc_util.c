/* The LFC programs' shared credit check (app_lfc_util.h). */
#include "app_lfc_util.h"

int lfc_check_pair(happ_env *out, int s, int d, const lfc_pcb *S, const lfc_pcb *R, int irx, unsigned credits)
{
    if (irx) {
        if (S->send_credits != R->free_credits || S->held || S->blocked)
            return happ_fail(out, "irx %d -> %d: %u sent, %u accepted, %u unacknowledged, %u blocked", s, d,
                             S->send_credits, R->free_credits, S->held, S->blocked);
        return 0;
    }
    unsigned sum = S->send_credits + R->free_credits + R->held;
    if (sum != credits || S->blocked)
        return happ_fail(out, "credits %d -> %d: %u send + %u owed + %u held = %u, not %u (%u blocked)", s, d,
                         S->send_credits, R->free_credits, R->held, sum, credits, S->blocked);
    return 0;
}
