/*
 * The payload's entries, C side (see entry.S for the calling convention and tsp.h): boot and
 * power events keep the per-CPU counters and the timer interrupt's GIC set-up, service
 * calls go to services.c.
 */
#include <stddef.h>

#include <secmon/spd_abi.h>

#include "tsp.h"
#include "tsp_abi.h"

/* entry.S answers these two before it has a stack; they must be the contract's. */
_Static_assert(SPD_S_ENTRY_DONE == 0xf2000001u, "TSP_SMC_ENTRY_DONE in entry.S");
_Static_assert(SPD_S_ON_DONE == 0xf2000002u, "TSP_SMC_ON_DONE in entry.S");
_Static_assert(SPD_BOOT_ARG_MAGIC == 0x5350445f424f4f54ull, "TSP_BOOT_MAGIC_* in entry.S");

struct tsp_cpu tsp_cpus[TSP_MAX_CPUS];

extern const char tsp_entries[], tsp_entries_end[];

struct tsp_cpu *tsp_this_cpu(void)
{
	uint64_t idx;

	__asm__ volatile("mrs %0, tpidr_el1" : "=r"(idx));
	return &tsp_cpus[idx < TSP_MAX_CPUS ? idx : 0];
}

/* The answer: x1 of the *_DONE call (x2-x8 0) and its ID. */
static void answer(struct tsp_regs *r, uint32_t done_fid, uint64_t x1)
{
	r->x[0] = x1;
	for (unsigned int i = 1; i < 7; i++)
		r->x[i] = 0;
	r->x[7] = done_fid;
	r->x[8] = 0;
}

/* A CPU runs the payload for the first time, or again after CPU_ON. */
static void cpu_start(struct tsp_cpu *c)
{
	c->mpidr = tsp_read_mpidr() & TSP_MPIDR_AFF_MASK;
	c->yield_active = 0;
	__asm__ volatile("dmb ish" ::: "memory");
	c->seen = 1;
	tsp_timer_stop();
}

static void put_dec(unsigned int v)
{
	char s[2] = {(char)('0' + v % 10), 0};

	if (v >= 10)
		put_dec(v / 10);
	tsp_puts(s);
}

uint64_t tsp_boot_main(struct tsp_regs *r, uint64_t entry_sp)
{
	unsigned int cpu = (unsigned int)r->x[0];
	unsigned int gic = tsp_gic_detect();
	uint64_t entries = (uint64_t)(uintptr_t)tsp_entries;

	cpu_start(&tsp_cpus[cpu]);
	if ((size_t)(tsp_entries_end - tsp_entries) != sizeof(struct spd_payload_entries)) {
		tsp_puts("TSP: entry table size mismatch\n");
		entries = 0;
	} else if (gic == 0) {
		tsp_puts("TSP: unknown GIC architecture\n");
		entries = 0;
	} else if (tsp_gic_cpu_setup() != 0) {
		tsp_puts("TSP: no GIC redistributor for the boot CPU\n");
		entries = 0;
	}
	if (entries) {
		tsp_puts("TSP: test secure payload up on CPU");
		put_dec(cpu);
		tsp_puts(", GICv");
		put_dec(gic);
		tsp_puts(", entries at ");
		tsp_puthex(entries);
		tsp_puts("\n");
	}
	answer(r, SPD_S_ENTRY_DONE, entries);
	return entry_sp;
}

uint64_t tsp_cpu_on_main(struct tsp_regs *r, uint64_t entry_sp)
{
	struct tsp_cpu *c = &tsp_cpus[r->x[0]];

	cpu_start(c);
	c->count[TSP_CNT_CPU_ON]++;
	/* Without the GIC set-up only the timer is lost; the CPU still serves calls. */
	tsp_gic_cpu_setup();
	answer(r, SPD_S_ON_DONE, 0);
	return entry_sp;
}

uint64_t tsp_cpu_off_main(struct tsp_regs *r, uint64_t entry_sp)
{
	struct tsp_cpu *c = tsp_this_cpu();

	tsp_timer_stop();
	c->yield_active = 0;
	c->count[TSP_CNT_CPU_OFF]++;
	answer(r, SPD_S_OFF_DONE, 0);
	return entry_sp;
}

uint64_t tsp_cpu_suspend_main(struct tsp_regs *r, uint64_t entry_sp)
{
	tsp_this_cpu()->count[TSP_CNT_CPU_SUSPEND]++;
	answer(r, SPD_S_SUSPEND_DONE, 0);
	return entry_sp;
}

uint64_t tsp_cpu_resume_main(struct tsp_regs *r, uint64_t entry_sp)
{
	tsp_this_cpu()->count[TSP_CNT_CPU_RESUME]++;
	/* A power-down may have reset this CPU's part of the GIC. */
	tsp_gic_cpu_setup();
	answer(r, SPD_S_RESUME_DONE, 0);
	return entry_sp;
}

