/*
 * The payload's services (include/tsp_abi.h), for the fast and the yielding entry. Each
 * answers with a status in r->x[0], its n results in r->x[1..n] and n in r->x[8]; the
 * dispatcher hands the caller exactly those, and the caller's other registers keep their
 * values (spd_abi.h). A status other than 0 comes with no results.
 */
#include <stdbool.h>
#include <stdint.h>

#include "tsp.h"
#include "tsp_abi.h"

#define FID_SMC64 (1u << 30)
#define FID_MBZ	  0x00ff0000u /* must be zero (bit 16, the SVE hint, the monitor masks) */
#define FUNC(fid) ((uint32_t)(fid)&0xffffu)
#define SMC_UNK	  (~0ull)
#define E_INVALID ((uint64_t)(int64_t)TSP_E_INVALID_PARAMETER)
#define MAX_TICKS (1ull << 32)
#define LOW32(v)  ((v)&0xffffffffull)
#define RESULTS	  8 /* r->x[RESULTS]: how many result registers follow x0 */

/* Status 0 and n results, already in r->x[1..n]. */
static void ok(struct tsp_regs *r, unsigned int n)
{
	r->x[0] = 0;
	r->x[RESULTS] = n;
}

/* An error status: no results. */
static void fail(struct tsp_regs *r, uint64_t status)
{
	r->x[0] = status;
	r->x[RESULTS] = 0;
}

/* Truncates the results of an SMC32 call (x0 keeps its sign-extended status). */
static void narrow(struct tsp_regs *r)
{
	for (unsigned int i = 1; i <= r->x[RESULTS] && i < 7; i++)
		r->x[i] = LOW32(r->x[i]);
}

static bool is_arith(uint32_t func)
{
	return func >= TSP_FUNC_ADD && func <= TSP_FUNC_DIV;
}

/* ADD/SUB/MUL/DIV on x1, x2 (already narrowed for SMC32): x1 = result, x2 = remainder. */
static void arith(struct tsp_regs *r, uint32_t func, uint64_t a, uint64_t b)
{
	r->x[2] = 0;
	switch (func) {
	case TSP_FUNC_ADD:
		r->x[1] = a + b;
		break;
	case TSP_FUNC_SUB:
		r->x[1] = a - b;
		break;
	case TSP_FUNC_MUL:
		r->x[1] = a * b;
		break;
	default:
		if (b == 0) {
			fail(r, E_INVALID);
			return;
		}
		r->x[1] = a / b;
		r->x[2] = a % b;
		break;
	}
	ok(r, 2);
}

/*
 * 0 + 1 + ... + (n - 1), one addition at a time with the payload's own interrupt unmasked:
 * a normal-world interrupt preempts this through EL3 (the dispatcher saves and later
 * restores the whole state), the secure timer is taken right here.
 */
static uint64_t slow_sum(uint64_t n)
{
	uint64_t sum = 0;

	tsp_secure_irq_unmask();
	for (uint64_t i = 0; i < n; i++) {
		sum += i;
		/* One step at a time: no closed form, no vectorising. */
		__asm__ volatile("" : "+r"(sum));
	}
	tsp_irq_mask();
	return sum;
}

/* The slot of the CPU with this MPIDR, or 0 if the payload never ran there. */
static struct tsp_cpu *cpu_by_mpidr(uint64_t mpidr)
{
	mpidr &= TSP_MPIDR_AFF_MASK;
	for (unsigned int i = 0; i < TSP_MAX_CPUS; i++) {
		struct tsp_cpu *c = &tsp_cpus[i];

		if (c->seen && c->mpidr == mpidr)
			return c;
	}
	return 0;
}

static void get_counts(struct tsp_regs *r, uint64_t mpidr)
{
	struct tsp_cpu *c = cpu_by_mpidr(mpidr);

	if (!c) {
		fail(r, E_INVALID);
		return;
	}
	r->x[1] = c->count[TSP_CNT_CPU_ON];
	r->x[2] = c->count[TSP_CNT_CPU_OFF];
	r->x[3] = c->count[TSP_CNT_CPU_SUSPEND];
	r->x[4] = c->count[TSP_CNT_CPU_RESUME];
	r->x[5] = c->count[TSP_CNT_FAST];
	r->x[6] = c->count[TSP_CNT_YIELD_DONE];
	ok(r, 6);
}

static void get_timer_count(struct tsp_regs *r, uint64_t mpidr)
{
	struct tsp_cpu *c = cpu_by_mpidr(mpidr);

	if (!c) {
		fail(r, E_INVALID);
		return;
	}
	r->x[1] = c->count[TSP_CNT_TIMER_IRQ];
	r->x[2] = c->count[TSP_CNT_OTHER_IRQ];
	r->x[3] = c->count[TSP_CNT_TIMER_DIRECT];
	ok(r, 3);
}

static void arm_timer(struct tsp_regs *r, uint64_t ticks)
{
	if (ticks == 0 || ticks > MAX_TICKS) {
		fail(r, E_INVALID);
		return;
	}
	tsp_timer_arm(ticks);
	ok(r, 0);
}

void tsp_service_fast(struct tsp_regs *r)
{
	uint32_t fid = (uint32_t)r->x[0], func = FUNC(fid);
	bool smc64 = fid & FID_SMC64;
	uint64_t a = smc64 ? r->x[1] : LOW32(r->x[1]);
	uint64_t b = smc64 ? r->x[2] : LOW32(r->x[2]);

	if (fid & FID_MBZ)
		fail(r, SMC_UNK);
	else if (is_arith(func))
		arith(r, func, a, b);
	else if (func == TSP_FUNC_GET_COUNTS)
		get_counts(r, a);
	else if (func == TSP_FUNC_GET_TIMER_COUNT)
		get_timer_count(r, a);
	else if (func == TSP_FUNC_ARM_TIMER)
		arm_timer(r, a);
	else
		fail(r, SMC_UNK);
	if (!smc64)
		narrow(r);
}

void tsp_service_yield(struct tsp_regs *r)
{
	uint32_t fid = (uint32_t)r->x[0], func = FUNC(fid);
	bool smc64 = fid & FID_SMC64;
	uint64_t a = smc64 ? r->x[1] : LOW32(r->x[1]);
	uint64_t b = smc64 ? r->x[2] : LOW32(r->x[2]);

	if (fid & FID_MBZ) {
		fail(r, SMC_UNK);
	} else if (is_arith(func)) {
		arith(r, func, a, b);
	} else if (func == TSP_FUNC_SLOW_SUM && a > TSP_SUM_MAX) {
		fail(r, E_INVALID);
	} else if (func == TSP_FUNC_SLOW_SUM) {
		r->x[1] = slow_sum(a);
		ok(r, 1);
	} else {
		fail(r, SMC_UNK);
	}
	if (!smc64)
		narrow(r);
}
