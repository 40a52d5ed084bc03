/* Fake PMU system registers and secmon_panic(): see fake_pmu.h. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <secmon/assert.h>

#include "fake_pmu.h"

#define MAX_REGS 96u
#define MAX_LOG	 4096u

struct reg {
	char name[24];
	uint64_t value;
};

static struct reg regs[MAX_REGS];
static unsigned int reg_count;
static struct fake_pmu_access log_buf[MAX_LOG];
static size_t log_len;
static unsigned int counters;
static char names[2][31][24];

uint64_t secmon_host_sysreg_read(const char *name);
void secmon_host_sysreg_write(const char *name, uint64_t value);

/* SET/CLR pairs keep their state under the SET name. */
static const char *canonical(const char *name)
{
	if (strcmp(name, FAKE_CNTENCLR) == 0)
		return FAKE_CNTENSET;
	if (strcmp(name, FAKE_INTENCLR) == 0)
		return FAKE_INTENSET;
	if (strcmp(name, FAKE_OVSCLR) == 0)
		return FAKE_OVSSET;
	return name;
}

static struct reg *reg_of(const char *name)
{
	name = canonical(name);
	for (unsigned int i = 0; i < reg_count; i++)
		if (strcmp(regs[i].name, name) == 0)
			return &regs[i];
	if (reg_count == MAX_REGS || strlen(name) >= sizeof(regs[0].name)) {
		fprintf(stderr, "fake_pmu: cannot add %s\n", name);
		abort();
	}
	strcpy(regs[reg_count].name, name);
	return &regs[reg_count++];
}

static bool counting(void)
{
	uint64_t mask = (1ull << 31) | ((1ull << counters) - 1u);

	return (reg_of(FAKE_PMCR)->value & 1u) && (reg_of(FAKE_CNTENSET)->value & mask);
}

static void log_access(const char *name, uint64_t value, bool write)
{
	struct fake_pmu_access *a;

	if (log_len == MAX_LOG) {
		fprintf(stderr, "fake_pmu: log full\n");
		abort();
	}
	a = &log_buf[log_len++];
	snprintf(a->name, sizeof(a->name), "%s", name);
	a->value = value;
	a->write = write;
	a->counting_after = counting();
}

void fake_pmu_reset(unsigned int ver, unsigned int n)
{
	memset(regs, 0, sizeof(regs));
	reg_count = 0;
	log_len = 0;
	counters = n;
	reg_of(FAKE_DFR0)->value = (uint64_t)ver << 8 | 0x6; /* DebugVer alongside */
	reg_of(FAKE_PMCR)->value = (uint64_t)n << 11 | 0x41ull << 24;
	for (unsigned int i = 0; i < 31; i++) {
		snprintf(names[0][i], sizeof(names[0][i]), "S3_3_C14_C%u_%u", 8 + i / 8, i % 8);
		snprintf(names[1][i], sizeof(names[1][i]), "S3_3_C14_C%u_%u", 12 + i / 8, i % 8);
	}
}

uint64_t fake_pmu_get(const char *name)
{
	return reg_of(name)->value;
}

/* Bits of the counters that do not exist read as zero and ignore writes. */
static uint64_t implemented(const char *name, uint64_t value)
{
	name = canonical(name);
	if (strcmp(name, FAKE_CNTENSET) == 0 || strcmp(name, FAKE_INTENSET) == 0 ||
	    strcmp(name, FAKE_OVSSET) == 0)
		return value & ((1ull << 31) | ((1ull << counters) - 1u));
	return value;
}

void fake_pmu_set(const char *name, uint64_t value)
{
	reg_of(name)->value = implemented(name, value);
}

const char *fake_pmu_evcntr(unsigned int n)
{
	return names[0][n];
}

const char *fake_pmu_evtyper(unsigned int n)
{
	return names[1][n];
}

size_t fake_pmu_log_count(void)
{
	return log_len;
}

const struct fake_pmu_access *fake_pmu_log(size_t i)
{
	return i < log_len ? &log_buf[i] : NULL;
}

size_t fake_pmu_pmu_accesses(void)
{
	size_t n = 0;

	for (size_t i = 0; i < log_len; i++)
		n += strcmp(log_buf[i].name, FAKE_DFR0) != 0;
	return n;
}

/*
 * PMXEVCNTR_EL0 / PMXEVTYPER_EL0 stand for the counter PMSELR_EL0.SEL selects (SEL = 31:
 * PMXEVTYPER is PMCCFILTR_EL0); the access is logged under that register's own name. A
 * selection of an absent counter is CONSTRAINED UNPREDICTABLE: no driver may make one.
 */
static const char *resolve(const char *name)
{
	bool cntr = strcmp(name, FAKE_XEVCNTR) == 0;
	uint64_t sel;

	if (!cntr && strcmp(name, FAKE_XEVTYPER) != 0)
		return name;
	sel = reg_of(FAKE_SELR)->value & 31u;
	if (sel == 31 && !cntr)
		return FAKE_CCFILTR;
	if (sel >= counters) {
		fprintf(stderr, "fake_pmu: %s with PMSELR_EL0.SEL = %llu of %u counters\n", name,
			(unsigned long long)sel, counters);
		abort();
	}
	return names[cntr ? 0 : 1][sel];
}

uint64_t secmon_host_sysreg_read(const char *name)
{
	name = resolve(name);
	uint64_t v = reg_of(name)->value;

	log_access(name, v, false);
	return v;
}

void secmon_host_sysreg_write(const char *name, uint64_t value)
{
	name = resolve(name);
	struct reg *r = reg_of(name);

	if (strcmp(name, FAKE_CNTENSET) == 0 || strcmp(name, FAKE_INTENSET) == 0 ||
	    strcmp(name, FAKE_OVSSET) == 0)
		r->value |= implemented(name, value);
	else if (strcmp(name, FAKE_CNTENCLR) == 0 || strcmp(name, FAKE_INTENCLR) == 0 ||
		 strcmp(name, FAKE_OVSCLR) == 0)
		r->value &= ~value;
	else if (strcmp(name, FAKE_PMCR) == 0)
		/* N (and IDCODE/IMP) are read-only; P and C act and read as zero. */
		r->value = (r->value & 0xfffff800ull) | (value & 0xf9ull);
	else
		r->value = value;
	log_access(name, value, true);
}

jmp_buf *fake_pmu_panic_jmp;
static char panic_message[256];

const char *fake_pmu_panic_message(void)
{
	return panic_message;
}

void secmon_panic(const char *fmt, ...)
{
	jmp_buf *to = fake_pmu_panic_jmp;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(panic_message, sizeof(panic_message), fmt, ap);
	va_end(ap);
	if (to) {
		fake_pmu_panic_jmp = NULL;
		longjmp(*to, 1);
	}
	fprintf(stderr, "secmon_panic: %s\n", panic_message);
	abort();
}
