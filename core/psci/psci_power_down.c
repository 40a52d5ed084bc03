/*
 * The way down: CPU_SUSPEND, CPU_DEFAULT_SUSPEND, SYSTEM_SUSPEND, CPU_OFF and
 * CPU_FREEZE. Where locks are held, and why, is listed in docs/psci.md.
 */
#include <secmon/pmf.h>

#include "psci_private.h"

int32_t psci_enter_low_power(unsigned int cpu, const struct secmon_psci_state *req, bool power_down,
			     unsigned int kind)
{
	const struct secmon_psci_ops *ops = psci_eng.ops;
	struct psci_cpu *c = &psci_cpus[cpu];
	struct secmon_psci_state target;
	/* CPU_OFF and SYSTEM_SUSPEND are platform-coordinated in both modes. */
	bool osi =
	    (kind == PSCI_PD_SUSPEND || kind == PSCI_PD_DEFAULT_SUSPEND) && psci_mode_is_osi();
	/*
	 * PSCI_STAT counts every stay in a state, CPU_OFF's too (the power-down state is
	 * used whenever the core enters it, as TF-A counts it): the stay ends at CPU_ON.
	 */
	const bool stat = true;
	unsigned int req_level = (unsigned int)psci_highest_non_run(req);
	unsigned int lock_level = req_level, owned, keep = 0;

	if (osi && req->last_at_level != SECMON_PSCI_LEVEL_NONE && req->last_at_level > lock_level)
		lock_level = req->last_at_level;
	if (kind == PSCI_PD_SUSPEND)
		__atomic_store_n(&c->suspend_kind, PSCI_SUSPEND_CPU_SUSPEND, __ATOMIC_SEQ_CST);
	else if (kind == PSCI_PD_DEFAULT_SUSPEND)
		__atomic_store_n(&c->suspend_kind, PSCI_SUSPEND_DEFAULT, __ATOMIC_SEQ_CST);

	/*
	 * This CPU's own caches go first, before it announces its request: a CPU that
	 * later finds itself last in the cluster flushes the cluster's cache knowing every
	 * other CPU there has already emptied its own into it. No lock is held.
	 */
	/* The trusted OS saves what it must while this CPU's caches still hold it. */
	if (power_down && kind != PSCI_PD_OFF)
		PSCI_SPD_CALL(cpu_suspend, cpu, (unsigned int)psci_highest_off(req));
	if (power_down) {
		PMF_CAPTURE_TIMESTAMP_CPU(rt_instr, cpu, RT_INSTR_ENTER_CFLUSH, PMF_NO_CACHE_MAINT);
		secmon_psci_ops_flush_caches(ops, cpu, 0);
		PMF_CAPTURE_TIMESTAMP_CPU(rt_instr, cpu, RT_INSTR_EXIT_CFLUSH, PMF_NO_CACHE_MAINT);
	}

	/* Phase 1: decide, under the locks of the levels the request reaches. */
	psci_lock_path(cpu, lock_level);
	if (osi) {
		int32_t rc = psci_validate_osi(cpu, req, req_level, lock_level);

		if (rc != PSCI_RET_SUCCESS) {
			psci_unlock_path(cpu, lock_level);
			__atomic_store_n(&c->suspend_kind, PSCI_SUSPEND_NONE, __ATOMIC_RELEASE);
			if (power_down)
				PSCI_SPD_CALL(cpu_suspend_finish, cpu,
					      (unsigned int)psci_highest_off(req));
			return rc;
		}
		target = *req;
		target.last_at_level = SECMON_PSCI_LEVEL_NONE;
		for (unsigned int l = 1; l <= req_level; l++)
			c->req[l] = req->local[l];
	} else {
		psci_coordinate_pc(cpu, req, req_level, &target);
	}
	__atomic_store_n(&c->core_state, target.local[0], __ATOMIC_SEQ_CST);
	c->wake_level = (uint8_t)req_level;
	owned = psci_claim(cpu, &target, req_level);
	psci_unlock_path(cpu, lock_level);

	/* Last CPU of a node: flush the node's caches with no lock held, then commit. */
	if (owned > 0) {
		int off = psci_highest_off(&target);

		if (power_down && off >= 1) {
			PMF_CAPTURE_TIMESTAMP_CPU(rt_instr, cpu, RT_INSTR_ENTER_NODE_CFLUSH,
						  PMF_NO_CACHE_MAINT);
			secmon_psci_ops_flush_caches(ops, cpu, (unsigned int)off);
			PMF_CAPTURE_TIMESTAMP_CPU(rt_instr, cpu, RT_INSTR_EXIT_NODE_CFLUSH,
						  PMF_NO_CACHE_MAINT);
		}
		keep = psci_commit(cpu, &target, owned, stat);
	}

	/*
	 * Tell the power controller with the locks of the committed nodes still held
	 * (none when this CPU is not the last anywhere): a sibling's wake-up must not
	 * undo this node's programming before it is done, nor be undone by it.
	 */
	c->stat_enter_us = stat ? PMF_CAPTURE_US_OR(psci_stat, cpu, PSCI_STAT_ID_ENTER_LOW_PWR,
						    secmon_psci_ops_now_us(ops))
				: 0;
	c->stat_valid = stat;
	if (kind == PSCI_PD_OFF)
		ops->pwr_domain_off(cpu, &target);
	else if (power_down || req_level >= 1)
		ops->pwr_domain_suspend(cpu, &target);
	psci_unlock_path(cpu, keep);

	if (!power_down) {
		PMF_CAPTURE_TIMESTAMP_CPU(rt_instr, cpu, RT_INSTR_ENTER_HW_LOW_PWR,
					  PMF_NO_CACHE_MAINT);
		ops->cpu_standby(cpu, &target);
		PMF_CAPTURE_TIMESTAMP_CPU(rt_instr, cpu, RT_INSTR_EXIT_HW_LOW_PWR,
					  PMF_NO_CACHE_MAINT);
		psci_wake(cpu, false, req_level >= 1);
		return PSCI_RET_SUCCESS;
	}
	if (kind == PSCI_PD_OFF)
		__atomic_store_n(&c->aff_info, PSCI_AFF_OFF, __ATOMIC_RELEASE);
	PMF_CAPTURE_TIMESTAMP_CPU(rt_instr, cpu, RT_INSTR_ENTER_HW_LOW_PWR, PMF_NO_CACHE_MAINT);
	ops->pwr_down_wfi(cpu, &target);
	if (kind == PSCI_PD_OFF)
		secmon_panic("PSCI: CPU %u returned from its CPU_OFF power-down", cpu);
	PMF_CAPTURE_TIMESTAMP_CPU(rt_instr, cpu, RT_INSTR_EXIT_HW_LOW_PWR, PMF_NO_CACHE_MAINT);
	/* The power-down was abandoned (wake-up event): resume here, not at the entry. */
	psci_wake(cpu, false, true);
	return PSCI_RET_SUCCESS;
}

