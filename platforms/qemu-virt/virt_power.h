/* QEMU virt power control: the board's side of secmon::park_power. */
#ifndef QEMU_VIRT_POWER_H
#define QEMU_VIRT_POWER_H

#include "virt_dt.h"

/*
 * Cold boot, primary CPU, once the GIC is up: hands the board to park_power (CPUs,
 * clusters and normal-world memory from the parsed DTB), then clears normal-world memory
 * if MEM_PROTECT was on when the system reset. 0 or -1. hw must live as long as the
 * image runs.
 */
int virt_power_setup(const struct virt_hw *hw);

#endif
