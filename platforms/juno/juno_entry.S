/*
 * juno_warm_entry: where BL1 sends a CPU the SCP has powered up (the address the port
 * stores in the trusted mailbox). MMU and caches are off and there is no stack yet.
 *
 * The CPU's cluster must be snooped by the CCI-400 before the CPU turns its data cache
 * on, and the core's warm-boot path turns it on before any platform hook runs. So the
 * CPU joins coherency here first (juno_warm_entry_c(), on a small early stack of its
 * own, every access non-cacheable), then takes the core's path at secmon_entry_warm.
 */
#define EARLY_STACK_SHIFT 9 /* JUNO_EARLY_STACK_SIZE, 512 bytes per CPU */
#define EARLY_STACKS 8      /* JUNO_EARLY_STACKS, indexed by MPIDR Aff1 * 4 + Aff0 */

	.section .text.juno_warm_entry, "ax", %progbits
	.globl	juno_warm_entry
	.type	juno_warm_entry, %function
	.balign	4
juno_warm_entry:
	msr	daifset, #0xf
	mrs	x0, mpidr_el1
	ubfx	x1, x0, #8, #8		/* Aff1 */
	and	x2, x0, #0xff		/* Aff0 */
	add	x1, x2, x1, lsl #2
	cmp	x1, #EARLY_STACKS
	b.hs	1f			/* not a Juno CPU: the core's path parks it */
	adrp	x2, juno_early_stacks
	add	x2, x2, :lo12:juno_early_stacks
	add	x1, x1, #1
	lsl	x1, x1, #EARLY_STACK_SHIFT
	add	sp, x2, x1
	bl	juno_warm_entry_c	/* x0 = MPIDR */
1:	b	secmon_entry_warm
	.size	juno_warm_entry, . - juno_warm_entry
