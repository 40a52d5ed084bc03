/*
 * Host model of a Juno board around the port, for tests: six CPUs (their implementation
 * defined registers, SCTLR_EL3.C and caches as events), the GIC-400 (banked registers),
 * the CCI-400 (snoop controls, change-pending), the UART, SSC and trusted SRAM on the
 * simulated bus, and the simulated SCP behind the MHU. It defines every host hook the
 * port and the CPU ops use, and checks the hardware's rules as they happen:
 *   - a cluster loses power only with snoops and DVM off in the CCI, every CPU of it
 *     with its data cache off and out of SMP, and its L2 flushed after the last L1 clean
 *     of every one of its CPUs;
 *   - a CPU reaches its final WFI with its data cache off and out of SMP.
 * Violations are counted with the first one's text. One CPU runs at a time (hw_cur) in
 * the engine-driven tests; each thread may own a CPU in the threaded one.
 */
#ifndef JUNO_HW_H
#define JUNO_HW_H

#include <setjmp.h>
#include <stdbool.h>
#include <stdint.h>

#include <secmon/cpu_ops.h>
#include <secmon/psci.h>

#include "scp_sim.h"

#define HW_CPUS	      6u
#define HW_MAX_EVENTS 8192u

/* Facts the model is built from (spelt out here, independent of the port). */
#define HW_MHU_DOORBELL	      0x2b1f0300ull /* AP-to-SCP secure triplet */
#define HW_SCMI_SHMEM	      0x04000dc0ull
#define HW_MAILBOX	      0x04000ff8ull
#define HW_COHERENT_PAGE      0x0403f000ull
#define HW_GICD		      0x2c010000ull
#define HW_GICC		      0x2c02f000ull
#define HW_CCI		      0x2c090000ull
#define HW_UART0	      0x7ff80000ull
#define HW_SSC_VERSION	      0x2a420040ull
#define HW_BIG		      0u /* cluster number = MPIDR Aff1 */
#define HW_LITTLE	      1u
/* Linear CPUs 0-3: LITTLE (A53, MPIDR 0x100-0x103, SCP domains 2-5); 4-5: big (0x0-0x1, 0-1). */
#define HW_MPIDR(cpu)	      ((cpu) < 4u ? 0x100ull + (cpu) : (uint64_t)(cpu)-4u)
#define HW_DOMAIN(cpu)	      ((cpu) < 4u ? 2u + (cpu) : (cpu)-4u)
#define HW_CLUSTER(cpu)	      ((cpu) < 4u ? HW_LITTLE : HW_BIG)
#define HW_CCI_IFACE(cluster) ((cluster) == HW_BIG ? 4u : 3u)

enum hw_event_kind {
	EV_SYSREG,	/* a: register (HW_REG_*), b: value written */
	EV_BARRIER,	/* a: 0 isb, 1 dsb */
	EV_FLUSH,	/* caches on (engine's flush_caches): a: level */
	EV_OFF_FLUSH,	/* data cache off and flush: a: level */
	EV_CCI,		/* a: slave interface, b: snoop control value written */
	EV_SCMI,	/* a: index in hw.scp.log */
	EV_WFI,		/* the CPU's final WFI */
	EV_CLUSTER_OFF, /* a: cluster */
	EV_POWER_ON,	/* the SCP powered the CPU */
	EV_GIC_DOWN,	/* the CPU interface's group enables cleared: b: GICC_CTLR written */
	EV_FLUSH_RANGE, /* clean and invalidate by address: a: address, b: size */
};

enum { HW_REG_CPUECTLR, HW_REG_CPUACTLR, HW_REG_OSDLR };

struct hw_event {
	enum hw_event_kind kind;
	unsigned int cpu; /* who did it (the CPU the event is about for SCP events) */
	uint64_t a, b;
};

struct hw_cpu {
	bool powered;	    /* the SCP gives it power */
	bool cache_on;	    /* SCTLR_EL3.C */
	uint64_t reg[3];    /* CPUECTLR, CPUACTLR, OSDLR */
	long last_l1_clean; /* sequence number of its last data-cache-off flush, -1 none */
	const struct secmon_cpu_ops *ops;
	jmp_buf down; /* where its final WFI returns to (the test's "power gone") */
	bool down_armed;
};

struct juno_hw {
	struct hw_cpu cpu[HW_CPUS];
	struct scp_sim scp;
	struct hw_event ev[HW_MAX_EVENTS];
	unsigned int n_ev;
	long seq;  /* events so far, logged or not (the log may be full) */
	bool ring; /* keep the latest HW_MAX_EVENTS events (long simulations) */
	/* CCI-400. */
	uint32_t cci_snoop[5];
	unsigned int cci_pending; /* status reads that still show change-pending */
	bool cci_stuck;		  /* change-pending never clears */
	/* Per cluster: the last L2 flush (sequence number, CPU) and the last CCI exit (CPU). */
	long l2_flush[2];
	unsigned int l2_flusher[2], cci_exiter[2];
	/* Rules broken. */
	unsigned int violations;
	char violation[200];
	/* Panic capture (secmon_panic longjmps here when armed). */
	jmp_buf panic_jmp;
	bool panic_armed;
	char panic_msg[256];
	char console[1024];
	char log[4096]; /* what the port printed */
	unsigned int gicd_ctlr_writes;
	/* Told when the SCP powers a CPU (the threaded simulation wakes its thread). */
	void (*on_power_on)(unsigned int cpu);
};

extern struct juno_hw hw;
/* The CPU the calling thread simulates. */
extern __thread unsigned int hw_cur;

/*
 * Resets the board: everything off but CPU 0 (LITTLE 0, the boot CPU), the LITTLE
 * cluster coherent in the CCI (BL1 did it), SCP configured as given. big_a72: Juno r2.
 */
void hw_reset(const struct scp_sim_config *scp_cfg, bool big_a72);
/* The default SCP of a Juno: all protocols, warm reset and suspend supported. */
struct scp_sim_config hw_default_scp(void);
/* Cold boot on CPU 0 as the core does it, then secmon_psci_init(). Returns its result. */
int32_t hw_cold_boot(void);
/*
 * Warm boot of a CPU the SCP has powered, as the core does it (reset hook, cpu_init,
 * secmon_psci_warmboot()). Returns the engine's result.
 */
int32_t hw_warm_boot(unsigned int cpu, struct secmon_psci_entry *entry);

/* A PSCI call on `cpu` that may power it down. Returns true if it did (reached WFI). */
typedef int32_t (*hw_call_fn)(unsigned int cpu, const void *arg);
bool hw_call(unsigned int cpu, hw_call_fn fn, const void *arg, int32_t *rc);
bool hw_cpu_off(unsigned int cpu, int32_t *rc);
bool hw_cpu_suspend(unsigned int cpu, uint32_t power_state, uint64_t entry, int32_t *rc);
bool hw_system_suspend(unsigned int cpu, uint64_t entry, int32_t *rc);

/* Runs fn on `cpu`; returns true if it panicked (message in hw.panic_msg). */
bool hw_expect_panic(unsigned int cpu, void (*fn)(const void *arg), const void *arg);

/* Index of the next event of this kind (and CPU, or any if cpu < 0) from `from`, or -1. */
long hw_find(unsigned int from, enum hw_event_kind kind, int cpu);
/* Clears the event log and the SCP's message log. */
void hw_clear_logs(void);

#endif
