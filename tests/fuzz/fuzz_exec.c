/*
 * Runs one input: sets up the engine and the dispatcher for the header's platform,
 * then plays the records. An SMC record on a CPU that is not running becomes an event
 * for it (a wake-up, the arrival of a power-on, or a spurious warm boot), so every
 * record does something useful whatever the fuzzer puts in the control byte.
 */
#include <secmon_image.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <secmon/services/arch.h>
#include <secmon/services/pmf.h>
#include <secmon/services/psci.h>
#include <secmon/smccc.h>
#include <secmon_config.h>

#include "fuzz.h"
#include "pmf_host.h"

uint64_t fz_total_calls;

/* FUZZ_TRACE=1 in the environment prints what each record does (debugging aid). */
static int trace = -1;

#define TRACE(...)                                                                                 \
	do {                                                                                       \
		if (trace)                                                                         \
			fprintf(stderr, __VA_ARGS__);                                              \
	} while (0)

struct fz_rec {
	unsigned int cpu;
	uint8_t ctl;
	uint32_t fid;
	uint64_t x[4]; /* x[1..3] */
};

static uint64_t le(const uint8_t *p, unsigned int n)
{
	uint64_t v = 0;

	for (unsigned int i = 0; i < n; i++)
		v |= (uint64_t)p[i] << (8 * i);
	return v;
}

static void decode(size_t i, struct fz_rec *r)
{
	const uint8_t *p = fz.rec + i * FZ_RECORD_LEN;

	r->cpu = p[0] % fz.ncpus;
	r->ctl = p[1];
	r->fid = (uint32_t)le(p + 2, 4);
	r->x[0] = r->fid;
	for (unsigned int n = 1; n <= 3; n++)
		r->x[n] = le(p + 6 + 8 * (n - 1), 8);
}

/* The warm-boot path of a CPU the controller powers up. */
static void warm_boot(unsigned int cpu)
{
	struct fz_cpu *c = &fz.cpus[cpu];
	struct secmon_psci_entry e = {0};
	bool on = c->state == FZ_ON_REQUESTED;
	int32_t rc;

	fz_power_up(cpu);
	c->state = FZ_CALL;
	c->pause = FZ_P_NONE;
	fz.current = cpu;
	TRACE("  cpu %u: warm boot (%s)\n", cpu, on ? "CPU_ON" : "wake-up");
	rc = secmon_psci_warmboot(cpu, &e);
	if (rc != PSCI_RET_SUCCESS)
		fz_fail("warm boot of CPU %u (%s) refused: %d", cpu, on ? "on" : "suspend", rc);
	if (on &&
	    (e.reason != SECMON_PSCI_WAKE_ON || e.pc != c->on_pc || e.context_id != c->on_ctx))
		fz_fail("CPU %u turned on: reason %u pc %#llx ctx %#llx, CPU_ON gave %#llx %#llx",
			cpu, e.reason, (unsigned long long)e.pc, (unsigned long long)e.context_id,
			(unsigned long long)c->on_pc, (unsigned long long)c->on_ctx);
	if (!on && (e.reason != SECMON_PSCI_WAKE_SUSPEND || e.pc != c->susp_pc ||
		    e.context_id != c->susp_ctx))
		fz_fail(
		    "CPU %u resumed: reason %u pc %#llx ctx %#llx, its suspend gave %#llx %#llx",
		    cpu, e.reason, (unsigned long long)e.pc, (unsigned long long)e.context_id,
		    (unsigned long long)c->susp_pc, (unsigned long long)c->susp_ctx);
	if (c->finish_due && fz_has(on ? FZ_H_ON_FINISH : FZ_H_SUSPEND_FINISH))
		fz_fail("CPU %u came up under a powered-down node without a finish hook call", cpu);
	c->state = FZ_RUNNING;
	c->fn = FZ_FN_NONE;
	c->kind = FZ_K_NONE;
	c->irq = false;
	c->finish_due = false;
}

