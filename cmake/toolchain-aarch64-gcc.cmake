# Toolchain for EL3 images: Debian's GCC 12 cross compiler (gcc-aarch64-linux-gnu), GNU ld
# and binutils (binutils-aarch64-linux-gnu), Debian's picolibc, and GCC's own libgcc.a.
# Everything here comes from Debian packages installed by tools/setup. The EL3 flags are
# in toolchain-aarch64-common.cmake, shared with toolchain-aarch64-clang.cmake.
set(SECMON_TOOLCHAIN gcc)
set(SECMON_GCC_PREFIX "aarch64-linux-gnu-" CACHE STRING "Prefix of the GNU cross tools (aarch64-linux-gnu-gcc, -ld)")
find_program(SECMON_GCC ${SECMON_GCC_PREFIX}gcc)
find_program(SECMON_OBJCOPY ${SECMON_GCC_PREFIX}objcopy)
find_program(SECMON_OBJDUMP ${SECMON_GCC_PREFIX}objdump)
find_program(SECMON_SIZE ${SECMON_GCC_PREFIX}size)
find_program(SECMON_NM ${SECMON_GCC_PREFIX}nm)
find_program(SECMON_AR ${SECMON_GCC_PREFIX}ar)
find_program(SECMON_RANLIB ${SECMON_GCC_PREFIX}ranlib)
foreach(tool SECMON_GCC SECMON_OBJCOPY SECMON_OBJDUMP SECMON_SIZE SECMON_NM SECMON_AR SECMON_RANLIB)
  if(NOT ${tool})
    message(FATAL_ERROR "${tool} not found: run tools/setup (needs gcc-aarch64-linux-gnu, binutils-aarch64-linux-gnu)")
  endif()
endforeach()

# Builtins (128-bit division and the like): the cross compiler's own libgcc.a, the runtime
# GCC's code generation expects (compiler-rt is clang's).
execute_process(COMMAND ${SECMON_GCC} -print-libgcc-file-name
                OUTPUT_VARIABLE _secmon_libgcc OUTPUT_STRIP_TRAILING_WHITESPACE)
set(SECMON_BUILTINS "${_secmon_libgcc}" CACHE FILEPATH "libgcc.a of the aarch64 cross GCC")

set(CMAKE_C_COMPILER "${SECMON_GCC}")
set(CMAKE_ASM_COMPILER "${SECMON_GCC}")
set(CMAKE_OBJCOPY "${SECMON_OBJCOPY}" CACHE FILEPATH "" FORCE)
set(CMAKE_AR "${SECMON_AR}" CACHE FILEPATH "" FORCE)
set(CMAKE_RANLIB "${SECMON_RANLIB}" CACHE FILEPATH "" FORCE)

# A Linux compiler used for bare metal: its Linux defaults undone. Outline atomics call
# libgcc helpers that pick LSE from the OS's hardware capabilities (there is no OS);
# unwind tables are of no use to firmware without an unwinder (and the images discard
# them). PIE is off through the common -fno-pic and -static.
set(SECMON_COMPILER_C_FLAGS "-mno-outline-atomics -fno-asynchronous-unwind-tables -fno-unwind-tables")
set(SECMON_COMPILER_ASM_FLAGS "")
# GNU ld (not gold, not lld): the linker of the GNU toolchains vendor firmware is built with.
# It puts sections that share a maximum-size page (64 KiB on AArch64) in one segment: with
# 4 KiB, the image's page-aligned text, rodata and data get segments of their own (W^X).
# Cortex-A53 erratum 843419 (r0p0-r0p4, e.g. Juno's): Debian's GCC has GNU ld fix it by
# default, stated here. Its cost: GNU ld pads every section of range-extension veneers
# to 4 KiB (QEMU virt's image: one in .text, for the reset code's call of the cold boot in
# flash, and one in .cold_boot).
set(SECMON_COMPILER_LINK_FLAGS "-fuse-ld=bfd -Wl,-z,max-page-size=4096 -mfix-cortex-a53-843419")
include(${CMAKE_CURRENT_LIST_DIR}/toolchain-aarch64-common.cmake)
