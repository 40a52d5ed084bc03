/*
 * Issuing SMCs from the normal world.
 *
 * smc_call: the everyday call, x0-x7 in, x0-x3 out.
 * smc_call_regs: every argument and result register of SMCCC 1.2+ (x0-x17).
 * smc_regcheck: loads known values into every register x0-x30, issues the SMC and records
 * every register and SP afterwards, without trusting any of them (see smc.S).
 */
#ifndef NS_SMC_H
#define NS_SMC_H

/* struct smc_regcheck offsets used by smc.S */
#define RC_IN	     0
#define RC_OUT	     248
#define RC_SP_BEFORE 496
#define RC_SP_AFTER  504

/* Bit of smc_regcheck()'s mask that stands for SP (bits 4..30 stand for x4..x30). */
#define RC_SP_BIT 31

#ifndef __ASSEMBLER__
#include <stddef.h>
#include <stdint.h>

#include "rand.h"

/* Result registers of an SMC. */
struct smc_result {
	uint64_t x0, x1, x2, x3;
};

/* x0-x17: arguments in, results out. */
struct smc_regs {
	uint64_t x[18];
};

/* One register-preservation probe. */
struct smc_regcheck {
	uint64_t in[31];    /* x0-x30 loaded right before the SMC (x0 = function ID) */
	uint64_t out[31];   /* x0-x30 right after the SMC */
	uint64_t sp_before; /* SP at the SMC */
	uint64_t sp_after;  /* SP after the SMC */
};

_Static_assert(offsetof(struct smc_regcheck, in) == RC_IN, "RC_IN");
_Static_assert(offsetof(struct smc_regcheck, out) == RC_OUT, "RC_OUT");
_Static_assert(offsetof(struct smc_regcheck, sp_before) == RC_SP_BEFORE, "RC_SP_BEFORE");
_Static_assert(offsetof(struct smc_regcheck, sp_after) == RC_SP_AFTER, "RC_SP_AFTER");

/* Issues `smc #0` with x0 = fid and x1-x7 as given; returns x0-x3. */
struct smc_result smc_call(uint64_t fid, uint64_t x1, uint64_t x2, uint64_t x3, uint64_t x4,
			   uint64_t x5, uint64_t x6, uint64_t x7);

/* Issues `smc #0` with x0-x17 from regs and writes x0-x17 back into regs. */
void smc_call_regs(struct smc_regs *regs);

/*
 * Issues `smc #0` with every register x0-x30 taken from rc->in, records x0-x30 and SP in
 * rc->out / rc->sp_after, and returns a mask with bit n set for each of x4..x30 that
 * changed and bit RC_SP_BIT if SP changed. Uses this CPU's cpu_data, TPIDR_EL1 and
 * TPIDRRO_EL0 (as scratch).
 */
uint32_t smc_regcheck(struct smc_regcheck *rc);

/* Short forms. */
static inline struct smc_result smc0(uint64_t fid)
{
	return smc_call(fid, 0, 0, 0, 0, 0, 0, 0);
}

static inline struct smc_result smc1(uint64_t fid, uint64_t a1)
{
	return smc_call(fid, a1, 0, 0, 0, 0, 0, 0);
}

/*
 * Fills rc->in for a call of fid with arguments x1-x3 and a fresh, distinct value from r for
 * each of x4-x30.
 */
void probe_prepare(struct smc_regcheck *rc, struct rng *r, uint64_t fid, uint64_t x1, uint64_t x2,
		   uint64_t x3);

/* Formats a smc_regcheck() mask as " x5 x19 sp" into buf. */
void regmask_format(char *buf, size_t size, uint32_t mask);
#endif

#endif
