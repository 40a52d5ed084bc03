/*
 * PSCI power-state coordination engine (Arm DEN0022, PSCI 1.1 plus SYSTEM_OFF2 of 1.3).
 *
 * Two contracts live here:
 *  - struct secmon_psci_ops: what a board port gives the engine (topology, power
 *    controller hooks). Optional hooks are reached through the secmon_psci_ops_*()
 *    inline wrappers at the end of this file, which supply the default; the engine never
 *    tests a hook for NULL anywhere else. What the platform can do (and so what
 *    PSCI_FEATURES reports) is derived from which hooks exist.
 *  - the engine API (secmon_psci_*()): plain values in, PSCI status codes out, no SMC
 *    knowledge. services/psci maps function IDs onto it.
 *
 * Power levels: level 0 is a CPU, level 1 its cluster, and so on up to levels - 1.
 * Local power states are small numbers per level: 0 = RUN, 1..max_retention_state are
 * retention (standby) states, max_retention_state + 1..max_off_state are power-down
 * states, larger numbers are deeper. See docs/psci.md for the locking rules.
 */
#ifndef SECMON_PSCI_H
#define SECMON_PSCI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <secmon_config.h>

/* PSCI status codes. */
#define PSCI_RET_SUCCESS	    0
#define PSCI_RET_NOT_SUPPORTED	    (-1)
#define PSCI_RET_INVALID_PARAMETERS (-2)
#define PSCI_RET_DENIED		    (-3)
#define PSCI_RET_ALREADY_ON	    (-4)
#define PSCI_RET_ON_PENDING	    (-5)
#define PSCI_RET_INTERNAL_FAILURE   (-6)
#define PSCI_RET_NOT_PRESENT	    (-7)
#define PSCI_RET_DISABLED	    (-8)
#define PSCI_RET_INVALID_ADDRESS    (-9)

/* PSCI function numbers (bits [4:0] of the function IDs, see services/psci). */
#define PSCI_FN_PSCI_VERSION		0x00u
#define PSCI_FN_CPU_SUSPEND		0x01u
#define PSCI_FN_CPU_OFF			0x02u
#define PSCI_FN_CPU_ON			0x03u
#define PSCI_FN_AFFINITY_INFO		0x04u
#define PSCI_FN_MIGRATE			0x05u
#define PSCI_FN_MIGRATE_INFO_TYPE	0x06u
#define PSCI_FN_MIGRATE_INFO_UP_CPU	0x07u
#define PSCI_FN_SYSTEM_OFF		0x08u
#define PSCI_FN_SYSTEM_RESET		0x09u
#define PSCI_FN_PSCI_FEATURES		0x0au
#define PSCI_FN_CPU_FREEZE		0x0bu
#define PSCI_FN_CPU_DEFAULT_SUSPEND	0x0cu
#define PSCI_FN_NODE_HW_STATE		0x0du
#define PSCI_FN_SYSTEM_SUSPEND		0x0eu
#define PSCI_FN_SET_SUSPEND_MODE	0x0fu
#define PSCI_FN_STAT_RESIDENCY		0x10u
#define PSCI_FN_STAT_COUNT		0x11u
#define PSCI_FN_SYSTEM_RESET2		0x12u
#define PSCI_FN_MEM_PROTECT		0x13u
#define PSCI_FN_MEM_PROTECT_CHECK_RANGE 0x14u
#define PSCI_FN_SYSTEM_OFF2		0x15u
#define PSCI_FN_COUNT			0x16u

/* Version reported by PSCI_VERSION: 1.1. */
#define PSCI_VERSION_MAJOR 1u
#define PSCI_VERSION_MINOR 1u
#define PSCI_VERSION_VALUE ((PSCI_VERSION_MAJOR << 16) | PSCI_VERSION_MINOR)

/* AFFINITY_INFO results. */
#define PSCI_AFF_ON	    0
#define PSCI_AFF_OFF	    1
#define PSCI_AFF_ON_PENDING 2

/* NODE_HW_STATE results. */
#define PSCI_HW_ON	0
#define PSCI_HW_OFF	1
#define PSCI_HW_STANDBY 2

/* MIGRATE_INFO_TYPE: no Trusted OS, or one that does not need migration. */
#define PSCI_TOS_NOT_PRESENT_MP 2

/* PSCI_SET_SUSPEND_MODE modes. */
#define PSCI_MODE_PLATFORM_COORDINATED 0u
#define PSCI_MODE_OS_INITIATED	       1u

