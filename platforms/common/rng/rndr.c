/* RNDR (FEAT_RNG): see secmon/drivers/rndr.h. */
#include <secmon/cold_boot.h>
#include <secmon/drivers/rndr.h>
#include <secmon/internal/sysreg_access.h>

#define SYSREG_ID_AA64ISAR0_EL1 "S3_0_C0_C6_0"
#define ID_AA64ISAR0_RNDR_SHIFT 60

SECMON_COLD_BOOT bool rndr_present(void)
{
	return (SECMON_SYSREG_READ(SYSREG_ID_AA64ISAR0_EL1) >> ID_AA64ISAR0_RNDR_SHIFT) != 0;
}

bool rndr_read(uint64_t *v)
{
	/* A failed read leaves 0 in *v, so the last one leaves it as documented. */
	for (unsigned int i = 0; i < RNDR_ATTEMPTS; i++)
		if (rndr_try(v))
			return true;
	return false;
}
