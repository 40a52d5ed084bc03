/*
 * SMC dispatcher: a 256-entry table indexed by the top byte of the function ID
 * (fast bit, SMC64 bit, owning entity). Registration fills the table at cold boot, and
 * it is read-only afterwards (SECMON_RO_AFTER_BOOT); at run time a call costs one load and
 * one indirect branch (see the assembly fast path in core/arch/aarch64/smc_paths.S, which
 * this C version mirrors for tests and for SMCs from AArch32).
 * Shared services (SECMON_SMC_SHARED) are kept in a short list instead, searched only
 * for calls the slot's owner does not know (secmon/smc.h).
 */
#include <secmon/cold_boot.h>
#include <secmon/internal/smc_dispatch.h>

/* Read-only once the cold boot releases the other CPUs. */
SECMON_RO_AFTER_BOOT secmon_smc_handler_fn secmon_smc_table[SECMON_SMC_TABLE_SIZE];

/* The shared services in registration order; the first NULL ends the list. */
SECMON_RO_AFTER_BOOT static const struct secmon_smc_service *shared[SECMON_SMC_SHARED_MAX];

uint64_t secmon_smc_shared_call(uint32_t fid, uint64_t x1, uint64_t x2, uint64_t x3,
				struct secmon_smc_frame *frame)
{
	uint32_t oen = SMCCC_OEN(fid), fn = SMCCC_FUNC_NUM(fid);

	/* Fast calls with bits [23:16] clear (the entry clears the SVE hint bit 16). */
	if (!SMCCC_IS_FAST(fid) || (fid & 0x00ff0000u) != 0)
		return SMC_UNK;
	for (unsigned int i = 0; i < SECMON_SMC_SHARED_MAX && shared[i]; i++) {
		const struct secmon_smc_service *s = shared[i];

		if (oen >= s->oen_first && oen <= s->oen_last && fn >= s->fn_first &&
		    fn <= s->fn_last)
			return s->handler(fid, x1, x2, x3, frame);
	}
	return SMC_UNK;
}

uint64_t secmon_smc_unknown(uint32_t fid, uint64_t x1, uint64_t x2, uint64_t x3,
			    struct secmon_smc_frame *frame)
{
	return SMC_UNK;
}

SECMON_COLD_BOOT void secmon_smc_table_reset(void)
{
	for (unsigned int i = 0; i < SECMON_SMC_TABLE_SIZE; i++)
		secmon_smc_table[i] = secmon_smc_unknown;
	for (unsigned int i = 0; i < SECMON_SMC_SHARED_MAX; i++)
		shared[i] = NULL;
}

/* Table slot of a call: fast bit, SMC64 bit and owning entity, i.e. fid[31:24]. */
SECMON_COLD_BOOT static unsigned int slot(unsigned int fast, unsigned int smc64, unsigned int oen)
{
	return (fast << 7) | (smc64 << 6) | oen;
}

SECMON_COLD_BOOT static int valid_service(const struct secmon_smc_service *svc)
{
	if (!svc || !svc->handler || svc->oen_first > svc->oen_last ||
	    svc->oen_last > SMCCC_OEN_MASK)
		return 0;
	if (svc->call_types & SECMON_SMC_SHARED)
		return svc->call_types == (SECMON_SMC_FAST | SECMON_SMC_SHARED) &&
		       svc->fn_first <= svc->fn_last && svc->fn_last < SECMON_SMC_SHARED_FN_LIMIT;
	return svc->call_types != 0 &&
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

/* A slot is free for an owner while no other owner has it (shared services own none). */
SECMON_COLD_BOOT static int check_free(unsigned int s, const struct secmon_smc_service *svc)
{
	return secmon_smc_table[s] == secmon_smc_unknown ||
		       secmon_smc_table[s] == secmon_smc_shared_call
		   ? 0
		   : SECMON_SMC_ECONFLICT;
}

SECMON_COLD_BOOT static int claim(unsigned int s, const struct secmon_smc_service *svc)
{
	secmon_smc_table[s] = svc->handler;
	return 0;
}

/* Until an owner claims it, a shared service's slot hands its calls to the shared list. */
SECMON_COLD_BOOT static int route_to_shared(unsigned int s, const struct secmon_smc_service *svc)
{
	if (secmon_smc_table[s] == secmon_smc_unknown)
		secmon_smc_table[s] = secmon_smc_shared_call;
	return 0;
}

/* The service's init(): 0, SECMON_SMC_ABSENT, or SECMON_SMC_EINIT for any other answer. */
SECMON_COLD_BOOT static int run_init(const struct secmon_smc_service *svc)
{
	int ret = svc->init ? svc->init() : 0;

	return ret == 0 || ret == SECMON_SMC_ABSENT ? ret : SECMON_SMC_EINIT;
}

SECMON_COLD_BOOT static int register_shared(const struct secmon_smc_service *svc)
{
	unsigned int n = 0;
	int ret;

	for (; n < SECMON_SMC_SHARED_MAX && shared[n]; n++) {
		const struct secmon_smc_service *o = shared[n];

		if (o->oen_first <= svc->oen_last && svc->oen_first <= o->oen_last &&
		    o->fn_first <= svc->fn_last && svc->fn_first <= o->fn_last)
			return SECMON_SMC_ECONFLICT;
	}
	if (n == SECMON_SMC_SHARED_MAX)
		return SECMON_SMC_EFULL;
	ret = run_init(svc);
	if (ret)
		return ret;
	shared[n] = svc;
	return for_each_slot(svc, route_to_shared);
}

SECMON_COLD_BOOT int secmon_smc_register(const struct secmon_smc_service *svc)
{
	if (!valid_service(svc))
		return SECMON_SMC_EINVAL;
	if (svc->call_types & SECMON_SMC_SHARED)
		return register_shared(svc);
	/* Check every slot before touching any, so a conflict leaves the table as it was. */
	int ret = for_each_slot(svc, check_free);
	if (ret)
		return ret;
	ret = run_init(svc);
	if (ret)
		return ret;
	return for_each_slot(svc, claim);
}

uint64_t secmon_smc_dispatch(uint32_t fid, struct secmon_smc_frame *frame)
{
	fid &= ~SMCCC_SVE_HINT;
	return secmon_smc_table[fid >> 24](fid, frame->x[1], frame->x[2], frame->x[3], frame);
}
