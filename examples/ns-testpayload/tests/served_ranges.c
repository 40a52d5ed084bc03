/* Function IDs the monitor serves; see served_ranges.h. */
#include <secmon/smccc.h>

#include "discovery.h"
#include "served_ranges.h"
#include "util.h"

const struct fid_range served_ranges[] = {
    /* Arm architecture service (OEN 0), SMC32 fast calls but one. */
    {0x80000000, 0x80000002, "arch: VERSION, ARCH_FEATURES, SOC_ID", NULL},
    {0xc0000003, 0xc0000003, "arch: FEATURE_AVAILABILITY (SMC64)", NULL},
    {0x80003fff, 0x80003fff, "arch: WORKAROUND_3", NULL},
    {0x80007fff, 0x80008000, "arch: WORKAROUND_2, WORKAROUND_1", NULL},
    {0x8000ff00, 0x8000ff01, "arch: Call Count, Call UID", NULL},
    {0x8000ff03, 0x8000ff03, "arch: Revision", NULL},
    /* Standard secure service (OEN 4): PSCI owns function numbers 0x00-0x1F. */
    {0x84000000, 0x8400001f, "std: PSCI (SMC32)", psci_served},
    {0xc4000000, 0xc400001f, "std: PSCI (SMC64)", psci_served},
    {0x8400ff00, 0x8400ff01, "std: Call Count, Call UID", psci_served},
    {0x8400ff03, 0x8400ff03, "std: Revision", psci_served},
    /* TRNG (DEN0098), function numbers 0x50-0x53 of the same entity. */
    {0x84000050, 0x84000053, "std: TRNG (SMC32)", trng_served},
    {0xc4000053, 0xc4000053, "std: TRNG_RND64", trng_served},
    /* PMF timestamp query, TF-A compatible (vendor EL3 and the old SiP IDs). */
    {0x87000020, 0x87000021, "vendor EL3: PMF", pmf_served},
    {0xc7000020, 0xc7000021, "vendor EL3: PMF", pmf_served},
    {0x8700ff00, 0x8700ff01, "vendor EL3: Call Count, Call UID", pmf_served},
    {0x8700ff03, 0x8700ff03, "vendor EL3: Revision", pmf_served},
    {0x82000010, 0x82000010, "SiP: PMF (old ID)", pmf_served},
    {0xc2000010, 0xc2000010, "SiP: PMF (old ID)", pmf_served},
    {0x8200ff00, 0x8200ff01, "SiP: Call Count, Call UID", pmf_served},
    {0x8200ff03, 0x8200ff03, "SiP: Revision", pmf_served},
    /* Trusted OS (OEN 50): the dispatcher forwards every function to the payload, or
       answers RESUME/ABORT itself; the general queries live in OEN 63. */
    {0xb2000000, 0xb200ffff, "tos: payload fast (SMC32)", spd_served},
    {0xf2000000, 0xf200ffff, "tos: payload fast (SMC64)", spd_served},
    {0x32000000, 0x3200ffff, "tos: payload yielding (SMC32)", spd_served},
    {0x72000000, 0x7200ffff, "tos: payload yielding (SMC64)", spd_served},
    {0xbf00ff00, 0xbf00ff01, "tos: Call Count, Call UID", spd_served},
    {0xbf00ff03, 0xbf00ff03, "tos: Revision", spd_served},
};

const unsigned int served_ranges_count = ARRAY_SIZE(served_ranges);

const char *fid_owner(uint32_t fid)
{
	fid &= ~SMCCC_SVE_HINT;
	for (unsigned int i = 0; i < served_ranges_count; i++) {
		const struct fid_range *r = &served_ranges[i];

		if (fid >= r->first && fid <= r->last && (!r->served || r->served()))
			return r->owner;
	}
	return NULL;
}

bool fid_is_served(uint32_t fid)
{
	return fid_owner(fid) != NULL;
}
