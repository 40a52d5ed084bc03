/*
 * N1SDP's SCP: one SCMI channel in the SCP's secure shared RAM, rung through the MHU.
 * The requests themselves (power domains with Arm's CSS composite state, system power, discovery
 * and what a failure means) are the CSS boards' shared client, platforms/common/css/css_scp.c; this
 * file says where N1SDP's SCP is and how it numbers the CPUs' power domains.
 */
#include "n1sdp_private.h"

struct css_scp n1sdp_scp;

const struct css_scp_config n1sdp_scp_config = {
    .board = "N1SDP",
    .mhu_base = N1SDP_MHU_BASE,
    .doorbell_bits = N1SDP_SCMI_DOORBELL_BIT,
    .shmem = N1SDP_SCMI_SHMEM_BASE,
    .shmem_size = N1SDP_SCMI_SHMEM_SIZE,
    .poll_limit = N1SDP_SCMI_POLL_LIMIT,
    .levels = N1SDP_PWR_LEVELS,
    .domain = n1sdp_scmi_domain,
};
