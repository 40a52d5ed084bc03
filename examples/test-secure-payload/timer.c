/*
 * The secure physical timer: CNTPS_CVAL_EL1 / CNTPS_CTL_EL1, reachable from S-EL1 because
 * the dispatcher sets SCR_EL3.ST. Its interrupt is PPI INTID 29 (gic.c).
 */
#include <stdint.h>

#include "tsp.h"

#define CNTPS_CTL_ENABLE (1u << 0)

void tsp_timer_arm(uint64_t ticks)
{
	uint64_t now;

	__asm__ volatile("isb\n\tmrs %0, cntpct_el0" : "=r"(now)::"memory");
	__asm__ volatile("msr S3_7_C14_C2_2, %0\n\t" /* CNTPS_CVAL_EL1 */
			 "msr S3_7_C14_C2_1, %1\n\t" /* CNTPS_CTL_EL1 */
			 "isb" ::"r"(now + ticks),
			 "r"((uint64_t)CNTPS_CTL_ENABLE)
			 : "memory");
}

void tsp_timer_stop(void)
{
	__asm__ volatile("msr S3_7_C14_C2_1, xzr\n\tisb" ::: "memory");
}
