/*
 * Host stand-in for the core's per-CPU header: the dispatcher only asks which CPU it
 * runs on, and the test decides.
 */
#ifndef SECMON_PERCPU_H
#define SECMON_PERCPU_H

extern unsigned int fake_this_cpu;

static inline unsigned int secmon_this_cpu_index(void)
{
	return fake_this_cpu;
}

#endif
