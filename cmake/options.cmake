# Build options. Each is a cache variable, validated here, and reaches the code only
# through the generated secmon_config.h (see docs/options.md).

set(SECMON_PLATFORM "qemu-virt" CACHE STRING "Board port to build (qemu-virt, juno, n1sdp)")
set_property(CACHE SECMON_PLATFORM PROPERTY STRINGS qemu-virt juno n1sdp)
set(SECMON_MAX_CPUS 8 CACHE STRING "Most CPUs the image supports (sizes per-CPU data and stacks)")
set(SECMON_STACK_SIZE 4096 CACHE STRING "EL3 stack per CPU in bytes (page guard: multiple of 4096; canary guard: multiple of 64, at least 1024)")
set(SECMON_STACK_GUARD "page" CACHE STRING "How EL3 stack overflows are caught: page (unmapped guard page) or canary (guard words checked)")
set_property(CACHE SECMON_STACK_GUARD PROPERTY STRINGS page canary)
set(SECMON_LOG_LEVEL 3 CACHE STRING "Console log level: 0 none, 1 error, 2 warning, 3 info, 4 verbose")
option(SECMON_ENABLE_PSCI "PSCI service and power-state coordination engine" ON)
option(SECMON_ENABLE_PMF "Performance measurement framework (timestamps and query SMC)" OFF)
option(SECMON_ENABLE_SPD "Secure-payload dispatcher: trusted OS at S-EL1 (services/spd)" OFF)
option(SECMON_ENABLE_ASSERTS "Check internal invariants with assert()" ON)
option(SECMON_STACK_PROTECTOR "Build EL3 code with -fstack-protector-strong" ON)
option(SECMON_TEST_TRIGGERS "Test-only SMCs that make EL3 fault on purpose (never in production)" OFF)
option(SECMON_BUILD_TESTS "Build the tests" ON)
# Translation tables below the root (4 KiB each). Not given: what the port's map needs
# for an EL3 build, with the options of the first configure; 7 otherwise (8 tables with
# a 39-bit root, as before SECMON_VA_BITS).
set(_secmon_xlat_tables 7)
if(CMAKE_TOOLCHAIN_FILE AND SECMON_PLATFORM STREQUAL "qemu-virt")
  # A level-2 table for the first GiB (devices, flash blocks), a level-3 one for the
  # image's pages; the secure payload's memory needs its own level-3 table.
  set(_secmon_xlat_tables 2)
  if(SECMON_ENABLE_SPD)
    math(EXPR _secmon_xlat_tables "${_secmon_xlat_tables} + 1")
  endif()
  # Page guard: a level-2 table for the stack alias, a level-3 one per 2 MiB of it.
  if(SECMON_STACK_GUARD STREQUAL "page" AND SECMON_STACK_SIZE MATCHES "^[0-9]+$"
     AND SECMON_MAX_CPUS MATCHES "^[0-9]+$")
    math(EXPR _secmon_xlat_tables
         "${_secmon_xlat_tables} + 1 + (${SECMON_MAX_CPUS} * 2 * ${SECMON_STACK_SIZE} + 2097151) / 2097152")
  endif()
endif()
set(SECMON_XLAT_TABLES ${_secmon_xlat_tables} CACHE STRING
    "EL3 translation tables below the root (4 KiB each) the image reserves; cold boot stops if the map needs more")
# ${var}: the port's figure ${var}_<platform> for an EL3 build (a toolchain file given),
# when the port has one; else fallback.
function(secmon_port_default var fallback)
  if(CMAKE_TOOLCHAIN_FILE AND DEFINED ${var}_${SECMON_PLATFORM})
    set(${var} ${${var}_${SECMON_PLATFORM}} PARENT_SCOPE)
  else()
    set(${var} ${fallback} PARENT_SCOPE)
  endif()
endfunction()

