/*
 * One line now and then on QEMU virt's UART0 (the normal world's PL011, already set up by
 * the monitor): the boot message and crash reports. Nothing secret goes there.
 */
#include <stdint.h>

#include "tsp.h"

#define UART_DR	     0x000
#define UART_FR	     0x018
#define UART_FR_TXFF (1u << 5)

static void putc_raw(char ch)
{
	volatile uint32_t *fr = (volatile uint32_t *)(uintptr_t)(TSP_UART_BASE + UART_FR);
	volatile uint32_t *dr = (volatile uint32_t *)(uintptr_t)(TSP_UART_BASE + UART_DR);
	unsigned int n = 0;

	while ((*fr & UART_FR_TXFF) && ++n < 1000000)
		;
	*dr = (uint32_t)(unsigned char)ch;
}

void tsp_puts(const char *s)
{
	for (; *s; s++) {
		if (*s == '\n')
			putc_raw('\r');
		putc_raw(*s);
	}
}

void tsp_puthex(uint64_t v)
{
	char buf[19];

	buf[0] = '0';
	buf[1] = 'x';
	for (int i = 0; i < 16; i++)
		buf[2 + i] = "0123456789abcdef"[(v >> (60 - 4 * i)) & 0xf];
	buf[18] = 0;
	tsp_puts(buf);
}
