/*
 * Host simulation of an N-CPU SoC running the PSCI engine: one pthread per CPU, a
 * simulated power controller (sim_platform.c) that powers CPUs and nodes up and down
 * like a PPU/SCP would, and random PSCI storms (sim_main.c) with invariant checks.
 */
#ifndef PSCI_SIM_H
#define PSCI_SIM_H

#include <pthread.h>
#include <setjmp.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include <secmon/psci.h>

#define SIM_MAX_CPUS   1024
#define SIM_MAX_LEVELS 4
#define SIM_MAX_NODES  (2 * SIM_MAX_CPUS)

/* Local states: 0 RUN, 1 retention, 2 power-down. */
#define SIM_RUN 0
#define SIM_RET 1
#define SIM_OFF 2

/* Where a CPU is, for the invariant checks (sim_cpu.phase). */
enum sim_phase {
	PH_NS,	      /* running normal-world code, or a PSCI call that powers nothing down */
	PH_PWR,	      /* inside a call that may power it down */
	PH_DOWN_SUSP, /* waiting in a suspend (power-down or retention) */
	PH_DOWN_OFF,  /* powered off (CPU_OFF, or never turned on) */
	PH_BOOT,      /* woken, in the warm-boot path */
	PH_EXITED,    /* thread ended */
};

/* setjmp values of the warm-boot entry. */
#define JMP_WARM 1
#define JMP_EXIT 2

struct sim_cpu {
	unsigned int idx;
	pthread_t thread;
	jmp_buf warm;	   /* the "reset vector": warm boot lands here */
	pthread_cond_t cv; /* waits of this CPU (with the controller mutex) */
	uint64_t rng;	   /* xorshift state */

	/* Controller state, under sim_ctrl.mu. */
	bool powered;	   /* has power (running, or in retention) */
	bool in_wfi;	   /* powered down in pwr_down_wfi, waiting for a wake-up */
	bool in_standby;   /* in cpu_standby */
	bool wake_pending; /* power-on requested before it got down */
	bool irq_pending;  /* an interrupt is pending (a WFI falls through) */
	bool down_is_off;  /* the current power-down is CPU_OFF (no timer wake-up) */

	/* Invariant bookkeeping. */
	_Atomic int phase;	      /* enum sim_phase */
	_Atomic uint64_t seq;	      /* incremented at every phase change */
	_Atomic int on_inflight;      /* CPU_ON calls in progress or not yet arrived */
	_Atomic uint64_t on_success;  /* successful CPU_ON calls targeting this CPU */
	_Atomic uint64_t on_arrivals; /* warm boots with reason ON */
	uint64_t suspend_token;	      /* context id of this CPU's last power-down suspend */
	bool calling_off;	      /* the power call under way is CPU_OFF */
	uint64_t ops;		      /* operations done by this CPU */
};

struct sim_node {
	unsigned int level;
	unsigned int cpu_first, ncpus;
	int parent; /* -1 for the root */
	/* Under sim_ctrl.mu, read with atomics by the per-step checks. */
	_Atomic bool powered;
	_Atomic bool lost; /* powered down and not yet restored by a finish hook */
	bool off_req;	   /* the platform was told to power it off */
	bool ret_req;	   /* the platform was told to put it in retention */
	unsigned int up;   /* powered CPUs below */
	_Atomic int busy;  /* a platform hook is working on this node */
};

struct sim_config {
	unsigned int levels;		     /* power levels */
	unsigned int fanout[SIM_MAX_LEVELS]; /* [l]: children of a level-l node */
	unsigned int ncpus;
	uint64_t ops; /* total operations of the run */
	uint64_t seed;
	bool osi;	       /* start in OS-initiated mode */
	bool mode_switch;      /* also try PSCI_SET_SUSPEND_MODE */
	unsigned int timer_us; /* mean suspend length before a timer wake-up */
	bool verbose;
};

struct sim_ctrl {
	pthread_mutex_t mu;
	pthread_cond_t idle_cv; /* main thread: all CPUs off or exited */
	unsigned int active;	/* CPU threads not waiting in an OFF state */
	bool shutdown;		/* wake everybody up to exit */
	unsigned int nnodes;
	unsigned int node_first[SIM_MAX_LEVELS];
};

extern struct sim_config sim_cfg;
extern struct sim_ctrl sim_ctrl;
extern struct sim_cpu sim_cpus[SIM_MAX_CPUS];
extern struct sim_node sim_nodes[SIM_MAX_NODES];
extern const struct secmon_psci_ops sim_psci_ops;
extern _Atomic uint64_t sim_violations;
extern _Atomic uint64_t sim_progress;

/* Builds the simulated SoC (nodes, controller) for sim_cfg; boot CPU 0 powered. */
void sim_platform_init(void);
/* Node of a CPU at a level (1..levels-1). */
unsigned int sim_node_of(unsigned int cpu, unsigned int level);
uint64_t sim_mpidr(unsigned int cpu);
/* Records an invariant violation (prints the first ones). */
void sim_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void sim_set_phase(struct sim_cpu *c, int phase);

/* Controller operations used by the CPU threads. */
bool sim_wait_first_power_on(struct sim_cpu *c); /* false: shutdown */
void sim_send_irq(unsigned int target);
void sim_check_running(const struct sim_cpu *c); /* invariant I1 */

uint64_t sim_rand(struct sim_cpu *c);
unsigned int sim_this_cpu(void);
extern _Thread_local struct sim_cpu *sim_self;

#endif
