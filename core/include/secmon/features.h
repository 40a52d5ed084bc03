/*
 * What the monitor enabled for the normal world, as SMCCC_ARCH_FEATURE_AVAILABILITY
 * (SMCCC v1.5) reports it: the arch service (services/arch) answers the call with this.
 * docs/features.md lists the features, how each is detected and enabled.
 */
#ifndef SECMON_FEATURES_H
#define SECMON_FEATURES_H

#include <stdint.h>

/*
 * For the register named by selector (bits [20:5] of its MRS encoding: 0x1e1100
 * SCR_EL3, 0x1e1140 CPTR_EL3, 0x1e1320 MDCR_EL3), one bit per feature the running CPU
 * has: 1 when the normal world may use it (an enable bit set, a trap bit clear), at
 * that bit's position; bits of absent features and of controls that are not features
 * are 0. Returns SMCCC_RET_SUCCESS with *mask, or SMCCC_RET_INVALID_PARAMETER (and
 * *mask 0) for any other selector.
 */
int32_t secmon_feature_availability(uint64_t selector, uint64_t *mask);

#endif
