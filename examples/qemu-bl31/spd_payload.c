/*
 * The test secure payload of this image (examples/test-secure-payload): its binary is
 * carried in the -bios image (QEMU cannot load secure memory otherwise) and copied to
 * its place in secure SRAM at cold boot, before the dispatcher enters it.
 */
#include <string.h>

#include <secmon/cache.h>
#include <secmon/platform.h>
#include <secmon/services/spd.h>
#include <tsp_memory.h>

#include "spd_payload.h"
#include "virt_gic.h"

extern const uint8_t qemu_tsp_image_start[];
extern const uint8_t qemu_tsp_image_end[];

static int tsp_load(void)
{
	size_t size = (size_t)(qemu_tsp_image_end - qemu_tsp_image_start);

	if (size == 0 || size > TSP_LOAD_SIZE)
		return -1;
	memcpy((void *)(uintptr_t)TSP_LOAD_BASE, qemu_tsp_image_start, size);
	/* The payload starts with its MMU and caches off: make the copy visible to it. */
	secmon_dcache_clean_range((const void *)(uintptr_t)TSP_LOAD_BASE, size);
	return 0;
}

static unsigned int tsp_ns_intr_signal(void)
{
	return virt_gic_version() == 2 ? SECMON_SPD_NS_INTR_IRQ : SECMON_SPD_NS_INTR_FIQ;
}

const struct secmon_spd_payload qemu_tsp_payload = {
    .mem_base = TSP_LOAD_BASE,
    .mem_size = TSP_LOAD_SIZE,
    .entry = TSP_LOAD_BASE,
    .load = tsp_load,
    .ns_intr_signal = tsp_ns_intr_signal,
};

/* EL3 writes the image there and reads the payload's entry table. */
const struct secmon_mem_region qemu_tsp_regions[1] = {
    {TSP_LOAD_BASE, TSP_LOAD_SIZE, SECMON_MEM_NORMAL},
};