/* PSCI_FEATURES(CPU_SUSPEND) flags. */
#define PSCI_FEATURE_OSI	    (1u << 0) /* OS-initiated mode supported */
#define PSCI_FEATURE_EXTENDED_STATE (1u << 1) /* power_state uses the extended format */

/* power_state parameter fields. */
#define PSCI_PSTATE_ID_MASK	       0xffffu	  /* original format StateID */
#define PSCI_PSTATE_TYPE_POWERDOWN     (1u << 16) /* original format StateType */
#define PSCI_PSTATE_LEVEL_SHIFT	       24	  /* original format PowerLevel [25:24] */
#define PSCI_PSTATE_LEVEL_MASK	       0x3u
#define PSCI_PSTATE_EXT_ID_MASK	       0x0fffffffu /* extended format StateID */
#define PSCI_PSTATE_EXT_TYPE_POWERDOWN (1u << 30)  /* extended format StateType */

/* SYSTEM_RESET2 and SYSTEM_OFF2 types. */
#define PSCI_RESET2_TYPE_VENDOR		(1u << 31) /* vendor-specific reset types */
#define PSCI_RESET2_SYSTEM_WARM_RESET	0u
#define PSCI_OFF2_TYPE_VENDOR		(1u << 31)
#define PSCI_OFF2_TYPE_HIBERNATE_OFF	1u	  /* 0 is accepted as the same (DEN0022F.b) */
#define PSCI_OFF2_FEATURE_HIBERNATE_OFF (1u << 0) /* PSCI_FEATURES(SYSTEM_OFF2) bit */

/* MPIDR affinity fields a PSCI target_cpu may carry (Aff3 [39:32], Aff2-Aff0 [23:0]). */
#define PSCI_MPIDR_AFFINITY_MASK 0xff00ffffffull

/*
 * Power levels: at most 4, what the MPIDR affinity fields can name. An image's tables
 * have room for its own POWER_LEVELS and MAX_LOCAL_STATE (secmon/image.h);
 * secmon_psci_init() refuses a platform that needs more.
 */
#define SECMON_PSCI_MAX_LEVELS 4u
#define SECMON_PSCI_STATE_RUN  0u
#define SECMON_PSCI_LEVEL_NONE 0xffu

/* A composite power state: one local state per power level. */
struct secmon_psci_state {
	uint8_t local[SECMON_PSCI_MAX_LEVELS]; /* local state of the CPU's node at each level */
	uint8_t last_at_level; /* OSI: deepest level where the caller is the last running CPU */
};

/*
 * Power-domain topology, TF-A style. tree[0] is the number of nodes at the top level
 * (levels - 1); then, level by level from the top down and left to right, the number of
 * children of each node. The last group (children of level-1 nodes) counts CPUs, whose
 * linear indices follow the order of the tree. levels = 1 means tree = {cpu_count}.
 * Example, 2 clusters of 4 CPUs under one system node: levels 3, tree {1, 2, 4, 4}.
 */
struct secmon_psci_topology {
	unsigned int levels;  /* power levels, 1..SECMON_PSCI_MAX_LEVELS */
	const uint16_t *tree; /* the descriptor above */
	size_t tree_len;      /* entries in tree[] */
	/* Mandatory. Linear index of a CPU from its MPIDR affinity fields, or -1. */
	int (*mpidr_to_cpu)(uint64_t mpidr);
	/* Mandatory. MPIDR affinity fields of a linear CPU index. */
	uint64_t (*cpu_to_mpidr)(unsigned int cpu);
	/* Mandatory for the SMC front end: linear index of the calling CPU. */
	unsigned int (*this_cpu)(void);
};

/*
 * Platform power operations. `cpu` arguments are always the calling CPU's linear
 * index. Hooks that take a composite state get levels above the ones that change
 * as SECMON_PSCI_STATE_RUN.
 */
struct secmon_psci_ops {
	/* Mandatory. The power-domain tree; called once by secmon_psci_init(). */
	const struct secmon_psci_topology *(*topology)(void);
	uint8_t max_retention_state; /* deepest retention local state (0: no retention) */
	uint8_t max_off_state;	     /* deepest power-down local state, used by CPU_OFF */
	bool extended_state_id;	     /* power_state uses the extended StateID format */
	bool os_initiated;	     /* OS-initiated mode may be selected */

