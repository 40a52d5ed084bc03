/*
 * Juno's SCP: one SCMI channel in trusted SRAM, rung through the MHU. The requests
 * themselves (power domains with Arm's CSS composite state, system power, discovery and
 * what a failure means) are the CSS boards' shared client, platforms/common/css/css_scp.c;
 * this file says where Juno's SCP is and how it numbers the CPUs' power domains.
 */
#include "juno_private.h"

struct css_scp juno_scp;

const struct css_scp_config juno_scp_config = {
    .board = "Juno",
    .mhu_base = JUNO_MHU_BASE,
    .doorbell_bits = JUNO_SCMI_DOORBELL_BIT,
    .shmem = JUNO_SCMI_SHMEM_BASE,
    .shmem_size = JUNO_SCMI_SHMEM_SIZE,
    .poll_limit = JUNO_SCMI_POLL_LIMIT,
    .levels = JUNO_PWR_LEVELS,
    .domain = juno_scmi_domain,
};
