/*
 * State coordination. A power-down request goes through two phases:
 *  1. with the locks of the requested levels: record the request, decide the target
 *     (platform-coordinated: the shallowest state every CPU below allows; OS-initiated:
 *     the OS's request once checked) and become the pending owner of each node the
 *     target takes out of RUN (this CPU is the last one running there);
 *  2. after the cache flush, which runs with no lock: commit the nodes still owned.
 * A CPU waking up below a pending node cancels it (psci_wake.c), so a commit never
 * happens after a sibling came back.
 */
#include <secmon/pmf.h>

#include "psci_private.h"

void psci_coordinate_pc(unsigned int cpu, const struct secmon_psci_state *req,
			unsigned int req_level, struct secmon_psci_state *target)
{
	struct psci_cpu *c = &psci_cpus[cpu];

	*target = (struct secmon_psci_state){.last_at_level = SECMON_PSCI_LEVEL_NONE};
	target->local[0] = req->local[0];
	for (unsigned int l = 1; l <= req_level; l++)
		c->req[l] = req->local[l];
	for (unsigned int l = 1; l <= req_level; l++) {
		const struct psci_node *n = psci_node_of(cpu, l);
		uint8_t s = req->local[l];

		/* Every CPU below votes; RUN from a running CPU ends the search. */
		for (unsigned int i = n->cpu_first; i < n->cpu_first + n->ncpus; i++) {
			s = psci_min(s, psci_cpus[i].req[l]);
			if (s == SECMON_PSCI_STATE_RUN)
				break;
		}
		SECMON_ASSERT(psci_state_type(s) <= psci_state_type(target->local[l - 1]));
		target->local[l] = s;
		if (s == SECMON_PSCI_STATE_RUN)
			break;
	}
}

/*
 * OS-initiated mode (DEN0022 4.2.3.2, 5.4.5): the OS asks for an explicit composite
 * state. DENIED when another CPU below the deepest level the request concerns (its
 * target or the caller's last-at level) still runs: the OS's view is out of date.
 * INVALID_PARAMETERS when a sibling node or CPU sits in a state shallower than the one
 * requested for their parent. Nothing is modified.
 */
int32_t psci_validate_osi(unsigned int cpu, const struct secmon_psci_state *req,
			  unsigned int req_level, unsigned int check_level)
{
	if (check_level >= 1) {
		const struct psci_node *n = psci_node_of(cpu, check_level);

		for (unsigned int i = n->cpu_first; i < n->cpu_first + n->ncpus; i++)
			if (i != cpu && psci_cpu_running(i))
				return PSCI_RET_DENIED;
	}
	for (unsigned int l = 1; l <= req_level; l++) {
		const struct psci_node *n = psci_node_of(cpu, l);
		unsigned int mine = l == 1 ? cpu : psci_cpus[cpu].parent[l - 1];

		for (unsigned int ch = n->child_first; ch < n->child_first + n->nchildren; ch++) {
			uint8_t s;

			if (ch == mine)
				continue;
			s = l == 1 ? __atomic_load_n(&psci_cpus[ch].core_state, __ATOMIC_SEQ_CST)
				   : psci_node_effective(&psci_nodes[ch]);
			if (s < req->local[l])
				return PSCI_RET_INVALID_PARAMETERS;
		}
	}
	return PSCI_RET_SUCCESS;
}

unsigned int psci_claim(unsigned int cpu, const struct secmon_psci_state *target,
			unsigned int req_level)
{
	unsigned int owned = 0;

	for (unsigned int l = 1; l <= req_level; l++) {
		struct psci_node *n = psci_node_of(cpu, l);

		if (target->local[l] == SECMON_PSCI_STATE_RUN)
			break;
		/* A node on a running CPU's path is never committed (the wake-up reset it). */
		SECMON_ASSERT(psci_ld8(&n->state) == SECMON_PSCI_STATE_RUN);
		/* Another CPU may still hold it pending: it loses it (and demotes) in phase 2. */
		psci_st8(&n->pending, target->local[l]);
		psci_set_owner(n, (uint16_t)cpu);
		owned = l;
	}
	return owned;
}

/*
 * Checks whether node n (level >= 2) may be committed to `s`: every other child must
 * already be committed at least as deep. Returns the child still pending, PSCI_NONE if
 * n may be committed, or n's own index when a child is shallower (give the level up).
 */
static unsigned int check_children(unsigned int cpu, unsigned int level, uint8_t s)
{
	const struct psci_node *n = psci_node_of(cpu, level);
	unsigned int mine = psci_cpus[cpu].parent[level - 1];

	for (unsigned int ch = n->child_first; ch < n->child_first + n->nchildren; ch++) {
		if (ch == mine)
			continue;
		if (psci_owner(&psci_nodes[ch]) != PSCI_NONE)
			return ch;
		if (psci_ld8(&psci_nodes[ch].state) < s)
			return psci_cpus[cpu].parent[level];
	}
	return PSCI_NONE;
}

unsigned int psci_commit(unsigned int cpu, struct secmon_psci_state *target, unsigned int owned,
			 bool stat)
{
	unsigned int keep;
	uint64_t now;

retry:
	psci_lock_path(cpu, owned);
	keep = 0;
	for (unsigned int l = 1; l <= owned; l++) {
		unsigned int blocker;

		if (psci_owner(psci_node_of(cpu, l)) != cpu)
			break; /* a wake-up below cancelled it, or a later last CPU took it over */
		if (l >= 2) {
			blocker = check_children(cpu, l, target->local[l]);
			if (blocker == psci_cpus[cpu].parent[l])
				break;
			if (blocker != PSCI_NONE) {
				/*
				 * A sibling node's last CPU is between its two phases. Wait with
				 * no lock held for it to commit (or for a wake-up to cancel it),
				 * or for another CPU to take this node over: only the owner of
				 * a node waits for its children, so waits go down the tree and
				 * cannot form a cycle.
				 */
				const struct psci_node *mine = psci_node_of(cpu, l);

				psci_unlock_path(cpu, owned);
				while (psci_owner(&psci_nodes[blocker]) != PSCI_NONE &&
				       psci_owner(mine) == cpu)
					psci_pause();
				goto retry;
			}
		}
		keep = l;
	}
	for (unsigned int l = keep + 1; l <= owned; l++) {
		struct psci_node *n = psci_node_of(cpu, l);

		if (psci_owner(n) == cpu)
			psci_set_owner(n, PSCI_NONE);
	}
	for (unsigned int l = keep + 1; l < SECMON_PSCI_MAX_LEVELS; l++)
		target->local[l] = SECMON_PSCI_STATE_RUN;
	now = stat ? PMF_NOW_US_OR(secmon_psci_ops_now_us(psci_eng.ops)) : 0;
	for (unsigned int l = 1; l <= keep; l++) {
		struct psci_node *n = psci_node_of(cpu, l);

		psci_st8(&n->state, target->local[l]);
		n->stat_valid = stat;
		n->stat_enter_us = now;
		psci_set_owner(n, PSCI_NONE);
	}
	psci_unlock_path_above(cpu, owned, keep);
	return keep;
}