	/*
	 * Optional. Decodes the StateID of a CPU_SUSPEND/PSCI_STAT power_state into req
	 * (local state per level; in OSI mode also last_at_level). The engine has already
	 * checked the reserved bits and checks the result's consistency afterwards.
	 * Returns PSCI_RET_SUCCESS or PSCI_RET_INVALID_PARAMETERS. Default: every
	 * power_state is invalid.
	 */
	int32_t (*validate_power_state)(uint32_t power_state, struct secmon_psci_state *req);
	/*
	 * Optional. Waits in a retention state and returns on a wake-up event. Called alone
	 * for a CPU-only standby, and after pwr_domain_suspend() for retention reaching a
	 * non-CPU level. Without it, standby states are rejected.
	 */
	void (*cpu_standby)(unsigned int cpu, const struct secmon_psci_state *state);
	/*
	 * Mandatory when more than one CPU. Starts powering on the CPU with this MPIDR; it
	 * enters the warm-boot path, which calls secmon_psci_warmboot(). Returns
	 * PSCI_RET_SUCCESS or an error code (passed to the CPU_ON caller).
	 */
	int32_t (*pwr_domain_on)(uint64_t mpidr);
	/*
	 * Mandatory for CPU_OFF. Prepares the power controller to turn off this CPU and the
	 * nodes whose level in target is a power-down state (this CPU is the last of them).
	 */
	void (*pwr_domain_off)(unsigned int cpu, const struct secmon_psci_state *target);
	/* Optional. Like pwr_domain_off for CPU_SUSPEND (power-down or retention above CPU). */
	void (*pwr_domain_suspend)(unsigned int cpu, const struct secmon_psci_state *target);
	/*
	 * Optional. First thing on the way up after CPU_ON. prev holds the state each level
	 * was in: a non-RUN level means this CPU is the first one up in that node.
	 */
	void (*pwr_domain_on_finish)(unsigned int cpu, const struct secmon_psci_state *prev);
	/* Optional. Like pwr_domain_on_finish after a suspend (power-down or retention). */
	void (*pwr_domain_suspend_finish)(unsigned int cpu, const struct secmon_psci_state *prev);
	/*
	 * Mandatory for CPU_OFF and power-down suspends. Final step: clean what this CPU
	 * dirtied since flush_caches(), leave coherency, WFI. On hardware it does not return
	 * (the CPU comes back through the warm-boot path). If it returns from a suspend (a
	 * wake-up abandoned the power-down), the engine finishes the resume in place and
	 * CPU_SUSPEND returns SUCCESS; returning from CPU_OFF is a fatal error.
	 */
	void (*pwr_down_wfi)(unsigned int cpu, const struct secmon_psci_state *target);
	/*
	 * Optional. Cleans and invalidates the data caches of this CPU's nodes from level 0
	 * up to `level`, with the caches still on. Called with no lock held: level 0 before
	 * this CPU announces its power-down, higher levels only by the last CPU of a node.
	 * Default: nothing (caches the hardware flushes on power-down, or a model).
	 */
	void (*flush_caches)(unsigned int cpu, unsigned int level);
	/* Optional. PSCI_RET_SUCCESS if entry is a valid NS entry point. Default: any. */
	int32_t (*validate_ns_entrypoint)(uint64_t entry);
	/* Optional. SYSTEM_SUSPEND state (power-down at the top level). */
	int32_t (*get_sys_suspend_power_state)(struct secmon_psci_state *state);

	/* Optional. Powers the system off; does not return on hardware. */
	void (*system_off)(void);
	/* Optional. Cold-resets the system; does not return on hardware. */
	void (*system_reset)(void);
	/*
	 * Optional. SYSTEM_RESET2: type 0 = architectural warm reset, bit 31 set = vendor
	 * reset. Returns only on failure (PSCI_RET_INVALID_PARAMETERS for unknown types).
	 */
	int32_t (*system_reset2)(uint32_t reset_type, uint64_t cookie);
	/*
	 * Optional. SYSTEM_OFF2 of the given type (HIBERNATE_OFF or vendor). Returns only
	 * on failure. Default: HIBERNATE_OFF through system_off().
	 */
	int32_t (*system_off2)(uint32_t type, uint64_t cookie);
	/* Optional. MEM_PROTECT: sets the state, returns the previous one (0/1) or an error. */
	int32_t (*mem_protect)(bool enable);
	/* Optional. PSCI_RET_SUCCESS if [base, base + length) is protected, else DENIED. */
	int32_t (*mem_protect_check_range)(uint64_t base, uint64_t length);
	/* Optional. NODE_HW_STATE: PSCI_HW_ON/OFF/STANDBY of the node at level, or error. */
	int32_t (*node_hw_state)(uint64_t mpidr, unsigned int level);
	/* Optional. CPU_FREEZE: low-power state only a reset leaves; does not return. */
	void (*cpu_freeze)(unsigned int cpu);
	/* Optional. Monotonic time in microseconds; enables PSCI_STAT_RESIDENCY/COUNT. */
	uint64_t (*timestamp_us)(void);
};

