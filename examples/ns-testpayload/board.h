/* Addresses of the board the payload runs on: QEMU virt. */
#ifndef NS_BOARD_H
#define NS_BOARD_H

#define NS_UART_BASE	0x09000000 /* PL011 UART0 */
#define NS_DRAM_BASE	0x40000000 /* start of NS DRAM; QEMU puts its DTB here */
#define NS_PAYLOAD_BASE 0x60000000 /* where the monitor enters us (see ns-testpayload.ld) */

#endif
