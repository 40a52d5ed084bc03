/*
 * The PMF services of the core: PSCI_STAT residency and the PSCI runtime instrumentation.
 * Compiled into each image (its stores are sized by the image's CPUS), not part of the
 * PMF library.
 */
#include <secmon_image.h>

#include <secmon/cold_boot.h>
#include <secmon/pmf.h>

PMF_DEFINE_SERVICE(psci_stat, PMF_PSCI_STAT_SVC_ID, PSCI_STAT_TOTAL_IDS);
PMF_DEFINE_SERVICE(rt_instr, PMF_RT_INSTR_SVC_ID, RT_INSTR_TOTAL_IDS);

SECMON_COLD_BOOT int secmon_pmf_init(void)
{
	int rc = secmon_pmf_register(&secmon_pmf_svc_psci_stat);

	return rc != 0 ? rc : secmon_pmf_register(&secmon_pmf_svc_rt_instr);
}
