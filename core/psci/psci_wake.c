/*
 * The way up: the warm-boot path after CPU_ON or a power-down suspend, and the same
 * bookkeeping when a retention state ends or a power-down is abandoned.
 */
#include <secmon/pmf.h>

#include "psci_private.h"

/*
 * Which levels a waking CPU must lock. In platform-coordinated mode a node can only
 * have left RUN if this CPU voted for it, so the levels of its own request are enough
 * (wake_level; everything for CPU_ON). In OS-initiated mode the last CPU decides for
 * the others, so every level is checked. The mode is read after core_state says
 * RUN (both sequentially consistent): an OS-initiated suspend that reads the mode
 * after a concurrent switch then also sees this CPU running and is denied.
 */
static unsigned int wake_scope(const struct psci_cpu *c, bool on)
{
	if (on || psci_mode_is_osi())
		return psci_eng.top;
	return c->wake_level;
}

void psci_wake(unsigned int cpu, bool on, bool call_finish)
{
	const struct secmon_psci_ops *ops = psci_eng.ops;
	struct psci_cpu *c = &psci_cpus[cpu];
	struct secmon_psci_state prev = {.last_at_level = SECMON_PSCI_LEVEL_NONE};
	unsigned int scope, first_up = 0;
	uint64_t now;

	prev.local[0] = psci_ld8(&c->core_state);
	__atomic_store_n(&c->core_state, SECMON_PSCI_STATE_RUN, __ATOMIC_SEQ_CST);
	scope = wake_scope(c, on);

	psci_lock_path(cpu, scope);
	now = PMF_CAPTURE_US_OR(psci_stat, cpu, PSCI_STAT_ID_EXIT_LOW_PWR,
				secmon_psci_ops_now_us(ops));
	for (unsigned int l = 1; l <= scope; l++) {
		struct psci_node *n = psci_node_of(cpu, l);
		uint8_t s = psci_ld8(&n->state);

		/* A pending power-down never happens now: its owner sees that in phase 2. */
		if (psci_owner(n) != PSCI_NONE)
			psci_set_owner(n, PSCI_NONE);
		if (s != SECMON_PSCI_STATE_RUN) {
			/* First CPU up in a committed node: the platform restores it. */
			prev.local[l] = s;
			first_up = l;
			if (n->stat_valid)
				psci_stat_exit(psci_node_stat(c->parent[l], s), n->stat_enter_us,
					       now);
			n->stat_valid = 0;
			psci_st8(&n->state, SECMON_PSCI_STATE_RUN);
		}
		c->req[l] = SECMON_PSCI_STATE_RUN;
	}
	/*
	 * The finish hook runs with the locks of the nodes it restores: a sibling must not
	 * see them RUN, or power them down again, before they really are usable.
	 */
	psci_unlock_path_above(cpu, scope, first_up);
	if (call_finish || first_up > 0) {
		if (on)
			secmon_psci_ops_on_finish(ops, cpu, &prev);
		else
			secmon_psci_ops_suspend_finish(ops, cpu, &prev);
	}
	psci_unlock_path(cpu, first_up);

	if (c->stat_valid)
		psci_stat_exit(psci_cpu_stat(cpu, prev.local[0]), c->stat_enter_us, now);
	c->stat_valid = 0;
	__atomic_store_n(&c->suspend_kind, PSCI_SUSPEND_NONE, __ATOMIC_RELEASE);

#if PSCI_HAS_SPD
	/* The platform has restored this CPU: the trusted OS may run on it again. */
	if (on) {
		PSCI_SPD_CALL(cpu_on_finish, cpu);
	} else if (call_finish && psci_highest_off(&prev) >= 0) {
		/* Only after a power-down: a retention never told the trusted OS. */
		PSCI_SPD_CALL(cpu_suspend_finish, cpu, (unsigned int)psci_highest_off(&prev));
	}
#endif
}

int32_t secmon_psci_warmboot(unsigned int cpu, struct secmon_psci_entry *entry)
{
	struct psci_cpu *c;
	uint32_t aff;
	bool on;

	if (!psci_eng.ready || cpu >= psci_eng.ncpus)
		return PSCI_RET_INTERNAL_FAILURE;
	c = &psci_cpus[cpu];
	aff = __atomic_load_n(&c->aff_info, __ATOMIC_ACQUIRE);
	/* Nobody turned this CPU on and it was not in a power-down state: spurious. */
	if (aff == PSCI_AFF_OFF ||
	    (aff == PSCI_AFF_ON && psci_ld8(&c->core_state) == SECMON_PSCI_STATE_RUN))
		return PSCI_RET_INTERNAL_FAILURE;
	on = aff == PSCI_AFF_ON_PENDING;
	/*
	 * Turned on: wait until the CPU_ON has returned from pwr_domain_on (on_started). On
	 * hardware the CPU cannot arrive before the power controller started it, so this is
	 * at most the rest of that call. A board whose CPUs wait at EL3 instead of losing
	 * power can see one arrive sooner: out of the reset pen at boot, or after its CPU_OFF
	 * before it waits for its wake-up. Until then the entry point may be unwritten and
	 * the board's wake-up signal unsent: the finish hook, which clears that signal, would
	 * run ahead of it and leave it pending for the normal world. If the call failed, the
	 * CPU is OFF again and nobody asked for it. (Stored 0 for a suspend too: it is 0.)
	 */
	while (on && !__atomic_load_n(&c->on_started, __ATOMIC_ACQUIRE))
		if (__atomic_load_n(&c->aff_info, __ATOMIC_ACQUIRE) != PSCI_AFF_ON_PENDING)
			return PSCI_RET_INTERNAL_FAILURE;
	c->on_started = 0;
	PMF_CAPTURE_TIMESTAMP_CPU(rt_instr, cpu, RT_INSTR_EXIT_HW_LOW_PWR, PMF_WARM_ENTRY);
	psci_wake(cpu, on, true);
	entry->pc = c->entry_pc;
	entry->context_id = c->context_id;
	entry->reason = on ? SECMON_PSCI_WAKE_ON : SECMON_PSCI_WAKE_SUSPEND;
	if (on)
		__atomic_store_n(&c->aff_info, PSCI_AFF_ON, __ATOMIC_RELEASE);
	/* The normal world is entered next: this is where the warm-boot path leaves PSCI. */
	PMF_CAPTURE_TIMESTAMP_CPU(rt_instr, cpu, RT_INSTR_EXIT_PSCI, PMF_NO_CACHE_MAINT);
	return PSCI_RET_SUCCESS;
}
