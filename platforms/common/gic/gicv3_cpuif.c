/*
 * GICv3 CPU interface through system registers: what each CPU sets up for itself, and
 * the wake SGI.
 */
#include <stdint.h>

#include <secmon/cold_boot.h>
#include <secmon/drivers/gicv3.h>

#include "gic_private.h"
#include "gicv3_private.h"
#include "gicv3_regs.h"
#include "gicv3_sysreg.h"

/* Longest run of acknowledges: the wake SGI pended again while active, plus a stray. */
#define GICV3_MAX_ACKS 4u

uint64_t gicv3_cpuif_mpidr(void)
{
	return SYSREG_READ(SYSREG_MPIDR_EL1);
}

static int el2_implemented(void)
{
	uint64_t pfr0 = SYSREG_READ(SYSREG_ID_AA64PFR0_EL1);

	return ((pfr0 >> ID_AA64PFR0_EL2_SHIFT) & ID_AA64PFR0_EL2_MASK) != 0;
}

void gicv3_cpuif_init(void)
{
	uint64_t v;

	/* System registers at EL3, no legacy bypass, lower ELs may set their own SRE. */
	SYSREG_WRITE(SYSREG_ICC_SRE_EL3, ICC_SRE_SRE | ICC_SRE_DFB | ICC_SRE_DIB | ICC_SRE_ENABLE);
	gic_isb();
	/* A kernel entered at EL1 finds ICC_SRE_EL2.{SRE,Enable} set, as booting.rst asks. */
	if (el2_implemented()) {
		v = SYSREG_READ(SYSREG_ICC_SRE_EL2);
		SYSREG_WRITE(SYSREG_ICC_SRE_EL2, v | ICC_SRE_SRE | ICC_SRE_ENABLE);
		gic_isb();
	}
	/* A mask in the Secure half (reset: 0) blocks the wake SGI; an NS value is NS-owned. */
	if (SYSREG_READ(SYSREG_ICC_PMR_EL1) < 0x80u)
		SYSREG_WRITE(SYSREG_ICC_PMR_EL1, GIC_PMR_ALLOW_ALL);
	SYSREG_WRITE(SYSREG_ICC_IGRPEN0_EL1, ICC_IGRPEN_ENABLE);
	/* No Secure Group 1 interrupts exist; the NS enable belongs to the normal world. */
	v = SYSREG_READ(SYSREG_ICC_IGRPEN1_EL3);
	SYSREG_WRITE(SYSREG_ICC_IGRPEN1_EL3, v & ICC_IGRPEN1_EL3_GRP1NS);
	gic_isb();
}

uint32_t gicv3_cpuif_disable(unsigned int keep)
{
	uint32_t grp1 = (uint32_t)SYSREG_READ(SYSREG_ICC_IGRPEN1_EL3);

	if (!(keep & GIC_PD_KEEP_WAKE_SGI))
		SYSREG_WRITE(SYSREG_ICC_IGRPEN0_EL1, 0);
	if (!(keep & GIC_PD_KEEP_NS))
		SYSREG_WRITE(SYSREG_ICC_IGRPEN1_EL3, grp1 & ~ICC_IGRPEN1_EL3_GRP1NS);
	gic_isb();
	return grp1;
}

void gicv3_cpuif_restore_ns(uint32_t saved)
{
	uint64_t v;

	if (!(saved & ICC_IGRPEN1_EL3_GRP1NS))
		return;
	v = SYSREG_READ(SYSREG_ICC_IGRPEN1_EL3);
	SYSREG_WRITE(SYSREG_ICC_IGRPEN1_EL3, v | ICC_IGRPEN1_EL3_GRP1NS);
	gic_isb();
}

void gicv3_send_wake_sgi(uint64_t target_mpidr)
{
	uint64_t aff0 = target_mpidr & 0xffu;
	uint64_t aff1 = (target_mpidr >> 8) & 0xffu;
	uint64_t aff2 = (target_mpidr >> 16) & 0xffu;
	uint64_t aff3 = (target_mpidr >> 32) & 0xffu;
	/* Target list bit n means Aff0 = RS * 16 + n. */
	uint64_t sgir = (aff3 << ICC_SGIR_AFF3_SHIFT) | ((aff0 >> 4) << ICC_SGIR_RS_SHIFT) |
			(aff2 << ICC_SGIR_AFF2_SHIFT) |
			((uint64_t)GIC_WAKE_SGI << ICC_SGIR_INTID_SHIFT) |
			(aff1 << ICC_SGIR_AFF1_SHIFT) | (1ull << (aff0 & 15u));

	gic_dsb_ishst();
	SYSREG_WRITE(SYSREG_ICC_SGI0R_EL1, sgir);
	gic_isb();
}

void gicv3_send_wake_sgi_others(void)
{
	gic_dsb_ishst();
	SYSREG_WRITE(SYSREG_ICC_SGI0R_EL1,
		     ICC_SGIR_IRM | ((uint64_t)GIC_WAKE_SGI << ICC_SGIR_INTID_SHIFT));
	gic_isb();
}

unsigned int gicv3_clear_wake_sgi(void)
{
	unsigned int cleared = 0;

	for (unsigned int i = 0; i < GICV3_MAX_ACKS; i++) {
		uint32_t intid = (uint32_t)SYSREG_READ(SYSREG_ICC_IAR0_EL1) & ICC_IAR_INTID_MASK;

		/* 1020-1023: nothing of Group 0 pending (1020/1021 name another group's). */
		if (intid >= ICC_IAR_SPECIAL_MIN && intid <= ICC_IAR_SPECIAL_MAX)
			break;
		/* Complete whatever Group 0 interrupt came so none stays active. */
		SYSREG_WRITE(SYSREG_ICC_EOIR0_EL1, intid);
		if (intid == GIC_WAKE_SGI)
			cleared++;
	}
	gic_isb();
	return cleared;
}
