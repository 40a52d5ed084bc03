/*
 * A simulated physical address space for host tests: defines the secmon/mmio.h hooks.
 * Plain memory everywhere (words read back what was written, 0 at first), with device
 * windows whose callbacks model registers. Every access runs under one recursive lock,
 * so CPUs simulated by threads see a sequentially consistent bus and callbacks may use
 * sim_bus_peek()/poke() freely.
 */
#ifndef SIM_BUS_H
#define SIM_BUS_H

#include <stdint.h>

/* A read of a device word: returns what the CPU sees (stored: the plain-memory value). */
typedef uint32_t (*sim_read_fn)(void *ctx, uint64_t addr, uint32_t stored);
/* A write: returns what plain memory keeps at addr afterwards. */
typedef uint32_t (*sim_write_fn)(void *ctx, uint64_t addr, uint32_t old, uint32_t value);

/* Forgets all memory contents and device windows. */
void sim_bus_reset(void);
/* Adds a device window (later windows win where they overlap); either callback may be NULL. */
void sim_bus_map(uint64_t base, uint64_t size, sim_read_fn read, sim_write_fn write, void *ctx);
/*
 * Marks a window as polled: a read there sleeps usec microseconds afterwards (outside
 * the lock). A simulated CPU spinning there then cannot starve the thread it waits for,
 * and a wait bounded in reads lasts long enough in wall time on a loaded host.
 */
void sim_bus_polled(uint64_t base, uint64_t size, unsigned int usec);
/* Plain-memory access without callbacks, for models and tests. */
uint32_t sim_bus_peek(uint64_t addr);
void sim_bus_poke(uint64_t addr, uint32_t value);
/* The bus lock, for models that need several accesses to be atomic. */
void sim_bus_lock(void);
void sim_bus_unlock(void);
/* Accesses through the mmio hooks so far (reads, writes). */
unsigned long sim_bus_reads(void);
unsigned long sim_bus_writes(void);

#endif
