/* Fake system registers: see fake_sysreg.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fake_mmio.h"
#include "fake_sysreg.h"

#define MAX_REGS 64u
#define MAX_LOG	 65536u

struct reg {
	char name[24];
	uint64_t value;
	unsigned int reads;
	unsigned int writes;
	fake_sysreg_read_fn read;
	void *ctx;
};

static struct reg regs[MAX_REGS];
static unsigned int reg_count;
static struct fake_sysreg_access log_buf[MAX_LOG];
static size_t log_len;

uint64_t secmon_host_sysreg_read(const char *name);
void secmon_host_sysreg_write(const char *name, uint64_t value);

static struct reg *reg_of(const char *name)
{
	for (unsigned int i = 0; i < reg_count; i++) {
		if (strcmp(regs[i].name, name) == 0)
			return &regs[i];
	}
	if (reg_count == MAX_REGS || strlen(name) >= sizeof(regs[0].name)) {
		fprintf(stderr, "fake_sysreg: cannot add %s\n", name);
		abort();
	}
	strcpy(regs[reg_count].name, name);
	return &regs[reg_count++];
}

static void log_access(struct reg *r, uint64_t value, int write)
{
	if (log_len == MAX_LOG) {
		fprintf(stderr, "fake_sysreg: log full\n");
		abort();
	}
	log_buf[log_len++] = (struct fake_sysreg_access){r->name, value, write, fake_seq_next()};
}

void fake_sysreg_reset(void)
{
	memset(regs, 0, sizeof(regs));
	reg_count = 0;
	log_len = 0;
}

void fake_sysreg_set(const char *name, uint64_t value)
{
	reg_of(name)->value = value;
}

uint64_t fake_sysreg_get(const char *name)
{
	return reg_of(name)->value;
}

unsigned int fake_sysreg_reads(const char *name)
{
	return reg_of(name)->reads;
}

unsigned int fake_sysreg_writes(const char *name)
{
	return reg_of(name)->writes;
}

void fake_sysreg_hook(const char *name, fake_sysreg_read_fn read, void *ctx)
{
	struct reg *r = reg_of(name);

	r->read = read;
	r->ctx = ctx;
}

size_t fake_sysreg_log_count(void)
{
	return log_len;
}

const struct fake_sysreg_access *fake_sysreg_log(size_t i)
{
	return i < log_len ? &log_buf[i] : NULL;
}

long fake_sysreg_find_write(const char *name, size_t from)
{
	for (size_t i = from; i < log_len; i++) {
		if (log_buf[i].write && strcmp(log_buf[i].name, name) == 0)
			return (long)i;
	}
	return -1;
}

uint64_t secmon_host_sysreg_read(const char *name)
{
	struct reg *r = reg_of(name);
	uint64_t v = r->read ? r->read(r->ctx, name, r->value) : r->value;

	r->reads++;
	log_access(r, v, 0);
	return v;
}

void secmon_host_sysreg_write(const char *name, uint64_t value)
{
	struct reg *r = reg_of(name);

	r->writes++;
	r->value = value;
	log_access(r, value, 1);
}
