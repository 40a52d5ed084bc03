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
 * The CPUs' power, the SCP, UART, SSC, event log and rule counting are tests/unit/
 * css_sim's, shared with the N1SDP model (sim, sim_cur, sim_*()).
 */
#ifndef JUNO_HW_H
#define JUNO_HW_H

#include <stdbool.h>
#include <stdint.h>

#include "css_sim.h"

#define HW_CPUS 6u

/* Facts the model is built from (spelt out here, independent of the port). */
#define HW_MHU		      0x2b1f0000ull /* AP-to-SCP secure triplet at +0x300 */
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

/* Juno's own events (css_sim.h has the shared ones). */
enum {
	EV_OFF_FLUSH = EV_BOARD, /* data cache off and flush: a: level */
	EV_CCI,			 /* a: slave interface, b: snoop control value written */
	EV_GIC_DOWN,		 /* the CPU interface's group enables cleared: b: GICC_CTLR */
	EV_FLUSH_RANGE,		 /* clean and invalidate by address: a: address, b: size */
};

enum { HW_REG_CPUECTLR, HW_REG_CPUACTLR, HW_REG_OSDLR };

/* What the model keeps of a CPU besides power (sim.cpu[]). */
struct hw_cpu {
	bool cache_on;	    /* SCTLR_EL3.C */
	uint64_t reg[3];    /* CPUECTLR, CPUACTLR, OSDLR */
	long last_l1_clean; /* sequence number of its last data-cache-off flush, -1 none */
};

struct juno_hw {
	struct hw_cpu cpu[HW_CPUS];
	/* CCI-400. */
	uint32_t cci_snoop[5];
	unsigned int cci_pending; /* status reads that still show change-pending */
	bool cci_stuck;		  /* change-pending never clears */
	/* Per cluster: the last L2 flush (sequence number, CPU) and the last CCI exit (CPU). */
	long l2_flush[2];
	unsigned int l2_flusher[2], cci_exiter[2];
	unsigned int gicd_ctlr_writes;
};

extern struct juno_hw hw;
extern const struct css_sim_board juno_board;

/*
 * Resets the board: everything off but CPU 0 (LITTLE 0, the boot CPU), the LITTLE
 * cluster coherent in the CCI (BL1 did it), SCP configured as given. big_a72: Juno r2.
 */
void hw_reset(const struct scp_sim_config *scp_cfg, bool big_a72);
/* The default SCP of a Juno: all protocols, warm reset and suspend supported. */
struct scp_sim_config hw_default_scp(void);

#endif
