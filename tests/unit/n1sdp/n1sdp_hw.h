/*
 * Host model of an N1SDP around the port, for tests: four Neoverse N1 CPUs (their
 * implementation-defined and GIC system registers by name, the DSU's per-core
 * CLUSTERPWRDN banks), the GIC-600 (distributor, one redistributor frame per CPU with
 * GICR_WAKER and GICR_PWRR), the UART and SSC on the simulated bus, and the simulated
 * SCP of tests/unit/scmi behind the MHU. It defines every host hook the port, the CPU
 * ops and the GICv3 driver use, and checks the hardware's rules as they happen:
 *   - a CPU reaches its final WFI with CPUPWRCTLR.CORE_PWRDN_EN set and its
 *     redistributor asleep and powered down (GICR_WAKER, GICR_PWRR);
 *   - a redistributor is never programmed while powered down;
 *   - a cluster loses power only when the last CPU down asked for it in CLUSTERPWRDN
 *     as well as over SCMI, and no CPU leaves a cluster-down request while a sibling
 *     runs.
 * Violations are counted with the first one's text. One CPU runs at a time (hw_cur).
 */
#ifndef N1SDP_HW_H
#define N1SDP_HW_H

#include <setjmp.h>
#include <stdbool.h>
#include <stdint.h>

#include <secmon/cpu_ops.h>
#include <secmon/psci.h>

#include "scp_sim.h"

#define HW_CPUS	      4u
#define HW_CLUSTERS   2u
#define HW_MAX_EVENTS 4096u
#define HW_MAX_REGS   32u

/* Facts the model is built from (spelt out here, independent of the port). */
#define HW_MHU_DOORBELL 0x45000300ull /* AP-to-SCP secure triplet */
#define HW_SCMI_SHMEM	0x45400000ull
#define HW_MAILBOX	0x04000ff8ull
#define HW_GICD		0x30000000ull
#define HW_GICR(cpu)	(0x300c0000ull + 0x20000ull * (cpu))
#define HW_UART		0x2a410000ull
#define HW_SSC_VERSION	0x2a420040ull
/* CPU n: MPIDR Aff2 = cluster, Aff1 = core; SCP domain n. */
#define HW_MPIDR(cpu)	((uint64_t)((cpu) / 2u) << 16 | (uint64_t)((cpu) % 2u) << 8)
#define HW_CLUSTER(cpu) ((cpu) / 2u)
#define HW_MIDR_R4P1	0x414fd0c1u /* Neoverse N1 r4p1 */

/* Registers whose writes are logged. */
enum { HW_REG_CPUPWRCTLR, HW_REG_CLUSTERPWRDN, HW_REG_OTHER };

enum hw_event_kind {
	EV_SYSREG,	/* a: HW_REG_*, b: value written */
	EV_BARRIER,	/* a: 0 isb, 1 dsb */
	EV_FLUSH,	/* set/way clean and invalidate, caches on: a: level */
	EV_SCMI,	/* a: index in hw.scp.log */
	EV_WFI,		/* the CPU's final WFI */
	EV_CLUSTER_OFF, /* a: cluster */
	EV_POWER_ON,	/* the SCP powered the CPU */
	EV_GICR_WAKER,	/* a: redistributor's CPU, b: value written */
	EV_GICR_PWRR,	/* a: redistributor's CPU, b: value written */
};

struct hw_event {
	enum hw_event_kind kind;
	unsigned int cpu; /* who did it */
	uint64_t a, b;
};

struct hw_reg {
	const char *name; /* encoding, "S3_0_C15_C2_7" */
	uint64_t value;
};

struct hw_cpu {
	bool powered;			/* the SCP gives it power */
	struct hw_reg reg[HW_MAX_REGS]; /* system registers it touched */
	unsigned int n_reg;
	uint64_t clusterpwrdn; /* this core's CLUSTERPWRDN bank (DSU: cluster domain) */
	const struct secmon_cpu_ops *ops;
	jmp_buf down; /* where its final WFI returns to (the test's "power gone") */
	bool down_armed;
};

struct n1sdp_hw {
	struct hw_cpu cpu[HW_CPUS];
	struct scp_sim scp;
	struct hw_event ev[HW_MAX_EVENTS];
	unsigned int n_ev;
	bool cluster_powered[HW_CLUSTERS];
	unsigned int cluster_downs[HW_CLUSTERS];  /* times each cluster lost power */
	unsigned int cluster_downer[HW_CLUSTERS]; /* the CPU in WFI when it did */
	uint32_t midr;				  /* what MIDR_EL1 reads */
	uint64_t pfr0, pfr1;			  /* ID_AA64PFR0/1_EL1 */
	unsigned int gicd_ctlr_writes;
	/* Rules broken. */
	unsigned int violations;
	char violation[200];
	/* Panic capture (secmon_panic longjmps here when armed). */
	jmp_buf panic_jmp;
	bool panic_armed;
	char panic_msg[256];
	char console[1024];
	char log[4096]; /* what the port printed */
};

extern struct n1sdp_hw hw;
extern unsigned int hw_cur; /* the CPU that runs */

/* Resets the board: everything off but CPU 0 and its cluster; SCP as given. */
void hw_reset(const struct scp_sim_config *scp_cfg);
/* The default SCP of an N1SDP: all protocols, warm reset and suspend supported. */
struct scp_sim_config hw_default_scp(void);
/* Cold boot on CPU 0 as the core does it, then secmon_psci_init(). Returns its result. */
int32_t hw_cold_boot(void);
/* Warm boot of a CPU the SCP powered (reset hook, cpu_init, secmon_psci_warmboot()). */
int32_t hw_warm_boot(unsigned int cpu, struct secmon_psci_entry *entry);

/* A PSCI call on `cpu` that may power it down. Returns true if it did (reached WFI). */
typedef int32_t (*hw_call_fn)(unsigned int cpu, const void *arg);
bool hw_call(unsigned int cpu, hw_call_fn fn, const void *arg, int32_t *rc);
bool hw_cpu_off(unsigned int cpu, int32_t *rc);
bool hw_cpu_suspend(unsigned int cpu, uint32_t power_state, uint64_t entry, int32_t *rc);
bool hw_system_suspend(unsigned int cpu, uint64_t entry, int32_t *rc);
/* Runs fn on `cpu`; returns true if it panicked (message in hw.panic_msg). */
bool hw_expect_panic(unsigned int cpu, void (*fn)(const void *arg), const void *arg);

/* A CPU's system register as last written (0 if never). */
uint64_t hw_reg(unsigned int cpu, const char *name);
/* Index of the next event of this kind (and CPU, or any if cpu < 0) from `from`, or -1. */
long hw_find(unsigned int from, enum hw_event_kind kind, int cpu);
/* Clears the event log and the SCP's message log. */
void hw_clear_logs(void);

#endif
