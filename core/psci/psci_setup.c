/*
 * Engine state and cold-boot setup: builds the power-domain tree from the platform's
 * descriptor into static arrays and puts every CPU but the boot CPU in OFF.
 */
#include <secmon/cold_boot.h>
#include <secmon/log.h>

#include "psci_private.h"

struct psci_engine psci_eng;
struct psci_cpu psci_cpus[SECMON_MAX_CPUS];
struct psci_node psci_nodes[PSCI_NODE_SLOTS];
struct psci_stat psci_cpu_stats[SECMON_MAX_CPUS][PSCI_NSTATES];
struct psci_stat psci_node_stats[PSCI_NODE_SLOTS][PSCI_NSTATES];

SECMON_COLD_BOOT static int32_t bad_topology(const char *why)
{
	COLD_ERROR("PSCI: unusable topology: %s\n", why);
	return PSCI_RET_INVALID_PARAMETERS;
}

/* The reasons are cold-boot strings too. */
#define BAD_TOPOLOGY(why) bad_topology(SECMON_COLD_STR(why))

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
		return BAD_TOPOLOGY("no top-level node");
	for (unsigned int lvl = t->levels - 1; lvl >= 1; lvl--) {
		unsigned int children = 0;

		if (next + count > PSCI_MAX_NODES)
			return BAD_TOPOLOGY("too many nodes");
		level_first[lvl] = next;
		for (unsigned int i = 0; i < count; i++, pos++) {
			struct psci_node *n = &psci_nodes[next + i];

			if (pos >= t->tree_len)
				return BAD_TOPOLOGY("descriptor too short");
			if (t->tree[pos] == 0)
				return BAD_TOPOLOGY("a node without children");
			*n = (struct psci_node){
			    .lock = SECMON_SPINLOCK_INIT,
			    .parent = PSCI_NONE,
			    .owner = PSCI_NONE,
			    .level = (uint8_t)lvl,
			    .child_first = (uint16_t)children,
			    .nchildren = t->tree[pos],
			};
			children += t->tree[pos];
			if (children > SECMON_MAX_CPUS)
				return BAD_TOPOLOGY("more CPUs than SECMON_MAX_CPUS");
		}
		next += count;
		count = children;
	}
	if (pos != t->tree_len)
		return BAD_TOPOLOGY("descriptor length does not match the tree");
	if (count > SECMON_MAX_CPUS)
		return BAD_TOPOLOGY("more CPUs than SECMON_MAX_CPUS");
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
		return BAD_TOPOLOGY("no topology hook");
	/* The tables have room for local states 0..SECMON_PSCI_MAX_LOCAL_STATE only. */
	if (ops->max_off_state > SECMON_PSCI_MAX_LOCAL_STATE)
		return BAD_TOPOLOGY("max_off_state above SECMON_PSCI_MAX_LOCAL_STATE");
	if (ops->max_retention_state >= ops->max_off_state)
		return BAD_TOPOLOGY("max_retention_state not below max_off_state");
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
		return BAD_TOPOLOGY("missing descriptor or MPIDR mapping");
	if (t->levels < 1)
		return BAD_TOPOLOGY("no power level");
	if (t->levels > SECMON_PSCI_MAX_LEVELS)
		return BAD_TOPOLOGY("more power levels than SECMON_PSCI_LEVELS");
	psci_eng.ops = ops;
	psci_eng.topo = t;
	psci_eng.levels = t->levels;
	psci_eng.top = t->levels - 1;
	if (t->levels == 1) {
		if (t->tree_len != 1 || t->tree[0] == 0 || t->tree[0] > SECMON_MAX_CPUS)
			return BAD_TOPOLOGY("one level: tree = {cpu count}");
		psci_eng.ncpus = t->tree[0];
		psci_eng.nnodes = 0;
	} else {
		rc = build_tree(t);
		if (rc != PSCI_RET_SUCCESS)
			return rc;
	}
	if (boot_cpu >= psci_eng.ncpus)
		return BAD_TOPOLOGY("boot CPU outside the tree");
	if (psci_eng.ncpus > 1 && !ops->pwr_domain_on)
		return BAD_TOPOLOGY("several CPUs but no pwr_domain_on hook");
	for (unsigned int cpu = 0; cpu < psci_eng.ncpus; cpu++) {
		uint64_t mpidr = t->cpu_to_mpidr(cpu);

		if ((mpidr & ~PSCI_MPIDR_AFFINITY_MASK) != 0 || t->mpidr_to_cpu(mpidr) != (int)cpu)
			return BAD_TOPOLOGY("MPIDR mapping is not a bijection");
		reset_cpu(cpu, cpu == boot_cpu);
	}
	/* Every node starts powered down, except the boot CPU's ancestors (TF-A does too). */
	for (unsigned int i = 0; i < psci_eng.nnodes; i++)
		psci_nodes[i].state = ops->max_off_state;
	for (unsigned int l = 1; l < psci_eng.levels; l++)
		psci_node_of(boot_cpu, l)->state = SECMON_PSCI_STATE_RUN;
	for (unsigned int i = 0; i < SECMON_MAX_CPUS; i++)
		for (unsigned int s = 0; s < PSCI_NSTATES; s++)
			psci_cpu_stats[i][s] = (struct psci_stat){0, 0};
	for (unsigned int i = 0; i < psci_eng.nnodes; i++)
		for (unsigned int s = 0; s < PSCI_NSTATES; s++)
			psci_node_stats[i][s] = (struct psci_stat){0, 0};
	psci_eng.mode = PSCI_MODE_PLATFORM_COORDINATED;
	psci_eng.mode_lock = (struct secmon_spinlock)SECMON_SPINLOCK_INIT;
	psci_eng.ready = true;
	COLD_INFO("PSCI: %u CPUs, %u power levels, %u non-CPU nodes\n", psci_eng.ncpus,
		  psci_eng.levels, psci_eng.nnodes);
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
