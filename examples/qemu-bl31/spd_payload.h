/* The test secure payload this image carries (SECMON_ENABLE_SPD builds). */
#ifndef QEMU_BL31_SPD_PAYLOAD_H
#define QEMU_BL31_SPD_PAYLOAD_H

#include <secmon/platform.h>
#include <secmon/services/spd.h>

extern const struct secmon_spd_payload qemu_tsp_payload;
extern const struct secmon_mem_region qemu_tsp_regions[1];

#endif
