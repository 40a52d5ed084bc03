/* The N1SDP EL3 image (BL31): the N1SDP port plus the services this image offers. */
#include <secmon/secmon.h>
#include <secmon/services/arch.h>
#include <secmon/services/psci.h>

#include "n1sdp.h"

static const struct secmon_smc_service *const services[] = {
    &secmon_arch_service,
    &secmon_psci_service,
};

const struct secmon_board secmon_board = {
    .platform = &n1sdp_platform,
    .services = services,
    .service_count = SECMON_ARRAY_SIZE(services),
};
