/* Shared by the two front ends of the PMF query (owning entity 7 and the SiP range). */
#ifndef PMF_SVC_PRIVATE_H
#define PMF_SVC_PRIVATE_H

#include <secmon/smc.h>

/* GET_TIMESTAMP in the SMC32 or SMC64 convention of fid: returns x0, sets x1 (and x2). */
uint64_t pmf_svc_get_timestamp(uint32_t fid, uint64_t x1, uint64_t x2, uint64_t x3,
			       struct secmon_smc_frame *frame);
/* The services' init(): registers the core's PMF services for the query. */
int pmf_svc_init(void);

#endif
