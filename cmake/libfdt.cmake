# libfdt, built from source with our own compiler flags.
#
# Debian's libfdt-dev:arm64 is built for Linux user space (FP/SIMD, stack protector), so we
# compile the sources that tools/setup extracts from linux-source-6.1 (scripts/dtc/libfdt,
# GPL-2.0+ OR BSD-2-Clause) with whatever toolchain the build uses: gcc for host tests,
# clang-16 or GCC 12 with -mgeneral-regs-only -ffreestanding for EL3 (from the toolchain file).
#
# Provides:
#   secmon_libfdt                   STATIC library; its users get libfdt.h on the include path
#   secmon_add_libfdt(<name> [opts]) another copy of it with extra compile options (for
#                                   example sanitizers in a host test)

set(SECMON_LIBFDT_SOURCE_DIR "/opt/secmon-deps/libfdt" CACHE PATH
    "libfdt sources (scripts/dtc/libfdt of linux-source-6.1, extracted by tools/setup)")

if(NOT EXISTS "${SECMON_LIBFDT_SOURCE_DIR}/fdt.c" OR NOT EXISTS "${SECMON_LIBFDT_SOURCE_DIR}/libfdt.h")
  message(FATAL_ERROR
    "libfdt sources not found in SECMON_LIBFDT_SOURCE_DIR='${SECMON_LIBFDT_SOURCE_DIR}' "
    "(fdt.c, libfdt.h missing): run tools/setup, which extracts scripts/dtc/libfdt from "
    "Debian's linux-source-6.1, or point SECMON_LIBFDT_SOURCE_DIR at a libfdt source tree")
endif()

# Only what reading and in-place patching need: no overlays, no empty-tree helper.
set(SECMON_LIBFDT_SOURCES
  fdt.c fdt_ro.c fdt_rw.c fdt_wip.c fdt_sw.c fdt_strerror.c fdt_addresses.c)
list(TRANSFORM SECMON_LIBFDT_SOURCES PREPEND "${SECMON_LIBFDT_SOURCE_DIR}/")

# Creates a static libfdt named <name>; any further arguments are extra compile options
# (PUBLIC, so a sanitizer option reaches the link of the user too).
function(secmon_add_libfdt name)
  add_library(${name} STATIC ${SECMON_LIBFDT_SOURCES})
  # Third-party code: our warning set (secmon_warnings) is not applied and its own
  # warnings are silenced. FDT_ASSUME_MASK=0 keeps every sanity check in libfdt, which
  # we rely on to read a DTB that the normal world could have written.
  target_compile_options(${name} PRIVATE -w)
  target_compile_definitions(${name} PRIVATE FDT_ASSUME_MASK=0)
  if(ARGN)
    target_compile_options(${name} PUBLIC ${ARGN})
    target_link_options(${name} PUBLIC ${ARGN})
  endif()
  # -isystem: libfdt.h's inline helpers must not trip -Werror in our own files.
  target_include_directories(${name} SYSTEM PUBLIC $<BUILD_INTERFACE:${SECMON_LIBFDT_SOURCE_DIR}>
                             $<INSTALL_INTERFACE:include/libfdt>)
  set_target_properties(${name} PROPERTIES C_STANDARD 11 C_EXTENSIONS ON)
endfunction()

if(NOT TARGET secmon_libfdt)
  secmon_add_libfdt(secmon_libfdt)
endif()
