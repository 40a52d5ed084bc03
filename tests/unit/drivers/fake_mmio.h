/*
 * A fake device register file for host driver tests: it defines the secmon/mmio.h host
 * hooks. Each address holds a value; reads and writes are counted and logged in order;
 * a test can give an address range side effects (a bit that clears after some reads, a
 * status that follows a control bit) with a hook.
 */
#ifndef SECMON_TESTS_FAKE_MMIO_H
#define SECMON_TESTS_FAKE_MMIO_H

#include <stddef.h>
#include <stdint.h>

/* One access, in program order. */
struct fake_mmio_access {
	uint64_t addr;	   /* register address */
	uint64_t value;	   /* value read or written */
	uint8_t width;	   /* 32 or 64 */
	uint8_t write;	   /* 1 = write, 0 = read */
	unsigned long seq; /* position among all fake accesses, MMIO and system registers */
};

/* Next position in the order shared by every fake (fake_mmio, fake_sysreg). */
unsigned long fake_seq_next(void);

/*
 * Side effects for [base, base + size). read: returns what the driver reads given what is
 * stored. write: returns what to store given the old value and the value written. Either
 * may be NULL (plain register). The stored value can also be changed with fake_mmio_set().
 */
typedef uint64_t (*fake_mmio_read_fn)(void *ctx, uint64_t addr, uint64_t stored);
typedef uint64_t (*fake_mmio_write_fn)(void *ctx, uint64_t addr, uint64_t old, uint64_t value);

/* Forgets every register, hook and log entry. */
void fake_mmio_reset(void);
/* Sets a stored value without logging it (the hardware's own state). */
void fake_mmio_set(uint64_t addr, uint64_t value);
/* Stored value (0 if never set). */
uint64_t fake_mmio_get(uint64_t addr);
/* Number of driver reads / writes of one address. */
unsigned int fake_mmio_reads(uint64_t addr);
unsigned int fake_mmio_writes(uint64_t addr);
/* Installs side effects for a range (up to 64 ranges; later ranges win). */
void fake_mmio_hook(uint64_t base, uint64_t size, fake_mmio_read_fn read, fake_mmio_write_fn write,
		    void *ctx);

/* Access log. */
size_t fake_mmio_log_count(void);
const struct fake_mmio_access *fake_mmio_log(size_t i);
/* Index of the first write to addr at or after index from; -1 if none. */
long fake_mmio_find_write(uint64_t addr, size_t from);
/* Number of writes whose address lies in [base, base + size). */
unsigned int fake_mmio_writes_in(uint64_t base, uint64_t size);

#endif