/* Why a CPU came through the warm-boot path. */
#define SECMON_PSCI_WAKE_ON	 1u /* CPU_ON */
#define SECMON_PSCI_WAKE_SUSPEND 2u /* power-down CPU_SUSPEND, DEFAULT_SUSPEND, SYSTEM_SUSPEND */

/* Where the normal world continues after secmon_psci_warmboot(). */
struct secmon_psci_entry {
	uint64_t pc;	     /* entry point given to CPU_ON or the suspend call */
	uint64_t context_id; /* x0 at entry */
	uint32_t reason;     /* SECMON_PSCI_WAKE_* */
};

/*
 * Cold boot, once, before any other call (and before the PSCI SMC service registers):
 * builds the tree from ops->topology(), marks boot_cpu ON and every other CPU OFF.
 * Returns PSCI_RET_SUCCESS, or PSCI_RET_INVALID_PARAMETERS for an unusable description.
 */
int32_t secmon_psci_init(const struct secmon_psci_ops *ops, unsigned int boot_cpu);
bool secmon_psci_ready(void);
unsigned int secmon_psci_cpu_count(void);
unsigned int secmon_psci_levels(void);
/* Linear index of the calling CPU (topology's this_cpu()). */
unsigned int secmon_psci_this_cpu(void);

/*
 * Warm-boot path of a CPU coming back from CPU_ON or a power-down suspend: finishes the
 * power-up (platform finish hooks, state bookkeeping) and fills in where the normal
 * world continues. PSCI_RET_INTERNAL_FAILURE if nothing expected this CPU to wake (it
 * should be parked again).
 */
int32_t secmon_psci_warmboot(unsigned int cpu, struct secmon_psci_entry *entry);

/*
 * The PSCI functions; cpu is the caller's linear index. CPU_OFF and the power-down
 * suspends do not return when they succeed: the CPU comes back through
 * secmon_psci_warmboot(). A standby, or a power-down the hardware abandoned, returns
 * PSCI_RET_SUCCESS.
 */
int32_t secmon_psci_cpu_on(unsigned int cpu, uint64_t target_mpidr, uint64_t entry,
			   uint64_t context_id);
int32_t secmon_psci_cpu_off(unsigned int cpu);
int32_t secmon_psci_cpu_suspend(unsigned int cpu, uint32_t power_state, uint64_t entry,
				uint64_t context_id);
int32_t secmon_psci_cpu_default_suspend(unsigned int cpu, uint64_t entry, uint64_t context_id);
int32_t secmon_psci_cpu_freeze(unsigned int cpu);
int32_t secmon_psci_system_suspend(unsigned int cpu, uint64_t entry, uint64_t context_id);
int32_t secmon_psci_affinity_info(uint64_t target_mpidr, uint32_t lowest_level);
int32_t secmon_psci_migrate(uint64_t target_mpidr);
int32_t secmon_psci_migrate_info_type(void);
int32_t secmon_psci_migrate_info_up_cpu(void);
int32_t secmon_psci_system_off(void);
int32_t secmon_psci_system_off2(uint32_t type, uint64_t cookie);
int32_t secmon_psci_system_reset(void);
int32_t secmon_psci_system_reset2(uint32_t reset_type, uint64_t cookie);
/* By function number (PSCI_FN_*): NOT_SUPPORTED, SUCCESS or the function's flags. */
int32_t secmon_psci_features(uint32_t func_num);
int32_t secmon_psci_node_hw_state(uint64_t target_mpidr, uint32_t level);
int32_t secmon_psci_set_suspend_mode(unsigned int cpu, uint32_t mode);
uint32_t secmon_psci_suspend_mode(void);
/* Microseconds / entries of target_cpu in power_state; 0 for invalid arguments. */
uint64_t secmon_psci_stat_residency(uint64_t target_mpidr, uint32_t power_state);
uint64_t secmon_psci_stat_count(uint64_t target_mpidr, uint32_t power_state);
int32_t secmon_psci_mem_protect(uint32_t enable);
int32_t secmon_psci_mem_protect_check_range(uint64_t base, uint64_t length);

/*
 * Notifications for a secure-payload dispatcher (services/spd), so a trusted OS follows
 * the power state of every CPU. Each runs on the CPU concerned with no PSCI lock held;
 * every member is optional. Only built into EL3 images with SECMON_ENABLE_SPD.
 */
