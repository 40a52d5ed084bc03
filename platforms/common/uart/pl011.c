/* Arm PL011 UART, polled transmit only. */
#include <secmon/cold_boot.h>
#include <secmon/drivers/pl011.h>
#include <secmon/mmio.h>

#define UARTDR		  0x00
#define UARTFR		  0x18
#define UARTIBRD	  0x24
#define UARTFBRD	  0x28
#define UARTLCR_H	  0x2c
#define UARTCR		  0x30
#define FR_TXFF		  (1u << 5)
#define FR_BUSY		  (1u << 3)
#define LCR_WLEN8_FEN	  (3u << 5 | 1u << 4)
#define CR_UARTEN_TXE_RXE (1u << 0 | 1u << 8 | 1u << 9)

SECMON_COLD_BOOT void pl011_init(uintptr_t base, uint32_t uart_clk_hz, uint32_t baud)
{
	if (uart_clk_hz && baud) {
		/* Divisor in 1/64ths: clk / (16 * baud), rounded. */
		uint32_t div64 = (uart_clk_hz * 4 + baud / 2) / baud;
		mmio_write32(base + UARTCR, 0);
		mmio_write32(base + UARTIBRD, div64 >> 6);
		mmio_write32(base + UARTFBRD, div64 & 0x3f);
	}
	mmio_write32(base + UARTLCR_H, LCR_WLEN8_FEN);
	mmio_write32(base + UARTCR, CR_UARTEN_TXE_RXE);
}

void pl011_putc(uintptr_t base, int c)
{
	while (mmio_read32(base + UARTFR) & FR_TXFF)
		;
	mmio_write32(base + UARTDR, (uint32_t)c & 0xff);
}

void pl011_flush(uintptr_t base)
{
	while (mmio_read32(base + UARTFR) & FR_BUSY)
		;
}
