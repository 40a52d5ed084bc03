/*
 * Where PSCI brings a CPU back to the normal world, and the call that may come back there.
 *
 * psci_cpu_entry: CPU_ON entry point. x0 = context_id, any value: the CPU finds its
 *   logical index by its MPIDR in cpu_mpidr[], records how it was entered in its cpu_data
 *   (x0, CurrentEL, DAIF, SCTLR) and runs secondary_main(index).
 * psci_resume_entry: entry point of power-down suspends (CPU_SUSPEND, CPU_DEFAULT_SUSPEND,
 *   SYSTEM_SUSPEND). Records the same, then returns from the psci_smc_resumable() call
 *   that suspended, with PSCI_RESUMED, on the stack and callee-saved registers it had.
 * psci_smc_resumable(fid, x1, x2, x3): the SMC, with the callee-saved state kept in this
 *   CPU's cpu_data first. Returns x0 of the SMC, or PSCI_RESUMED (see psci_client.h).
 *
 * Until the CPU is identified nothing may touch memory through SP: the stack of a CPU that
 * resumes still holds the frames of its suspended call.
 */
#include "cpu.h"

#define RESUMED_HI 0x5245 /* PSCI_RESUMED = 0x524553554d454421, "RESUMED!" */
#define RESUMED_H2 0x5355
#define RESUMED_H1 0x4d45
#define RESUMED_LO 0x4421

	.text

/* Keeps x0 and the entry state in x19-x22. */
.macro save_entry_state
	mov	x19, x0
	mrs	x20, CurrentEL
	mrs	x21, DAIF
	cmp	x20, #(2 << 2)
	b.ne	1f
	mrs	x22, sctlr_el2
	b	2f
1:	mrs	x22, sctlr_el1
2:
.endm

/* Stores x19-x22 in this CPU's cpu_data (x1 = it) and increments the counter at \counter. */
.macro record_entry counter
	mrs	x1, tpidr_el1
	str	x19, [x1, #CPU_DATA_ENTRY_X0]
	str	x20, [x1, #CPU_DATA_ENTRY_EL]
	str	x21, [x1, #CPU_DATA_ENTRY_DAIF]
	str	x22, [x1, #CPU_DATA_ENTRY_SCTLR]
	ldr	x2, [x1, #\counter]
	add	x2, x2, #1
	str	x2, [x1, #\counter]
	dmb	sy
.endm

/* x0 = logical index of the calling CPU in cpu_mpidr[], or -1. Clobbers x1-x5, no stack. */
find_cpu:
	mrs	x1, mpidr_el1
	mov	x2, #0xffff
	movk	x2, #0xff, lsl #16
	movk	x2, #0xff, lsl #32
	and	x1, x1, x2
	adrp	x3, cpu_count
	ldr	w3, [x3, :lo12:cpu_count]
	cmp	x3, #NS_MAX_CPUS
	b.ls	1f
	mov	x3, #NS_MAX_CPUS
1:	adrp	x4, cpu_mpidr
	add	x4, x4, :lo12:cpu_mpidr
	mov	x0, #0
2:	cmp	x0, x3
	b.hs	3f
	ldr	x5, [x4, x0, lsl #3]
	cmp	x5, x1
	b.eq	4f
	add	x0, x0, #1
	b	2b
3:	mov	x0, #-1
4:	ret

	.global psci_cpu_entry
psci_cpu_entry:
	save_entry_state
	bl	el_setup
	bl	find_cpu
	tbnz	x0, #63, park
	mov	x23, x0
	bl	cpu_setup
	record_entry CPU_DATA_ON_ENTRIES
	mov	x0, x23
	bl	secondary_main
	b	park

	.global psci_resume_entry
psci_resume_entry:
	save_entry_state
	bl	el_setup
	bl	find_cpu
	tbnz	x0, #63, park
	bl	cpu_setup
	record_entry CPU_DATA_RESUMES
	/* Nobody waits for this resume: nothing to return to. */
	ldr	x2, [x1, #CPU_DATA_CTX_VALID]
	cbz	x2, park
	str	xzr, [x1, #CPU_DATA_CTX_VALID]
	ldp	x19, x20, [x1, #(CPU_DATA_CTX + 0)]
	ldp	x21, x22, [x1, #(CPU_DATA_CTX + 16)]
	ldp	x23, x24, [x1, #(CPU_DATA_CTX + 32)]
	ldp	x25, x26, [x1, #(CPU_DATA_CTX + 48)]
	ldp	x27, x28, [x1, #(CPU_DATA_CTX + 64)]
	ldp	x29, x30, [x1, #(CPU_DATA_CTX + 80)]
	ldr	x2, [x1, #(CPU_DATA_CTX + 96)]
	mov	sp, x2
	movz	x0, #RESUMED_LO
	movk	x0, #RESUMED_H1, lsl #16
	movk	x0, #RESUMED_H2, lsl #32
	movk	x0, #RESUMED_HI, lsl #48
	ret

	.global psci_smc_resumable
psci_smc_resumable:
	mrs	x9, tpidr_el1
	stp	x19, x20, [x9, #(CPU_DATA_CTX + 0)]
	stp	x21, x22, [x9, #(CPU_DATA_CTX + 16)]
	stp	x23, x24, [x9, #(CPU_DATA_CTX + 32)]
	stp	x25, x26, [x9, #(CPU_DATA_CTX + 48)]
	stp	x27, x28, [x9, #(CPU_DATA_CTX + 64)]
	stp	x29, x30, [x9, #(CPU_DATA_CTX + 80)]
	mov	x10, sp
	str	x10, [x9, #(CPU_DATA_CTX + 96)]
	mov	x10, #1
	str	x10, [x9, #CPU_DATA_CTX_VALID]
	dmb	sy
	smc	#0
	mrs	x9, tpidr_el1
	str	xzr, [x9, #CPU_DATA_CTX_VALID]
	ret

/*
 * Memory that survives a system reset (see ns-testpayload.ld): tests/psci_power_modes.c
 * keeps its reset marker here.
 */
	.section .persist, "aw", %nobits
	.balign	64
	.global	persist_area
persist_area:
	.space	64
