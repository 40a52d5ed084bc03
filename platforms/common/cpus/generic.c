/*
 * Any other core (e.g. QEMU's "max"): decide from the ID registers. CSV2 means branch
 * targets do not leak across contexts, SSBS gives the OS its own control over
 * speculative store bypass, CSV2 >= 3 or ECBHB means the branch history is safe too.
 * Without those there is no generic firmware mitigation to offer.
 *
 * Power-down: only what the architecture defines (data cache off, clean and invalidate
 * to the level of unification for a core, to the point of coherency for a cluster);
 * implementation-defined steps such as SMPEN need a core-specific entry.
 */
#include <secmon/arch.h>
#include <secmon/cache.h>
#include <secmon/cpu_ops.h>
#include <secmon/drivers/cpus.h>

#include "cpus_sysreg.h"
#include "generic.h"

static enum secmon_wa_status generic_wa_status(unsigned int wa)
{
	uint64_t csv2 = ID_FIELD(CPUS_SYSREG_READ(SYSREG_ID_AA64PFR0_EL1), ID_AA64PFR0_CSV2_SHIFT);
	int safe;

	switch (wa) {
	case 1:
		safe = csv2 >= 1;
		break;
	case 2:
		safe =
		    ID_FIELD(CPUS_SYSREG_READ(SYSREG_ID_AA64PFR1_EL1), ID_AA64PFR1_SSBS_SHIFT) != 0;
		break;
	default:
		safe = csv2 >= 3 || ID_FIELD(CPUS_SYSREG_READ(SYSREG_ID_AA64MMFR1_EL1),
					     ID_AA64MMFR1_ECBHB_SHIFT) != 0;
		break;
	}
	return safe ? SECMON_WA_NOT_REQUIRED : SECMON_WA_NOT_SUPPORTED;
}

void cpus_generic_core_pwr_dwn(void)
{
	cpus_dcache_off_flush(secmon_cache_louis());
	cpus_dsb();
}

void cpus_generic_cluster_pwr_dwn(void)
{
	cpus_dcache_off_flush(secmon_cache_loc());
	cpus_dsb();
}

const struct secmon_cpu_ops secmon_generic_cpu_ops = {
    .name = "generic Armv8-A",
    .midr = 0,
    .midr_mask = 0,
    .wa_status = generic_wa_status,
    .vectors = SECMON_CPU_VECTORS(none),
    .core_pwr_dwn = cpus_generic_core_pwr_dwn,
    .cluster_pwr_dwn = cpus_generic_cluster_pwr_dwn,
};
