# EL3 images and the limits each states for its board.
#
# secmon_add_image(<name>
#     LINKER_SCRIPT <ld> SOURCES <src...> LIBRARIES <libs...>
#     CPUS <n> POWER_LEVELS <n> MAX_LOCAL_STATE <n> VA_BITS <n>
#     [XLAT_TABLES <n>] [STACK_SIZE <bytes>] [STACK_GUARD page|canary]
#     [PMU_COUNTERS <n>] [LOG_LEVEL <n>]
#     [TEXT_CEILING <bytes>] [DATA_BSS_CEILING <bytes>])
#
# Links the EL3 image <name>.elf from the board's sources and libsecmon libraries with the
# board's linker script (which INCLUDEs secmon_sections.ld), then makes <name>.bin and a
# size report, and registers the image checks (no FP/SIMD instruction, W^X) as a test.
#
# The limits are the board's, stated here and nowhere else (docs/porting.md, "Image
# limits"): the image's secmon_image.h carries them, and the tables they size are
# compiled into this image only (the libraries' *_storage.c interface sources, and the
# port's own per-CPU tables, which include secmon_image.h too). One installed package so
# builds images for boards of any size without being reconfigured.
#   CPUS             most CPUs the board reports (1..1024): per-CPU data, stacks
#   POWER_LEVELS     most PSCI power levels (1..4)
#   MAX_LOCAL_STATE  deepest PSCI local state index (1..15)
#   VA_BITS          EL3 virtual address bits (32..48; above 39 the root is at level 0)
#   XLAT_TABLES      translation tables below the root, 4 KiB each (1..255); default: 4,
#                    plus those the page guard's stack aliases need
#   STACK_SIZE       EL3 stack per CPU (page guard: a multiple of 4096, the default 4096;
#                    canary guard: a multiple of 64, at least 1024)
#   STACK_GUARD      page (an unmapped page below each stack, the default) or canary
#   PMU_COUNTERS     PMU event counters per CPU kept for the normal world over a
#                    power-down: PMCR_EL0.N of the board's cores (1..31, default 31)
#   LOG_LEVEL        console log level, 0 none .. 4 verbose (default and most: the
#                    package's SECMON_LOG_LEVEL, the level its libraries were built with)
#
# TEXT_CEILING and DATA_BSS_CEILING make the link fail when the image's resident code and
# read-only data, or its data, bss and noinit, grow above them (page padding excluded,
# tools/image-size measures the same): the image's size budget, checked by the linker
# (secmon_layout_checks.ld).
#
# secmon_image_header(<file> <limits...>) validates the same keywords and writes only the
# header (host builds, hand-made images). In the source tree the linker fragments and
# tools are found relative to this file; an installed package sets both before including it.
if(NOT SECMON_LD_FRAGMENT_DIR)
  set(SECMON_LD_FRAGMENT_DIR ${CMAKE_CURRENT_LIST_DIR}/../core/arch/aarch64)
endif()
if(NOT SECMON_TOOLS_DIR)
  set(SECMON_TOOLS_DIR ${CMAKE_CURRENT_LIST_DIR}/../tools)
endif()
# Global, so images defined in any directory (e.g. a parent project that pulled libsecmon
# in with add_subdirectory) find them.
set_property(GLOBAL PROPERTY SECMON_LD_FRAGMENT_DIR ${SECMON_LD_FRAGMENT_DIR})
set_property(GLOBAL PROPERTY SECMON_TOOLS_DIR ${SECMON_TOOLS_DIR})
set_property(GLOBAL PROPERTY SECMON_OBJDUMP ${SECMON_OBJDUMP})
set_property(GLOBAL PROPERTY SECMON_SIZE ${SECMON_SIZE})
set_property(GLOBAL PROPERTY SECMON_PACKAGE_LOG_LEVEL ${SECMON_LOG_LEVEL})
if(NOT SECMON_IMAGE_SOURCE_ROOT)
  get_filename_component(SECMON_IMAGE_SOURCE_ROOT ${CMAKE_CURRENT_LIST_DIR}/.. ABSOLUTE)
