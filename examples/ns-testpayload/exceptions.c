/* Report of an unexpected exception: one FAIL line, the summary, the end of the run. */
#include <stdint.h>

#include "console.h"
#include "cpu.h"
#include "exit.h"
#include "framework.h"

#define READ_SYSREG(reg)                                                                           \
	({                                                                                         \
		uint64_t _v;                                                                       \
		__asm__ volatile("mrs %0, " #reg : "=r"(_v));                                      \
		_v;                                                                                \
	})

static const char *const kinds[4] = {"sync", "irq", "fiq", "serror"};
static const char *const origins[4] = {"current EL, SP_EL0", "current EL, SP_ELx",
				       "lower EL, AArch64", "lower EL, AArch32"};

/* Called from vectors.S on a private stack with the vector index (0-15). */
void exception_report(unsigned int vector);

void exception_report(unsigned int vector)
{
	static int nested;
	uint64_t esr, elr, far, spsr;
	unsigned int el = current_el();

	/* A fault while reporting (or while exiting): just end the run. */
	if (payload_exiting() || nested++)
		payload_exit(1);
	if (el == 2) {
		esr = READ_SYSREG(esr_el2);
		elr = READ_SYSREG(elr_el2);
		far = READ_SYSREG(far_el2);
		spsr = READ_SYSREG(spsr_el2);
	} else {
		esr = READ_SYSREG(esr_el1);
		elr = READ_SYSREG(elr_el1);
		far = READ_SYSREG(far_el1);
		spsr = READ_SYSREG(spsr_el1);
	}
	tf_check(0, "no_exception",
		 "%s exception (%s) at EL%u on MPIDR 0x%lx: ESR 0x%lx (EC 0x%lx) ELR 0x%lx "
		 "FAR 0x%lx SPSR 0x%lx",
		 kinds[vector & 3], origins[(vector >> 2) & 3], el, (unsigned long)read_mpidr(),
		 (unsigned long)esr, (unsigned long)(esr >> 26), (unsigned long)elr,
		 (unsigned long)far, (unsigned long)spsr);
	tf_finish();
}
