/*
 * PL011 console, polled, at the address the DTB gives (board.h); semihosting output when
 * the DTB names no usable PL011, so that the run can still say why (nothing at all when
 * there is no semihosting either).
 */
#include <stdint.h>

#include "console.h"
#include "fault_probe.h"
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

#define SEMIHOST_SYS_WRITEC 0x03

static uint64_t uart_base;

static inline uint32_t uart_read(unsigned int reg)
{
	return *(volatile uint32_t *)(uintptr_t)(uart_base + reg);
}

static inline void uart_write(unsigned int reg, uint32_t value)
{
	*(volatile uint32_t *)(uintptr_t)(uart_base + reg) = value;
}

static void semihost_putc(char c)
{
	volatile char ch = c;

	semihost_call(SEMIHOST_SYS_WRITEC, (uint64_t)(uintptr_t)&ch);
}

void console_init(uint64_t base)
{
	uint32_t cr;

	uart_base = base;
	if (!base)
		return;
	cr = uart_read(UART_CR);

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
	if (!uart_base) {
		semihost_putc(c);
		return;
	}
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
	while (uart_base && (uart_read(UART_FR) & FR_BUSY))
		;
}
