/* PSCI client side of the payload; see psci_client.h. */
#include "psci_client.h"
#include "board.h"
#include "console.h"
#include "cpu.h"
#include "framework.h"
#include "gic.h"
#include "smc.h"
#include "timer.h"
#include "util.h"

#define DAIF_ALL   0x3c0u
#define SCTLR_M	   (1u << 0)
#define SCTLR_C	   (1u << 2)
#define JOB_PARKED 99u

struct psci_env psci_env;

uint64_t psci_raw(uint32_t fid, uint64_t x1, uint64_t x2, uint64_t x3)
{
	return smc_call(fid, x1, x2, x3, 0, 0, 0, 0).x0;
}

int32_t psci(uint32_t fid, uint64_t x1, uint64_t x2, uint64_t x3)
{
	return (int32_t)psci_raw(fid, x1, x2, x3);
}

const char *psci_err_name(int64_t rc)
{
	static const char *const names[] = {
	    "SUCCESS",	  "NOT_SUPPORTED",    "INVALID_PARAMETERS", "DENIED",	"ALREADY_ON",
	    "ON_PENDING", "INTERNAL_FAILURE", "NOT_PRESENT",	    "DISABLED", "INVALID_ADDRESS",
	};
	/* A few buffers, so that one message can name several odd values. */
	static char bufs[4][24];
	static unsigned int next;
	char *buf;

	if (rc <= 0 && rc >= -9)
		return names[-rc];
	if ((uint64_t)rc == PSCI_RESUMED)
		return "resumed at the entry point";
	buf = bufs[next++ % 4];
	fmt_format(buf, sizeof(bufs[0]), "0x%lx", (unsigned long)rc);
	return buf;
}

/* The original power_state format: StateType bit 16, PowerLevel [25:24]. */
static void derive_states(struct psci_profile *c)
{
	const struct dt_info *dt = &board.dt;
	unsigned int n =
	    dt->idle_states < DT_MAX_IDLE_STATES ? dt->idle_states : DT_MAX_IDLE_STATES;

	c->standby = c->cpu_off = c->cluster_off = c->system_off = PSTATE_UNKNOWN;
	/* The extended format (bit 1) encodes neither level nor type where we could see it. */
	if (c->cpu_suspend_features < 0 || (c->cpu_suspend_features & 2))
		return;
	for (unsigned int i = 0; i < n; i++) {
		uint32_t ps = dt->idle_param[i];
		bool down = ps & PSTATE_TYPE_POWERDOWN;
		uint32_t *slot = NULL;

		if (!down && PSTATE_LEVEL(ps) == 0)
			slot = &c->standby;
		else if (down)
			slot = PSTATE_LEVEL(ps) == 0   ? &c->cpu_off
			       : PSTATE_LEVEL(ps) == 1 ? &c->cluster_off
			       : PSTATE_LEVEL(ps) == 2 ? &c->system_off
						       : NULL;
		if (slot && *slot == PSTATE_UNKNOWN)
			*slot = ps;
	}
}

/*
 * A board without a profile: what PSCI_FEATURES says is offered, the idle states of the
 * DTB for the power states; nothing is exact.
 */
static void derive_conventions(struct psci_profile *c)
{
	*c = (struct psci_profile){.exact = false};
	for (unsigned int fn = 0; fn < FN_COUNT; fn++) {
		if (psci(PSCI32(FN_PSCI_FEATURES), PSCI32(fn), 0, 0) >= 0 ||
		    psci(PSCI32(FN_PSCI_FEATURES), PSCI64(fn), 0, 0) >= 0)
			c->offered |= PSCI_OFFERED(fn);
	}
	c->cpu_suspend_features = psci(PSCI32(FN_PSCI_FEATURES), PSCI64(FN_CPU_SUSPEND), 0, 0);
	c->system_off2_features = psci(PSCI32(FN_PSCI_FEATURES), PSCI64(FN_SYSTEM_OFF2), 0, 0);
	c->migrate_info_type = psci(PSCI32(FN_MIGRATE_INFO_TYPE), 0, 0, 0);
	derive_states(c);
}

