/*
 * Any other core (e.g. QEMU's "max"): decide from the ID registers. CSV2 means branch
 * targets do not leak across contexts, SSBS gives the OS its own control over
 * speculative store bypass, CSV2 >= 3 or ECBHB means the branch history is safe too.
 * Without those there is no generic firmware mitigation to offer.
 */
#include <secmon/arch.h>
#include <secmon/cpu_ops.h>
#include <secmon/drivers/cpus.h>

static enum secmon_wa_status generic_wa_status(unsigned int wa)
{
	uint64_t csv2 = ID_FIELD(read_sysreg(id_aa64pfr0_el1), ID_AA64PFR0_CSV2_SHIFT);
	int safe;

	switch (wa) {
	case 1:
		safe = csv2 >= 1;
		break;
	case 2:
		safe = ID_FIELD(read_sysreg(id_aa64pfr1_el1), ID_AA64PFR1_SSBS_SHIFT) != 0;
		break;
	default:
		safe = csv2 >= 3 ||
		       ID_FIELD(read_sysreg(id_aa64mmfr1_el1), ID_AA64MMFR1_ECBHB_SHIFT) != 0;
		break;
	}
	return safe ? SECMON_WA_NOT_REQUIRED : SECMON_WA_NOT_SUPPORTED;
}

const struct secmon_cpu_ops secmon_generic_cpu_ops = {
    .name = "generic Armv8-A",
    .midr = 0,
    .midr_mask = 0,
    .wa_status = generic_wa_status,
};
