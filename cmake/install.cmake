# Packaging: `cmake --install` puts the headers, one static library per module, the
# sources that are compiled into each image (the libraries' *_storage.c; a board port
# installs its own, platforms/*/CMakeLists.txt), the linker-script fragments, the toolchain file, secmon_add_image() and the
# check tools under the prefix, with secmonConfig.cmake so that find_package(secmon)
# gives the secmon::* targets of cmake/targets.cmake with their include paths and
# compile options. docs/porting.md has the table of header to target.
include(CMakePackageConfigHelpers)

set(SECMON_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/secmon)
set(SECMON_DATA_DIR ${CMAKE_INSTALL_DATADIR}/secmon)

get_property(_secmon_install_targets GLOBAL PROPERTY SECMON_EXPORTED_TARGETS)
install(TARGETS ${_secmon_install_targets} EXPORT secmonTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(EXPORT secmonTargets NAMESPACE secmon:: DESTINATION ${SECMON_CMAKE_DIR})

# Public headers: every library's include/ tree, merged (all are under secmon/), libfdt's,
# and the generated package configuration.
foreach(dir core/include services/arch/include services/psci/include
            services/pmf/include services/spd/include services/trng/include
            platforms/common/include platforms/common/rng/include
            platforms/common/gic/include platforms/common/gpio/include
            platforms/common/scmi/include platforms/common/mhu/include
            platforms/common/css/include platforms/common/cci/include
            platforms/common/power/include)
  if(EXISTS ${PROJECT_SOURCE_DIR}/${dir})
    install(DIRECTORY ${dir}/ DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
  endif()
endforeach()
install(FILES ${SECMON_LIBFDT_SOURCE_DIR}/libfdt.h ${SECMON_LIBFDT_SOURCE_DIR}/fdt.h
              ${SECMON_LIBFDT_SOURCE_DIR}/libfdt_env.h
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/libfdt)
install(FILES ${PROJECT_BINARY_DIR}/generated/secmon_config.h DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})

# Compiled into each image, not into a library: the image-sized tables with the private
# headers they include (SECMON_IMAGE_SOURCES of the targets, relative to the source root),
# the core's internal ones among them. Those stay out of the public include/ tree: only the
# image's storage sources have their directory on the include path (secmon_add_image()).
foreach(file core/image_limits.c core/arch/aarch64/image_storage.c core/arch/aarch64/internal.h
             core/arch/aarch64/mmu_desc.h core/psci/psci_storage.c core/psci/psci_private.h
             core/pmf/pmf_services.c services/spd/spd_storage.c services/spd/spd_private.h
             core/include-internal/secmon/internal/percpu.h
             core/include-internal/secmon/internal/context.h
             core/include-internal/secmon/internal/pmu.h
             core/include-internal/secmon/internal/world.h)
  get_filename_component(dir ${file} DIRECTORY)
  install(FILES ${file} DESTINATION ${SECMON_DATA_DIR}/src/${dir})
endforeach()
# Build helpers for images made outside this tree.
# The two layouts, the pieces they share, and the old fragment's name (fails with a hint).
set(SECMON_LD_FILES secmon_sections.ld secmon_sections_cold_boot_in_load.ld
    secmon_layout_text.ld secmon_layout_data.ld secmon_layout_bss.ld secmon_layout_checks.ld
    secmon_cold_boot_in_load.ld)
list(TRANSFORM SECMON_LD_FILES PREPEND core/arch/aarch64/)
install(FILES ${SECMON_LD_FILES} DESTINATION ${SECMON_DATA_DIR}/ld)
install(PROGRAMS tools/check-image tools/qemu-run DESTINATION ${SECMON_DATA_DIR}/tools)
install(FILES cmake/toolchain-aarch64-clang.cmake cmake/toolchain-aarch64-gcc.cmake
              cmake/toolchain-aarch64-common.cmake cmake/secmon_image.cmake
        DESTINATION ${SECMON_CMAKE_DIR})

configure_package_config_file(cmake/secmonConfig.cmake.in
  ${PROJECT_BINARY_DIR}/secmonConfig.cmake INSTALL_DESTINATION ${SECMON_CMAKE_DIR}
  PATH_VARS SECMON_DATA_DIR)
write_basic_package_version_file(${PROJECT_BINARY_DIR}/secmonConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/secmonConfig.cmake ${PROJECT_BINARY_DIR}/secmonConfigVersion.cmake
        DESTINATION ${SECMON_CMAKE_DIR})
