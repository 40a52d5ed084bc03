/* QEMU virt power management (PSCI platform ops). */
#ifndef QEMU_VIRT_PSCI_H
#define QEMU_VIRT_PSCI_H

#include <secmon/psci.h>

#include "virt_dt.h"

extern const struct secmon_psci_ops virt_psci_ops;

/* Builds the power-domain tree from the parsed DTB; 0 or -1. */
int virt_psci_setup(const struct virt_hw *hw);
/* Cold boot: clears normal-world memory if MEM_PROTECT was on when the system reset. */
void virt_mem_protect_boot(void);

#endif
