/* PL011 console, polled. */
#include <stdint.h>

#include "board.h"
#include "console.h"
#include "lock.h"

#define UART_DR	   0x00
#define UART_FR	   0x18
#define UART_IBRD  0x24
#define UART_FBRD  0x28
#define UART_LCR_H 0x2c
#define UART_CR	   0x30
#define UART_IMSC  0x38

#define FR_BUSY	    (1u << 3)
#define FR_TXFF	    (1u << 5)
#define LCR_H_FEN   (1u << 4)
#define LCR_H_WLEN8 (3u << 5)
#define CR_UARTEN   (1u << 0)
#define CR_TXE	    (1u << 8)
#define CR_RXE	    (1u << 9)

static inline uint32_t uart_read(unsigned int reg)
{
	return *(volatile uint32_t *)(uintptr_t)(NS_UART_BASE + reg);
}

static inline void uart_write(unsigned int reg, uint32_t value)
{
	*(volatile uint32_t *)(uintptr_t)(NS_UART_BASE + reg) = value;
}

void console_init(void)
{
	uint32_t cr = uart_read(UART_CR);

	if (cr & CR_UARTEN) {
		/* Someone (the monitor) set it up: keep the line settings, make sure TX is on. */
		if (!(cr & CR_TXE))
			uart_write(UART_CR, cr | CR_TXE);
		return;
	}
	/* 115200 8N1 from the 24 MHz reference clock of QEMU virt and the Arm boards. */
	uart_write(UART_IMSC, 0);
	uart_write(UART_IBRD, 13);
	uart_write(UART_FBRD, 1);
	uart_write(UART_LCR_H, LCR_H_WLEN8 | LCR_H_FEN);
	uart_write(UART_CR, CR_UARTEN | CR_TXE | CR_RXE);
}

static void putc_raw(char c)
{
	while (uart_read(UART_FR) & FR_TXFF)
		;
	uart_write(UART_DR, (uint8_t)c);
}

void console_putc(char c)
{
	if (c == '\n')
		putc_raw('\r');
	putc_raw(c);
}

void console_puts(const char *s)
{
	while (*s)
		console_putc(*s++);
}

static struct ns_lock console_mutex;

void console_lock(void)
{
	ns_lock_acquire(&console_mutex);
}

void console_unlock(void)
{
	ns_lock_release(&console_mutex);
}

void console_flush(void)
{
	while (uart_read(UART_FR) & FR_BUSY)
		;
}
