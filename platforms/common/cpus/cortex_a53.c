/* Cortex-A53: in-order, not affected by CVE-2017-5715, -2018-3639 or -2022-23960. */
#include <secmon/cpu_ops.h>
#include <secmon/drivers/cpus.h>

#include "cortex_a5x.h"

static enum secmon_wa_status cortex_a53_wa_status(unsigned int wa)
{
	return SECMON_WA_NOT_REQUIRED;
}

const struct secmon_cpu_ops secmon_cortex_a53_ops = {
    .name = "Cortex-A53",
    .midr = MIDR_CORTEX_A53,
    .midr_mask = MIDR_PARTNUM_MASK,
    .reset = cortex_a5x_enable_smp,
    .wa_status = cortex_a53_wa_status,
};