static void set_entry(unsigned int cpu, uint64_t entry, uint64_t context_id)
{
	psci_cpus[cpu].entry_pc = entry;
	psci_cpus[cpu].context_id = context_id;
}

int32_t secmon_psci_cpu_suspend(unsigned int cpu, uint32_t power_state, uint64_t entry,
				uint64_t context_id)
{
	const struct secmon_psci_ops *ops = psci_eng.ops;
	struct secmon_psci_state req;
	bool power_down;
	int32_t rc;

	rc = secmon_psci_parse_power_state(power_state, &req, &power_down);
	if (rc != PSCI_RET_SUCCESS)
		return rc;
	if (!power_down) {
		/* Retention above the CPU needs the platform's suspend hook too. */
		if (!ops->cpu_standby ||
		    (psci_highest_non_run(&req) >= 1 && !ops->pwr_domain_suspend))
			return PSCI_RET_INVALID_PARAMETERS;
	} else {
		if (!secmon_psci_can_power_down(ops))
			return PSCI_RET_INVALID_PARAMETERS;
		rc = secmon_psci_ops_validate_ns_entrypoint(ops, entry);
		if (rc != PSCI_RET_SUCCESS)
			return rc;
		set_entry(cpu, entry, context_id);
	}
	return psci_enter_low_power(cpu, &req, power_down, PSCI_PD_SUSPEND);
}