static void event(unsigned int cpu)
{
	struct fz_cpu *c = &fz.cpus[cpu];
	struct secmon_psci_entry e;
	int32_t rc;

	switch (c->state) {
	case FZ_RUNNING:
	case FZ_CALL:
		c->irq = true; /* an interrupt: the next WFI falls through */
		TRACE("  cpu %u: interrupt pending\n", cpu);
		break;
	case FZ_DOWN_SUSPEND:
	case FZ_ON_REQUESTED:
		warm_boot(cpu);
		break;
	case FZ_DOWN_OFF:
		/* Nobody asked for it: the engine must refuse and change nothing. */
		TRACE("  cpu %u: spurious warm boot\n", cpu);
		fz.current = cpu;
		rc = secmon_psci_warmboot(cpu, &e);
		if (rc != PSCI_RET_INTERNAL_FAILURE)
			fz_fail("spurious warm boot of off CPU %u accepted (%d)", cpu, rc);
		break;
	}
}

/* Calls that may power the caller down; see fz_run_nested() for why it matters. */
static bool may_power_down(uint32_t fid)
{
	unsigned int fn = fz_psci_fn(fid & ~(1u << 16));

	return fn == PSCI_FN_CPU_SUSPEND || fn == PSCI_FN_CPU_OFF ||
	       fn == PSCI_FN_CPU_DEFAULT_SUSPEND || fn == PSCI_FN_SYSTEM_SUSPEND;
}

static void compare_frames(uint32_t fid, const struct secmon_smc_frame *in,
			   const struct secmon_smc_frame *out, const struct fz_expect *e,
			   const char *what)
{
	for (unsigned int i = 1; i < 31; i++) {
		uint64_t want = i <= 3 && (e->outmask & (1u << i)) ? e->out[i] : in->x[i];

		if (i <= 3 && (e->anymask & (1u << i)))
			continue;
		if (out->x[i] != want)
			fz_fail("fid %#x%s: x%u = %#llx, expected %#llx", fid, what, i,
				(unsigned long long)out->x[i], (unsigned long long)want);
	}
	if (out->sp_el0 != in->sp_el0)
		fz_fail("fid %#x%s: sp_el0 changed", fid, what);
}

/*
 * A pure call must answer the same with the SVE hint bit flipped and, for SMC32, with
 * garbage in the upper halves of x1-x3 (SMC32 uses W registers only).
 */
static void recheck_pure(uint32_t fid, const struct secmon_smc_frame *in, uint64_t r,
			 const struct fz_expect *e)
{
	struct secmon_smc_frame f = *in;
	uint64_t r2;

	r2 = secmon_smc_dispatch(fid ^ (1u << 16), &f);
	if (r2 != r)
		fz_fail("fid %#x: %#llx with the SVE hint flipped, %#llx without", fid,
			(unsigned long long)r2, (unsigned long long)r);
	compare_frames(fid, in, &f, e, " (SVE hint flipped)");
	if (fid & SMCCC_SMC64)
		return;
	f = *in;
	for (unsigned int i = 1; i <= 3; i++)
		f.x[i] ^= 0xa5a5a5a500000000ull;
	r2 = secmon_smc_dispatch(fid, &f);
	if (r2 != r)
		fz_fail("SMC32 fid %#x: upper halves of x1-x3 changed the answer (%#llx vs %#llx)",
			fid, (unsigned long long)r2, (unsigned long long)r);
	for (unsigned int i = 1; i <= 3; i++)
		if (!((e->outmask | e->anymask) & (1u << i)))
			f.x[i] ^= 0xa5a5a5a500000000ull; /* inputs the call must leave alone */
	compare_frames(fid, in, &f, e, " (SMC32 upper halves)");
}

/* A PMF query cleans exactly the timestamp it reads when asked to, and nothing else. */
static void check_pmf_maint(uint32_t fid, const struct fz_expect *e, unsigned int before)
{
	unsigned int n = secmon_pmf_host_clean_inv_count() - before;

	if (n != (e->pmf_slot && e->pmf_maint ? 1u : 0u))
		fz_fail("fid %#x: %u cache maintenance operations", fid, n);
	if (n && secmon_pmf_host_last_clean_inv() != e->pmf_slot)
		fz_fail("fid %#x: cache maintenance of %p, the timestamp is at %p", fid,
			secmon_pmf_host_last_clean_inv(), (const void *)e->pmf_slot);
}