struct secmon_psci_spd_hooks {
	/* CPU_OFF accepted, before anything is powered down: 0, or PSCI_RET_DENIED. */
	int32_t (*cpu_off)(unsigned int cpu);
	/* A power-down suspend, before this CPU's caches are cleaned; off_level = the
	   highest level requested to power down (0 = the CPU only). */
	void (*cpu_suspend)(unsigned int cpu, unsigned int off_level);
	/* The CPU runs again after cpu_suspend (woken, or the power-down did not happen). */
	void (*cpu_suspend_finish)(unsigned int cpu, unsigned int off_level);
	/* A CPU turned on by CPU_ON, after the platform's on_finish, before the normal world. */
	void (*cpu_on_finish)(unsigned int cpu);
	/* SYSTEM_OFF/SYSTEM_OFF2 and SYSTEM_RESET/SYSTEM_RESET2, before the platform acts. */
	void (*system_off)(void);
	void (*system_reset)(void);
};

/* Registers the dispatcher's hooks (cold boot, once). */
void secmon_psci_register_spd(const struct secmon_psci_spd_hooks *hooks);

/*
 * Decodes and checks a power_state (format chosen by the platform): fills state and
 * *power_down. PSCI_RET_SUCCESS or PSCI_RET_INVALID_PARAMETERS.
 */
int32_t secmon_psci_parse_power_state(uint32_t power_state, struct secmon_psci_state *state,
				      bool *power_down);

/* Defaults for the optional hooks: the engine reaches them only through these. */
static inline bool secmon_psci_ops_is_off(const struct secmon_psci_ops *o, uint8_t s)
{
	return s > o->max_retention_state;
}

static inline int32_t secmon_psci_ops_validate_power_state(const struct secmon_psci_ops *o,
							   uint32_t power_state,
							   struct secmon_psci_state *req)
{
	return o->validate_power_state ? o->validate_power_state(power_state, req)
				       : PSCI_RET_INVALID_PARAMETERS;
}

static inline void secmon_psci_ops_flush_caches(const struct secmon_psci_ops *o, unsigned int cpu,
						unsigned int level)
{
	if (o->flush_caches)
		o->flush_caches(cpu, level);
}

/*
 * Every entry point (CPU_ON, CPU_SUSPEND, CPU_DEFAULT_SUSPEND, SYSTEM_SUSPEND) goes through
 * here: the engine's own rule first, on every platform: the normal world starts in
 * AArch64, whose instructions are 4-byte aligned, so any other address would end in a PC
 * alignment fault at the caller's EL. Then the platform's.
 */
static inline int32_t secmon_psci_ops_validate_ns_entrypoint(const struct secmon_psci_ops *o,
							     uint64_t entry)
{
	if (entry & 3u)
		return PSCI_RET_INVALID_ADDRESS;
	if (!o->validate_ns_entrypoint)
		return PSCI_RET_SUCCESS;
	return o->validate_ns_entrypoint(entry) == PSCI_RET_SUCCESS ? PSCI_RET_SUCCESS
								    : PSCI_RET_INVALID_ADDRESS;
}

static inline void secmon_psci_ops_on_finish(const struct secmon_psci_ops *o, unsigned int cpu,
					     const struct secmon_psci_state *prev)
{
	if (o->pwr_domain_on_finish)
		o->pwr_domain_on_finish(cpu, prev);
}

static inline void secmon_psci_ops_suspend_finish(const struct secmon_psci_ops *o, unsigned int cpu,
						  const struct secmon_psci_state *prev)
{
	if (o->pwr_domain_suspend_finish)
		o->pwr_domain_suspend_finish(cpu, prev);
}

static inline uint64_t secmon_psci_ops_now_us(const struct secmon_psci_ops *o)
{
	return o->timestamp_us ? o->timestamp_us() : 0;
}

/* Capabilities, derived from which hooks exist. */
static inline bool secmon_psci_can_power_down(const struct secmon_psci_ops *o)
{
	return o->pwr_domain_suspend && o->pwr_down_wfi;
}

static inline bool secmon_psci_can_cpu_off(const struct secmon_psci_ops *o)
{
	return o->pwr_domain_off && o->pwr_down_wfi;
}

static inline bool secmon_psci_can_system_suspend(const struct secmon_psci_ops *o)
{
	return o->get_sys_suspend_power_state && secmon_psci_can_power_down(o);
}

static inline bool secmon_psci_can_system_off2(const struct secmon_psci_ops *o)
{
	return o->system_off2 || o->system_off;
}

#endif
