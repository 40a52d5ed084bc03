/*
 * The EL3 mapping of cold-boot code run in place from the load region (secmon/cold_boot.h,
 * secmon_sections_cold_boot_in_load.ld): mapped read-only and executable while the
 * primary CPU cold boots, unmapped before it releases the others. Both do nothing in an
 * image that keeps its cold-boot code in .text (an empty .cold_boot range).
 */
#ifndef SECMON_ARCH_MMU_COLD_BOOT_H
#define SECMON_ARCH_MMU_COLD_BOOT_H

#include <stdbool.h>
#include <stdint.h>

/*
 * Maps it with 2 MiB blocks of the load region where nothing else is mapped, so that it
 * costs no translation table; `attrs` are the page attributes (normal memory, read-only,
 * access flag). Called after every other mapping. False, with nothing written, when
 * that cannot be done: the caller maps it by page instead.
 */
bool secmon_mmu_map_cold_boot(uint64_t attrs);

/* Unmaps it, TLBs included. Resident code, called once the cold boot is over. */
void secmon_mmu_unmap_cold_boot(void);

#endif
