/* ACME board: what its image adds to libsecmon. */
#ifndef ACME_H
#define ACME_H

#include <secmon/smc.h>

#define ACME_SIP_GET_BOARD_REV 0x8200a000u
#define ACME_SIP_ECHO	       0x8200a001u
#define ACME_BOARD_REV	       0x0102u

extern const struct secmon_smc_service acme_sip_service;

#endif
