/*
 * Device register access.
 *
 * At EL3 each accessor is one inline load or store instruction (no writeback addressing,
 * never split or merged by the compiler) and costs nothing more. Host builds (SECMON_HOST)
 * send every access to four hook functions instead, which the test program defines, so a
 * driver runs unchanged against a fake register file.
 *
 * Ordering: the accessors are compiler barriers, not hardware barriers. A driver that
 * needs a device write to be observed after earlier normal-memory stores issues the DSB
 * itself.
 */
#ifndef SECMON_MMIO_H
#define SECMON_MMIO_H

#include <stdint.h>

#ifdef SECMON_HOST

/* Defined by the host test program (see tests/unit/drivers/fake_mmio.c). */
uint32_t secmon_host_mmio_read32(uint64_t addr);
void secmon_host_mmio_write32(uint64_t addr, uint32_t value);
uint64_t secmon_host_mmio_read64(uint64_t addr);
void secmon_host_mmio_write64(uint64_t addr, uint64_t value);

static inline uint32_t mmio_read32(uint64_t addr)
{
	return secmon_host_mmio_read32(addr);
}

static inline void mmio_write32(uint64_t addr, uint32_t value)
{
	secmon_host_mmio_write32(addr, value);
}

static inline uint64_t mmio_read64(uint64_t addr)
{
	return secmon_host_mmio_read64(addr);
}

static inline void mmio_write64(uint64_t addr, uint64_t value)
{
	secmon_host_mmio_write64(addr, value);
}

#elif defined(__aarch64__)

static inline uint32_t mmio_read32(uint64_t addr)
{
	uint32_t value;

	__asm__ volatile("ldr %w0, [%1]" : "=r"(value) : "r"(addr) : "memory");
	return value;
}

static inline void mmio_write32(uint64_t addr, uint32_t value)
{
	__asm__ volatile("str %w0, [%1]" : : "rZ"(value), "r"(addr) : "memory");
}

static inline uint64_t mmio_read64(uint64_t addr)
{
	uint64_t value;

	__asm__ volatile("ldr %0, [%1]" : "=r"(value) : "r"(addr) : "memory");
	return value;
}

static inline void mmio_write64(uint64_t addr, uint64_t value)
{
	__asm__ volatile("str %x0, [%1]" : : "rZ"(value), "r"(addr) : "memory");
}

#else
#error "secmon/mmio.h: define SECMON_HOST for host builds (no device registers here)"
#endif

/* Read-modify-write helpers: clear the bits in clr, then set the bits in set. */
static inline void mmio_clrset32(uint64_t addr, uint32_t clr, uint32_t set)
{
	mmio_write32(addr, (mmio_read32(addr) & ~clr) | set);
}

#endif
