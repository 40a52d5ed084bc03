/*
 * Arm MHU (message handling unit, version 1 as on Juno) used as a doorbell: the AP sets
 * a bit in a channel's SET register to interrupt the SCP, which clears it in CLEAR once
 * it took the message. Each channel is a STAT/SET/CLEAR triplet of 32-bit registers.
 * Juno's secure channel from the AP to the SCP is the triplet at 0x300 (TF-A calls it
 * CPU_INTR_S); the SCP's replies to the AP use the one at 0x200 (SCP_INTR_S).
 */
#ifndef SECMON_DRIVERS_MHU_H
#define SECMON_DRIVERS_MHU_H

#include <stdbool.h>
#include <stdint.h>

/* Register triplets of MHU v1 (offsets from the MHU base). */
#define MHU_V1_SCP_TO_AP_S 0x200u /* secure: SCP interrupts the AP */
#define MHU_V1_AP_TO_SCP_S 0x300u /* secure: AP interrupts the SCP */
#define MHU_STAT	   0x0u	  /* bits set and not yet cleared */
#define MHU_SET		   0x8u	  /* write 1s to set */
#define MHU_CLEAR	   0x10u  /* write 1s to clear */

/* One doorbell: a bit mask in one channel. */
struct mhu_doorbell {
	uint64_t channel; /* MHU base + triplet offset */
	uint32_t bits;	  /* the bits this doorbell sets */
};

/*
 * Rings the doorbell (ctx: a const struct mhu_doorbell *). Matches scmi_doorbell_fn, so
 * an SCMI channel can use it directly. Writes only the doorbell's bits: SET ignores 0s.
 */
void mhu_ring(const void *ctx);

/* True while the receiver has not cleared the doorbell's bits yet. */
bool mhu_pending(const struct mhu_doorbell *db);

#endif
