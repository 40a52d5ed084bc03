/*
 * Engine state and cold-boot setup: builds the power-domain tree from the platform's
 * descriptor into the image's tables (psci_storage.c) and puts every CPU but the boot
 * CPU in OFF.
 */
#include <secmon/cold_boot.h>
#include <secmon/image.h>
#include <secmon/log.h>

#include "psci_private.h"

struct psci_engine psci_eng;

SECMON_COLD_BOOT static int32_t bad_topology(const char *why)
{
	ERROR("PSCI: unusable topology: %s\n", why);
	return PSCI_RET_INVALID_PARAMETERS;
}

/*
 * Nodes are stored top level first, each level left to right (the descriptor's order),
 * so the children of a node are contiguous and so are the CPUs below it.
 */
SECMON_COLD_BOOT static int32_t build_tree(const struct secmon_psci_topology *t)
{
	unsigned int level_first[SECMON_PSCI_MAX_LEVELS]; /* first node index per level */
	unsigned int count = t->tree[0];		  /* nodes at the current level */
	unsigned int next = 0;				  /* next free node index */
	size_t pos = 1;

	if (count == 0)
		return bad_topology("no top-level node");
	for (unsigned int lvl = t->levels - 1; lvl >= 1; lvl--) {
		unsigned int children = 0;

		if (next + count > (secmon_image.power_levels - 1u) * secmon_image.max_cpus)
			return bad_topology("too many nodes");
		level_first[lvl] = next;
		for (unsigned int i = 0; i < count; i++, pos++) {
			struct psci_node *n = &psci_nodes[next + i];

			if (pos >= t->tree_len)
				return bad_topology("descriptor too short");
			if (t->tree[pos] == 0)
				return bad_topology("a node without children");
			*n = (struct psci_node){
			    .lock = SECMON_SPINLOCK_INIT,
			    .parent = PSCI_NONE,
			    .owner = PSCI_NONE,
			    .level = (uint8_t)lvl,
			    .child_first = (uint16_t)children,
			    .nchildren = t->tree[pos],
			};
			children += t->tree[pos];
			if (children > secmon_image.max_cpus)
				return bad_topology("more CPUs than the image's CPUS");
		}
		next += count;
		count = children;
	}
	if (pos != t->tree_len)
		return bad_topology("descriptor length does not match the tree");
	if (count > secmon_image.max_cpus)
		return bad_topology("more CPUs than the image's CPUS");
	psci_eng.ncpus = count;
	psci_eng.nnodes = next;

	/* Children indices become absolute; parent links and CPU ranges, bottom-up. */
	for (unsigned int lvl = 1; lvl < t->levels; lvl++) {
		unsigned int end = lvl == 1 ? next : level_first[lvl - 1];

		for (unsigned int i = level_first[lvl]; i < end; i++) {
			struct psci_node *n = &psci_nodes[i];

			if (lvl == 1) {
				n->cpu_first = n->child_first;
				n->ncpus = n->nchildren;
				for (unsigned int c = 0; c < n->nchildren; c++)
					psci_cpus[n->child_first + c].parent[1] = (uint16_t)i;
				continue;
			}
			n->child_first = (uint16_t)(n->child_first + level_first[lvl - 1]);
			n->cpu_first = psci_nodes[n->child_first].cpu_first;
			n->ncpus = 0;
			for (unsigned int c = 0; c < n->nchildren; c++) {
				psci_nodes[n->child_first + c].parent = (uint16_t)i;
				n->ncpus =
				    (uint16_t)(n->ncpus + psci_nodes[n->child_first + c].ncpus);
			}
		}
	}
	for (unsigned int cpu = 0; cpu < psci_eng.ncpus && t->levels > 1; cpu++) {
		for (unsigned int lvl = 2; lvl < t->levels; lvl++)
			psci_cpus[cpu].parent[lvl] =
			    psci_nodes[psci_cpus[cpu].parent[lvl - 1]].parent;
	}
	return PSCI_RET_SUCCESS;
}

SECMON_COLD_BOOT static int32_t check_ops(const struct secmon_psci_ops *ops)
{
	if (!ops || !ops->topology)
		return bad_topology("no topology hook");
	/* The tables have room for local states 0..the image's MAX_LOCAL_STATE only. */
	if (ops->max_off_state > secmon_image.max_local_state)
		return bad_topology("max_off_state above the image's MAX_LOCAL_STATE");
	if (ops->max_retention_state >= ops->max_off_state)
		return bad_topology("max_retention_state not below max_off_state");
	return PSCI_RET_SUCCESS;
}

SECMON_COLD_BOOT static void reset_cpu(unsigned int cpu, bool on)
{
	struct psci_cpu *c = &psci_cpus[cpu];
	uint8_t s = on ? SECMON_PSCI_STATE_RUN : psci_eng.ops->max_off_state;

	c->entry_pc = 0;
	c->context_id = 0;
	c->stat_enter_us = 0;
	c->stat_valid = 0;
	c->on_started = 0;
	c->aff_info = on ? PSCI_AFF_ON : PSCI_AFF_OFF;
	c->core_state = s;
	c->wake_level = (uint8_t)psci_eng.top;
	c->suspend_kind = PSCI_SUSPEND_NONE;
	for (unsigned int l = 0; l < SECMON_PSCI_MAX_LEVELS; l++)
		c->req[l] = l < psci_eng.levels ? s : SECMON_PSCI_STATE_RUN;
}

