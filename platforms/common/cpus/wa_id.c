/*
 * SMCCC_ARCH_WORKAROUND_n answers from the ID registers alone (see generic.h): the
 * generic ops' answers, and those of the cores whose only difference is one of them.
 */
#include <secmon/arch.h>
#include <secmon/cpu_ops.h>

#include "cpus_sysreg.h"
#include "generic.h"

enum secmon_wa_status cpus_wa_from_id_registers(unsigned int wa)
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
