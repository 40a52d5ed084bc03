/* Function IDs the monitor serves; see served_ranges.h. */
#include <secmon/smccc.h>
#include <secmon_config.h>

#include "expected.h"
#include "served_ranges.h"
#include "util.h"

const struct fid_range served_ranges[] = {
    /* Arm architecture service (OEN 0), SMC32 fast calls only. */
    {0x80000000, 0x80000002, "arch: VERSION, ARCH_FEATURES, SOC_ID"},
    {0x80003fff, 0x80003fff, "arch: WORKAROUND_3"},
    {0x80007fff, 0x80008000, "arch: WORKAROUND_2, WORKAROUND_1"},
    {0x8000ff00, 0x8000ff01, "arch: Call Count, Call UID"},
    {0x8000ff03, 0x8000ff03, "arch: Revision"},
#if EXPECTED_PSCI_SERVED
    /* Standard secure service (OEN 4): PSCI owns function numbers 0x00-0x1F. */
    {0x84000000, 0x8400001f, "std: PSCI (SMC32)"},
    {0xc4000000, 0xc400001f, "std: PSCI (SMC64)"},
    {0x8400ff00, 0x8400ff01, "std: Call Count, Call UID"},
    {0x8400ff03, 0x8400ff03, "std: Revision"},
#endif
#if SECMON_ENABLE_PMF
    /* PMF timestamp query, TF-A compatible (vendor EL3 and the old SiP IDs). */
    {0x87000020, 0x87000021, "vendor EL3: PMF"},
    {0xc7000020, 0xc7000021, "vendor EL3: PMF"},
    {0x8700ff00, 0x8700ff01, "vendor EL3: Call Count, Call UID"},
    {0x8700ff03, 0x8700ff03, "vendor EL3: Revision"},
    {0x82000010, 0x82000010, "SiP: PMF (old ID)"},
    {0xc2000010, 0xc2000010, "SiP: PMF (old ID)"},
    {0x8200ff00, 0x8200ff01, "SiP: Call Count, Call UID"},
    {0x8200ff03, 0x8200ff03, "SiP: Revision"},
#endif
#if SECMON_ENABLE_SPD
    /* Trusted OS (OEN 50): the dispatcher forwards every function to the payload, or
       answers RESUME/ABORT itself; the general queries live in OEN 63. */
    {0xb2000000, 0xb200ffff, "tos: payload fast (SMC32)"},
    {0xf2000000, 0xf200ffff, "tos: payload fast (SMC64)"},
    {0x32000000, 0x3200ffff, "tos: payload yielding (SMC32)"},
    {0x72000000, 0x7200ffff, "tos: payload yielding (SMC64)"},
    {0xbf00ff00, 0xbf00ff01, "tos: Call Count, Call UID"},
    {0xbf00ff03, 0xbf00ff03, "tos: Revision"},
#endif
};

const unsigned int served_ranges_count = ARRAY_SIZE(served_ranges);

const char *fid_owner(uint32_t fid)
{
	fid &= ~SMCCC_SVE_HINT;
	for (unsigned int i = 0; i < served_ranges_count; i++) {
		if (fid >= served_ranges[i].first && fid <= served_ranges[i].last)
			return served_ranges[i].owner;
	}
	return NULL;
}

bool fid_is_served(uint32_t fid)
{
	return fid_owner(fid) != NULL;
}
