/* Fake device register file: see fake_mmio.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <secmon/mmio.h>

#include "fake_mmio.h"

#define SLOTS	  (1u << 16) /* open addressing; a test touches a few thousand registers */
#define MAX_HOOKS 64u

struct slot {
	uint64_t addr;
	uint64_t value;
	unsigned int reads;
	unsigned int writes;
	int used;
};

struct hook {
	uint64_t base;
	uint64_t size;
	fake_mmio_read_fn read;
	fake_mmio_write_fn write;
	void *ctx;
};

static struct slot slots[SLOTS];
static struct hook hooks[MAX_HOOKS];
static unsigned int hook_count;
static struct fake_mmio_access *log_buf;
static size_t log_len, log_cap;
static unsigned long seq_counter;

unsigned long fake_seq_next(void)
{
	return ++seq_counter;
}

static struct slot *slot_of(uint64_t addr)
{
	uint64_t h = (addr * 0x9e3779b97f4a7c15ull) >> 48;

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
	fprintf(stderr, "fake_mmio: register file full\n");
	abort();
}

static const struct hook *hook_of(uint64_t addr)
{
	for (unsigned int i = hook_count; i-- > 0;) {
		if (addr >= hooks[i].base && addr - hooks[i].base < hooks[i].size)
			return &hooks[i];
	}
	return NULL;
}

static void log_access(uint64_t addr, uint64_t value, int width, int write)
{
	if (log_len == log_cap) {
		log_cap = log_cap ? 2 * log_cap : 4096;
		log_buf = realloc(log_buf, log_cap * sizeof(*log_buf));
		if (log_buf == NULL)
			abort();
	}
	log_buf[log_len++] =
	    (struct fake_mmio_access){addr, value, (uint8_t)width, (uint8_t)write, fake_seq_next()};
}

void fake_mmio_reset(void)
{
	memset(slots, 0, sizeof(slots));
	hook_count = 0;
	log_len = 0;
}

void fake_mmio_set(uint64_t addr, uint64_t value)
{
	slot_of(addr)->value = value;
}

uint64_t fake_mmio_get(uint64_t addr)
{
	return slot_of(addr)->value;
}

unsigned int fake_mmio_reads(uint64_t addr)
{
	return slot_of(addr)->reads;
}

unsigned int fake_mmio_writes(uint64_t addr)
{
	return slot_of(addr)->writes;
}

void fake_mmio_hook(uint64_t base, uint64_t size, fake_mmio_read_fn read, fake_mmio_write_fn write,
		    void *ctx)
{
	if (hook_count == MAX_HOOKS)
		abort();
	hooks[hook_count++] = (struct hook){base, size, read, write, ctx};
}

size_t fake_mmio_log_count(void)
{
	return log_len;
}

const struct fake_mmio_access *fake_mmio_log(size_t i)
{
	return i < log_len ? &log_buf[i] : NULL;
}

long fake_mmio_find_write(uint64_t addr, size_t from)
{
	for (size_t i = from; i < log_len; i++) {
		if (log_buf[i].write && log_buf[i].addr == addr)
			return (long)i;
	}
	return -1;
}

unsigned int fake_mmio_writes_in(uint64_t base, uint64_t size)
{
	unsigned int n = 0;

	for (size_t i = 0; i < log_len; i++) {
		if (log_buf[i].write && log_buf[i].addr >= base && log_buf[i].addr - base < size)
			n++;
	}
	return n;
}

static uint64_t do_read(uint64_t addr, int width)
{
	struct slot *s = slot_of(addr);
	const struct hook *h = hook_of(addr);
	uint64_t v = s->value;

	if (h && h->read)
		v = h->read(h->ctx, addr, s->value);
	if (width == 32)
		v &= 0xffffffffu;
	s->reads++;
	log_access(addr, v, width, 0);
	return v;
}

static void do_write(uint64_t addr, uint64_t value, int width)
{
	struct slot *s = slot_of(addr);
	const struct hook *h = hook_of(addr);

	s->writes++;
	log_access(addr, value, width, 1);
	s->value = (h && h->write) ? h->write(h->ctx, addr, s->value, value) : value;
}

uint32_t secmon_host_mmio_read32(uint64_t addr)
{
	return (uint32_t)do_read(addr, 32);
}

void secmon_host_mmio_write32(uint64_t addr, uint32_t value)
{
	do_write(addr, value, 32);
}

uint64_t secmon_host_mmio_read64(uint64_t addr)
{
	return do_read(addr, 64);
}

void secmon_host_mmio_write64(uint64_t addr, uint64_t value)
{
	do_write(addr, value, 64);
}
