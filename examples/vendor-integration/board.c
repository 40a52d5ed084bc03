/* ACME's board: the QEMU virt port from the libsecmon package, plus ACME's SiP service. */
#include <secmon/secmon.h>
#include <secmon/services/arch.h>
#include <secmon/services/psci.h>

#include "acme.h"
#include "qemu_virt.h"

static const struct secmon_smc_service *const services[] = {
    &secmon_arch_service,
    &secmon_psci_service,
    &acme_sip_service,
};

const struct secmon_board secmon_board = {
    .platform = &qemu_virt_platform,
    .services = services,
    .service_count = SECMON_ARRAY_SIZE(services),
};
