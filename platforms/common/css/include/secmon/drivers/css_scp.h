/*
 * SCP power control for Arm CSS boards (Juno, N1SDP, ...): the AP's requests to its SCP
 * over one SCMI channel rung through an MHU v1 doorbell, in the form Arm's SCP firmware
 * expects.
 *
 * CPU and cluster power use the power domain protocol on the CPU's domain with Arm's
 * CSS composite state (one local state per level: ON, SLEEP = power down and wake on
 * an interrupt, OFF = power down until asked). The SCP removes power only once the CPU
 * is in WFI, so a power-down request goes out before the power-down sequence. The whole
 * system uses the system power protocol. Every request is synchronous and bounded; an
 * SCP that does not answer, or refuses what has no caller to be told, is fatal, with a
 * message that names the board, the request, the CPU and the channel.
 *
 * A port describes its board in a css_scp_config; what differs between boards is data
 * (channel, doorbell, levels) and the CPU-to-domain numbering.
 */
#ifndef SECMON_DRIVERS_CSS_SCP_H
#define SECMON_DRIVERS_CSS_SCP_H

#include <stdint.h>

#include <secmon/drivers/mhu.h>
#include <secmon/drivers/scmi.h>
#include <secmon/psci.h>

/* What a port describes about its SCP. */
struct css_scp_config {
	const char *board;	/* first word of every message, channel name: "Juno" */
	uint64_t mhu_base;	/* MHU v1; the doorbell is its secure AP-to-SCP channel */
	uint32_t doorbell_bits; /* what a message sets in that channel's SET register */
	uint64_t shmem;		/* the SCMI channel's SMT area (mapped Device) */
	uint32_t shmem_size;	/* its size in bytes */
	uint32_t poll_limit;	/* status reads per request before the SCP counts as silent */
	unsigned int levels;	/* power levels from the CPU to the system (>= 2) */
	uint32_t (*domain)(unsigned int cpu); /* the SCP's power domain of a linear CPU */
};

/* One SCP. Static storage; css_scp_init() fills it. */
struct css_scp {
	const struct css_scp_config *cfg; /* as given to css_scp_init() */
	struct mhu_doorbell doorbell;	  /* from cfg */
	struct scmi_channel channel;	  /* the SCMI channel (tests read last_polls) */
};

/*
 * Cold boot, on `cpu`: opens the channel, checks that the SCP answers and what it
 * implements, and removes from ops the PSCI functions it cannot serve (so PSCI_FEATURES
 * tells the truth): NODE_HW_STATE without POWER_STATE_GET; SYSTEM_OFF/RESET/RESET2 and
 * SYSTEM_SUSPEND without the system power protocol, RESET2 and SUSPEND also without its
 * warm-reset and suspend attributes. Panics if the SCP cannot power CPUs at all.
 */
void css_scp_init(struct css_scp *scp, const struct css_scp_config *cfg,
		  struct secmon_psci_ops *ops, unsigned int cpu);

/* Powers cpu, its cluster and every level up on. PSCI_RET_INTERNAL_FAILURE if refused. */
int32_t css_scp_cpu_on(struct css_scp *scp, unsigned int cpu);

/*
 * CPU_OFF (cpu_state SCMI_CSS_OFF) or CPU_SUSPEND (SCMI_CSS_SLEEP) of cpu: every level
 * from the cluster up to the one below the system is stated, OFF where target's local
 * state is not RUN (CSS ports have power-down states only) and ON otherwise. Stating ON
 * matters: the latest request wins at the SCP, so a cluster OFF left by a CPU that went
 * down while a sibling was powering up (the engine counts a CPU only once it has booted)
 * cannot take the cluster from under that sibling when it later goes down alone.
 */
void css_scp_cpu_down(struct css_scp *scp, unsigned int cpu, uint32_t cpu_state,
		      const struct secmon_psci_state *target);

/* SYSTEM_POWER_STATE_SET(forceful, scmi_state: SCMI_SYS_STATE_*), asked by cpu. */
void css_scp_system(struct css_scp *scp, uint32_t scmi_state, unsigned int cpu);

/* PSCI NODE_HW_STATE of cpu's node at level (below the system) from POWER_STATE_GET. */
int32_t css_scp_node_hw_state(struct css_scp *scp, unsigned int cpu, unsigned int level);

#endif
