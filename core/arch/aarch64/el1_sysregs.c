/* Saving and restoring the EL1 system registers of a world around a world switch. */
#include <secmon/arch.h>
#include <secmon/internal/world.h>

void secmon_el1_sysregs_save(struct secmon_el1_sysregs *r)
{
	r->sctlr = read_sysreg(sctlr_el1);
	r->actlr = read_sysreg(actlr_el1);
	r->cpacr = read_sysreg(cpacr_el1);
	r->csselr = read_sysreg(csselr_el1);
	r->ttbr0 = read_sysreg(ttbr0_el1);
	r->ttbr1 = read_sysreg(ttbr1_el1);
	r->tcr = read_sysreg(tcr_el1);
	r->mair = read_sysreg(mair_el1);
	r->amair = read_sysreg(amair_el1);
	r->vbar = read_sysreg(vbar_el1);
	r->sp_el1 = read_sysreg(sp_el1);
	r->elr = read_sysreg(elr_el1);
	r->spsr = read_sysreg(spsr_el1);
	r->esr = read_sysreg(esr_el1);
	r->far = read_sysreg(far_el1);
	r->afsr0 = read_sysreg(afsr0_el1);
	r->afsr1 = read_sysreg(afsr1_el1);
	r->par = read_sysreg(par_el1);
	r->contextidr = read_sysreg(contextidr_el1);
	r->tpidr_el1 = read_sysreg(tpidr_el1);
	r->tpidr_el0 = read_sysreg(tpidr_el0);
	r->tpidrro_el0 = read_sysreg(tpidrro_el0);
	r->mdscr = read_sysreg(mdscr_el1);
	r->cntkctl = read_sysreg(cntkctl_el1);
}

void secmon_el1_sysregs_restore(const struct secmon_el1_sysregs *r)
{
	write_sysreg(sctlr_el1, r->sctlr);
	write_sysreg(actlr_el1, r->actlr);
	write_sysreg(cpacr_el1, r->cpacr);
	write_sysreg(csselr_el1, r->csselr);
	write_sysreg(ttbr0_el1, r->ttbr0);
	write_sysreg(ttbr1_el1, r->ttbr1);
	write_sysreg(tcr_el1, r->tcr);
	write_sysreg(mair_el1, r->mair);
	write_sysreg(amair_el1, r->amair);
	write_sysreg(vbar_el1, r->vbar);
	write_sysreg(sp_el1, r->sp_el1);
	write_sysreg(elr_el1, r->elr);
	write_sysreg(spsr_el1, r->spsr);
	write_sysreg(esr_el1, r->esr);
	write_sysreg(far_el1, r->far);
	write_sysreg(afsr0_el1, r->afsr0);
	write_sysreg(afsr1_el1, r->afsr1);
	write_sysreg(par_el1, r->par);
	write_sysreg(contextidr_el1, r->contextidr);
	write_sysreg(tpidr_el1, r->tpidr_el1);
	write_sysreg(tpidr_el0, r->tpidr_el0);
	write_sysreg(tpidrro_el0, r->tpidrro_el0);
	write_sysreg(mdscr_el1, r->mdscr);
	write_sysreg(cntkctl_el1, r->cntkctl);
	/* The ERET into the world synchronises; EL3 itself uses none of these. */
}
