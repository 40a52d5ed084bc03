/*
 * What the CPU ops touch besides memory: implementation-defined system registers (by
 * their generic S<op0>_<op1>_C<n>_C<m>_<op2> names, so any assembler takes them),
 * barriers, and the data-cache-off-and-flush step of a power-down. At EL3 each is an
 * instruction or a short asm sequence. Host builds (SECMON_HOST) call hooks the
 * test program defines, so a power-down sequence can be checked step by step (the
 * register hooks of secmon/internal/sysreg_access.h, and):
 *
 *   void secmon_host_barrier(const char *which);              ("isb" or "dsb sy")
 *   void secmon_host_dcache_off_flush(unsigned int level);
 *
 * Private to platforms/common/cpus.
 */
#ifndef SECMON_CPUS_SYSREG_H
#define SECMON_CPUS_SYSREG_H

#include <stdint.h>

#include <secmon/internal/sysreg_access.h>

#define SYSREG_ID_AA64PFR0_EL1	"S3_0_C0_C4_0"
#define SYSREG_ID_AA64PFR1_EL1	"S3_0_C0_C4_1"
#define SYSREG_ID_AA64MMFR1_EL1 "S3_0_C0_C7_1"
#define SYSREG_OSDLR_EL1	"S2_0_C1_C3_4"
#define SYSREG_CPUACTLR_EL1	"S3_1_C15_C2_0"
#define SYSREG_CPUECTLR_EL1	"S3_1_C15_C2_1"

#define CPUS_SYSREG_READ(name)	       SECMON_SYSREG_READ(name)
#define CPUS_SYSREG_WRITE(name, value) SECMON_SYSREG_WRITE(name, value)

#ifdef SECMON_HOST

void secmon_host_barrier(const char *which);
void secmon_host_dcache_off_flush(unsigned int level);

#define cpus_isb()		     secmon_host_barrier("isb")
#define cpus_dsb()		     secmon_host_barrier("dsb sy")
#define cpus_dcache_off_flush(level) secmon_host_dcache_off_flush(level)

#else

#include <secmon/internal/percpu.h>

#define cpus_isb()	  __asm__ volatile("isb" ::: "memory")
#define cpus_dsb()	  __asm__ volatile("dsb sy" ::: "memory")

/*
 * The one step of a core power-down that C cannot do: SCTLR_EL3.C = 0, clean and
 * invalidate the data caches of levels 1..level by set/way (the core's
 * secmon_dcache_flush_to_level, a leaf that touches x0-x12 and no memory), then this
 * CPU's stack by address to the point of coherency, from a margin below sp (the frames
 * of what the caller calls next) up to stack_top (the frames of its callers). It is one
 * asm statement so that no load or store can run between the cache going off and the
 * end of the flush (a stale line could overwrite newer memory, or the stack be read
 * from memory older than the cache). Afterwards no stack line is left in any cache:
 * the C code that follows reads and writes its stack in memory, and no dirty copy can
 * be evicted over it later, even from a level the set/way pass left alone.
 */
#define CPUS_STACK_MARGIN "512"

static inline void cpus_dcache_off_flush_el3(unsigned int level, uintptr_t stack_top)
{
	register uint64_t x0 __asm__("x0") = level;
	register uint64_t x14 __asm__("x14") = stack_top;

	__asm__ volatile("mrs	x1, sctlr_el3\n"
			 "bic	x1, x1, #(1 << 2)\n"
			 "msr	sctlr_el3, x1\n"
			 "isb\n"
			 "bl	secmon_dcache_flush_to_level\n"
			 "mrs	x1, ctr_el0\n"
			 "ubfx	x1, x1, #16, #4\n" /* DminLine: log2(words) */
			 "mov	x2, #4\n"
			 "lsl	x2, x2, x1\n"
			 "sub	x3, x2, #1\n"
			 "mov	x0, sp\n"
			 "sub	x0, x0, #" CPUS_STACK_MARGIN "\n"
			 "bic	x0, x0, x3\n"
			 "1:	cmp	x0, x14\n"
			 "b.hs	2f\n"
			 "dc	civac, x0\n"
			 "add	x0, x0, x2\n"
			 "b	1b\n"
			 "2:	dsb	sy\n"
			 "isb\n"
			 : "+r"(x0), "+r"(x14)
			 :
			 : "x1", "x2", "x3", "x4", "x5", "x6", "x7", "x8", "x9", "x10", "x11",
			   "x12", "x13", "x30", "cc", "memory");
}

/* This CPU's stack ends where its normal-world context starts (secmon/internal/percpu.h). */
#define cpus_dcache_off_flush(level)                                                               \
	cpus_dcache_off_flush_el3(level, (uintptr_t)secmon_this_cpu()->ctx)

#endif

#endif
