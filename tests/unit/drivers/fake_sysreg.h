/*
 * Fake system registers for host driver tests: defines the secmon_host_sysreg_read/write
 * hooks (platforms/common/gic/gicv3_sysreg.h). Registers are named by their generic
 * encoding ("S3_6_C12_C12_5"); tests spell the encodings out themselves so a wrong
 * encoding in a driver shows up as a failure.
 */
#ifndef SECMON_TESTS_FAKE_SYSREG_H
#define SECMON_TESTS_FAKE_SYSREG_H

#include <stddef.h>
#include <stdint.h>

/* One access, in program order. */
struct fake_sysreg_access {
	const char *name;  /* encoding */
	uint64_t value;	   /* value read or written */
	int write;	   /* 1 = msr, 0 = mrs */
	unsigned long seq; /* position among all fake accesses (fake_seq_next()) */
};

/* Side effect on read: returns what the driver reads given what is stored. */
typedef uint64_t (*fake_sysreg_read_fn)(void *ctx, const char *name, uint64_t stored);

void fake_sysreg_reset(void);
void fake_sysreg_set(const char *name, uint64_t value);
uint64_t fake_sysreg_get(const char *name);
unsigned int fake_sysreg_reads(const char *name);
unsigned int fake_sysreg_writes(const char *name);
void fake_sysreg_hook(const char *name, fake_sysreg_read_fn read, void *ctx);

size_t fake_sysreg_log_count(void);
const struct fake_sysreg_access *fake_sysreg_log(size_t i);
/* Index of the first write to name at or after index from; -1 if none. */
long fake_sysreg_find_write(const char *name, size_t from);

#endif
