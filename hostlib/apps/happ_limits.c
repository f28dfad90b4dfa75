/* The bounds of happ_limits.h, one line per bound. */
#include "happ_limits.h"

#include <stddef.h>

#include "../../firmware/grim/grim_abi.h"

const happ_limit happ_limits[] = {
    {"grim_mcast", "GROUP", GRIM_MC_MAX_MEMBERS, "a multicast tree holds that many member NIs (GRIM_MC_MAX_MEMBERS)"},
    {"grim_mcast", "SENDERS", 8, "grim_mcast checks that many senders"},
    {"grim_mc_churn", "TREES", GRIM_MC_TREES, "the NI's tree table holds that many trees (GRIM_MC_TREES)"},
    {"grim_mc_churn", "SENDERS", 8, "grim_mc_churn checks that many senders"},
    {NULL, NULL, 0, NULL},
};
