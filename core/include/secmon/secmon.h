/*
 * What an EL3 image gives libsecmon: one board description, defined by the image.
 *
 *   const struct secmon_board secmon_board = {
 *           .platform = &my_board_platform,
 *           .services = my_services,
 *           .service_count = ARRAY_SIZE(my_services),
 *   };
 *
 * The core's cold-boot path maps memory, initialises the platform, registers the
 * services with the SMC dispatcher and enters the normal world.
 */
#ifndef SECMON_SECMON_H
#define SECMON_SECMON_H

#include <stddef.h>

#include <secmon/platform.h>
#include <secmon/smc.h>

struct secmon_spd_payload;

struct secmon_board {
	const struct secmon_platform *platform;		  /* the board port */
	const struct secmon_smc_service *const *services; /* SMC services to register */
	size_t service_count;
	const struct secmon_spd_payload *spd_payload; /* trusted OS for services/spd, or NULL */
	const struct secmon_mem_region *regions;      /* more EL3 mappings (a payload's memory) */
	size_t region_count;
};

/* Defined by the EL3 image (examples/qemu-bl31/board.c is one). */
extern const struct secmon_board secmon_board;

#define SECMON_ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

#endif
