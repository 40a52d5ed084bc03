# Packaging: `cmake --install` puts the headers, one static library per module, the
# linker-script fragment, the toolchain file, secmon_add_image() and the check tools
# under the prefix, with secmonConfig.cmake so that find_package(secmon) gives namespaced
# targets (secmon::core, secmon::psci, secmon::qemu_virt, ...) that carry their include
# paths and compile options. The same secmon::* names exist in the build tree, so
# add_subdirectory() and FetchContent users write the same target names.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(SECMON_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/secmon)
set(SECMON_DATA_DIR ${CMAKE_INSTALL_DATADIR}/secmon)

# target | exported name. Only the targets this configuration builds are listed.
set(_secmon_exports
  secmon_config|config secmon_warnings|warnings secmon_smc|smc
  secmon_psci_engine|psci_engine secmon_libfdt|libfdt secmon_pl011|pl011
  secmon_gicv2|gicv2 secmon_gicv3|gicv3 secmon_pl061|pl061
  secmon_qemu_virt_cold_boot|qemu_virt_cold_boot secmon_psci|psci
  secmon_arch|arch secmon_lib|lib secmon_core|core secmon_arch_svc|arch_svc
  secmon_cpus|cpus secmon_qemu_virt|qemu_virt
  secmon_pmu|pmu secmon_pmf|pmf secmon_pmf_svc|pmf_svc secmon_spd|spd)
set(_secmon_install_targets)
foreach(entry IN LISTS _secmon_exports)
  string(REPLACE "|" ";" e "${entry}")
  list(GET e 0 target)
  list(GET e 1 export_name)
  if(NOT TARGET ${target})
    continue()
  endif()
  set_target_properties(${target} PROPERTIES EXPORT_NAME ${export_name})
  if(NOT TARGET secmon::${export_name})
    add_library(secmon::${export_name} ALIAS ${target})
  endif()
  target_include_directories(${target} INTERFACE $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
  list(APPEND _secmon_install_targets ${target})
endforeach()

install(TARGETS ${_secmon_install_targets} EXPORT secmonTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(EXPORT secmonTargets NAMESPACE secmon:: DESTINATION ${SECMON_CMAKE_DIR})

# Public headers: the core's, each service's and driver's, the board port's, libfdt's and
# the generated configuration.
install(DIRECTORY core/include/ DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
foreach(dir services/arch/include services/psci/include services/pmf/include services/spd/include pmu/include
            platforms/common/include platforms/common/gic/include platforms/common/gpio/include)
  if(EXISTS ${PROJECT_SOURCE_DIR}/${dir})
    install(DIRECTORY ${dir}/ DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
  endif()
endforeach()
if(TARGET secmon_qemu_virt_cold_boot)
  install(FILES platforms/qemu-virt/virt_dt.h platforms/qemu-virt/qemu_virt.h
                platforms/qemu-virt/fw_cfg.h platforms/qemu-virt/virt_gic.h
                platforms/qemu-virt/virt_psci.h
          DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/secmon/qemu-virt)
  target_include_directories(secmon_qemu_virt_cold_boot INTERFACE
    $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}/secmon/qemu-virt>)
endif()
install(FILES ${SECMON_LIBFDT_SOURCE_DIR}/libfdt.h ${SECMON_LIBFDT_SOURCE_DIR}/fdt.h
              ${SECMON_LIBFDT_SOURCE_DIR}/libfdt_env.h
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/libfdt)
install(FILES ${PROJECT_BINARY_DIR}/generated/secmon_config.h DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})

# Build helpers for images made outside this tree.
install(FILES core/arch/aarch64/secmon_sections.ld core/arch/aarch64/secmon_cold_boot_in_load.ld
        DESTINATION ${SECMON_DATA_DIR}/ld)
install(PROGRAMS tools/check-image tools/qemu-run DESTINATION ${SECMON_DATA_DIR}/tools)
install(FILES cmake/toolchain-aarch64-clang.cmake cmake/secmon_image.cmake
        DESTINATION ${SECMON_CMAKE_DIR})

configure_package_config_file(cmake/secmonConfig.cmake.in
  ${PROJECT_BINARY_DIR}/secmonConfig.cmake INSTALL_DESTINATION ${SECMON_CMAKE_DIR}
  PATH_VARS SECMON_DATA_DIR)
write_basic_package_version_file(${PROJECT_BINARY_DIR}/secmonConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/secmonConfig.cmake ${PROJECT_BINARY_DIR}/secmonConfigVersion.cmake
        DESTINATION ${SECMON_CMAKE_DIR})
