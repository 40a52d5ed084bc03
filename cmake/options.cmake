# Package options: what the libraries are built with, validated here, reaching the code
# only through the generated secmon_config.h (see docs/options.md). A board's limits are
# not options: each image states them (secmon_add_image(), cmake/secmon_image.cmake).
#
# Each option here changes code inside the libraries; what is off is not in them at all.
# An installed package is built with one set: images that need another use a package
# built with it (docs/architecture.md, "One package, many boards").

option(SECMON_ENABLE_PMF "Performance measurement framework (timestamps, runtime instrumentation, query SMC)" OFF)
option(SECMON_ENABLE_SPD "Secure-payload dispatcher: trusted OS at S-EL1 (services/spd, PSCI and world-switch hooks)" OFF)
option(SECMON_ENABLE_ASSERTS "Check internal invariants with assert()" ON)
option(SECMON_STACK_PROTECTOR "Build EL3 code with -fstack-protector-strong" ON)
option(SECMON_TEST_TRIGGERS "Test-only SMCs that make EL3 fault on purpose (never in production)" OFF)
option(SECMON_BUILD_TESTS "Build the tests" ON)
option(SECMON_BUILD_EXAMPLES "Build the example images and payloads (EL3 builds at the top level)" ON)
set(SECMON_LOG_LEVEL 3 CACHE STRING
    "Most verbose console level compiled into the libraries: 0 none, 1 error, 2 warning, 3 info, 4 verbose; each image prints up to its own LOG_LEVEL")

function(secmon_fail_option msg)
  message(FATAL_ERROR "secmon: invalid configuration: ${msg}")
endfunction()

if(NOT SECMON_LOG_LEVEL MATCHES "^[0-4]$")
  secmon_fail_option("SECMON_LOG_LEVEL='${SECMON_LOG_LEVEL}' must be 0..4")
endif()
if(SECMON_TEST_TRIGGERS AND CMAKE_BUILD_TYPE MATCHES "^(Release|MinSizeRel)$")
  secmon_fail_option("SECMON_TEST_TRIGGERS must not be enabled in a ${CMAKE_BUILD_TYPE} build")
endif()
# Options of earlier versions that are now the image's to state.
foreach(old SECMON_PLATFORM SECMON_MAX_CPUS SECMON_STACK_SIZE SECMON_STACK_GUARD SECMON_XLAT_TABLES
            SECMON_VA_BITS SECMON_PMU_MAX_COUNTERS SECMON_PSCI_LEVELS SECMON_PSCI_MAX_LOCAL_STATE
            SECMON_ENABLE_PSCI)
  if(DEFINED ${old})
    message(WARNING "secmon: ${old} is no longer a package option and is ignored: each image "
                    "states its board's limits (secmon_add_image(), docs/porting.md) and links "
                    "the services it serves")
  endif()
endforeach()
