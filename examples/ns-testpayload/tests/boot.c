/*
 * How the monitor entered the payload: the arm64 Linux boot protocol (Documentation/arch/
 * arm64/booting.rst) and the device tree it patched for the normal world.
 */
#include "cpu.h"
#include "dt.h"
#include "framework.h"
#include "tests.h"

#define DAIF_ALL	  0x3c0u /* D, A, I and F masked */
#define SCTLR_M		  1u	 /* MMU enable */
#define ID_PFR0_EL2_SHIFT 8	 /* ID_AA64PFR0_EL1.EL2: 0 = EL2 not implemented */

static struct dt_info dt;

static void check_entry_state(void)
{
	const struct boot_state *b = &boot_state;
	uint64_t pfr0;
	unsigned int el = (unsigned int)((b->current_el >> 2) & 3);

	__asm__ volatile("mrs %0, id_aa64pfr0_el1" : "=r"(pfr0));
	unsigned int want_el = ((pfr0 >> ID_PFR0_EL2_SHIFT) & 0xf) ? 2 : 1;

	tf_check(el == want_el, "entry_el", "entered at EL%u, want EL%u (EL2 %simplemented)", el,
		 want_el, want_el == 2 ? "" : "not ");
	tf_check((b->daif & DAIF_ALL) == DAIF_ALL, "entry_daif_masked", "DAIF 0x%lx, want 0x%x",
		 (unsigned long)b->daif, DAIF_ALL);
	tf_check(!(b->sctlr & SCTLR_M), "entry_mmu_off", "SCTLR_EL%u 0x%lx has M set", el,
		 (unsigned long)b->sctlr);
	tf_check(b->x1 == 0 && b->x2 == 0 && b->x3 == 0, "entry_x1_x3_zero",
		 "x1 0x%lx x2 0x%lx x3 0x%lx", (unsigned long)b->x1, (unsigned long)b->x2,
		 (unsigned long)b->x3);
}

static void check_dtb(void)
{
	dt_scan(boot_state.x0, &dt);
	if (!tf_check(dt.error == NULL, "dtb_valid", "x0 = 0x%lx: %s", (unsigned long)boot_state.x0,
		      dt.error))
		return;
	tf_check(dt.psci_node && dt.psci_1_0, "dtb_psci_node", "%s",
		 dt.psci_node ? "PSCI node lacks \"arm,psci-1.0\"" : "no PSCI node");
	tf_check(dt.psci_method_smc, "dtb_psci_method_smc", "PSCI method is not \"smc\"");
	tf_check(dt.cpus > 0 && dt.cpus_psci == dt.cpus, "dtb_cpus_enable_method_psci",
		 "%u of %u cpu nodes have enable-method \"psci\"", dt.cpus_psci, dt.cpus);
	tf_info("DTB at 0x%lx: %u CPUs, MPIDR of CPU 0: 0x%lx", (unsigned long)boot_state.x0,
		dt.cpus, (unsigned long)(dt.cpus ? dt.mpidr[0] : 0));
}

static void run(void)
{
	check_entry_state();
	check_dtb();
}

const struct tf_suite boot_suite = {"boot", run};
