/*
 * Where the test secure payload lives: its image is linked and runs at TSP_LOAD_BASE in
 * QEMU virt's secure SRAM and everything it uses (code, data, translation tables, stacks)
 * stays inside TSP_LOAD_SIZE. The monitor's board code copies test-secure-payload.bin to
 * TSP_LOAD_BASE, maps none of it for the normal world, and passes both values to the boot
 * entry in x2/x3. Plain constants, usable from C, assembly and linker scripts.
 */
#ifndef TSP_MEMORY_H
#define TSP_MEMORY_H

#define TSP_LOAD_BASE 0x0e800000 /* secure SRAM, 2 MiB aligned */
#define TSP_LOAD_SIZE 0x100000	 /* 1 MiB */

#endif
