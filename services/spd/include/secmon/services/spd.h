/*
 * Secure-payload dispatcher: owns the trusted-OS owning entities (50-63) and runs a
 * trusted OS at S-EL1 beside the normal world (protocol: secmon/spd_abi.h, guide:
 * docs/spd.md). An image adds secmon_spd_service to its services and points
 * secmon_board.spd_payload at a description of its payload.
 */
#ifndef SECMON_SERVICES_SPD_H
#define SECMON_SERVICES_SPD_H

#include <stdint.h>

#include <secmon/smc.h>

/* How the GIC signals a normal-world interrupt while the secure world runs. */
#define SECMON_SPD_NS_INTR_IRQ 1u /* GICv2: Group 1 is always IRQ */
#define SECMON_SPD_NS_INTR_FIQ 2u /* GICv3: Non-secure Group 1 is FIQ in Secure state */

/* The board's trusted OS (struct secmon_board.spd_payload). */
struct secmon_spd_payload {
	uint64_t mem_base; /* secure memory the payload owns (its entry table must be here) */
	uint64_t mem_size;
	uint64_t entry;			      /* S-EL1 entry point at cold boot */
	int (*load)(void);		      /* optional: puts the image at mem_base; 0 = ok */
	unsigned int (*ns_intr_signal)(void); /* SECMON_SPD_NS_INTR_IRQ or _FIQ */
};

extern const struct secmon_smc_service secmon_spd_service;

#endif
