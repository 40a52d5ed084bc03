# cmake -DSOURCE= -DBINARY= -DPLATFORM= -DEL3=ON|OFF -DEXPECT= -P pmu_counters_default.cmake
# Configures a fresh tree for PLATFORM (with the EL3 toolchain file if EL3) without
# SECMON_PMU_MAX_COUNTERS and checks the value secmon_config.h got.
file(REMOVE_RECURSE ${BINARY})
set(_args -S ${SOURCE} -B ${BINARY} -G Ninja -DSECMON_BUILD_TESTS=OFF -DSECMON_PLATFORM=${PLATFORM})
if(EL3)
  list(APPEND _args -DCMAKE_TOOLCHAIN_FILE=${SOURCE}/cmake/toolchain-aarch64-clang.cmake)
endif()
execute_process(COMMAND ${CMAKE_COMMAND} ${_args} RESULT_VARIABLE _rc OUTPUT_VARIABLE _out
                ERROR_VARIABLE _out)
if(NOT _rc EQUAL 0)
  message(FATAL_ERROR "configure failed:\n${_out}")
endif()
file(STRINGS ${BINARY}/generated/secmon_config.h _line REGEX "SECMON_PMU_MAX_COUNTERS")
if(NOT _line STREQUAL "#define SECMON_PMU_MAX_COUNTERS ${EXPECT}")
  message(FATAL_ERROR "${PLATFORM} (EL3 ${EL3}): '${_line}', expected ${EXPECT}")
endif()
message(STATUS "${PLATFORM} (EL3 ${EL3}): SECMON_PMU_MAX_COUNTERS ${EXPECT}")
