/*
 * The monitor's per-CPU data: TPIDR_EL3 points at the running CPU's entry. It begins
 * with the part a port may read (struct secmon_cpu_id, secmon/percpu.h); the rest is
 * the core's, and the assembly's (offsets in core/arch/aarch64/offsets.h).
 */
#ifndef SECMON_INTERNAL_PERCPU_H
#define SECMON_INTERNAL_PERCPU_H

#include <stdint.h>

#include <secmon/cpu_ops.h>
#include <secmon/internal/context.h>
#include <secmon/internal/pmu.h>
#include <secmon/percpu.h>
#include <secmon_config.h>

struct secmon_cpu {
	struct secmon_cpu_id id; /* first: secmon_this_cpu_index() reads it */
	/* x1-x4 of a dying context, kept by the crash handler until it owns the crash stack. */
	uint64_t crash_scratch[4];
	struct secmon_cpu_context *ctx;	  /* normal-world context = top of this CPU's stack */
	const struct secmon_cpu_ops *ops; /* this core's type */
	uint64_t pad1;
	uint32_t pmu_dp; /* EL3 entry sets PMCR_EL0.DP (PMU without SCCD) */
	uint32_t pad2;
	struct pmu_ns_state pmu_ns; /* normal world's PMU, kept over a power-down */
#if SECMON_ENABLE_PMF
	/*
	 * CNTPCT_EL0 when this CPU entered the warm-boot path, stored by entry.S with the MMU
	 * and caches off. Alone in its cache line and never written with the caches on, so
	 * the line can never be dirty: a reader invalidates it and reads memory.
	 */
	uint64_t pmf_warm_entry __attribute__((aligned(64)));
	uint64_t pad3[7]; /* the rest of that line */
#endif
} __attribute__((aligned(64)));

/*
 * One per CPU the image supports (secmon_image.max_cpus; image_storage.c); the first
 * secmon_cpu_count, those the platform reported, are the table the warm boot searches
 * by MPIDR.
 */
extern struct secmon_cpu secmon_cpus[];
extern uint32_t secmon_cpu_count;

static inline struct secmon_cpu *secmon_this_cpu(void)
{
	struct secmon_cpu *c;
	__asm__ volatile("mrs %0, tpidr_el3" : "=r"(c));
	return c;
}

#endif