# Event counters per CPU whose normal-world values the monitor keeps over a power-down
# (PMCR_EL0.N of the cores, 1..31; docs/pmu.md). Not given: the port's figure for an EL3
# build (a toolchain file given); 31, every counter register, for a host build.
set(_secmon_pmu_counters_qemu-virt 6) # QEMU's cortex-a53/a57/a72/max/neoverse-n1
set(_secmon_pmu_counters_juno 6)      # Cortex-A57 and Cortex-A53
set(_secmon_pmu_counters_n1sdp 6)     # Neoverse N1
secmon_port_default(_secmon_pmu_counters 31)
set(SECMON_PMU_MAX_COUNTERS ${_secmon_pmu_counters} CACHE STRING
    "PMU event counters per CPU kept for the normal world (1..31; ports default to their cores' count)")

# PSCI engine limits, which size its tables (docs/psci.md): the most power levels and the
# deepest local state index. Not given: the port's own figures for an EL3 build (a
# toolchain file given); the engine maxima, 4 and 15, for a host build, whose tests
# model any tree (1,024 CPUs in 4 levels).
set(_secmon_psci_levels_qemu-virt 3) # CPU, cluster, system (virt_psci.c)
set(_secmon_psci_state_qemu-virt 2)  # 1 retention, 2 power-down
set(_secmon_psci_levels_juno 3)      # JUNO_PWR_LEVELS
set(_secmon_psci_state_juno 1)       # CSS_PM_STATE_OFF, no retention
set(_secmon_psci_levels_n1sdp 3)     # N1SDP_PWR_LEVELS: a chip level more with two chips
if(DEFINED SECMON_N1SDP_CHIPS AND SECMON_N1SDP_CHIPS GREATER 1)
  set(_secmon_psci_levels_n1sdp 4)
endif()
set(_secmon_psci_state_n1sdp 1)      # CSS_PM_STATE_OFF, no retention
secmon_port_default(_secmon_psci_levels 4)
secmon_port_default(_secmon_psci_state 15)
# EL3 virtual address space (32..39 bits, one to 128 GiB): sizes the level-1 root
# table, 8 bytes per GiB. Not given: the port's figure for an EL3 build, which covers
# everything it maps at EL3; 39 (a full 4 KiB root) otherwise.
set(_secmon_va_bits_qemu-virt 32) # devices, secure RAM, the first GiB of DRAM: below 2 GiB
set(_secmon_va_bits_juno 39)
set(_secmon_va_bits_n1sdp 39)
secmon_port_default(_secmon_va_bits 39)
set(SECMON_VA_BITS ${_secmon_va_bits} CACHE STRING
    "EL3 virtual address bits, 32..39 (ports default to what they map)")
set(SECMON_PSCI_LEVELS ${_secmon_psci_levels} CACHE STRING
    "Most PSCI power levels the image supports (1..4; ports default to theirs)")
set(SECMON_PSCI_MAX_LOCAL_STATE ${_secmon_psci_state} CACHE STRING
    "Deepest PSCI local state index the image supports (1..15; ports default to theirs)")

function(secmon_fail_option msg)
  message(FATAL_ERROR "secmon: invalid configuration: ${msg}")
endfunction()

# Fails unless option var's value matches regex; what says which values are valid.
function(secmon_require_match var regex what)
  if(NOT ${var} MATCHES "${regex}")
    secmon_fail_option("${var}='${${var}}' ${what}")
  endif()
endfunction()

secmon_require_match(SECMON_PLATFORM "^(qemu-virt|juno|n1sdp)$" "is not one of qemu-virt, juno, n1sdp")
if(NOT SECMON_MAX_CPUS MATCHES "^[0-9]+$" OR SECMON_MAX_CPUS LESS 1 OR SECMON_MAX_CPUS GREATER 1024)
  secmon_fail_option("SECMON_MAX_CPUS='${SECMON_MAX_CPUS}' must be a number from 1 to 1024")
endif()
if(NOT SECMON_STACK_SIZE MATCHES "^[0-9]+$")
  secmon_fail_option("SECMON_STACK_SIZE='${SECMON_STACK_SIZE}' must be a number of bytes")