int32_t secmon_psci_cpu_default_suspend(unsigned int cpu, uint64_t entry, uint64_t context_id)
{
	const struct secmon_psci_ops *ops = psci_eng.ops;
	struct secmon_psci_state req = {.last_at_level = SECMON_PSCI_LEVEL_NONE};
	int32_t rc;

	if (!secmon_psci_can_power_down(ops))
		return PSCI_RET_NOT_SUPPORTED;
	rc = secmon_psci_ops_validate_ns_entrypoint(ops, entry);
	if (rc != PSCI_RET_SUCCESS)
		return rc;
	/* The implementation-defined state: this CPU's deepest power-down, nothing above. */
	req.local[0] = ops->max_off_state;
	set_entry(cpu, entry, context_id);
	return psci_enter_low_power(cpu, &req, true, PSCI_PD_DEFAULT_SUSPEND);
}

int32_t secmon_psci_system_suspend(unsigned int cpu, uint64_t entry, uint64_t context_id)
{
	const struct secmon_psci_ops *ops = psci_eng.ops;
	struct secmon_psci_state req = {.last_at_level = SECMON_PSCI_LEVEL_NONE};
	int32_t rc;

	if (!secmon_psci_can_system_suspend(ops))
		return PSCI_RET_NOT_SUPPORTED;
	for (unsigned int i = 0; i < psci_eng.ncpus; i++) {
		if (i != cpu &&
		    __atomic_load_n(&psci_cpus[i].aff_info, __ATOMIC_ACQUIRE) != PSCI_AFF_OFF)
			return PSCI_RET_DENIED;
	}
	rc = secmon_psci_ops_validate_ns_entrypoint(ops, entry);
	if (rc != PSCI_RET_SUCCESS)
		return rc;
	/* The platform's system state must power down the top level. */
	if (ops->get_sys_suspend_power_state(&req) != PSCI_RET_SUCCESS ||
	    psci_check_composite(&req, true) != PSCI_RET_SUCCESS ||
	    psci_highest_off(&req) != (int)psci_eng.top)
		return PSCI_RET_DENIED;
	req.last_at_level = SECMON_PSCI_LEVEL_NONE;
	set_entry(cpu, entry, context_id);
	return psci_enter_low_power(cpu, &req, true, PSCI_PD_SYSTEM_SUSPEND);
}

int32_t secmon_psci_cpu_off(unsigned int cpu)
{
	const struct secmon_psci_ops *ops = psci_eng.ops;
	struct secmon_psci_state req = {.last_at_level = SECMON_PSCI_LEVEL_NONE};

	/* CPU_OFF can only fail with DENIED. */
	if (!secmon_psci_can_cpu_off(ops))
		return PSCI_RET_DENIED;
#if PSCI_HAS_SPD
	/* A trusted OS that cannot migrate may refuse to lose this CPU. */
	if (psci_spd && psci_spd->cpu_off && psci_spd->cpu_off(cpu) != PSCI_RET_SUCCESS)
		return PSCI_RET_DENIED;
#endif
	for (unsigned int l = 0; l < psci_eng.levels; l++)
		req.local[l] = ops->max_off_state;
	return psci_enter_low_power(cpu, &req, true, PSCI_PD_OFF);
}

int32_t secmon_psci_cpu_freeze(unsigned int cpu)
{
	const struct secmon_psci_ops *ops = psci_eng.ops;

	if (!ops->cpu_freeze)
		return PSCI_RET_NOT_SUPPORTED;
	/* Still ON for AFFINITY_INFO and running for coordination: only a reset ends it. */
	secmon_psci_ops_flush_caches(ops, cpu, 0);
	ops->cpu_freeze(cpu);
	return PSCI_RET_INTERNAL_FAILURE;
}