endif()
set_property(GLOBAL PROPERTY SECMON_IMAGE_SOURCE_ROOT ${SECMON_IMAGE_SOURCE_ROOT})

# The limit keywords (a macro: functions defined here run in callers' scopes, where a
# variable of this file may not exist, e.g. under FetchContent).
macro(_secmon_limit_keywords out)
  set(${out} CPUS POWER_LEVELS MAX_LOCAL_STATE VA_BITS XLAT_TABLES STACK_SIZE STACK_GUARD
      PMU_COUNTERS LOG_LEVEL)
endmacro()

function(_secmon_image_fail image msg)
  message(FATAL_ERROR "secmon: image ${image}: invalid limit: ${msg}")
endfunction()

# Fails unless ${prefix}_${key} is a number in [lo, hi].
function(_secmon_limit_range image prefix key lo hi)
  set(v "${${prefix}_${key}}")
  if(NOT v MATCHES "^[0-9]+$" OR v LESS lo OR v GREATER hi)
    _secmon_image_fail(${image} "${key} '${v}' must be a number from ${lo} to ${hi}")
  endif()
endfunction()

# Validates the limits in ${prefix}_<KEYWORD> (defaults filled in) and writes the header.
function(_secmon_write_image_header image file prefix)
  foreach(key CPUS POWER_LEVELS MAX_LOCAL_STATE VA_BITS)
    if(NOT DEFINED ${prefix}_${key})
      _secmon_image_fail(${image} "${key} not given (the image states its board's limits)")
    endif()
  endforeach()
  get_property(package_log GLOBAL PROPERTY SECMON_PACKAGE_LOG_LEVEL)
  if(package_log STREQUAL "")
    set(package_log 4)
  endif()
  set(d_STACK_GUARD page)
  set(d_STACK_SIZE 4096)
  set(d_PMU_COUNTERS 31)
  set(d_LOG_LEVEL ${package_log})
  foreach(key STACK_GUARD STACK_SIZE PMU_COUNTERS LOG_LEVEL)
    if(NOT DEFINED ${prefix}_${key})
      set(${prefix}_${key} ${d_${key}})
    endif()
  endforeach()
  _secmon_limit_range(${image} ${prefix} CPUS 1 1024)
  _secmon_limit_range(${image} ${prefix} POWER_LEVELS 1 4)
  _secmon_limit_range(${image} ${prefix} MAX_LOCAL_STATE 1 15)
  _secmon_limit_range(${image} ${prefix} VA_BITS 32 48)
  _secmon_limit_range(${image} ${prefix} PMU_COUNTERS 1 31)
  _secmon_limit_range(${image} ${prefix} LOG_LEVEL 0 ${package_log})
  set(stack ${${prefix}_STACK_SIZE})
  if(NOT stack MATCHES "^[0-9]+$")
    _secmon_image_fail(${image} "STACK_SIZE '${stack}' must be a number of bytes")
  endif()
  if(${prefix}_STACK_GUARD STREQUAL "page")
    math(EXPR rem "${stack} % 4096")
    if(stack LESS 4096 OR NOT rem EQUAL 0)
      _secmon_image_fail(${image} "STACK_SIZE ${stack} must be a non-zero multiple of 4096 (the guard is a page)")
    endif()
    set(guard SECMON_STACK_GUARD_PAGE)
  elseif(${prefix}_STACK_GUARD STREQUAL "canary")
    math(EXPR rem "${stack} % 64")
    if(stack LESS 1024 OR NOT rem EQUAL 0)
      _secmon_image_fail(${image} "STACK_SIZE ${stack} must be a multiple of 64 of at least 1024 with the canary guard")
    endif()
    set(guard SECMON_STACK_GUARD_CANARY)
  else()
    _secmon_image_fail(${image} "STACK_GUARD '${${prefix}_STACK_GUARD}' is not one of page, canary")
  endif()
  if(NOT DEFINED ${prefix}_XLAT_TABLES)
    # The image's pages, devices and memory: 4 tables cover most maps; the page guard
    # maps the stacks at an alias of their own: a level-2 table and a level-3 one per
    # 2 MiB of it (two stack sizes per CPU).
    set(tables 4)
    if(guard STREQUAL "SECMON_STACK_GUARD_PAGE")
      math(EXPR tables "${tables} + 1 + (${${prefix}_CPUS} * 2 * ${stack} + 2097151) / 2097152")
    endif()
    set(${prefix}_XLAT_TABLES ${tables})
  endif()
  _secmon_limit_range(${image} ${prefix} XLAT_TABLES 1 255)

  set(content "/* Limits of the EL3 image ${image}, written by secmon_add_image() (cmake/secmon_image.cmake). */
#ifndef SECMON_IMAGE_LIMITS_H
#define SECMON_IMAGE_LIMITS_H

#include <secmon/image.h>

#define SECMON_IMAGE_MAX_CPUS ${${prefix}_CPUS}
#define SECMON_IMAGE_POWER_LEVELS ${${prefix}_POWER_LEVELS}
#define SECMON_IMAGE_MAX_LOCAL_STATE ${${prefix}_MAX_LOCAL_STATE}
#define SECMON_IMAGE_VA_BITS ${${prefix}_VA_BITS}
#define SECMON_IMAGE_XLAT_TABLES ${${prefix}_XLAT_TABLES}
#define SECMON_IMAGE_STACK_SIZE ${stack}
#define SECMON_IMAGE_STACK_GUARD ${guard}
#define SECMON_IMAGE_PMU_COUNTERS ${${prefix}_PMU_COUNTERS}
#define SECMON_IMAGE_LOG_LEVEL ${${prefix}_LOG_LEVEL}

#endif
")
  file(CONFIGURE OUTPUT ${file} CONTENT "${content}" @ONLY)
endfunction()

# The image-sized sources of the libraries an image links, transitively: each library
# names its own in the target property SECMON_IMAGE_SOURCES, relative to the package's
# source root (SECMON_IMAGE_SOURCE_ROOT, the source tree or the installed copy).
function(_secmon_collect_image_sources out)
  set(seen)
  set(sources)
  set(todo ${ARGN})
  while(todo)
    list(POP_FRONT todo lib)
    string(REGEX REPLACE "^\\$<LINK_ONLY:(.*)>$" "\\1" lib "${lib}")
    string(REGEX REPLACE "::@\\(.*\\)$" "" lib "${lib}")
    if(lib IN_LIST seen OR NOT TARGET ${lib})
      continue()
    endif()
    list(APPEND seen ${lib})
    get_target_property(aliased ${lib} ALIASED_TARGET)
    if(aliased)
      set(lib ${aliased})
    endif()
    get_target_property(own ${lib} SECMON_IMAGE_SOURCES)
    if(own)
      list(APPEND sources ${own})
    endif()
    get_target_property(deps ${lib} INTERFACE_LINK_LIBRARIES)
    if(deps)
      list(APPEND todo ${deps})
    endif()
  endwhile()
  list(REMOVE_DUPLICATES sources)
  get_property(root GLOBAL PROPERTY SECMON_IMAGE_SOURCE_ROOT)
  list(TRANSFORM sources PREPEND ${root}/)
  set(${out} ${sources} PARENT_SCOPE)
endfunction()

# Records that library target `lib` needs these image-sized sources (paths relative to
# the package's source root) compiled into every image that links it.
function(secmon_library_image_sources lib)
  set_property(TARGET ${lib} APPEND PROPERTY SECMON_IMAGE_SOURCES ${ARGN})
  set_property(TARGET ${lib} APPEND PROPERTY EXPORT_PROPERTIES SECMON_IMAGE_SOURCES)
endfunction()

function(secmon_image_header file)
  _secmon_limit_keywords(keywords)
  cmake_parse_arguments(L "" "${keywords}" "" ${ARGN})
  get_filename_component(name ${file} NAME)
  _secmon_write_image_header(${name} ${file} L)
endfunction()

function(secmon_add_image name)
  _secmon_limit_keywords(keywords)
  cmake_parse_arguments(IMG "" "LINKER_SCRIPT;TEXT_CEILING;DATA_BSS_CEILING;${keywords}"
                        "SOURCES;LIBRARIES" ${ARGN})
  if(IMG_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "secmon_add_image(${name}): unknown arguments ${IMG_UNPARSED_ARGUMENTS}")
  endif()
  if(NOT IMG_LINKER_SCRIPT)
    message(FATAL_ERROR "secmon_add_image(${name}): LINKER_SCRIPT not given")
  endif()
  get_filename_component(IMG_LINKER_SCRIPT ${IMG_LINKER_SCRIPT} ABSOLUTE
                         BASE_DIR ${CMAKE_CURRENT_SOURCE_DIR})
  get_property(SECMON_LD_FRAGMENT_DIR GLOBAL PROPERTY SECMON_LD_FRAGMENT_DIR)
  get_property(SECMON_TOOLS_DIR GLOBAL PROPERTY SECMON_TOOLS_DIR)
  get_property(SECMON_OBJDUMP GLOBAL PROPERTY SECMON_OBJDUMP)
  get_property(SECMON_SIZE GLOBAL PROPERTY SECMON_SIZE)

  set(limits_dir ${CMAKE_CURRENT_BINARY_DIR}/${name}.limits)
  _secmon_write_image_header(${name} ${limits_dir}/secmon_image.h IMG)

  _secmon_collect_image_sources(storage ${IMG_LIBRARIES})
  add_executable(${name} ${IMG_SOURCES} ${storage})
  # Every source compiled into the image, the libraries' storage included, sees its limits.
  target_include_directories(${name} PRIVATE ${limits_dir})
  # The storage defines the libraries' own tables, typed by the core's internal headers
  # (per-CPU data, contexts): those sources see that directory, the board's do not.
  get_property(root GLOBAL PROPERTY SECMON_IMAGE_SOURCE_ROOT)
  set_source_files_properties(${storage} PROPERTIES
    INCLUDE_DIRECTORIES ${root}/core/include-internal)
  file(GLOB layout ${SECMON_LD_FRAGMENT_DIR}/secmon_*.ld)
  set_target_properties(${name} PROPERTIES OUTPUT_NAME ${name}.elf LINK_DEPENDS
                        "${IMG_LINKER_SCRIPT};${layout}")
  # --whole-archive is not needed: the image names everything it uses.
  target_link_libraries(${name} PRIVATE ${IMG_LIBRARIES})
  target_link_options(${name} PRIVATE
    -T ${IMG_LINKER_SCRIPT} -L ${SECMON_LD_FRAGMENT_DIR}
    -Wl,-Map=${CMAKE_CURRENT_BINARY_DIR}/${name}.map)
  foreach(ceiling TEXT DATA_BSS)
    if(DEFINED IMG_${ceiling}_CEILING)
      if(NOT IMG_${ceiling}_CEILING MATCHES "^[1-9][0-9]*$")
        message(FATAL_ERROR "secmon_add_image(${name}): ${ceiling}_CEILING must be a byte count")
      endif()
      string(TOLOWER ${ceiling} sym)
      target_link_options(${name} PRIVATE
        -Wl,--defsym=__secmon_${sym}_ceiling=${IMG_${ceiling}_CEILING})
    endif()
  endforeach()
  add_custom_command(TARGET ${name} POST_BUILD
    COMMAND ${CMAKE_OBJCOPY} -O binary $<TARGET_FILE:${name}> ${CMAKE_CURRENT_BINARY_DIR}/${name}.bin
    COMMAND ${SECMON_SIZE} -A $<TARGET_FILE:${name}> > ${CMAKE_CURRENT_BINARY_DIR}/${name}.size
    VERBATIM)
  if(SECMON_BUILD_TESTS OR NOT DEFINED SECMON_BUILD_TESTS)
    add_test(NAME ${name}_image_check
      COMMAND ${SECMON_TOOLS_DIR}/check-image --objdump ${SECMON_OBJDUMP}
              $<TARGET_FILE:${name}>)
    set_tests_properties(${name}_image_check PROPERTIES LABELS image)
  endif()
endfunction()