endif()
if(SECMON_STACK_GUARD STREQUAL "page")
  math(EXPR _secmon_stack_rem "${SECMON_STACK_SIZE} % 4096")
  if(SECMON_STACK_SIZE LESS 4096 OR NOT _secmon_stack_rem EQUAL 0)
    secmon_fail_option("SECMON_STACK_SIZE=${SECMON_STACK_SIZE} must be a non-zero multiple of 4096 (the guard is a page)")
  endif()
  set(SECMON_STACK_GUARD_PAGE ON)
elseif(SECMON_STACK_GUARD STREQUAL "canary")
  math(EXPR _secmon_stack_rem "${SECMON_STACK_SIZE} % 64")
  if(SECMON_STACK_SIZE LESS 1024 OR NOT _secmon_stack_rem EQUAL 0)
    secmon_fail_option("SECMON_STACK_SIZE=${SECMON_STACK_SIZE} must be a multiple of 64 of at least 1024 with the canary guard")
  endif()
  set(SECMON_STACK_GUARD_PAGE OFF)
else()
  secmon_fail_option("SECMON_STACK_GUARD='${SECMON_STACK_GUARD}' is not one of page, canary")
endif()
if(NOT SECMON_XLAT_TABLES MATCHES "^[0-9]+$" OR SECMON_XLAT_TABLES LESS 1 OR SECMON_XLAT_TABLES GREATER 64)
  secmon_fail_option("SECMON_XLAT_TABLES='${SECMON_XLAT_TABLES}' must be a number from 1 to 64")
endif()
secmon_require_match(SECMON_VA_BITS "^3[2-9]$" "must be 32..39 (a level-1 root table)")
secmon_require_match(SECMON_LOG_LEVEL "^[0-4]$" "must be 0..4")
if(SECMON_ENABLE_PMF AND NOT SECMON_ENABLE_PSCI)
  secmon_fail_option("SECMON_ENABLE_PMF needs SECMON_ENABLE_PSCI (PMF instruments the PSCI paths)")
endif()
if(SECMON_ENABLE_SPD AND NOT SECMON_ENABLE_PSCI)
  secmon_fail_option("SECMON_ENABLE_SPD needs SECMON_ENABLE_PSCI (the payload follows PSCI power states)")
endif()
if(SECMON_TEST_TRIGGERS AND CMAKE_BUILD_TYPE MATCHES "^(Release|MinSizeRel)$")
  secmon_fail_option("SECMON_TEST_TRIGGERS must not be enabled in a ${CMAKE_BUILD_TYPE} build")
endif()
if(NOT SECMON_PMU_MAX_COUNTERS MATCHES "^[1-9][0-9]?$" OR SECMON_PMU_MAX_COUNTERS GREATER 31)
  secmon_fail_option("SECMON_PMU_MAX_COUNTERS='${SECMON_PMU_MAX_COUNTERS}' must be a number from 1 to 31 (PMCR_EL0.N of the cores)")
endif()
secmon_require_match(SECMON_PSCI_LEVELS "^[1-4]$" "must be 1..4 (the MPIDR affinity levels)")
secmon_require_match(SECMON_PSCI_MAX_LOCAL_STATE "^([1-9]|1[0-5])$" "must be 1..15")
# An EL3 image needs at least its port's figures: secmon_psci_init() would refuse the port.
if(CMAKE_TOOLCHAIN_FILE AND DEFINED _secmon_psci_levels_${SECMON_PLATFORM})
  if(SECMON_PSCI_LEVELS LESS _secmon_psci_levels_${SECMON_PLATFORM})
    secmon_fail_option("SECMON_PSCI_LEVELS=${SECMON_PSCI_LEVELS} < ${_secmon_psci_levels_${SECMON_PLATFORM}}, the power levels of ${SECMON_PLATFORM}")
  endif()
  if(SECMON_PSCI_MAX_LOCAL_STATE LESS _secmon_psci_state_${SECMON_PLATFORM})
    secmon_fail_option("SECMON_PSCI_MAX_LOCAL_STATE=${SECMON_PSCI_MAX_LOCAL_STATE} < ${_secmon_psci_state_${SECMON_PLATFORM}}, the deepest local state of ${SECMON_PLATFORM}")
  endif()
endif()
