/*
 * PSCI_STAT_RESIDENCY / PSCI_STAT_COUNT. A stay in a state is counted when it ends:
 * by the CPU itself for its own level, by the first CPU up for a node. A power_state
 * names the stay of the target CPU's node at the state's highest non-RUN level.
 */
#include <secmon/pmf.h>

#include "psci_private.h"

void psci_stat_exit(struct psci_stat *stat, uint64_t enter_us, uint64_t now_us)
{
	__atomic_fetch_add(&stat->count, 1, __ATOMIC_RELAXED);
	if (now_us > enter_us)
		__atomic_fetch_add(&stat->residency_us, now_us - enter_us, __ATOMIC_RELAXED);
}

static const struct psci_stat *find(uint64_t target_mpidr, uint32_t power_state)
{
	struct secmon_psci_state s;
	bool power_down;
	int cpu, level;

	/* With PMF the generic counter times the stays, else the platform's clock if any. */
	if (!PMF_HAS_CLOCK_OR(psci_eng.ops->timestamp_us != NULL))
		return NULL;
	cpu = psci_cpu_of_mpidr(target_mpidr);
	if (cpu < 0 || secmon_psci_parse_power_state(power_state, &s, &power_down) != 0)
		return NULL;
	level = psci_highest_non_run(&s);
	if (level == 0)
		return psci_cpu_stat(cpu, s.local[0]);
	return psci_node_stat(psci_cpus[cpu].parent[level], s.local[level]);
}

uint64_t secmon_psci_stat_residency(uint64_t target_mpidr, uint32_t power_state)
{
	const struct psci_stat *st = find(target_mpidr, power_state);

	return st ? __atomic_load_n(&st->residency_us, __ATOMIC_RELAXED) : 0;
}

uint64_t secmon_psci_stat_count(uint64_t target_mpidr, uint32_t power_state)
{
	const struct psci_stat *st = find(target_mpidr, power_state);

	return st ? __atomic_load_n(&st->count, __ATOMIC_RELAXED) : 0;
}
