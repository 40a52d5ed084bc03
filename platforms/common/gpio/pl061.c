/*
 * Arm PL061 GPIO outputs. The data register spans 0x000-0x3fc: address bits [9:2] are a
 * mask of the pins a write changes, so one pin is written without a read-modify-write.
 */
#include <stdint.h>

#include <secmon/drivers/pl061.h>
#include <secmon/mmio.h>

#define PL061_DATA(mask) ((uint64_t)(mask) << 2)
#define PL061_DIR	 0x400u
#define PL061_AFSEL	 0x420u

int pl061_set_direction_output(uint64_t base, unsigned int pin)
{
	uint32_t bit;

	if (pin >= PL061_PINS)
		return PL061_EINVAL;
	bit = 1u << pin;
	mmio_clrset32(base + PL061_AFSEL, bit, 0);
	mmio_clrset32(base + PL061_DIR, 0, bit);
	return PL061_OK;
}

int pl061_write_pin(uint64_t base, unsigned int pin, int value)
{
	uint32_t bit;

	if (pin >= PL061_PINS)
		return PL061_EINVAL;
	bit = 1u << pin;
	mmio_write32(base + PL061_DATA(bit), value ? bit : 0);
	return PL061_OK;
}

int pl061_pulse_pin(uint64_t base, unsigned int pin)
{
	if (pin >= PL061_PINS)
		return PL061_EINVAL;
	/* Low before the pin becomes an output, so the line never glitches high first. */
	pl061_write_pin(base, pin, 0);
	pl061_set_direction_output(base, pin);
	pl061_write_pin(base, pin, 1);
	return PL061_OK;
}
