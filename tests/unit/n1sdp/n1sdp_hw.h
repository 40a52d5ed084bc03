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
 * The CPUs' power, the SCP, UART, SSC, event log and rule counting are tests/unit/
 * css_sim's, shared with the Juno model (sim, sim_cur, sim_*()).
 */
#ifndef N1SDP_HW_H
#define N1SDP_HW_H

#include <stdbool.h>
#include <stdint.h>

#include "css_sim.h"

#define HW_CPUS	    4u
#define HW_CLUSTERS 2u
#define HW_MAX_REGS 32u

/* Facts the model is built from (spelt out here, independent of the port). */
#define HW_MHU		0x45000000ull /* AP-to-SCP secure triplet at +0x300 */
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

/* N1SDP's own events (css_sim.h has the shared ones). */
enum {
	EV_GICR_WAKER = EV_BOARD, /* a: redistributor's CPU, b: value written */
	EV_GICR_PWRR,		  /* a: redistributor's CPU, b: value written */
};

struct hw_reg {
	const char *name; /* encoding, "S3_0_C15_C2_7" */
	uint64_t value;
};

/* What the model keeps of a CPU besides power (sim.cpu[]). */
struct hw_cpu {
	struct hw_reg reg[HW_MAX_REGS]; /* system registers it touched */
	unsigned int n_reg;
	uint64_t clusterpwrdn; /* this core's CLUSTERPWRDN bank (DSU: cluster domain) */
};

struct n1sdp_hw {
	struct hw_cpu cpu[HW_CPUS];
	bool cluster_powered[HW_CLUSTERS];
	unsigned int cluster_downs[HW_CLUSTERS];  /* times each cluster lost power */
	unsigned int cluster_downer[HW_CLUSTERS]; /* the CPU in WFI when it did */
	uint32_t midr;				  /* what MIDR_EL1 reads */
	uint64_t pfr0, pfr1;			  /* ID_AA64PFR0/1_EL1 */
	unsigned int gicd_ctlr_writes;
};

extern struct n1sdp_hw hw;
extern const struct css_sim_board n1sdp_board;

/* Resets the board: everything off but CPU 0 and its cluster; SCP as given. */
void hw_reset(const struct scp_sim_config *scp_cfg);
/* The default SCP of an N1SDP: all protocols, warm reset and suspend supported. */
struct scp_sim_config hw_default_scp(void);
/* A CPU's system register as last written (0 if never). */
uint64_t hw_reg(unsigned int cpu, const char *name);

#endif