/* The bookkeeping of a call that powered its CPU down (pwr_down_wfi's longjmp). */
static void went_down(unsigned int cpu, uint32_t fid, bool down_ok)
{
	struct fz_cpu *c = &fz.cpus[cpu];

	fz.current = cpu;
	if (!down_ok)
		fz_fail("fid %#x powered CPU %u down", fid, cpu);
	TRACE("  cpu %u: fid %#x powered it down\n", cpu, fid);
	if (c->fn == PSCI_FN_CPU_OFF)
		c->state = c->on_req ? FZ_ON_REQUESTED : FZ_DOWN_OFF;
	else
		c->state = FZ_DOWN_SUSPEND;
	c->pause = FZ_P_NONE;
	c->on_req = false;
	c->irq = false;
}

/* Where a power call resumes (entry point, context id) as the CPU will see them. */
static void note_power_call(struct fz_cpu *c, unsigned int fn, bool smc64, const uint64_t *x)
{
	uint64_t m = smc64 ? ~0ull : 0xffffffffull;

	c->fn = fn;
	c->on_req = false;
	switch (fn) {
	case PSCI_FN_CPU_SUSPEND:
		c->kind = FZ_K_CPU_SUSPEND;
		c->susp_pc = x[2] & m;
		c->susp_ctx = x[3] & m;
		break;
	case PSCI_FN_CPU_DEFAULT_SUSPEND:
	case PSCI_FN_SYSTEM_SUSPEND:
		c->kind = FZ_K_OTHER_DOWN;
		c->susp_pc = x[1] & m;
		c->susp_ctx = x[2] & m;
		break;
	case PSCI_FN_CPU_OFF:
		c->kind = FZ_K_OFF;
		break;
	default:
		c->kind = FZ_K_NONE;
		break;
	}
}

static void smc(unsigned int cpu, const struct fz_rec *r)
{
	struct fz_cpu *c = &fz.cpus[cpu];
	struct secmon_smc_frame in, out;
	struct fz_expect e;
	unsigned int maint_before;
	uint64_t ret;

	memset(&in, 0, sizeof(in));
	for (unsigned int i = 0; i < 31; i++)
		in.x[i] = 0x5eed000000000000ull | (uint64_t)i << 8 | cpu;
	for (unsigned int i = 0; i <= 3; i++)
		in.x[i] = r->x[i];
	in.sp_el0 = 0x5eedf00d;
	fz_expect(cpu, r->fid, in.x, &e);
	maint_before = secmon_pmf_host_clean_inv_count();
	c->state = FZ_CALL;
	c->pause = FZ_P_NONE;
	c->finish_due = false;
	note_power_call(c, e.fn, (r->fid & SMCCC_SMC64) != 0, in.x);
	fz.current = cpu;
	fz.calls++;
	fz_total_calls++;
	if (setjmp(c->down)) {
		went_down(cpu, r->fid, e.down_ok);
		return;
	}
	out = in;
	ret = secmon_smc_dispatch(r->fid, &out);
	fz.current = cpu;
	TRACE("  cpu %u: fid %#x (%#llx, %#llx, %#llx) = %#llx\n", cpu, r->fid,
	      (unsigned long long)in.x[1], (unsigned long long)in.x[2], (unsigned long long)in.x[3],
	      (unsigned long long)ret);
	c->state = FZ_RUNNING;
	c->fn = FZ_FN_NONE;
	c->kind = FZ_K_NONE;
	fz_check_result(r->fid, &e, ret);
	compare_frames(r->fid, &in, &out, &e, "");
	check_pmf_maint(r->fid, &e, maint_before);
	/* Back from a standby or an abandoned power-down: restored if anything was lost. */
	if (c->finish_due && fz_has(FZ_H_SUSPEND_FINISH))
		fz_fail("CPU %u resumed under a powered-down node without suspend_finish", cpu);
	c->finish_due = false;
	if (e.pure)
		recheck_pure(r->fid, &in, ret, &e);
	if (e.fn == PSCI_FN_CPU_ON && ret == 0) {
		uint64_t m = r->fid & SMCCC_SMC64 ? ~0ull : 0xffffffffull;
		struct fz_cpu *t = &fz.cpus[fz_cpu_of_mpidr(in.x[1] & m)];

		t->on_pc = in.x[2] & m;
		t->on_ctx = in.x[3] & m;
	}
	if (e.fn == PSCI_FN_SET_SUSPEND_MODE && ret == 0)
		fz.mode = (uint32_t)in.x[1];
}