SECMON_COLD_BOOT int32_t secmon_psci_init(const struct secmon_psci_ops *ops, unsigned int boot_cpu)
{
	const struct secmon_psci_topology *t;
	int32_t rc;

	psci_eng.ready = false;
	rc = check_ops(ops);
	if (rc != PSCI_RET_SUCCESS)
		return rc;
	t = ops->topology();
	if (!t || !t->tree || t->tree_len == 0 || !t->mpidr_to_cpu || !t->cpu_to_mpidr)
		return bad_topology("missing descriptor or MPIDR mapping");
	if (t->levels < 1)
		return bad_topology("no power level");
	if (t->levels > secmon_image.power_levels)
		return bad_topology("more power levels than the image's POWER_LEVELS");
	psci_eng.ops = ops;
	psci_eng.topo = t;
	psci_eng.levels = t->levels;
	psci_eng.top = t->levels - 1;
	psci_eng.nstates = secmon_image.max_local_state + 1u;
	if (t->levels == 1) {
		if (t->tree_len != 1 || t->tree[0] == 0 || t->tree[0] > secmon_image.max_cpus)
			return bad_topology("one level: tree = {cpu count}");
		psci_eng.ncpus = t->tree[0];
		psci_eng.nnodes = 0;
	} else {
		rc = build_tree(t);
		if (rc != PSCI_RET_SUCCESS)
			return rc;
	}
	if (boot_cpu >= psci_eng.ncpus)
		return bad_topology("boot CPU outside the tree");
	if (psci_eng.ncpus > 1 && !ops->pwr_domain_on)
		return bad_topology("several CPUs but no pwr_domain_on hook");
	for (unsigned int cpu = 0; cpu < psci_eng.ncpus; cpu++) {
		uint64_t mpidr = t->cpu_to_mpidr(cpu);

		if ((mpidr & ~PSCI_MPIDR_AFFINITY_MASK) != 0 || t->mpidr_to_cpu(mpidr) != (int)cpu)
			return bad_topology("MPIDR mapping is not a bijection");
		reset_cpu(cpu, cpu == boot_cpu);
	}
	/* Every node starts powered down, except the boot CPU's ancestors (TF-A does too). */
	for (unsigned int i = 0; i < psci_eng.nnodes; i++)
		psci_nodes[i].state = ops->max_off_state;
	for (unsigned int l = 1; l < psci_eng.levels; l++)
		psci_node_of(boot_cpu, l)->state = SECMON_PSCI_STATE_RUN;
	for (unsigned int i = 0; i < psci_eng.ncpus; i++)
		for (unsigned int s = 0; s < psci_eng.nstates; s++)
			*psci_cpu_stat(i, s) = (struct psci_stat){0, 0};
	for (unsigned int i = 0; i < psci_eng.nnodes; i++)
		for (unsigned int s = 0; s < psci_eng.nstates; s++)
			*psci_node_stat(i, s) = (struct psci_stat){0, 0};
	psci_eng.mode = PSCI_MODE_PLATFORM_COORDINATED;
	psci_eng.mode_lock = (struct secmon_spinlock)SECMON_SPINLOCK_INIT;
	psci_eng.ready = true;
	INFO("PSCI: %u CPUs, %u power levels, %u non-CPU nodes\n", psci_eng.ncpus, psci_eng.levels,
	     psci_eng.nnodes);
	return PSCI_RET_SUCCESS;
}

bool secmon_psci_ready(void)
{
	return psci_eng.ready;
}

unsigned int secmon_psci_cpu_count(void)
{
	return psci_eng.ncpus;
}

unsigned int secmon_psci_levels(void)
{
	return psci_eng.levels;
}

unsigned int secmon_psci_this_cpu(void)
{
	return psci_eng.topo->this_cpu();
}

int psci_cpu_of_mpidr(uint64_t mpidr)
{
	int cpu;

	if ((mpidr & ~PSCI_MPIDR_AFFINITY_MASK) != 0)
		return -1;
	cpu = psci_eng.topo->mpidr_to_cpu(mpidr);
	return cpu >= 0 && (unsigned int)cpu < psci_eng.ncpus ? cpu : -1;
}

/*
 * Lock order: ancestors are always taken from level 1 upwards and released from the
 * top down, so two CPUs never wait on each other's locks.
 */
void psci_lock_path(unsigned int cpu, unsigned int top)
{
	for (unsigned int l = 1; l <= top; l++)
		secmon_spin_lock(&psci_node_of(cpu, l)->lock);
}

void psci_unlock_path_above(unsigned int cpu, unsigned int top, unsigned int keep)
{
	for (unsigned int l = top; l > keep; l--)
		secmon_spin_unlock(&psci_node_of(cpu, l)->lock);
}

void psci_unlock_path(unsigned int cpu, unsigned int top)
{
	psci_unlock_path_above(cpu, top, 0);
}

int psci_highest_non_run(const struct secmon_psci_state *s)
{
	for (int l = (int)SECMON_PSCI_MAX_LEVELS - 1; l >= 0; l--)
		if (s->local[l] != SECMON_PSCI_STATE_RUN)
			return l;
	return -1;
}

int psci_highest_off(const struct secmon_psci_state *s)
{
	for (int l = (int)SECMON_PSCI_MAX_LEVELS - 1; l >= 0; l--)
		if (s->local[l] != SECMON_PSCI_STATE_RUN && psci_is_off(s->local[l]))
			return l;
	return -1;
}

#if PSCI_HAS_SPD
const struct secmon_psci_spd_hooks *psci_spd;

void secmon_psci_register_spd(const struct secmon_psci_spd_hooks *hooks)
{
	psci_spd = hooks;
}
#endif
