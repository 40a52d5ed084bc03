/* Engine-internal state of the PSCI coordination engine: per-CPU data and tree nodes. */
#ifndef SECMON_PSCI_PRIVATE_H
#define SECMON_PSCI_PRIVATE_H

#include <stdbool.h>
#include <stdint.h>

#include <secmon/assert.h>
#include <secmon/psci.h>
#include <secmon/spinlock.h>
#include <secmon_config.h>

/*
 * The tables are the image's (psci_storage.c, sized by its CPUS, POWER_LEVELS and
 * MAX_LOCAL_STATE): the engine reads their bounds from secmon_image at init. Node bound:
 * every non-CPU node has at least one CPU below it, so each level above the CPUs has at
 * most max_cpus nodes.
 */
#define PSCI_NONE	0xffffu /* "no node" / "no CPU" in 16-bit index fields */
#define PSCI_CACHE_LINE 64u

/* What put a CPU in its current low-power state (PSCI_SET_SUSPEND_MODE needs it). */
#define PSCI_SUSPEND_NONE	 0u
#define PSCI_SUSPEND_CPU_SUSPEND 1u
#define PSCI_SUSPEND_DEFAULT	 2u

/*
 * One CPU. Written mostly by the CPU itself; aff_info, core_state and suspend_kind are
 * read by others (atomics), req[l] only under the lock of the CPU's level-l node. A CPU_ON
 * writes entry_pc, context_id and then on_started of its target (psci_on.c).
 * One cache line, so CPUs never share a line.
 */
struct psci_cpu {
	uint64_t entry_pc;	/* NS entry point for the next warm boot */
	uint64_t context_id;	/* x0 for the next warm boot */
	uint64_t stat_enter_us; /* when core_state was entered (PSCI_STAT) */
	uint32_t aff_info;	/* PSCI_AFF_*; atomic */
	uint8_t core_state;	/* level-0 local state, RUN while running; atomic */
	uint8_t wake_level;	/* highest level whose lock the next wake-up takes (PC mode) */
	uint8_t suspend_kind;	/* PSCI_SUSPEND_*; atomic */
	uint8_t stat_valid;	/* stat_enter_us belongs to a suspend */
	uint8_t on_started;	/* the CPU_ON that made it ON_PENDING has started it; atomic */
	uint8_t req[SECMON_PSCI_MAX_LEVELS];	 /* requested local state per level (l >= 1) */
	uint16_t parent[SECMON_PSCI_MAX_LEVELS]; /* ancestor node per level (l >= 1) */
} __attribute__((aligned(PSCI_CACHE_LINE)));

SECMON_STATIC_ASSERT(sizeof(struct psci_cpu) == PSCI_CACHE_LINE, "per-CPU data is one line");

/*
 * One non-CPU power domain. Everything but `owner` (also read while spinning) is
 * accessed under `lock`. A power-down of the node is first "pending" (owner set, no
 * platform call yet) and then "committed" (state set, platform told); a CPU waking up
 * below cancels a pending one and restores a committed one.
 */
struct psci_node {
	struct secmon_spinlock lock; /* taken bottom-up, released top-down */
	uint16_t parent;	     /* node index, PSCI_NONE for a root */
	uint16_t owner;		     /* CPU with a pending power-down of this node; atomic */
	uint8_t level;		     /* 1..levels-1 */
	uint8_t state;		     /* committed local state; RUN while a CPU below runs */
	uint8_t pending;	     /* the pending state while owner != PSCI_NONE */
	uint8_t stat_valid;	     /* state was entered by a suspend (PSCI_STAT) */
	uint16_t cpu_first;	     /* CPUs below: cpu_first .. cpu_first + ncpus - 1 */
	uint16_t ncpus;
	uint16_t child_first; /* children: CPU indices (level 1) or node indices */
	uint16_t nchildren;
	uint64_t stat_enter_us; /* when `state` was committed */
} __attribute__((aligned(PSCI_CACHE_LINE)));

