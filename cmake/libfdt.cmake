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

# Only what reading and writing trees need: no overlays, no empty-tree helper.
set(SECMON_LIBFDT_SOURCES
  fdt.c fdt_ro.c fdt_rw.c fdt_wip.c fdt_sw.c fdt_strerror.c fdt_addresses.c)
list(TRANSFORM SECMON_LIBFDT_SOURCES PREPEND "${SECMON_LIBFDT_SOURCE_DIR}/")

# Forced into every libfdt file: inline and word-at-a-time string functions (picolibc's
# are byte loops, a call per memcmp()), and header fields read as aligned words.
set(SECMON_LIBFDT_STRING_H ${CMAKE_CURRENT_LIST_DIR}/libfdt_string.h)

# Creates a static libfdt named <name>; any further arguments are extra compile options
# (PUBLIC, so a sanitizer option reaches the link of the user too).
function(secmon_add_libfdt name)
  add_library(${name} STATIC ${SECMON_LIBFDT_SOURCES})
  # Third-party code: our warning set (secmon_warnings) is not applied and its own
  # warnings are silenced.
  target_compile_options(${name} PRIVATE -w -include ${SECMON_LIBFDT_STRING_H})
  if(SECMON_EL3)
    # libfdt_string.h copies 8 bytes at a time at any alignment, and the compiler reads
    # big-endian cells whole: libfdt runs with the MMU on, on trees in Normal memory,
    # where AArch64 allows unaligned accesses (SCTLR_EL3.A is clear).
    target_compile_options(${name} PRIVATE $<IF:$<C_COMPILER_ID:Clang>,-munaligned-access,-mno-strict-align>)
    # libfdt is cold-boot code: boards read and write device trees before the normal
    # world runs, never after. Its sections get the prefix of SECMON_COLD_BOOT's
    # (.text.fdt_getprop becomes .cold_boot.text.fdt_getprop), so an image that runs its
    # cold boot from the load region (secmon_sections_cold_boot_in_load.ld) runs libfdt
    # from there too, and one that does not keeps it in .text; unused functions are still
    # dropped one by one. Only cold-boot code may call it (docs/porting.md).
    add_custom_command(TARGET ${name} POST_BUILD
      COMMAND ${CMAKE_OBJCOPY} --prefix-alloc-sections=.cold_boot $<TARGET_FILE:${name}>
      VERBATIM)
  endif()
  # libfdt's checks stay on, which we rely on to read a DTB that the normal world could
  # have written (FDT_ASSUME_MASK, libfdt_internal.h), with two exceptions:
  # - ASSUME_LATEST (4): no support for trees older than version 17 (nor checks for
  #   them); our callers refuse those first.
  # - ASSUME_VALID_INPUT (2), in fdt.c only: fdt_offset_ptr() then bounds every access
  #   by the structure block alone, no longer by the tree's totalsize too, and takes the
  #   offsets libfdt itself returned as aligned. fdt_check_header() checks that the
  #   structure block lies inside totalsize, so every tree must pass it before anything
  #   else reads it (libfdt's own advice for untrusted trees). That second bound was
  #   half of the cost of a walk over the tree (fdt_next_tag(), one check per byte of
  #   every node name). fdt_ro.c and the rest keep VALID_INPUT's checks of string
  #   offsets, reservation entries and the like.
  foreach(src IN LISTS SECMON_LIBFDT_SOURCES)
    if(src MATCHES "/fdt\\.c$")
      set(mask 0x6)
    else()
      set(mask 0x4)
    endif()
    set_property(SOURCE ${src} TARGET_DIRECTORY ${name} APPEND PROPERTY
                 COMPILE_DEFINITIONS FDT_ASSUME_MASK=${mask})
  endforeach()
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
