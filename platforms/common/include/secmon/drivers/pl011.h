/* Arm PL011 UART: polled transmit for the EL3 console. */
#ifndef SECMON_DRIVERS_PL011_H
#define SECMON_DRIVERS_PL011_H

#include <stdint.h>

/*
 * Cold boot only: programs 8N1 at the given baud rate from the UART clock (0 = keep the
 * firmware's).
 */
void pl011_init(uintptr_t base, uint32_t uart_clk_hz, uint32_t baud);
void pl011_putc(uintptr_t base, int c);
/* Waits until the transmitter is idle. */
void pl011_flush(uintptr_t base);

#endif
