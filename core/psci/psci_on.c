/* CPU_ON and AFFINITY_INFO: the per-CPU affinity state machine OFF -> ON_PENDING -> ON. */
#include "psci_private.h"

int32_t secmon_psci_cpu_on(unsigned int cpu, uint64_t target_mpidr, uint64_t entry,
			   uint64_t context_id)
{
	const struct secmon_psci_ops *ops = psci_eng.ops;
	uint32_t expected = PSCI_AFF_OFF;
	struct psci_cpu *t;
	int target;
	int32_t rc;

	target = psci_cpu_of_mpidr(target_mpidr);
	if (target < 0)
		return PSCI_RET_INVALID_PARAMETERS;
	rc = secmon_psci_ops_validate_ns_entrypoint(ops, entry);
	if (rc != PSCI_RET_SUCCESS)
		return rc;
	t = &psci_cpus[target];
	/* One winner among concurrent CPU_ONs; no lock needed for a single word. */
	if (!__atomic_compare_exchange_n(&t->aff_info, &expected, PSCI_AFF_ON_PENDING, false,
					 __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
		return expected == PSCI_AFF_ON ? PSCI_RET_ALREADY_ON : PSCI_RET_ON_PENDING;
	/* The target reads them once on_started says this call has started it (psci_wake.c). */
	t->entry_pc = entry;
	t->context_id = context_id;
	rc = ops->pwr_domain_on(psci_eng.topo->cpu_to_mpidr((unsigned int)target));
	if (rc != PSCI_RET_SUCCESS) {
		__atomic_store_n(&t->aff_info, PSCI_AFF_OFF, __ATOMIC_RELEASE);
		return rc < 0 ? rc : PSCI_RET_INTERNAL_FAILURE;
	}
	__atomic_store_n(&t->on_started, 1, __ATOMIC_RELEASE);
	return PSCI_RET_SUCCESS;
}

int32_t secmon_psci_affinity_info(uint64_t target_mpidr, uint32_t lowest_level)
{
	int target;

	/* PSCI 1.0 on: only the CPU level has to be supported, and is the only one here. */
	if (lowest_level != 0)
		return PSCI_RET_INVALID_PARAMETERS;
	target = psci_cpu_of_mpidr(target_mpidr);
	if (target < 0)
		return PSCI_RET_INVALID_PARAMETERS;
	return (int32_t)__atomic_load_n(&psci_cpus[target].aff_info, __ATOMIC_ACQUIRE);
}
