/*
 * PL061 driver against a behavioural model: the data register's address mask decides
 * which pins a write changes, outputs drive the lines, and the model records every edge.
 */
#include <stdint.h>

#include <secmon/drivers/pl061.h>

#include "check.h"
#include "fake_mmio.h"

#define BASE  0x090b0000ull /* QEMU virt secure GPIO */
#define DIR   (BASE + 0x400)
#define AFSEL (BASE + 0x420)

/* The pins' state as the hardware holds it; lines are pulled down when not driven. */
static struct {
	uint32_t data;
	uint32_t dir;
	uint32_t line;
	unsigned int rises[8], falls[8];
} pl;

static void update_lines(void)
{
	uint32_t line = pl.data & pl.dir;

	for (int p = 0; p < 8; p++) {
		uint32_t bit = 1u << p;

		if ((line & bit) && !(pl.line & bit))
			pl.rises[p]++;
		if (!(line & bit) && (pl.line & bit))
			pl.falls[p]++;
	}
	pl.line = line;
}

static uint64_t data_read(void *ctx, uint64_t addr, uint64_t stored)
{
	(void)ctx;
	(void)stored;
	return pl.data & (uint32_t)((addr - BASE) >> 2);
}

static uint64_t data_write(void *ctx, uint64_t addr, uint64_t old, uint64_t value)
{
	uint32_t mask = (uint32_t)((addr - BASE) >> 2) & 0xffu;

	(void)ctx;
	pl.data = (pl.data & ~mask) | ((uint32_t)value & mask);
	update_lines();
	return old;
}

static uint64_t dir_write(void *ctx, uint64_t addr, uint64_t old, uint64_t value)
{
	(void)ctx;
	(void)addr;
	(void)old;
	pl.dir = (uint32_t)value & 0xffu;
	update_lines();
	return value;
}

static void fresh(void)
{
	fake_mmio_reset();
	pl = (typeof(pl)){0};
	fake_mmio_hook(BASE, 0x400, data_read, data_write, NULL);
	fake_mmio_hook(DIR, 4, NULL, dir_write, NULL);
}

static void test_direction(void)
{
	fresh();
	fake_mmio_set(DIR, 0x01);
	pl.dir = 0x01;
	fake_mmio_set(AFSEL, 0x0c); /* pins 2 and 3 under hardware control */
	CHECK_EQ(pl061_set_direction_output(BASE, 3), PL061_OK);
	CHECK_EQ(fake_mmio_get(DIR), 0x09);
	CHECK_EQ(fake_mmio_get(AFSEL), 0x04);
	CHECK_EQ(pl061_set_direction_output(BASE, 8), PL061_EINVAL);
	CHECK_EQ(fake_mmio_writes(DIR), 1);
}

static void test_write_pin(void)
{
	fresh();
	pl.data = 0x81;
	CHECK_EQ(pl061_write_pin(BASE, 3, 1), PL061_OK);
	/* One write, at the address whose bits [9:2] select pin 3 only. */
	CHECK_EQ(fake_mmio_log_count(), 1);
	CHECK_EQ(fake_mmio_log(0)->addr, BASE + (0x08 << 2));
	CHECK_EQ(fake_mmio_log(0)->value, 0x08);
	CHECK_EQ(pl.data, 0x89); /* pins 0 and 7 untouched */
	CHECK_EQ(pl061_write_pin(BASE, 7, 0), PL061_OK);
	CHECK_EQ(fake_mmio_log(1)->addr, BASE + (0x80 << 2));
	CHECK_EQ(fake_mmio_log(1)->value, 0);
	CHECK_EQ(pl.data, 0x09);
	CHECK_EQ(pl061_write_pin(BASE, 0, 5), PL061_OK); /* any non-zero value drives high */
	CHECK_EQ(fake_mmio_log(2)->value, 0x01);
	CHECK_EQ(pl061_write_pin(BASE, 8, 1), PL061_EINVAL);
	CHECK_EQ(fake_mmio_log_count(), 3);
}

/* QEMU virt: pin 0 powers off, pin 1 resets, on a rising edge; the other pins stay quiet. */
static void test_qemu_power_pins(void)
{
	for (unsigned int pin = 0; pin < 2; pin++) {
		fresh();
		CHECK_EQ(pl061_pulse_pin(BASE, pin), PL061_OK);
		CHECK_EQ(pl.rises[pin], 1);
		CHECK_EQ(pl.falls[pin], 0);
		CHECK_EQ(pl.line, 1u << pin);
		CHECK_EQ(pl.dir, 1u << pin);
		CHECK_EQ(pl.rises[1 - pin], 0);
	}

	/* A pin left high as an output is driven low first, so the edge still happens. */
	fresh();
	pl.data = 0x02;
	pl.dir = 0x02;
	pl.line = 0x02;
	fake_mmio_set(DIR, 0x02);
	CHECK_EQ(pl061_pulse_pin(BASE, 1), PL061_OK);
	CHECK_EQ(pl.falls[1], 1);
	CHECK_EQ(pl.rises[1], 1);
	CHECK_EQ(pl.line, 0x02);

	fresh();
	CHECK_EQ(pl061_pulse_pin(BASE, 9), PL061_EINVAL);
	CHECK_EQ(fake_mmio_log_count(), 0);
}

int main(void)
{
	test_direction();
	test_write_pin();
	test_qemu_power_pins();
	return check_report();
}
