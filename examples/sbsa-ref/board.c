/* The sbsa-ref EL3 image: the port plus the services it offers. */
#include <secmon/secmon.h>
#include <secmon/services/arch.h>
#include <secmon/services/psci.h>
#include <secmon/services/trng.h>

#include "sbsa_ref.h"

static const struct secmon_smc_service *const services[] = {
    &secmon_arch_service,
    &secmon_psci_service,
    /* Entity 4 too, function numbers 0x50-0x5F (shared with PSCI's). */
    &secmon_trng_service,
};

const struct secmon_board secmon_board = {
    .platform = &sbsa_ref_platform,
    .services = services,
    .service_count = SECMON_ARRAY_SIZE(services),
};
