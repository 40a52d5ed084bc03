/*
 * Internals of the test secure payload (S-EL1, QEMU virt): per-CPU state, and the C side
 * of the entries in entry.S. Every entry but boot and cpu_on runs on the SP_EL1 it is
 * entered with (a preempted yielding call's frames may live above it); TPIDR_EL1 holds
 * the CPU's linear index.
 */
#ifndef TSP_H
#define TSP_H

#define TSP_MAX_CPUS   8
#define TSP_STACK_SIZE 4096 /* per CPU, with an unmapped guard page below each */
#define TSP_PAGE_SIZE  4096
#define TSP_UART_BASE  0x09000000 /* QEMU virt UART0 (Non-secure), for boot and crash lines */

/* struct tsp_regs: x0-x7 of an entry in, the *_DONE call's x1-x7, ID and x8 out. */
#define TSP_REGS_SIZE 80

/*
 * S-EL1 translation regime (mmu.c, entry.S). MAIR: attr 0 Device-nGnRnE, attr 1 Normal
 * write-back read/write-allocate. TCR: T0SZ 34 (1 GiB of VA, walks start at level 2,
 * everything the payload touches is below 0x40000000), inner/outer write-back walks, inner
 * shareable, 4 KiB granule, TTBR1 walks off (EPD1), 32-bit PA. SCTLR: MMU, D- and I-cache,
 * SP alignment checks, WXN (writable is never executable) and the RES1 bits.
 */
#define TSP_MAIR_VALUE	0xff00
#define TSP_TCR_VALUE	((34 << 0) | (1 << 8) | (1 << 10) | (3 << 12) | (1 << 23))
#define TSP_SCTLR_VALUE 0x30d8181d /* M C SA SA0 I WXN + RES1 11 20 22 23 28 29 */

#ifndef __ASSEMBLER__
#include <stdint.h>

/*
 * An entry's registers: x[0..7] = x0-x7 on entry. The answer: x[0..6] = x1-x7 of the *_DONE
 * call, x[7] = its function ID (x0), x[8] = its x8. For FAST_DONE / YIELD_DONE that is the
 * normal-world caller's x0 (status) and results x1..xn in x[0..n], and n in x[8]
 * (spd_abi.h: the caller's other registers keep their values).
 */
struct tsp_regs {
	uint64_t x[10]; /* x[9]: padding, SP stays 16-byte aligned */
};
_Static_assert(sizeof(struct tsp_regs) == TSP_REGS_SIZE, "TSP_REGS_SIZE");

/* What the payload counts per CPU (GET_COUNTS, GET_TIMER_COUNT). */
enum tsp_counter {
	TSP_CNT_CPU_ON,
	TSP_CNT_CPU_OFF,
	TSP_CNT_CPU_SUSPEND,
	TSP_CNT_CPU_RESUME,
	TSP_CNT_FAST,
	TSP_CNT_YIELD_DONE,
	TSP_CNT_TIMER_IRQ,
	TSP_CNT_TIMER_DIRECT, /* of those, taken at S-EL1 (inside SLOW_SUM) */
	TSP_CNT_OTHER_IRQ,
	TSP_CNT_COUNT,
};

/* One CPU's state. Written only by that CPU; read by any (GET_COUNTS names a CPU). */
struct tsp_cpu {
	volatile uint64_t mpidr;		/* affinity fields of the CPU in this slot */
	volatile uint64_t seen;			/* 1 once the CPU has run the payload */
	volatile uint64_t count[TSP_CNT_COUNT]; /* enum tsp_counter */
	uint64_t yield_sp;			/* SP_EL1 at entry of the yielding call */
	uint64_t yield_active;			/* a yielding call is in progress */
} __attribute__((aligned(64)));

extern struct tsp_cpu tsp_cpus[TSP_MAX_CPUS];

/* This CPU's slot (TPIDR_EL1 = linear index, set by the boot and cpu_on entries). */
struct tsp_cpu *tsp_this_cpu(void);

/*
 * C side of the entries (entry.S): r holds x0-x7 as the entry got them; each fills in
 * r->x[0..6] (x1-x7 of its answer) and r->x[7] (the *_DONE function ID) and returns the
 * SP_EL1 to answer with, which is entry_sp except for abort. The boot and cpu_on entries
 * find the CPU index in r->x[0].
 */
typedef uint64_t tsp_entry_fn(struct tsp_regs *r, uint64_t entry_sp);
tsp_entry_fn tsp_boot_main, tsp_cpu_on_main, tsp_yield_main, tsp_fast_main, tsp_cpu_off_main,
    tsp_cpu_suspend_main, tsp_cpu_resume_main, tsp_fiq_main, tsp_abort_main, tsp_system_off_main,
    tsp_system_reset_main;

void tsp_mmu_build(void);				     /* primary, MMU off */
void tsp_irq_main(void);				     /* S-EL1 IRQ/FIQ vector */
void tsp_crash(unsigned int kind) __attribute__((noreturn)); /* unexpected exception */
void tsp_done_returned(uint64_t fid, uint64_t x0) __attribute__((noreturn));

/*
 * One secure interrupt: acknowledge, serve (the timer: stop it and count), end. direct:
 * taken at S-EL1 rather than handed over by EL3 through the fiq entry.
 */
void tsp_serve_interrupt(int direct);

/* services.c: the function table of tsp_abi.h. */
void tsp_service_fast(struct tsp_regs *r);
void tsp_service_yield(struct tsp_regs *r);

/* gic.c: the secure timer's interrupt at the GIC (GICv2 or GICv3). */
unsigned int tsp_gic_detect(void);   /* once, on the primary: 2, 3, or 0 for an unknown GIC */
int tsp_gic_cpu_setup(void);	     /* this CPU: timer PPI secure, enabled; 0 ok */
unsigned int tsp_gic_ack(void);	     /* acknowledge: IAR value, INTID in bits [9:0] */
void tsp_gic_eoi(unsigned int iar);  /* end the interrupt tsp_gic_ack() returned */
#define TSP_INTID_SPURIOUS_MIN 1020u /* 1020-1023: no interrupt to acknowledge */
/*
 * Unmasks, in PSTATE, the exception the payload's own interrupt arrives as in Secure
 * state: IRQ under GICv3 (Secure Group 1), FIQ under GICv2 (Group 0). The other one stays
 * masked: it carries normal-world interrupts, which the dispatcher routes to EL3 (where
 * PSTATE masks of S-EL1 do not apply); were one ever routed here, it would not loop.
 */
void tsp_secure_irq_unmask(void);

/* timer.c: the secure physical timer (CNTPS_*_EL1, SCR_EL3.ST set by the dispatcher). */
void tsp_timer_arm(uint64_t ticks);
void tsp_timer_stop(void);

/* console.c: a line on the normal-world UART for boot and crashes, nothing else. */
void tsp_puts(const char *s);
void tsp_puthex(uint64_t v);

/* Masks IRQ and FIQ at S-EL1 again. */
static inline void tsp_irq_mask(void)
{
	__asm__ volatile("msr daifset, #3" ::: "memory");
}

static inline uint64_t tsp_read_mpidr(void)
{
	uint64_t v;

	__asm__ volatile("mrs %0, mpidr_el1" : "=r"(v));
	return v;
}

#define TSP_MPIDR_AFF_MASK 0xff00ffffffull /* Aff3 [39:32], Aff2..Aff0 [23:0] */

#endif /* __ASSEMBLER__ */
#endif
