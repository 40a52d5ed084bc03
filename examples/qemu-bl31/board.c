/*
 * The QEMU virt EL3 image: the qemu-virt port plus the services this image offers.
 * QEMU_VIRT_PSCI 0 and QEMU_VIRT_TRNG 0 (a test image's compile definitions) leave PSCI
 * and TRNG out.
 */
#include <secmon/secmon.h>
#include <secmon/services/arch.h>
#include <secmon_config.h>

#include "qemu_virt.h"

#if QEMU_VIRT_PSCI
#include <secmon/services/psci.h>
#endif

#if QEMU_VIRT_TRNG
#include <secmon/services/trng.h>
#endif

#if SECMON_ENABLE_PMF
#include <secmon/services/pmf.h>
#endif

#if SECMON_ENABLE_SPD
#include "spd_payload.h"
#endif

#include "test_triggers.h"

static const struct secmon_smc_service *const services[] = {
    &secmon_arch_service,
#if QEMU_VIRT_PSCI
    &secmon_psci_service,
#endif
#if QEMU_VIRT_TRNG
    /* Entity 4 too, function numbers 0x50-0x5F (shared with PSCI's). */
    &secmon_trng_service,
#endif
#if SECMON_ENABLE_PMF
    &secmon_pmf_service,
#endif
#if SECMON_ENABLE_SPD
    &secmon_spd_service,
#endif
#if SECMON_TEST_TRIGGERS
    /* Also forwards PMF's old SiP IDs. */
    &qemu_test_triggers_service,
#elif SECMON_ENABLE_PMF
    &secmon_pmf_sip_service,
#endif
};

const struct secmon_board secmon_board = {
    .platform = &qemu_virt_platform,
    .services = services,
    .service_count = SECMON_ARRAY_SIZE(services),
#if SECMON_ENABLE_SPD
    .spd_payload = &qemu_tsp_payload,
    .regions = qemu_tsp_regions,
    .region_count = SECMON_ARRAY_SIZE(qemu_tsp_regions),
#endif
};
