/* Run-time discovery of the monitor's optional services; see discovery.h. */
#include <secmon/smccc.h>

#include "board.h"
#include "discovery.h"
#include "framework.h"
#include "pmf_client.h"
#include "smc.h"

#define PSCI_VERSION_FID   0x84000000u
#define TRNG_VERSION_FID   0x84000050u
#define TOS_CALL_UID	   0xbf00ff01u /* trusted-OS general query, OEN 63 */
#define QEMU_TEST_TRAP_PMU 0x8200ff18u /* examples/qemu-bl31/test_triggers.h */

/* A cached answer: 0 not asked yet, 1 no, 2 yes. */
struct probe {
	unsigned char state;
};

static bool cached(struct probe *p, bool (*ask)(void))
{
	if (p->state == 0)
		p->state = ask() ? 2 : 1;
	return p->state == 2;
}

static bool ask_psci(void)
{
	return (uint32_t)smc0(PSCI_VERSION_FID).x0 != (uint32_t)SMC_UNK;
}

static bool ask_pmf(void)
{
	return smc0(PMF_GET_VERSION_32).x0 != SMC_UNK;
}

static bool ask_spd(void)
{
	return smc0(TOS_CALL_UID).x0 != SMC_UNK;
}

static bool ask_trng(void)
{
	return (int32_t)smc0(TRNG_VERSION_FID).x0 >= 0;
}

static bool ask_triggers(void)
{
	return board.profile->qemu_test_triggers && smc1(QEMU_TEST_TRAP_PMU, 0).x0 == 0;
}

static struct probe psci_probe, pmf_probe, spd_probe, trng_probe, trigger_probe;

bool psci_served(void)
{
	return cached(&psci_probe, ask_psci);
}

bool pmf_served(void)
{
	return cached(&pmf_probe, ask_pmf);
}

bool spd_served(void)
{
	return cached(&spd_probe, ask_spd);
}

bool trng_served(void)
{
	return cached(&trng_probe, ask_trng);
}

bool test_triggers_present(void)
{
	return cached(&trigger_probe, ask_triggers);
}

void discovery_report(void)
{
	tf_info("monitor serves: PSCI %s, PMF query %s, trusted OS %s, TRNG %s, test triggers %s",
		psci_served() ? "yes" : "no", pmf_served() ? "yes" : "no",
		spd_served() ? "yes" : "no", trng_served() ? "yes" : "no",
		!board.profile->qemu_test_triggers ? "not probed on this board"
		: test_triggers_present()	   ? "yes"
						   : "no");
}