SECMON_STATIC_ASSERT(sizeof(struct psci_node) == PSCI_CACHE_LINE, "a node is one line");

/* Residency statistics of one local state of one node or CPU. */
struct psci_stat {
	uint64_t count;	       /* completed entries; atomic */
	uint64_t residency_us; /* total time in the state; atomic */
};

/* The engine's global state (psci_setup.c). */
struct psci_engine {
	const struct secmon_psci_ops *ops;
	const struct secmon_psci_topology *topo;
	unsigned int levels; /* power levels, 1..the image's POWER_LEVELS */
	unsigned int top;    /* levels - 1 */
	unsigned int ncpus;
	unsigned int nnodes;
	unsigned int nstates;		  /* local states 0..the image's MAX_LOCAL_STATE */
	uint32_t mode;			  /* PSCI_MODE_*; atomic (seq_cst, see psci_wake.c) */
	struct secmon_spinlock mode_lock; /* serialises PSCI_SET_SUSPEND_MODE */
	bool ready;
};

extern struct psci_engine psci_eng;

/* Secure-payload notifications: compiled in for SPD images and the host tests only. */
#if SECMON_ENABLE_SPD || defined(SECMON_HOST)
#define PSCI_HAS_SPD 1
extern const struct secmon_psci_spd_hooks *psci_spd;
#define PSCI_SPD_CALL(hook, ...)                                                                   \
	do {                                                                                       \
		if (psci_spd && psci_spd->hook)                                                    \
			psci_spd->hook(__VA_ARGS__);                                               \
	} while (0)
#else
#define PSCI_HAS_SPD		 0
#define PSCI_SPD_CALL(hook, ...) ((void)0)
#endif
/* The image's tables (psci_storage.c); statistics nstates per CPU / node. */
extern struct psci_cpu psci_cpus[];
extern struct psci_node psci_nodes[];
extern struct psci_stat psci_cpu_stats[];
extern struct psci_stat psci_node_stats[];

static inline struct psci_stat *psci_cpu_stat(unsigned int cpu, unsigned int state)
{
	return &psci_cpu_stats[cpu * psci_eng.nstates + state];
}

static inline struct psci_stat *psci_node_stat(unsigned int node, unsigned int state)
{
	return &psci_node_stats[node * psci_eng.nstates + state];
}

/* Small helpers. */
static inline struct psci_node *psci_node_of(unsigned int cpu, unsigned int level)
{
	return &psci_nodes[psci_cpus[cpu].parent[level]];
}

static inline bool psci_is_off(uint8_t s)
{
	return secmon_psci_ops_is_off(psci_eng.ops, s);
}

static inline uint8_t psci_min(uint8_t a, uint8_t b)
{
	return a < b ? a : b;
}

/* 0 = run, 1 = retention, 2 = power-down: the order levels must respect. */
static inline unsigned int psci_state_type(uint8_t s)
{
	return s == SECMON_PSCI_STATE_RUN ? 0u : psci_is_off(s) ? 2u : 1u;
}

static inline bool psci_mode_is_osi(void)
{
	return __atomic_load_n(&psci_eng.mode, __ATOMIC_SEQ_CST) == PSCI_MODE_OS_INITIATED;
}

/*
 * Accessors of the fields other CPUs read without holding the owning lock. Writers
 * store `state`/`pending` before releasing `owner`, readers acquire `owner` first.
 */
static inline uint8_t psci_ld8(const uint8_t *p)
{
	return __atomic_load_n(p, __ATOMIC_RELAXED);
}

static inline void psci_st8(uint8_t *p, uint8_t v)
{
	__atomic_store_n(p, v, __ATOMIC_RELAXED);
}

static inline uint16_t psci_owner(const struct psci_node *n)
{
	return __atomic_load_n(&n->owner, __ATOMIC_ACQUIRE);
}

static inline void psci_set_owner(struct psci_node *n, uint16_t cpu)
{
	__atomic_store_n(&n->owner, cpu, __ATOMIC_RELEASE);
}