bool psci_client_init(void)
{
	struct psci_env *e = &psci_env;
	const struct dt_info *dt = &board.dt;
	uint64_t me = read_mpidr() & MPIDR_AFFINITY_MASK;
	unsigned int n = 1, listed;
	bool found = false;

	if (e->ready)
		return true;
	e->el = current_el();
	if (board.dtb_error) {
		e->why = "no usable DTB in x0";
		return false;
	}
	if (dt->cpus == 0) {
		e->why = "no CPU in the DTB";
		return false;
	}
	e->dt_cpus = dt->cpus;
	listed = dt->cpus < NS_MAX_CPUS ? dt->cpus : NS_MAX_CPUS;
	cpu_mpidr[0] = me;
	for (unsigned int i = 0; i < listed; i++) {
		uint64_t m = dt->mpidr[i] & MPIDR_AFFINITY_MASK;

		if (m == me)
			found = true;
		else if (n < NS_MAX_CPUS)
			cpu_mpidr[n++] = m;
	}
	if (!found) {
		e->why = "the boot CPU's MPIDR is not among the DTB's CPUs";
		return false;
	}
	__asm__ volatile("dmb sy" ::: "memory");
	cpu_count = n;
	e->mem_base = dt->mem_base;
	e->mem_size = dt->mem_size;
	if (board.profile->psci)
		e->conv = *board.profile->psci;
	else
		derive_conventions(&e->conv);
	gic_setup(dt->gic_version, dt->gic_dist, dt->gic_cpu);
	e->ready = true;
	return true;
}

bool psci_offers(unsigned int fn)
{
	return fn < 32 && (psci_env.conv.offered >> fn) & 1;
}

bool psci_offered_or_skip(unsigned int fn, const char *what)
{
	if (psci_offers(fn))
		return true;
	tf_info("%s skipped: the board does not offer PSCI function 0x%02x (%s)", what, fn,
		psci_env.conv.exact ? "its profile" : "PSCI_FEATURES");
	return false;
}

bool psci_states_known(const char *what, unsigned int needs)
{
	const uint32_t states[] = {PSTATE_STANDBY, PSTATE_CPU_OFF, PSTATE_CLUSTER_OFF,
				   PSTATE_SYSTEM_OFF};

	for (unsigned int i = 0; i < ARRAY_SIZE(states); i++) {
		if ((needs >> i) & 1 && states[i] == PSTATE_UNKNOWN) {
			tf_info("%s skipped: the board has no profile and its DTB no idle state "
				"for it",
				what);
			return false;
		}
	}
	return true;
}

void psci_report_conventions(void)
{
	const struct psci_profile *c = &psci_env.conv;

	if (c->exact)
		tf_info("PSCI conventions of the %s profile: %u levels, power states 0x%x / "
			"0x%x / 0x%x / 0x%x, offered 0x%x",
			board.profile->name, c->levels, c->standby, c->cpu_off, c->cluster_off,
			c->system_off, c->offered);
	else
		tf_info("no PSCI profile for this board: PSCI_FEATURES offers 0x%x (bit = function "
			"number), CPU_SUSPEND features 0x%x, MIGRATE_INFO_TYPE %d",
			c->offered, (uint32_t)c->cpu_suspend_features, c->migrate_info_type);
	if (!c->exact)
		tf_info("power states from the DTB's idle states: standby 0x%x, CPU off 0x%x, "
			"cluster off 0x%x, system off 0x%x (0xffffffff: none)",
			c->standby, c->cpu_off, c->cluster_off, c->system_off);
	if (psci_env.dt_cpus > cpu_count)
		tf_info("the DTB lists %u CPUs: the first %u take part (NS_MAX_CPUS)",
			psci_env.dt_cpus, cpu_count);
}

bool psci_require(void)
{
	if (psci_client_init())
		return true;
	return tf_check(false, "setup", "%s", psci_env.why);
}

uint64_t psci_mpidr(unsigned int i)
{
	return cpu_mpidr[i];
}

uint64_t psci_cluster_of(unsigned int i)
{
	return cpu_mpidr[i] & ~0xffull;
}

unsigned int psci_cluster_size(unsigned int i)
{
	unsigned int n = 0;

	for (unsigned int j = 0; j < cpu_count; j++)
		if (psci_cluster_of(j) == psci_cluster_of(i))
			n++;
	return n;
}

int32_t psci_affinity(unsigned int i)
{
	return psci(PSCI64(FN_AFFINITY_INFO), psci_mpidr(i), 0, 0);
}

