/*
 * SMC dispatcher: a 256-entry table indexed by the top byte of the function ID
 * (fast bit, SMC64 bit, owning entity). Registration fills the table at cold boot, and
 * it is read-only afterwards (SECMON_RO_AFTER_BOOT); at run time a call costs one load and
 * one indirect branch (see the assembly fast path in core/arch/aarch64/smc_paths.S, which
 * this C version mirrors for tests and for SMCs from AArch32).
 */
#include <secmon/cold_boot.h>
#include <secmon/internal/smc_dispatch.h>

/* Read-only once the cold boot releases the other CPUs. */
SECMON_RO_AFTER_BOOT secmon_smc_handler_fn secmon_smc_table[SECMON_SMC_TABLE_SIZE];

uint64_t secmon_smc_unknown(uint32_t fid, uint64_t x1, uint64_t x2, uint64_t x3,
			    struct secmon_smc_frame *frame)
{
	return SMC_UNK;
}

SECMON_COLD_BOOT void secmon_smc_table_reset(void)
{
	for (unsigned int i = 0; i < SECMON_SMC_TABLE_SIZE; i++)
		secmon_smc_table[i] = secmon_smc_unknown;
}

/* Table slot of a call: fast bit, SMC64 bit and owning entity, i.e. fid[31:24]. */
SECMON_COLD_BOOT static unsigned int slot(unsigned int fast, unsigned int smc64, unsigned int oen)
{
	return (fast << 7) | (smc64 << 6) | oen;
}

SECMON_COLD_BOOT static int valid_service(const struct secmon_smc_service *svc)
{
	return svc && svc->handler && svc->oen_first <= svc->oen_last &&
	       svc->oen_last <= SMCCC_OEN_MASK && svc->call_types != 0 &&
	       (svc->call_types & ~(SECMON_SMC_FAST | SECMON_SMC_YIELD)) == 0;
}

/* Calls the callback for every slot the service claims; stops at the first non-zero. */
SECMON_COLD_BOOT static int for_each_slot(const struct secmon_smc_service *svc,
					  int (*fn)(unsigned int slot,
						    const struct secmon_smc_service *svc))
{
	for (unsigned int fast = 0; fast < 2; fast++) {
		if (!(svc->call_types & (fast ? SECMON_SMC_FAST : SECMON_SMC_YIELD)))
			continue;
		for (unsigned int smc64 = 0; smc64 < 2; smc64++) {
			for (unsigned int oen = svc->oen_first; oen <= svc->oen_last; oen++) {
				int ret = fn(slot(fast, smc64, oen), svc);
				if (ret)
					return ret;
			}
		}
	}
	return 0;
}

SECMON_COLD_BOOT static int check_free(unsigned int s, const struct secmon_smc_service *svc)
{
	return secmon_smc_table[s] == secmon_smc_unknown ? 0 : SECMON_SMC_ECONFLICT;
}

SECMON_COLD_BOOT static int claim(unsigned int s, const struct secmon_smc_service *svc)
{
	secmon_smc_table[s] = svc->handler;
	return 0;
}

SECMON_COLD_BOOT int secmon_smc_register(const struct secmon_smc_service *svc)
{
	if (!valid_service(svc))
		return SECMON_SMC_EINVAL;
	/* Check every slot before touching any, so a conflict leaves the table as it was. */
	int ret = for_each_slot(svc, check_free);
	if (ret)
		return ret;
	if (svc->init && svc->init() != 0)
		return SECMON_SMC_EINIT;
	return for_each_slot(svc, claim);
}

uint64_t secmon_smc_dispatch(uint32_t fid, struct secmon_smc_frame *frame)
{
	fid &= ~SMCCC_SVE_HINT;
	return secmon_smc_table[fid >> 24](fid, frame->x[1], frame->x[2], frame->x[3], frame);
}
