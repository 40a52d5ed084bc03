/*
 * What the host models of Arm CSS boards (tests/unit/juno, tests/unit/n1sdp) share: the
 * CPUs as far as power goes, the simulated SCP of tests/unit/scmi behind the MHU, the
 * console UART and SSC_VERSION on the simulated bus, an event log, and the boot and
 * power-down paths as the core runs them, driving the real PSCI engine and the port.
 *
 * A board model describes itself in a css_sim_board (facts and hooks for what only it
 * has: its registers, caches, coherency and GIC) and calls sim_reset() from its own
 * reset. It defines the host hooks only it knows (system registers, cache maintenance);
 * this file defines the rest: secmon_host_this_cpu(), secmon_this_cpu_ops(),
 * secmon_host_barrier() and secmon_host_power_down_wfi().
 *
 * Broken hardware rules are counted with the first one's text (sim_violation()); with
 * CSS_SIM_TRACE=1 in the environment the events that led to it are printed. One CPU
 * runs at a time (sim_cur) in the engine-driven tests; in a threaded simulation each
 * thread sets sim_cur to the CPU it runs, and the event log can be a ring (sim.ring).
 */
#ifndef CSS_SIM_H
#define CSS_SIM_H

#include <setjmp.h>
#include <stdbool.h>
#include <stdint.h>

#include <secmon/cpu_ops.h>
#include <secmon/platform.h>
#include <secmon/psci.h>

#include "scp_sim.h"
#include "sim_log.h"

#define SIM_MAX_CPUS   8u
#define SIM_MAX_EVENTS 8192u

/* Events every board logs; a board numbers its own from EV_BOARD on. */
enum {
	EV_SYSREG,	/* a: the board's register number, b: value written */
	EV_BARRIER,	/* a: 0 isb, 1 dsb */
	EV_FLUSH,	/* data cache clean and invalidate with the cache on: a: level */
	EV_SCMI,	/* a: index in sim.scp.log */
	EV_WFI,		/* the CPU's final WFI */
	EV_CLUSTER_OFF, /* a: cluster */
	EV_POWER_ON,	/* the SCP powered the CPU */
	EV_BOARD,	/* the first board-specific kind */
};

struct sim_event {
	unsigned int kind; /* EV_* */
	unsigned int cpu;  /* who did it (the CPU the event is about for SCP events) */
	uint64_t a, b;	   /* by kind */
};

/* A CPU as far as power and the final WFI go; the board models the rest. */
struct sim_cpu {
	bool powered;			  /* the SCP gives it power */
	const struct secmon_cpu_ops *ops; /* what secmon_this_cpu_ops() returns on it */
	jmp_buf down;			  /* where its final WFI returns to ("power gone") */
	bool down_armed;		  /* inside sim_call() */
};

/* What a board model tells the harness. Hooks may be NULL. */
struct css_sim_board {
	const char *name;		    /* "juno_hw": starts rule-broken lines */
	const char *const *event_names;	    /* name of each event kind, for traces */
	unsigned int n_event_names;	    /* entries in event_names */
	uint32_t sequence_skip;		    /* kinds (1u << kind) sim_match_sequence() skips */
	const struct secmon_platform *port; /* the port under test */
	struct secmon_psci_ops *psci_ops;   /* restored before each reset (init edits it) */
	unsigned int cpus;		    /* linear CPUs */
	unsigned int clusters;		    /* clusters */
	unsigned int (*cpu_cluster)(unsigned int cpu); /* cluster of a CPU */
	unsigned int (*cpu_domain)(unsigned int cpu);  /* SCP power domain of a CPU */
	uint64_t scmi_shmem;			       /* the SCMI channel */
	uint64_t mhu_base;    /* the doorbell: its secure AP-to-SCP triplet */
	uint64_t mailbox;     /* trusted mailbox BL1 reads */
	uintptr_t warm_entry; /* what the mailbox must hold after boot */
	uint64_t uart;	      /* the console PL011 */
	uint64_t ssc_version; /* SSC_VERSION register */
	uint32_t ssc_value;   /* what it reads */
	/* The board's reset with its default options (shared tests reset through it). */
	void (*reset)(const struct scp_sim_config *scp_cfg);
	/* The SCP powered cpu: a cold reset of what the board models of it. */
	void (*power_on)(unsigned int cpu);
	/* The cluster loses power now (the current CPU is the last one down): rule checks. */
	void (*cluster_off)(unsigned int cluster);
	/* cpu reached its final WFI (before the SCP acts): rule checks. */
	void (*final_wfi)(unsigned int cpu);
	/* sim_clear_logs() also forgets the board's own records. */
	void (*clear_logs)(void);
	/* Warm boot: what runs between BL1 and the core's warm path, caches off. */
	void (*warm_entry_hook)(unsigned int cpu);
	/* The core turned the MMU and caches on (cold and warm boot). */
	void (*caches_on)(unsigned int cpu);
	/* Facts for the shared tests (css_sim_tests.h). */
	const char *port_name;		 /* first word of the port's panic messages */
	const struct scmi_channel *scmi; /* the port's channel (last_polls) */
	unsigned int far_cpu;		 /* a CPU outside CPU 0's cluster */
	uint64_t bad_mpidr;		 /* an MPIDR of no CPU */
	uint64_t secure_addr;		 /* not an NS entry point (BL31) */
	uint64_t dram2_entry;		 /* an NS entry point in the second DRAM range */
};

