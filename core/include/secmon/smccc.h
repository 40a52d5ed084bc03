/* SMC Calling Convention (Arm DEN0028, v1.5): function-identifier fields and return codes. */
#ifndef SECMON_SMCCC_H
#define SECMON_SMCCC_H

#include <stdint.h>

#define SMCCC_VERSION_MAJOR 1
#define SMCCC_VERSION_MINOR 5

/* Function identifier fields. */
#define SMCCC_FAST_CALL	    (1u << 31) /* 1 = fast (atomic) call, 0 = yielding */
#define SMCCC_SMC64	    (1u << 30) /* 1 = SMC64 calling convention */
#define SMCCC_SVE_HINT	    (1u << 16) /* caller has no live SVE state; ignored, masked */
#define SMCCC_OEN_SHIFT	    24
#define SMCCC_OEN_MASK	    0x3fu
#define SMCCC_FUNC_MASK	    0xffffu
#define SMCCC_OEN(fid)	    (((fid) >> SMCCC_OEN_SHIFT) & SMCCC_OEN_MASK)
#define SMCCC_FUNC_NUM(fid) ((fid)&SMCCC_FUNC_MASK)
#define SMCCC_IS_SMC64(fid) (((fid)&SMCCC_SMC64) != 0)
#define SMCCC_IS_FAST(fid)  (((fid)&SMCCC_FAST_CALL) != 0)
/* Builds a fast-call identifier. */
#define SMCCC_FAST_ID(smc64, oen, func)                                                            \
	(SMCCC_FAST_CALL | ((smc64) ? SMCCC_SMC64 : 0u) | ((uint32_t)(oen) << SMCCC_OEN_SHIFT) |   \
	 (uint32_t)(func))

/* Owning entity numbers. */
#define SMCCC_OEN_ARCH	     0
#define SMCCC_OEN_CPU	     1
#define SMCCC_OEN_SIP	     2
#define SMCCC_OEN_OEM	     3
#define SMCCC_OEN_STD	     4
#define SMCCC_OEN_STD_HYP    5
#define SMCCC_OEN_VENDOR_HYP 6
#define SMCCC_OEN_VENDOR_EL3 7
#define SMCCC_OEN_TAP_FIRST  48
#define SMCCC_OEN_TAP_LAST   49
#define SMCCC_OEN_TOS_FIRST  50
#define SMCCC_OEN_TOS_LAST   63

/* General service queries every owning entity answers (SMC32 fast calls). */
#define SMCCC_FUNC_CALL_COUNT 0xff00u
#define SMCCC_FUNC_CALL_UID   0xff01u
#define SMCCC_FUNC_REVISION   0xff03u

/* Return codes. SMC_UNK is -1 sign-extended to 64 bits, i.e. 0xFFFFFFFF in w0. */
#define SMC_UNK			    ((uint64_t)(int64_t)-1)
#define SMCCC_RET_SUCCESS	    0
#define SMCCC_RET_NOT_SUPPORTED	    (-1)
#define SMCCC_RET_NOT_REQUIRED	    (-2)
#define SMCCC_RET_INVALID_PARAMETER (-3)

/* Arm architecture calls (owning entity 0). */
#define SMCCC_VERSION			0x80000000u
#define SMCCC_ARCH_FEATURES		0x80000001u
#define SMCCC_ARCH_SOC_ID		0x80000002u
/*
 * SMCCC v1.5: the EL3 controls' feature bits (secmon/features.h). Function number 3 of
 * the Arm architecture calls; its result is 64 bits wide, so like TF-A libsecmon serves
 * the SMC64 form only (an SMC32 call returns 32-bit values): 0x80000003 is unknown.
 */
#define SMCCC_ARCH_FEATURE_AVAILABILITY 0xc0000003u
#define SMCCC_ARCH_WORKAROUND_1		0x80008000u
#define SMCCC_ARCH_WORKAROUND_2		0x80007fffu
#define SMCCC_ARCH_WORKAROUND_3		0x80003fffu

/* Sign-extends a 32-bit status (PSCI/SMCCC error code) to the 64-bit x0 value. */
static inline uint64_t smccc_status(int32_t status)
{
	return (uint64_t)(int64_t)status;
}

#endif
