/*
 * Whole-state invariants, checked after every record: the engine's per-CPU and per-node
 * state against the model's view of each CPU and of the power controller. The engine
 * internals are read through psci_private.h (white-box; nothing is written).
 */
#include "fuzz.h"
#include "psci_private.h"

void fz_check_locks_held(unsigned int cpu, unsigned int upto, const char *where)
{
	/* Single-threaded: any lock held belongs to the CPU running on top of the stack. */
	for (unsigned int n = 0; n < psci_eng.nnodes; n++) {
		bool want = false,
		     held = __atomic_load_n(&psci_nodes[n].lock.locked, __ATOMIC_RELAXED) != 0;

		for (unsigned int l = 1; l <= upto && l < psci_eng.levels; l++)
			if (psci_cpus[cpu].parent[l] == n)
				want = true;
		if (held != want)
			fz_fail("%s (cpu %u): lock of node %u (level %u) %s, expected levels 1..%u "
				"held",
				where, cpu, n, psci_nodes[n].level, held ? "held" : "free", upto);
	}
	if (psci_eng.mode_lock.locked)
		fz_fail("%s (cpu %u): the suspend-mode lock is held", where, cpu);
}

/* The engine's committed node states equal what the platform was told. */
static void check_nodes(void)
{
	for (unsigned int cpu = 0; cpu < fz.ncpus; cpu++) {
		for (unsigned int l = 1; l < fz.levels; l++) {
			const struct psci_node *n = psci_node_of(cpu, l);
			uint16_t owner = psci_owner(n);
			const struct fz_cpu *o;

			if (n->state != fz.phys[fz.cpu_node[cpu][l]])
				fz_fail(
				    "node of CPU %u at level %u: engine state %u, platform told "
				    "%u",
				    cpu, l, n->state, fz.phys[fz.cpu_node[cpu][l]]);
			if (owner == PSCI_NONE)
				continue;
			/* Pending power-downs exist only between a CPU's claim and its commit. */
			o = owner < fz.ncpus ? &fz.cpus[owner] : NULL;
			if (!o || o->state != FZ_CALL || o->pause != FZ_P_FLUSHN ||
			    fz.cpu_node[owner][l] != fz.cpu_node[cpu][l])
				fz_fail("node of CPU %u at level %u pending for CPU %u, which is "
					"not between its two phases",
					cpu, l, owner);
		}
	}
}

/* A CPU executing normal-world code (or still at its first flush): its path runs. */
static void check_path_runs(unsigned int cpu)
{
	for (unsigned int l = 1; l < fz.levels; l++) {
		const struct psci_node *n = psci_node_of(cpu, l);

		if (fz.phys[fz.cpu_node[cpu][l]] != SECMON_PSCI_STATE_RUN)
			fz_fail("CPU %u runs under a level-%u node in state %u", cpu, l,
				fz.phys[fz.cpu_node[cpu][l]]);
		if (psci_owner(n) != PSCI_NONE)
			fz_fail("CPU %u runs under a level-%u node pending for CPU %u", cpu, l,
				psci_owner(n));
	}
}

static void check_cpu(unsigned int i)
{
	const struct fz_cpu *c = &fz.cpus[i];
	const struct psci_cpu *e = &psci_cpus[i];
	uint32_t aff = e->aff_info, want = PSCI_AFF_ON;
	uint8_t core = e->core_state;
	bool core_ok = true;

	switch (c->state) {
	case FZ_RUNNING:
		core_ok = core == SECMON_PSCI_STATE_RUN && e->suspend_kind == PSCI_SUSPEND_NONE;
		check_path_runs(i);
		break;
	case FZ_CALL:
		switch (c->pause) {
		case FZ_P_FLUSH0:
			core_ok = core == SECMON_PSCI_STATE_RUN;
			check_path_runs(i);
			break;
		case FZ_P_FLUSHN:
			core_ok = core != SECMON_PSCI_STATE_RUN;
			break;
		case FZ_P_STANDBY:
			core_ok = core != SECMON_PSCI_STATE_RUN && core <= fz.max_ret;
			break;
		case FZ_P_WFI:
			core_ok = core > fz.max_ret;
			if (c->fn == PSCI_FN_CPU_OFF)
				want = c->on_req ? PSCI_AFF_ON_PENDING : PSCI_AFF_OFF;
			break;
		default:
			fz_fail("CPU %u inside a call outside a lock-free point", i);
		}
		break;
	case FZ_DOWN_SUSPEND:
		core_ok = core > fz.max_ret;
		break;
	case FZ_DOWN_OFF:
		want = PSCI_AFF_OFF;
		break;
	case FZ_ON_REQUESTED:
		want = PSCI_AFF_ON_PENDING;
		break;
	}
	if (aff != want)
		fz_fail("CPU %u: AFFINITY_INFO %u, model state %d (pause %d) wants %u", i, aff,
			c->state, c->pause, want);
	if (!core_ok)
		fz_fail("CPU %u: engine core state %u (suspend kind %u) in model state %d pause %d",
			i, core, e->suspend_kind, c->state, c->pause);
}

void fz_check_state(void)
{
	fz_check_locks_held(fz.current, 0, "between records");
	for (unsigned int i = 0; i < fz.ncpus; i++)
		check_cpu(i);
	check_nodes();
	if (psci_eng.mode != fz.mode)
		fz_fail("suspend mode: engine %u, model %u", psci_eng.mode, fz.mode);
}
