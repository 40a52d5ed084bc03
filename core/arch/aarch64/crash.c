/*
 * Crash report for exceptions the monitor never expects: which CPU, what kind, the
 * syndrome and every general register. Runs on the crash stack with the crash lock
 * held, prints without the console lock (the crashing CPU may hold it) and stops.
 */
#include <secmon/arch.h>
#include <secmon/internal/percpu.h>

#include "internal.h"

void secmon_crash_printf(const char *fmt, ...);

static const char *const crash_kinds[16] = {
    "sync (EL3, SP_EL0)",
    "IRQ (EL3, SP_EL0)",
    "FIQ (EL3, SP_EL0)",
    "SError (EL3, SP_EL0)",
    "sync (EL3)",
    "IRQ (EL3)",
    "FIQ (EL3)",
    "SError (EL3)",
    "sync (lower EL, AArch64)",
    "IRQ (lower EL)",
    "FIQ (lower EL)",
    "SError (lower EL)",
    "sync (lower EL, AArch32)",
    "IRQ (lower EL, AArch32)",
    "FIQ (lower EL, AArch32)",
    "SError (lower EL, AArch32)",
};

void secmon_crash_report(struct secmon_cpu *cpu, uint64_t type, const uint64_t regs[32])
{
	secmon_crash_printf("\n*** EL3 CRASH: unexpected %s on CPU%u (MPIDR 0x%llx)\n",
			    crash_kinds[type & 15], cpu->id.index,
			    (unsigned long long)read_sysreg(mpidr_el1));
	secmon_crash_printf("ESR_EL3  0x%016llx  ELR_EL3  0x%016llx\n",
			    (unsigned long long)read_sysreg(esr_el3),
			    (unsigned long long)read_sysreg(elr_el3));
	secmon_crash_printf("FAR_EL3  0x%016llx  SPSR_EL3 0x%016llx\n",
			    (unsigned long long)read_sysreg(far_el3),
			    (unsigned long long)read_sysreg(spsr_el3));
	secmon_crash_printf("SCR_EL3  0x%016llx  SCTLR_EL3 0x%016llx\n",
			    (unsigned long long)read_sysreg(scr_el3),
			    (unsigned long long)read_sysreg(sctlr_el3));
	for (int i = 0; i < 31; i += 2) {
		if (i == 30)
			secmon_crash_printf("x30 0x%016llx  sp  0x%016llx\n",
					    (unsigned long long)regs[30],
					    (unsigned long long)regs[31]);
		else
			secmon_crash_printf("x%-2d 0x%016llx  x%-2d 0x%016llx\n", i,
					    (unsigned long long)regs[i], i + 1,
					    (unsigned long long)regs[i + 1]);
	}
	if (!secmon_stack_guard_intact(cpu->id.index))
		secmon_crash_printf("*** CPU%u's EL3 stack overflowed its guard zone\n",
				    cpu->id.index);
	secmon_crash_printf("*** system stopped\n");
}

uint32_t secmon_crash_lock;
