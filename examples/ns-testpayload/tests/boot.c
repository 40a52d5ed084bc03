/*
 * How the monitor entered the payload: the arm64 Linux boot protocol (Documentation/arch/
 * arm64/booting.rst) and the device tree it patched for the normal world; and that the
 * payload relocated itself for the address it was loaded at.
 */
#include "board.h"
#include "cpu.h"
#include "discovery.h"
#include "dt.h"
#include "framework.h"
#include "tests.h"

#define DAIF_ALL	  0x3c0u /* D, A, I and F masked */
#define SCTLR_M		  1u	 /* MMU enable */
#define ID_PFR0_EL2_SHIFT 8	 /* ID_AA64PFR0_EL1.EL2: 0 = EL2 not implemented */

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

/* start.S applied every dynamic relocation (all R_AARCH64_RELATIVE) for the load address. */
static void check_relocation(void)
{
	static const struct tf_suite *const self = &boot_suite; /* a relocated pointer */
	extern char _image_head[];

	tf_check(boot_state.reloc_skipped == 0, "relocated",
		 "%lu .rela.dyn entries of a type other than R_AARCH64_RELATIVE were not applied",
		 (unsigned long)boot_state.reloc_skipped);
	tf_check(self->run != NULL && (uintptr_t)self->name >= board.image_base &&
		     (uintptr_t)self->name < board.image_end,
		 "pointers_relocated", "a pointer in data holds 0x%lx, the image is at 0x%lx-0x%lx",
		 (unsigned long)(uintptr_t)self->name, (unsigned long)board.image_base,
		 (unsigned long)board.image_end);
	tf_check((board.image_base & 0xfff) == 0 && (uintptr_t)_image_head == board.image_base,
		 "load_address", "loaded at 0x%lx: want a 4 KiB-aligned address",
		 (unsigned long)board.image_base);
	tf_info("loaded at 0x%lx (linked at 0), image %lu bytes, %lu with .bss and stacks",
		(unsigned long)board.image_base,
		(unsigned long)(board.image_end - board.image_base),
		(unsigned long)(board.footprint_end - board.image_base));
}

static void check_dtb(void)
{
	const struct dt_info *dt = &board.dt;

	if (!tf_check(board.dtb_error == NULL, "dtb_valid", "x0 = 0x%lx: %s",
		      (unsigned long)board.dtb, board.dtb_error))
		return;
	tf_check(board.dtb_in_memory, "dtb_in_memory",
		 "DTB 0x%lx-0x%lx outside the memory node's 0x%lx-0x%lx", (unsigned long)board.dtb,
		 (unsigned long)(board.dtb + dt->size), (unsigned long)dt->mem_base,
		 (unsigned long)(dt->mem_base + dt->mem_size));
	if (psci_served()) {
		tf_check(dt->psci_node && dt->psci_1_0, "dtb_psci_node", "%s",
			 dt->psci_node ? "PSCI node lacks \"arm,psci-1.0\"" : "no PSCI node");
		tf_check(dt->psci_method_smc, "dtb_psci_method_smc", "PSCI method is not \"smc\"");
		tf_check(dt->cpus > 0 && dt->cpus_psci == dt->cpus, "dtb_cpus_enable_method_psci",
			 "%u of %u cpu nodes have enable-method \"psci\"", dt->cpus_psci, dt->cpus);
	} else {
		/* Nothing may send the normal world to a PSCI that is not there. */
		tf_check(!dt->psci_node, "dtb_no_psci_node",
			 "a PSCI node, but the monitor does not serve PSCI");
		tf_check(dt->cpus_psci == 0, "dtb_no_enable_method_psci",
			 "%u of %u cpu nodes have enable-method \"psci\", but the monitor does "
			 "not serve PSCI",
			 dt->cpus_psci, dt->cpus);
		tf_check(dt->idle_states == 0, "dtb_no_idle_states",
			 "%u PSCI idle states, but the monitor does not serve PSCI",
			 dt->idle_states);
	}
	tf_info("DTB at 0x%lx: %u CPUs, MPIDR of CPU 0: 0x%lx", (unsigned long)board.dtb, dt->cpus,
		(unsigned long)(dt->cpus ? dt->mpidr[0] : 0));
	tf_info("board %s: profile %s%s; NS DRAM 0x%lx+0x%lx; GICv%u at 0x%lx/0x%lx",
		dt->compatible ? dt->compatible : "without compatible", board.profile->name,
		board.profile_forced ? " (asked for)" : "", (unsigned long)dt->mem_base,
		(unsigned long)dt->mem_size, dt->gic_version, (unsigned long)dt->gic_dist,
		(unsigned long)dt->gic_cpu);
	tf_info("console: PL011 at 0x%lx, from %s (stdout-path %s)", (unsigned long)dt->uart_base,
		dt->uart_source, dt->stdout_path ? dt->stdout_path : "none");
}

/* With a profile, every idle state the DTB declares is one of its power states. */
static void check_idle_states(void)
{
	const struct psci_profile *p = board.profile->psci;
	const struct dt_info *dt = &board.dt;
	struct tf_failures f = {0};

	if (board.dtb_error || !p || !psci_served())
		return;
	for (unsigned int i = 0; i < dt->idle_states && i < DT_MAX_IDLE_STATES; i++) {
		uint32_t s = dt->idle_param[i];

		if (s != p->standby && s != p->cpu_off && s != p->cluster_off && s != p->system_off)
			tf_fail(&f, "arm,psci-suspend-param 0x%08x is no state of the %s profile",
				s, board.profile->name);
	}
	tf_report("dtb_idle_states_in_profile", &f);
	tf_info("%u idle state(s) in the DTB", dt->idle_states);
}

static void run(void)
{
	check_entry_state();
	check_relocation();
	check_dtb();
	check_idle_states();
}

const struct tf_suite boot_suite = {"boot", run};
