/*
 * Cold-boot-only code.
 *
 * SECMON_COLD_BOOT marks a function that only ever runs on the primary CPU during its
 * cold boot, before secmon_cold_boot() releases the other CPUs: never from warm boot,
 * CPU_ON, a suspend resume, a reset, the crash path or an SMC handler. It goes to the
 * input section .text.cold_boot. A board whose image runs elsewhere than it is loaded
 * can run that section in place from the load region (its linker script INCLUDEs
 * secmon_cold_boot_in_load.ld, docs/porting.md): the code never occupies the run region,
 * the MMU maps it only while the primary cold boots, and a later call faults into the
 * crash report. Elsewhere it is ordinary resident text.
 *
 * SECMON_COLD_BOOT_FILE, on a line of its own, does the same for every function defined
 * after it in the file: for files that are cold-boot code and nothing else (the QEMU
 * port's DTB reader and fw_cfg loader). Put it after the C library headers and before
 * the file's own, so that their static inline functions, where the compiler keeps a
 * copy (e.g. at -O0), are cold-boot code too.
 *
 * String literals stay in .rodata unless written SECMON_COLD_STR("..."): then they go to
 * the input section .rodata.cold_boot, which follows the cold-boot code (from the load
 * region, or in .rodata when the code is ordinary text). Use it only for strings the cold
 * boot itself consumes (log formats, DTB names): a pointer to one must never be kept for
 * later. secmon/log.h's COLD_ERROR()..COLD_VERBOSE() and secmon/assert.h's
 * SECMON_COLD_PANIC() wrap their formats in it, after the usual format check. All
 * constants of a static library named *_cold_boot.a go there as well, for libraries of
 * cold-boot-only files (secmon_cold_boot_in_load.ld).
 */
#ifndef SECMON_COLD_BOOT_H
#define SECMON_COLD_BOOT_H

/*
 * Calls cold(SECMON_COLD_STR(fmt), ...) once the compiler has checked fmt against the
 * arguments as for checked(fmt, ...): cold is checked's function under a name without
 * the format attribute (the format is no literal any more); the checked call is dead.
 */
#define SECMON_COLD_FORMAT_CALL(checked, cold, fmt, ...)                                           \
	((void)(0 ? checked(fmt, ##__VA_ARGS__) : (void)0),                                        \
	 cold(SECMON_COLD_STR(fmt), ##__VA_ARGS__))

#ifdef SECMON_HOST
#define SECMON_COLD_BOOT
#define SECMON_COLD_BOOT_FILE
#define SECMON_COLD_STR(s) (s)
#else
#define SECMON_COLD_BOOT      __attribute__((section(".text.cold_boot")))
#define SECMON_COLD_BOOT_FILE _Pragma("clang section text=\".text.cold_boot\"")
/* A named array: clang places literals themselves only in its own string sections. */
#define SECMON_COLD_STR(s)                                                                         \
	(__extension__({                                                                           \
		static const char secmon_cold_str_[]                                               \
		    __attribute__((section(".rodata.cold_boot"))) = s;                             \
		&secmon_cold_str_[0];                                                              \
	}))
#endif

#endif