/* The shared part of the board. */
struct css_sim {
	const struct css_sim_board *board;     /* set by sim_reset() */
	struct sim_cpu cpu[SIM_MAX_CPUS];      /* by linear index */
	struct scp_sim scp;		       /* the SCP */
	struct sim_event ev[SIM_MAX_EVENTS];   /* event log */
	unsigned int n_ev;		       /* events logged (not in ring mode) */
	long seq;			       /* events so far, logged or not */
	bool ring;			       /* keep the latest SIM_MAX_EVENTS events */
	unsigned int violations;	       /* hardware rules broken */
	char violation[200];		       /* the first one */
	char console[1024];		       /* what went out of the console UART */
	void (*on_power_on)(unsigned int cpu); /* told when the SCP powers a CPU */
};

extern struct css_sim sim;
extern __thread unsigned int sim_cur; /* the CPU the calling thread simulates */

/* An SCP as the board has it: all protocols, warm reset and suspend; CPU 0 on. */
struct scp_sim_config sim_default_scp(const struct css_sim_board *b);
/*
 * Resets the shared part: the bus, the port's PSCI ops, everything off but CPU 0, the
 * UART and SSC mapped, the SCP as configured. The board then sets each sim.cpu[].ops
 * and maps its own devices.
 */
void sim_reset(const struct css_sim_board *b, const struct scp_sim_config *scp_cfg);

/* Cold boot on CPU 0 as the core does it, then secmon_psci_init(). Returns its result. */
int32_t sim_cold_boot(void);
/*
 * Warm boot of a CPU the SCP has powered, as BL1 and the core do it (the mailbox's
 * entry, reset hook, caches on, cpu_init, secmon_psci_warmboot()). The engine's result.
 */
int32_t sim_warm_boot(unsigned int cpu, struct secmon_psci_entry *entry);

/* A PSCI call on `cpu` that may power it down. Returns true if it did (reached WFI). */
typedef int32_t (*sim_call_fn)(unsigned int cpu, const void *arg);
bool sim_call(unsigned int cpu, sim_call_fn fn, const void *arg, int32_t *rc);
bool sim_cpu_off(unsigned int cpu, int32_t *rc);
bool sim_cpu_suspend(unsigned int cpu, uint32_t power_state, uint64_t entry, int32_t *rc);
bool sim_system_suspend(unsigned int cpu, uint64_t entry, int32_t *rc);
/* Runs fn on `cpu`; returns true if it panicked (message in sim_panic_msg). */
bool sim_expect_panic(unsigned int cpu, void (*fn)(const void *arg), const void *arg);

/* Logs an event while there is room (always in ring mode); returns its sequence number. */
long sim_log_event(unsigned int kind, unsigned int cpu, uint64_t a, uint64_t b);
/* Counts a broken hardware rule; the first one's text is kept and printed. */
__attribute__((format(printf, 1, 2))) void sim_violation(const char *fmt, ...);
/* Index of the next event of this kind (and CPU, or any if cpu < 0) from `from`, or -1. */
long sim_find(unsigned int from, unsigned int kind, int cpu);
/* Events of this kind (cpu, a: < 0 for any). */
unsigned int sim_count(unsigned int kind, int cpu, long long a);
/* How many of want[0..n) are cpu's next events from `from`, in order (skipping some). */
unsigned int sim_match_sequence(unsigned int from, unsigned int cpu, const struct sim_event *want,
				unsigned int n);
/* Clears the event log and the SCP's message log. */
void sim_clear_logs(void);

/* The SCP's log: message i, and whether it is POWER_STATE_SET / SYSTEM_POWER_STATE_SET. */
const struct scp_sim_msg *sim_msg(unsigned int i);
bool sim_is_pd_set(unsigned int i, unsigned int domain, uint32_t state); /* sync */
bool sim_is_sys_set(unsigned int i, uint32_t state);			 /* forceful */

#endif
