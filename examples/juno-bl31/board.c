/* The Juno EL3 image (BL31): the Juno port plus the services this image offers. */
#include <secmon/secmon.h>
#include <secmon/services/arch.h>
#include <secmon/services/psci.h>

#include "juno.h"

static const struct secmon_smc_service *const services[] = {
    &secmon_arch_service,
    &secmon_psci_service,
};

const struct secmon_board secmon_board = {
    .platform = &juno_platform,
    .services = services,
    .service_count = SECMON_ARRAY_SIZE(services),
};
