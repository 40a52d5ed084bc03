/*
 * PSCI power control for boards without a power controller (QEMU's virt and sbsa-ref): a
 * CPU "powered down" parks in WFI at EL3 (secmon_cpu_power_down_park()) and comes back
 * through the warm-boot path when it is released and woken; the system is powered off
 * and reset through the board's own hooks (a GPIO line, an embedded controller).
 *
 * The power-domain tree is CPUs, clusters and one system node (3 levels); each CPU says
 * which cluster it is in. Local states: 1 retention (CPU level only), 2 power-down (any
 * level). CPU_SUSPEND takes the PSCI recommended StateID encoding in the original
 * power_state format: one nibble per level from bit 0 (1 = retention, 2 = power-down),
 * PowerLevel the highest level that changes, and bits [15:12], the last-in-level field,
 * the highest level at which the caller is the last running CPU (0 or a level below
 * PowerLevel read as PowerLevel; OS-initiated mode checks it, platform-coordinated mode
 * ignores it). So CPU retention 0x00000001, CPU power-down 0x00010002, cluster 0x01010022,
 * system 0x02010222, each with 0x1000 or 0x2000 added by a caller that is the last of its
 * cluster or of the system (docs/psci.md).
 *
 * A port fills a struct park_power_board, calls park_power_setup() at cold boot (after
 * the CPUs are known) and gives park_power_psci_ops to the core as its secmon_platform's
 * psci. Its per-CPU storage is the port's, sized by the image's CPUS.
 */
#ifndef SECMON_DRIVERS_PARK_POWER_H
#define SECMON_DRIVERS_PARK_POWER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <secmon/platform.h>
#include <secmon/psci.h>

#define PARK_POWER_LEVELS      3u /* CPU, cluster, system */
#define PARK_POWER_STATE_RET   1u /* retention (CPU only): WFI, the CPU keeps its state */
#define PARK_POWER_STATE_OFF   2u /* power-down */
/* SYSTEM_RESET2 vendor type: a cold reset, the same as SYSTEM_RESET on these boards. */
#define PARK_POWER_RESET2_COLD (PSCI_RESET2_TYPE_VENDOR | 0u)

/* One CPU of the board. */
struct park_power_cpu {
	uint64_t mpidr;	  /* affinity fields */
	uint32_t cluster; /* its cluster: 0, 1, ... in the order the CPUs are listed */
};

/* What the board gives the helper (park_power_setup() copies it). */
struct park_power_board {
	/*
	 * The CPUs in linear index order, listed cluster by cluster: the platform's
	 * (secmon_platform cpu_count() and cpu_mpidr() give the same CPUs in the same order).
	 */
	const struct park_power_cpu *cpus;
	unsigned int cpu_count;
	/* The helper's bookkeeping, the port's storage: room for cpu_count bytes... */
	uint8_t *cpu_state;
	/* ...and for 2 + cpu_count entries of the power-domain tree descriptor. */
	uint16_t *tree;
	/* Normal-world memory: valid entry points and what MEM_PROTECT covers. */
	const struct secmon_mem_region *ns_memory;
	size_t ns_memory_count;
	/* Mandatory. Sends the wake-up interrupt to a CPU parked in WFI at EL3. */
	void (*wake_cpu)(unsigned int cpu, uint64_t mpidr);
	/*
	 * Mandatory. On a CPU coming up for CPU_ON, once that call's wake_cpu() has been
	 * sent (the PSCI engine waits for it): clears the wake-up interrupt if it is still
	 * pending, as it is when the CPU came up without waiting for it (out of the reset pen,
	 * or before it parked after CPU_OFF). The normal world must never see it.
	 */
	void (*clear_wake)(unsigned int cpu);
	/*
	 * Mandatory. This CPU is about to wait in WFI at EL3 "powered down": its interrupt
	 * interface keeps only what keep (GIC_PD_KEEP_*, secmon/drivers/gic.h) names.
	 */
	void (*cpu_down)(unsigned int cpu, unsigned int keep);
	/* Mandatory. Power the system off / reset it; neither returns. */
	void (*system_off)(void);
	void (*system_reset)(void);
};

/*
 * Cold boot, primary CPU: copies the board (the storage it points to stays the port's)
 * and builds the tree. 0, or -1 if the CPUs of a cluster are not listed together (the
 * tree cannot describe that).
 */
int park_power_setup(const struct park_power_board *board);

/* The PSCI operations; topology() is valid once park_power_setup() has run. */
extern const struct secmon_psci_ops park_power_psci_ops;

/*
 * Cold boot only: whether a previous boot turned MEM_PROTECT on. The flag lives in memory
 * a warm reset keeps (.noinit): a port that sees it set wipes the normal world's memory
 * before the normal world runs (what it must keep is its choice, e.g. the DTB it hands
 * over).
 */
bool park_power_mem_protect_pending(void);

#endif
