# The exported library targets: each is secmon::<name> in the build tree (for
# add_subdirectory() and FetchContent users) and in the installed package
# (find_package(secmon)), with its headers. docs/porting.md maps headers to targets.
#
# target | exported name
set(_secmon_exports
  secmon_config|config secmon_warnings|warnings
  secmon_core|core secmon_arch|arch secmon_lib|lib secmon_smc|smc secmon_pmu|pmu
  secmon_psci_engine|psci_engine secmon_pmf|pmf
  secmon_arch_svc|arch_svc secmon_psci|psci secmon_pmf_svc|pmf_svc secmon_spd|spd
  secmon_libfdt|libfdt secmon_cpus|cpus secmon_pl011|pl011 secmon_pl061|pl061
  secmon_gicv2|gicv2 secmon_gicv3|gicv3 secmon_scmi|scmi secmon_mhu|mhu secmon_css|css
  secmon_cci400|cci400 secmon_park_power|park_power
  secmon_qemu_virt|qemu_virt secmon_juno|juno secmon_n1sdp|n1sdp)
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
  set_property(GLOBAL APPEND PROPERTY SECMON_EXPORTED_TARGETS ${target})
endforeach()
# Port headers that are installed in a directory of their own.
foreach(port juno n1sdp)
  if(TARGET secmon_${port})
    target_include_directories(secmon_${port} INTERFACE
      $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}/secmon/ports/${port}>)
  endif()
endforeach()