int32_t psci_start_job(unsigned int i, void (*job)(unsigned int), uint32_t fid, uint64_t ctx)
{
	struct cpu_data *c = &cpu_data[i];

	c->entry = job;
	c->job_flag = 0;
	c->job_go = 0;
	c->job_result = 0;
	for (unsigned int k = 0; k < 4; k++)
		c->job_out[k] = 0;
	__asm__ volatile("dmb sy" ::: "memory");
	return psci(fid, psci_mpidr(i), (uint64_t)(uintptr_t)psci_cpu_entry, ctx);
}

bool psci_wait_flag(unsigned int i, uint32_t flag, uint64_t timeout_us)
{
	uint64_t start = timer_now();

	while (cpu_data[i].job_flag < flag) {
		if (timer_us_since(start) > timeout_us)
			return false;
		cpu_relax();
	}
	return true;
}

bool psci_wait_off(unsigned int i, uint64_t timeout_us)
{
	uint64_t start = timer_now();

	while (psci_affinity(i) != AFF_OFF) {
		if (timer_us_since(start) > timeout_us)
			return false;
		cpu_relax();
	}
	return true;
}

int psci_all_secondaries_off(void)
{
	int first_bad = -1;

	for (unsigned int i = 1; i < cpu_count; i++) {
		if (psci_affinity(i) == AFF_OFF)
			continue;
		cpu_data[i].job_go = 1;
		if (!psci_wait_off(i, 2000000) && first_bad < 0)
			first_bad = (int)i;
	}
	return first_bad;
}

void job_cpu_off(unsigned int cpu)
{
	struct cpu_data *me = &cpu_data[cpu];

	me->job_result = psci(PSCI32(FN_CPU_OFF), 0, 0, 0);
	me->job_flag = JOB_PARKED;
	for (;;)
		__asm__ volatile("wfi");
}

void job_off(unsigned int cpu)
{
	cpu_data[cpu].job_flag = 1;
	job_cpu_off(cpu);
}

void job_hold_off(unsigned int cpu)
{
	struct cpu_data *me = &cpu_data[cpu];

	me->job_flag = 1;
	while (!me->job_go)
		cpu_relax();
	job_cpu_off(cpu);
}

void psci_suspend(struct suspend_result *r, uint32_t fid, uint64_t x1, uint64_t x2, uint64_t x3,
		  uint64_t wake_us)
{
	struct cpu_data *me = &cpu_data[this_cpu()];
	uint64_t start;

	/* A power-down may have reset the CPU interface: set it up every time. */
	gic_cpu_init(TIMER_PPI_INTID);
	start = timer_now();
	if (wake_us)
		timer_arm_us(wake_us);
	r->x0 = psci_smc_resumable(fid, x1, x2, x3);
	r->elapsed_us = timer_us_since(start);
	r->timer_fired = wake_us && timer_fired();
	timer_disarm();
	r->resumed = r->x0 == PSCI_RESUMED;
	r->context_id = r->el = r->daif = r->sctlr = 0;
	if (r->resumed) {
		r->context_id = me->entry_x0;
		r->el = me->entry_el;
		r->daif = me->entry_daif;
		r->sctlr = me->entry_sctlr;
	}
}

const char *suspend_describe(const struct suspend_result *r, char *buf, unsigned int size)
{
	if (r->resumed)
		fmt_format(buf, size, "resumed at the entry point, x0 0x%lx, after %lu us",
			   (unsigned long)r->context_id, (unsigned long)r->elapsed_us);
	else
		fmt_format(buf, size, "returned %s after %lu us", psci_err_name((int32_t)r->x0),
			   (unsigned long)r->elapsed_us);
	return buf;
}

bool psci_entry_state_ok(uint64_t el, uint64_t daif, uint64_t sctlr, char *buf, unsigned int size)
{
	unsigned int got_el = (unsigned int)((el >> 2) & 3);

	if (got_el != current_el()) {
		fmt_format(buf, size, "entered at EL%u, the caller runs at EL%u", got_el,
			   current_el());
		return false;
	}
	if ((daif & DAIF_ALL) != DAIF_ALL) {
		fmt_format(buf, size, "DAIF 0x%lx, want all masked (0x3c0)", (unsigned long)daif);
		return false;
	}
	if (sctlr & (SCTLR_M | SCTLR_C)) {
		fmt_format(buf, size, "SCTLR 0x%lx: MMU or data cache on", (unsigned long)sctlr);
		return false;
	}
	return true;
}
