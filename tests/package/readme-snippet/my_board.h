/* The README's my_board.h, for its test: the board is the package's QEMU virt port. */
#ifndef MY_BOARD_H
#define MY_BOARD_H

#include "qemu_virt.h"

#define my_board_platform qemu_virt_platform

#endif
