/* Generic timer helpers; see timer.h. */
#include "timer.h"
#include "cpu.h"

#define CNTP_CTL_ENABLE	 (1u << 0)
#define CNTP_CTL_IMASK	 (1u << 1)
#define CNTP_CTL_ISTATUS (1u << 2)

uint64_t timer_now(void)
{
	uint64_t v;

	__asm__ volatile("isb\n\tmrs %0, cntpct_el0" : "=r"(v)::"memory");
	return v;
}

uint64_t timer_freq(void)
{
	uint64_t v;

	__asm__ volatile("mrs %0, cntfrq_el0" : "=r"(v));
	return v ? v : 1;
}

uint64_t timer_us_to_ticks(uint64_t us)
{
	uint64_t f = timer_freq();

	return us / 1000000 * f + us % 1000000 * f / 1000000;
}

uint64_t timer_ticks_to_us(uint64_t ticks)
{
	uint64_t f = timer_freq();

	return ticks / f * 1000000 + ticks % f * 1000000 / f;
}

uint64_t timer_us_since(uint64_t start)
{
	return timer_ticks_to_us(timer_now() - start);
}

void timer_arm_us(uint64_t us)
{
	uint64_t cval = timer_now() + timer_us_to_ticks(us);

	__asm__ volatile("msr cntp_cval_el0, %0\n\t"
			 "msr cntp_ctl_el0, %1\n\t"
			 "isb" ::"r"(cval),
			 "r"((uint64_t)CNTP_CTL_ENABLE)
			 : "memory");
}

bool timer_fired(void)
{
	uint64_t ctl;

	__asm__ volatile("isb\n\tmrs %0, cntp_ctl_el0" : "=r"(ctl));
	return (ctl & CNTP_CTL_ENABLE) && (ctl & CNTP_CTL_ISTATUS);
}

void timer_disarm(void)
{
	__asm__ volatile("msr cntp_ctl_el0, %0\n\tisb" ::"r"((uint64_t)CNTP_CTL_IMASK) : "memory");
}

void delay_us(uint64_t us)
{
	uint64_t end = timer_now() + timer_us_to_ticks(us);

	while (timer_now() < end)
		cpu_relax();
}
