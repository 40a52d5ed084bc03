/* QEMU virt: the GIC (v2 or v3, from the DTB) as the port uses it. */
#ifndef QEMU_VIRT_GIC_H
#define QEMU_VIRT_GIC_H

#include <stdint.h>

#include "virt_dt.h"

/* Cold boot, primary CPU: distributor set up for a normal world that owns everything. */
int virt_gic_init(const struct virt_hw *hw);
/*
 * Every boot of every CPU: its interface (and redistributor) up. A wake SGI may still be
 * pending: park_power's finish hooks clear it (virt_gic_clear_wake()) once the CPU_ON
 * that sent it has returned, before the CPU enters the normal world.
 */
void virt_gic_cpu_up(unsigned int cpu);
/* Before this CPU waits in WFI at EL3; keep = GIC_PD_KEEP_* (what may still wake it). */
void virt_gic_cpu_down(unsigned int cpu, unsigned int keep);
/* Wakes a CPU waiting in WFI at EL3. */
void virt_gic_wake(unsigned int cpu, uint64_t mpidr);
/* End of the cold boot: wakes the CPUs asleep in the reset pen (virt_pen.S). */
void virt_gic_release_secondaries(void);
/* This CPU (cpu): clears a wake SGI still pending for it (park_power's clear_wake). */
void virt_gic_clear_wake(unsigned int cpu);
/* 2 or 3, once virt_gic_init() has run. */
unsigned int virt_gic_version(void);

#endif
