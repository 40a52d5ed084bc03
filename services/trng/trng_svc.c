/* The TRNG firmware interface (DEN0098): see secmon/services/trng.h. */
#include <stdbool.h>

#include <secmon/cold_boot.h>
#include <secmon/secmon.h>
#include <secmon/services/trng.h>

/* The platform's source, set when the service is registered with one. */
static const struct secmon_trng_ops *source;

/*
 * Without a source the service is absent: the dispatcher then answers its calls
 * SMC_UNK, the same -1 as NOT_SUPPORTED, with x1-x3 untouched, as DEN0098 asks.
 */
SECMON_COLD_BOOT static int trng_init(void)
{
	const struct secmon_trng_ops *t = secmon_board.platform->trng;
	const uint32_t *w;

	if (!t)
		return SECMON_SMC_ABSENT;
	w = t->uuid.w;
	/* A w0 of 0xFFFFFFFF reads as NOT_SUPPORTED; all zeroes is no UUID. */
	if (!t->read || w[0] == 0xffffffffu || (w[0] | w[1] | w[2] | w[3]) == 0)
		return -1;
	if (!secmon_trng_present(t))
		return SECMON_SMC_ABSENT;
	source = t;
	return 0;
}

static bool is_trng_fid(uint32_t fid)
{
	return fid - TRNG_FID_VERSION <= TRNG_FID_RND32 - TRNG_FID_VERSION || fid == TRNG_FID_RND64;
}

/*
 * RND32 and RND64: N bits, the first N of the source's 64-bit words in order, in three
 * registers of 32 (RND32) or 64 bits, the lowest bits in x3; everything above N is 0.
 * The words go straight into the caller's saved x1-x3.
 */
static uint64_t rnd(const struct secmon_trng_ops *t, bool smc64, uint64_t n, uint64_t *x)
{
	uint64_t *w = &x[3];

	x[1] = x[2] = x[3] = 0;
	if (n == 0 || n > (smc64 ? TRNG_RND64_MAX_BITS : TRNG_RND32_MAX_BITS))
		return smccc_status(TRNG_RET_INVALID_PARAMETERS);
	for (unsigned int i = 0; i < ((unsigned int)n + 63) / 64; i++) {
		/* Word i: x3, x2, x1 (RND64); x3 (then split with x2), x1 (RND32). */
		w = &x[3 - (smc64 ? i : 2 * i)];
		if (!t->read(w)) {
			x[1] = x[2] = x[3] = 0;
			return smccc_status(TRNG_RET_NO_ENTROPY);
		}
	}
	if (n % 64)
		*w &= ~0ull >> (64 - n % 64);
	if (!smc64) {
		x[2] = x[3] >> 32;
		x[3] = (uint32_t)x[3];
	}
	return smccc_status(TRNG_RET_SUCCESS);
}

static uint64_t trng_handler(uint32_t fid, uint64_t x1, uint64_t x2, uint64_t x3,
			     struct secmon_smc_frame *frame)
{
	const struct secmon_trng_ops *t = source;

	if (fid == TRNG_FID_RND64 || fid == TRNG_FID_RND32)
		return rnd(t, fid == TRNG_FID_RND64, fid == TRNG_FID_RND64 ? x1 : (uint32_t)x1,
			   frame->x);
	if (fid == TRNG_FID_VERSION)
		return TRNG_VERSION_1_0;
	if (fid == TRNG_FID_FEATURES)
		return smccc_status(is_trng_fid((uint32_t)x1) ? TRNG_RET_SUCCESS
							      : TRNG_RET_NOT_SUPPORTED);
	if (fid != TRNG_FID_GET_UUID)
		return smccc_status(TRNG_RET_NOT_SUPPORTED);
	return secmon_smc_return_uid(frame, &t->uuid);
}

const struct secmon_smc_service secmon_trng_service = {
    .name = "trng",
    .oen_first = SMCCC_OEN_STD,
    .oen_last = SMCCC_OEN_STD,
    .call_types = SECMON_SMC_FAST | SECMON_SMC_SHARED,
    .init = trng_init,
    .handler = trng_handler,
    .fn_first = TRNG_FN_FIRST,
    .fn_last = TRNG_FN_LAST,
};
