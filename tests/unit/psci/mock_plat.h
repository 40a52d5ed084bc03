/*
 * Single-threaded mock platform for the PSCI engine tests. Each call records its
 * arguments; a power-down (pwr_down_wfi) jumps back to the test through mock_down(),
 * as a real CPU would vanish, and the test later brings the CPU back with
 * secmon_psci_warmboot(). Local states: 0 RUN, 1 retention, 2 power-down.
 *
 * StateID encoding of the mock: one 4-bit field per level ([3:0] CPU, [7:4] level 1,
 * ...), and in the extended format [19:16] = last-at level + 1 (0: not given). A
 * non-RUN field for a level a composite state has no room for (SECMON_PSCI_MAX_LEVELS)
 * is invalid.
 */
#ifndef PSCI_MOCK_PLAT_H
#define PSCI_MOCK_PLAT_H

#include <setjmp.h>
#include <stdbool.h>
#include <stdint.h>

#include <secmon/psci.h>

#define MOCK_RUN	0
#define MOCK_RET	1
#define MOCK_OFF	2
#define MOCK_MPIDR(cpu) ((uint64_t)(((cpu) >> 4) << 8 | ((cpu)&0xfu)))
#define MOCK_BAD_ENTRY	0xbad1ull /* validate_ns_entrypoint rejects odd addresses */

/* Hooks named to the probe callback. */
enum {
	MOCK_HOOK_STANDBY,
	MOCK_HOOK_OFF,
	MOCK_HOOK_SUSPEND,
	MOCK_HOOK_ON_FINISH,
	MOCK_HOOK_SUSPEND_FINISH,
	MOCK_HOOK_WFI,
	MOCK_HOOK_FLUSH,
};

struct mock_call {
	unsigned int count;		/* times called */
	unsigned int cpu;		/* caller of the last call */
	struct secmon_psci_state state; /* state argument of the last call */
};

struct mock {
	/* Configuration. */
	struct secmon_psci_topology topo;
	uint16_t tree[256];
	struct secmon_psci_ops ops;
	unsigned int current_cpu;  /* what this_cpu() answers */
	unsigned int ncpus_mapped; /* mpidr_to_cpu() knows CPUs below this (default 4096) */
	bool wfi_returns;	   /* pwr_down_wfi returns (abandoned power-down) */
	int32_t on_rc;		   /* pwr_domain_on result */
	int32_t hw_state;	   /* node_hw_state result */
	int32_t reset2_rc;	   /* system_reset2 result */
	bool mem_protected;	   /* mem_protect state */
	uint64_t now_us;	   /* timestamp_us() */
	/* Called at the start of every power hook (MOCK_HOOK_*), to look at the engine. */
	void (*probe)(int hook, unsigned int cpu, const struct secmon_psci_state *s);
	/* Run inside cpu_standby / flush_caches, to act while a CPU is between two steps. */
	void (*during_standby)(unsigned int cpu);
	void (*during_flush)(unsigned int cpu, unsigned int level);
	/* Run inside pwr_domain_on, before it returns on_rc: a CPU_ON in progress. */
	void (*during_on)(uint64_t mpidr);

	/* Records. */
	struct mock_call on_call;
	uint64_t on_mpidr;
	struct mock_call off, suspend, on_finish, suspend_finish, standby, wfi, freeze;
	unsigned int flush_count, flush_last_level, flush_max_level;
	unsigned int system_off_calls, system_reset_calls, reset2_calls, off2_calls;
	uint32_t reset2_type, off2_type;
	uint64_t reset2_cookie;
	uint64_t hw_mpidr;
	unsigned int hw_level;
	jmp_buf down;
	bool down_armed;
};

extern struct mock mock;

/*
 * Sets up a mock with the given tree (levels, then the descriptor), every optional
 * hook present, the original StateID format and OSI support. Does not init the engine.
 */
void mock_setup(unsigned int levels, const uint16_t *tree, unsigned int tree_len);
/* mock_setup() then secmon_psci_init() with boot CPU 0; returns the init result. */
int32_t mock_init(unsigned int levels, const uint16_t *tree, unsigned int tree_len);

/* power_state for local states l0..l3 in the configured format; last = last-at + 1. */
uint32_t mock_ps(bool power_down, unsigned int l0, unsigned int l1, unsigned int l2,
		 unsigned int l3, unsigned int last);

/* Arguments of a call that may power the calling CPU down. */
struct mock_args {
	unsigned int cpu;
	uint32_t power_state;
	uint64_t entry;
	uint64_t context_id;
	int32_t (*fn)(const struct mock_args *a); /* runs the call (for mock_down) */
	void *extra;				  /* anything else fn needs */
};

/*
 * Runs a.fn, which may power the CPU down. Returns 1 if it went down (reached
 * pwr_down_wfi), else 0 with *rc set to what it returned. Nests (a callback may power
 * another CPU down while the outer call is between two steps).
 */
int mock_down(const struct mock_args *a, int32_t *rc);
int mock_cpu_suspend(unsigned int cpu, uint32_t power_state, uint64_t entry, uint64_t context_id,
		     int32_t *rc);
int mock_cpu_off(unsigned int cpu, int32_t *rc);
int mock_default_suspend(unsigned int cpu, uint64_t entry, uint64_t context_id, int32_t *rc);
int mock_system_suspend(unsigned int cpu, uint64_t entry, uint64_t context_id, int32_t *rc);

/* Brings a CPU back through the warm-boot path; returns the engine's status. */
int32_t mock_wake(unsigned int cpu, struct secmon_psci_entry *entry);

/*
 * Compares a composite state with the four expected local states (levels a composite
 * state has no room for, SECMON_PSCI_MAX_LEVELS and up, must be expected RUN).
 */
bool mock_state_is(const struct secmon_psci_state *s, unsigned int l0, unsigned int l1,
		   unsigned int l2, unsigned int l3);

#endif
