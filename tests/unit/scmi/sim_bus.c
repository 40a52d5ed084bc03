/* Simulated address space: see sim_bus.h. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <secmon/mmio.h>

#include "sim_bus.h"

#define SLOTS	    (1u << 16) /* open addressing, a few thousand words in use */
#define MAX_WINDOWS 32u

struct slot {
	uint64_t addr;
	uint32_t value;
	int used;
};

struct window {
	uint64_t base, size;
	sim_read_fn read;
	sim_write_fn write;
	void *ctx;
};

static struct slot slots[SLOTS];
static struct window windows[MAX_WINDOWS];
static unsigned int window_count;
static unsigned long nreads, nwrites;
static uint64_t polled_base, polled_size;
static unsigned int polled_usec;
static pthread_mutex_t bus_lock;
static pthread_once_t bus_once = PTHREAD_ONCE_INIT;

static void init_lock(void)
{
	pthread_mutexattr_t a;

	pthread_mutexattr_init(&a);
	pthread_mutexattr_settype(&a, PTHREAD_MUTEX_RECURSIVE);
	pthread_mutex_init(&bus_lock, &a);
}

void sim_bus_lock(void)
{
	pthread_once(&bus_once, init_lock);
	pthread_mutex_lock(&bus_lock);
}

void sim_bus_unlock(void)
{
	pthread_mutex_unlock(&bus_lock);
}

static struct slot *slot_of(uint64_t addr)
{
	uint64_t h = (addr * 0x9e3779b97f4a7c15ull) >> 48;

	if (addr & 3u) {
		fprintf(stderr, "sim_bus: unaligned access at 0x%llx\n", (unsigned long long)addr);
		abort();
	}
	for (unsigned int i = 0; i < SLOTS; i++) {
		struct slot *s = &slots[(h + i) & (SLOTS - 1u)];

		if (!s->used) {
			s->used = 1;
			s->addr = addr;
			return s;
		}
		if (s->addr == addr)
			return s;
	}
	fprintf(stderr, "sim_bus: memory full\n");
	abort();
}

static const struct window *window_of(uint64_t addr)
{
	for (unsigned int i = window_count; i-- > 0;) {
		if (addr >= windows[i].base && addr - windows[i].base < windows[i].size)
			return &windows[i];
	}
	return NULL;
}

void sim_bus_reset(void)
{
	sim_bus_lock();
	memset(slots, 0, sizeof(slots));
	window_count = 0;
	nreads = nwrites = 0;
	polled_base = polled_size = 0;
	sim_bus_unlock();
}

void sim_bus_map(uint64_t base, uint64_t size, sim_read_fn read, sim_write_fn write, void *ctx)
{
	sim_bus_lock();
	if (window_count == MAX_WINDOWS)
		abort();
	windows[window_count++] = (struct window){base, size, read, write, ctx};
	sim_bus_unlock();
}

void sim_bus_polled(uint64_t base, uint64_t size, unsigned int usec)
{
	sim_bus_lock();
	polled_base = base;
	polled_size = size;
	polled_usec = usec;
	sim_bus_unlock();
}

uint32_t sim_bus_peek(uint64_t addr)
{
	uint32_t v;

	sim_bus_lock();
	v = slot_of(addr)->value;
	sim_bus_unlock();
	return v;
}

void sim_bus_poke(uint64_t addr, uint32_t value)
{
	sim_bus_lock();
	slot_of(addr)->value = value;
	sim_bus_unlock();
}

unsigned long sim_bus_reads(void)
{
	return nreads;
}

unsigned long sim_bus_writes(void)
{
	return nwrites;
}

uint32_t secmon_host_mmio_read32(uint64_t addr)
{
	const struct window *w;
	uint32_t v;

	sim_bus_lock();
	nreads++;
	v = slot_of(addr)->value;
	w = window_of(addr);
	if (w && w->read)
		v = w->read(w->ctx, addr, v);
	sim_bus_unlock();
	if (addr - polled_base < polled_size)
		usleep(polled_usec);
	return v;
}

void secmon_host_mmio_write32(uint64_t addr, uint32_t value)
{
	const struct window *w;
	struct slot *s;

	sim_bus_lock();
	nwrites++;
	s = slot_of(addr);
	w = window_of(addr);
	s->value = (w && w->write) ? w->write(w->ctx, addr, s->value, value) : value;
	sim_bus_unlock();
}

uint64_t secmon_host_mmio_read64(uint64_t addr)
{
	uint64_t lo, hi;

	sim_bus_lock();
	lo = secmon_host_mmio_read32(addr);
	hi = secmon_host_mmio_read32(addr + 4);
	sim_bus_unlock();
	return lo | hi << 32;
}

void secmon_host_mmio_write64(uint64_t addr, uint64_t value)
{
	sim_bus_lock();
	secmon_host_mmio_write32(addr, (uint32_t)value);
	secmon_host_mmio_write32(addr + 4, (uint32_t)(value >> 32));
	sim_bus_unlock();
}