/* The state a node is in or is about to enter (its pending power-down). */
static inline uint8_t psci_node_effective(const struct psci_node *n)
{
	return psci_owner(n) != PSCI_NONE ? psci_ld8(&n->pending) : psci_ld8(&n->state);
}

/* A CPU that is running (or about to) from the point of view of OS-initiated mode. */
static inline bool psci_cpu_running(unsigned int cpu)
{
	uint32_t aff = __atomic_load_n(&psci_cpus[cpu].aff_info, __ATOMIC_ACQUIRE);

	if (aff == PSCI_AFF_ON_PENDING)
		return true;
	return aff == PSCI_AFF_ON && __atomic_load_n(&psci_cpus[cpu].core_state,
						     __ATOMIC_SEQ_CST) == SECMON_PSCI_STATE_RUN;
}

/* Busy-wait step that needs no event to wake up (unlike the spinlock's WFE). */
static inline void psci_pause(void)
{
#if defined(__aarch64__) && !defined(SECMON_HOST)
	__asm__ volatile("yield" ::: "memory");
#elif defined(__x86_64__)
	__builtin_ia32_pause();
#endif
}

/* Linear index of a PSCI target_cpu argument, or -1. */
int psci_cpu_of_mpidr(uint64_t mpidr);

/* Locks of the CPU's ancestors at levels 1..top (bottom-up) / top..1 (top-down). */
void psci_lock_path(unsigned int cpu, unsigned int top);
void psci_unlock_path(unsigned int cpu, unsigned int top);
/* Releases levels top..(keep + 1), keeping 1..keep locked. */
void psci_unlock_path_above(unsigned int cpu, unsigned int top, unsigned int keep);

/* Highest level with a non-RUN local state, or -1 when all levels run. */
int psci_highest_non_run(const struct secmon_psci_state *s);
/* Highest level with a power-down local state, or -1. */
int psci_highest_off(const struct secmon_psci_state *s);

/* Consistency rules of a composite state (psci_state.c). */
int32_t psci_check_composite(const struct secmon_psci_state *s, bool power_down);

/* Statistics (psci_stat.c): one completed stay in a state. */
void psci_stat_exit(struct psci_stat *stat, uint64_t enter_us, uint64_t now_us);

/*
 * Coordination (psci_coord.c), called with the locks of levels 1..lock_level held.
 * psci_coordinate_pc: records the request and computes the platform-coordinated target.
 * psci_validate_osi: the OS-initiated checks (DENIED / INVALID_PARAMETERS), no change.
 * psci_claim: marks this CPU the pending owner of each node target powers down;
 * returns the highest such level (0: none).
 */
void psci_coordinate_pc(unsigned int cpu, const struct secmon_psci_state *req,
			unsigned int req_level, struct secmon_psci_state *target);
int32_t psci_validate_osi(unsigned int cpu, const struct secmon_psci_state *req,
			  unsigned int req_level, unsigned int check_level);
unsigned int psci_claim(unsigned int cpu, const struct secmon_psci_state *target,
			unsigned int req_level);
/* Phase 2: commits the still-owned levels; returns K with locks 1..K held. */
unsigned int psci_commit(unsigned int cpu, struct secmon_psci_state *target, unsigned int owned,
			 bool stat);

/*
 * Wake-up bookkeeping shared by the warm-boot path, an abandoned power-down and the
 * end of a retention state: marks the CPU running, cancels or restores its nodes and
 * calls the platform finish hook (if call_finish) with the states they were in.
 */
void psci_wake(unsigned int cpu, bool on, bool call_finish);

/* Power-down requests (psci_power_down.c). */
#define PSCI_PD_SUSPEND		0u
#define PSCI_PD_DEFAULT_SUSPEND 1u
#define PSCI_PD_SYSTEM_SUSPEND	2u
#define PSCI_PD_OFF		3u
int32_t psci_enter_low_power(unsigned int cpu, const struct secmon_psci_state *req, bool power_down,
			     unsigned int kind);

#endif
