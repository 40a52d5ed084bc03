/*
 * Arm PL061 GPIO, output side only: what the monitor needs to drive power and reset lines.
 *
 * QEMU virt (secure=on) wires the secure PL061 at 0x090b0000 to its power controller:
 * pin 0 = power off, pin 1 = reset, each acting on a rising edge (lines are pulled down).
 * pl061_pulse_pin(0x090b0000, 0) powers the machine off; pin 1 resets it.
 */
#ifndef SECMON_DRIVERS_PL061_H
#define SECMON_DRIVERS_PL061_H

#include <stdint.h>

#define PL061_PINS 8u

/* Error codes (0 = success). */
#define PL061_OK     0
#define PL061_EINVAL (-3) /* pin out of range */

/* Makes pin an output under software control (GPIODIR = 1, GPIOAFSEL = 0). */
int pl061_set_direction_output(uint64_t base, unsigned int pin);

/* Drives pin to value (0 or not 0), writing only that pin through the data address mask. */
int pl061_write_pin(uint64_t base, unsigned int pin, int value);

/* Drives pin low, makes it an output, then drives it high: one rising edge. */
int pl061_pulse_pin(uint64_t base, unsigned int pin);

#endif
