/*
 * The generic timer as the payload uses it: the counter for time-outs and measurements,
 * and the EL1 physical timer (CNTP_*, PPI 14 = INTID 30) to wake a CPU from a PSCI
 * suspend. CNTP is reachable from EL2 (with HCR_EL2.E2H = 0) and EL1 alike, so one code
 * path serves both. The interrupt stays masked in PSTATE (the payload takes no
 * interrupts): a pending interrupt still ends WFI, in the monitor too.
 */
#ifndef NS_TIMER_H
#define NS_TIMER_H

#include <stdbool.h>
#include <stdint.h>

#define TIMER_PPI_INTID 30 /* EL1 physical timer (the DTB's /timer, second entry) */

/* CNTPCT_EL0, ordered after what came before it. */
uint64_t timer_now(void);
/* Counter ticks per second (CNTFRQ_EL0). */
uint64_t timer_freq(void);
uint64_t timer_us_to_ticks(uint64_t us);
uint64_t timer_ticks_to_us(uint64_t ticks);
/* Microseconds since the counter value start. */
uint64_t timer_us_since(uint64_t start);

/* Fires the timer interrupt of this CPU in us microseconds. */
void timer_arm_us(uint64_t us);
/* True if the armed timer has reached its deadline (CNTP_CTL.ISTATUS). */
bool timer_fired(void);
/* Stops the timer, which also drops its (level-sensitive) interrupt. */
void timer_disarm(void);

/* Busy-waits for us microseconds. */
void delay_us(uint64_t us);

#endif
