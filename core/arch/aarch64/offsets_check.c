/* Compile-time proof that offsets.h matches the C structures the assembly uses. */
#include <stddef.h>

#include <secmon/assert.h>
#include <secmon/image.h>
#include <secmon/internal/context.h>
#include <secmon/internal/percpu.h>
#include <secmon/secmon.h>

#include "offsets.h"

/* CTX_X() is also assembly, so it has no C types: widen it explicitly here. */
SECMON_STATIC_ASSERT(offsetof(struct secmon_cpu_context, gp.x[0]) == (size_t)CTX_X(0), "ctx x0");
SECMON_STATIC_ASSERT(offsetof(struct secmon_cpu_context, gp.x[30]) == (size_t)CTX_X(30), "ctx x30");
SECMON_STATIC_ASSERT(offsetof(struct secmon_cpu_context, gp.sp_el0) == CTX_SP_EL0, "sp_el0");
SECMON_STATIC_ASSERT(offsetof(struct secmon_cpu_context, el3.elr) == CTX_ELR, "elr");
SECMON_STATIC_ASSERT(offsetof(struct secmon_cpu_context, el3.spsr) == CTX_SPSR, "spsr");
SECMON_STATIC_ASSERT(offsetof(struct secmon_cpu_context, el3.scr) == CTX_SCR, "scr");
SECMON_STATIC_ASSERT(offsetof(struct secmon_cpu_context, ns_pmcr) == CTX_NS_PMCR, "ns_pmcr");
SECMON_STATIC_ASSERT(offsetof(struct secmon_cpu_context, world_el3_sp) == CTX_EL3_SP, "el3 sp");
SECMON_STATIC_ASSERT(sizeof(struct secmon_cpu_context) == CTX_SIZE, "ctx size");
SECMON_STATIC_ASSERT(sizeof(struct secmon_cpu_context) % 16 == 0, "ctx keeps SP aligned");
SECMON_STATIC_ASSERT(offsetof(struct secmon_cpu, crash_scratch) == CPU_CRASH_SCRATCH, "crash");
SECMON_STATIC_ASSERT(offsetof(struct secmon_cpu, id) == 0,
		     "secmon_this_cpu_index() reads the head");
SECMON_STATIC_ASSERT(offsetof(struct secmon_cpu, id.mpidr) == CPU_MPIDR, "mpidr");
SECMON_STATIC_ASSERT(offsetof(struct secmon_cpu, id.index) == CPU_INDEX, "index");
SECMON_STATIC_ASSERT(offsetof(struct secmon_cpu, ctx) == CPU_CTX, "ctx");
SECMON_STATIC_ASSERT(offsetof(struct secmon_cpu, pmu_dp) == CPU_PMU_DP, "pmu_dp");
SECMON_STATIC_ASSERT(offsetof(struct secmon_cpu, pmu_ns) + sizeof(struct pmu_ns_state) ==
			 CPU_PMU_NS_END,
		     "pmu_ns end");
#if SECMON_ENABLE_PMF
SECMON_STATIC_ASSERT(offsetof(struct secmon_cpu, pmf_warm_entry) == CPU_PMF_WARM_ENTRY,
		     "pmf_warm_entry");
SECMON_STATIC_ASSERT(CPU_PMF_WARM_ENTRY % 64 == 0 && CPU_SIZE - CPU_PMF_WARM_ENTRY == 64,
		     "pmf_warm_entry alone in its cache line");
#endif
SECMON_STATIC_ASSERT(sizeof(struct secmon_cpu) == CPU_SIZE, "cpu size");
SECMON_STATIC_ASSERT(offsetof(struct secmon_image_limits, stack_size) == IMAGE_STACK_SIZE,
		     "image stack size");
SECMON_STATIC_ASSERT(offsetof(struct secmon_board, platform) == BOARD_PLATFORM, "board");
SECMON_STATIC_ASSERT(offsetof(struct secmon_platform, primary_mpidr) == PLAT_PRIMARY_MPIDR,
		     "primary mpidr");
SECMON_STATIC_ASSERT(offsetof(struct secmon_platform, pen_wait) == PLAT_PEN_WAIT, "pen_wait");