uint64_t tsp_fast_main(struct tsp_regs *r, uint64_t entry_sp)
{
	tsp_this_cpu()->count[TSP_CNT_FAST]++;
	tsp_service_fast(r);
	r->x[7] = SPD_S_FAST_DONE;
	return entry_sp;
}

uint64_t tsp_yield_main(struct tsp_regs *r, uint64_t entry_sp)
{
	struct tsp_cpu *c = tsp_this_cpu();

	/* The dispatcher runs one yielding call per CPU; a second would lose the first's SP. */
	if (c->yield_active) {
		r->x[0] = ~0ull; /* SMC_UNK, no results */
		r->x[8] = 0;
		r->x[7] = SPD_S_YIELD_DONE;
		return entry_sp;
	}
	c->yield_sp = entry_sp;
	c->yield_active = 1;
	tsp_service_yield(r);
	c->yield_active = 0;
	c->count[TSP_CNT_YIELD_DONE]++;
	r->x[7] = SPD_S_YIELD_DONE;
	return entry_sp;
}

/*
 * Drops the preempted yielding call. This entry runs below that call's frames; answering
 * on the SP the call was entered with gives them back, or every abort would leave its
 * dropped frames on the stack for good.
 */
uint64_t tsp_abort_main(struct tsp_regs *r, uint64_t entry_sp)
{
	struct tsp_cpu *c = tsp_this_cpu();
	uint64_t sp = entry_sp;

	if (c->yield_active && c->yield_sp >= entry_sp) {
		sp = c->yield_sp;
		c->yield_active = 0;
	}
	answer(r, SPD_S_ABORT_DONE, 0);
	return sp;
}

uint64_t tsp_fiq_main(struct tsp_regs *r, uint64_t entry_sp)
{
	tsp_serve_interrupt(0);
	answer(r, SPD_S_FIQ_DONE, 0);
	return entry_sp;
}

uint64_t tsp_system_off_main(struct tsp_regs *r, uint64_t entry_sp)
{
	tsp_timer_stop();
	answer(r, SPD_S_SYSTEM_OFF_DONE, 0);
	return entry_sp;
}

uint64_t tsp_system_reset_main(struct tsp_regs *r, uint64_t entry_sp)
{
	tsp_timer_stop();
	answer(r, SPD_S_SYSTEM_RESET_DONE, 0);
	return entry_sp;
}

void tsp_irq_main(void)
{
	tsp_serve_interrupt(1);
}

void tsp_serve_interrupt(int direct)
{
	struct tsp_cpu *c = tsp_this_cpu();
	unsigned int iar = tsp_gic_ack();
	unsigned int intid = iar & 0x3ffu;

	if (intid >= TSP_INTID_SPURIOUS_MIN) {
		c->count[TSP_CNT_OTHER_IRQ]++;
		return;
	}
	if (intid == TSP_TIMER_INTID) {
		/* Level-sensitive: stopping the timer drops the line before the EOI. */
		tsp_timer_stop();
		c->count[TSP_CNT_TIMER_IRQ]++;
		if (direct)
			c->count[TSP_CNT_TIMER_DIRECT]++;
	} else {
		c->count[TSP_CNT_OTHER_IRQ]++;
	}
	tsp_gic_eoi(iar);
}

static const char *const exception_kinds[16] = {
    "sync SP0",	   "IRQ SP0",	 "FIQ SP0",	"SError SP0",	 "sync SPx",   "IRQ SPx",
    "FIQ SPx",	   "SError SPx", "sync EL0/64", "IRQ EL0/64",	 "FIQ EL0/64", "SError EL0/64",
    "sync EL0/32", "IRQ EL0/32", "FIQ EL0/32",	"SError EL0/32",
};

void tsp_crash(unsigned int kind)
{
	uint64_t esr, elr, far, spsr, idx;

	__asm__ volatile("mrs %0, esr_el1" : "=r"(esr));
	__asm__ volatile("mrs %0, elr_el1" : "=r"(elr));
	__asm__ volatile("mrs %0, far_el1" : "=r"(far));
	__asm__ volatile("mrs %0, spsr_el1" : "=r"(spsr));
	__asm__ volatile("mrs %0, tpidr_el1" : "=r"(idx));
	tsp_puts("TSP: CPU");
	put_dec((unsigned int)idx);
	tsp_puts(": unexpected exception, ");
	tsp_puts(exception_kinds[kind & 15]);
	tsp_puts(", ESR ");
	tsp_puthex(esr);
	tsp_puts(" ELR ");
	tsp_puthex(elr);
	tsp_puts(" FAR ");
	tsp_puthex(far);
	tsp_puts(" SPSR ");
	tsp_puthex(spsr);
	tsp_puts("\n");
	for (;;)
		__asm__ volatile("wfe");
}

void tsp_done_returned(uint64_t fid, uint64_t x0)
{
	tsp_puts("TSP: the dispatcher returned from answer ");
	tsp_puthex(fid);
	tsp_puts(" with x0 ");
	tsp_puthex(x0);
	tsp_puts("\n");
	for (;;)
		__asm__ volatile("wfe");
}