static void run_record(size_t i)
{
	struct fz_rec r;
	struct fz_cpu *c;

	decode(i, &r);
	c = &fz.cpus[r.cpu];
	fz.now_us += 0x100000003ull; /* > 2^32 us per record: SMC32 stats must truncate */
	if (c->state == FZ_CALL) {
		c->irq = true; /* busy on the stack: the record is an interrupt for it */
	} else if ((r.ctl & FZ_CTL_EVENT) || c->state != FZ_RUNNING) {
		event(r.cpu);
	} else if (fz.owning_pauses && fz.levels >= 3 && may_power_down(r.fid)) {
		/*
		 * A CPU stopped between claim and commit owns pending nodes; a last CPU above
		 * would wait for it to commit (psci_commit), which it cannot do while this
		 * record runs on top of it. Threads are needed there: tests/sim, tests/model.
		 */
		TRACE("  cpu %u: power call skipped (a stopped CPU owns pending nodes)\n", r.cpu);
		return;
	} else {
		smc(r.cpu, &r);
	}
	fz_check_state();
}

void fz_run_nested(unsigned int cpu, enum fz_pause where)
{
	struct fz_cpu *c = &fz.cpus[cpu];

	c->pause = where;
	TRACE("  cpu %u: stopped at lock-free point %d\n", cpu, where);
	if (where == FZ_P_FLUSHN)
		fz.owning_pauses++;
	fz_check_state();
	while (fz.next < fz.nrec) {
		uint8_t ctl = fz.rec[fz.next * FZ_RECORD_LEN + 1];

		if (!(ctl & FZ_CTL_NEST) || (FZ_CTL_WHERE(ctl) && FZ_CTL_WHERE(ctl) != where))
			break;
		run_record(fz.next++);
	}
	if (where == FZ_P_FLUSHN)
		fz.owning_pauses--;
	c->pause = FZ_P_NONE;
	fz.current = cpu;
}

void fz_run_all(void)
{
	while (fz.next < fz.nrec)
		run_record(fz.next++);
}

static void print_calls(void)
{
	fprintf(stderr, "fuzz harness: %llu SMCs dispatched\n", (unsigned long long)fz_total_calls);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	atexit(print_calls);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	int32_t rc;

	if (trace < 0)
		trace = getenv("FUZZ_TRACE") != NULL;
	if (size < FZ_HEADER_LEN)
		return 0;
	fz_plat_setup(data);
	if (fz.ncpus > SECMON_IMAGE_MAX_CPUS)
		return 0; /* a platform this build cannot hold */
	fz.rec = data + FZ_HEADER_LEN;
	fz.nrec = (size - FZ_HEADER_LEN) / FZ_RECORD_LEN;
	fz.next = 0;
	fz.current = fz.boot;
	secmon_smc_table_reset();
	rc = secmon_psci_init(&fz_ops, fz.boot);
	if (rc != PSCI_RET_SUCCESS)
		fz_fail("secmon_psci_init: %d", rc);
	if (secmon_smc_register(&secmon_arch_service) != 0 ||
	    secmon_smc_register(&secmon_psci_service) != 0 ||
	    secmon_smc_register(&secmon_pmf_service) != 0 ||
	    secmon_smc_register(&secmon_pmf_sip_service) != 0)
		fz_fail("service registration failed");
	fz_check_state();
	fz_run_all();
	return 0;
}
