# Exported library targets: each is secmon::<name> in the build tree (for add_subdirectory()
# and FetchContent users) and in the installed package (find_package(secmon)), with its
# headers. docs/porting.md maps headers to targets.
#
# secmon_export(<target> <name> [HEADER_DIR <dir> HEADERS <files...>]) exports one; a
# library with headers outside the merged include/ tree (a board port's) names them, and
# they are installed under include/<dir>. The board ports export themselves from their own
# CMakeLists.txt, like a vendor's would; this file knows only the libraries of the package.
function(secmon_export target name)
  cmake_parse_arguments(E "" "HEADER_DIR" "HEADERS" ${ARGN})
  set_target_properties(${target} PROPERTIES EXPORT_NAME ${name})
  if(NOT TARGET secmon::${name})
    add_library(secmon::${name} ALIAS ${target})
  endif()
  target_include_directories(${target} INTERFACE $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
  set_property(GLOBAL APPEND PROPERTY SECMON_EXPORTED_TARGETS ${target})
  if(E_HEADERS)
    target_include_directories(${target} INTERFACE
      $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}/${E_HEADER_DIR}>)
    if(SECMON_EL3) # the package is the EL3 libraries (cmake/install.cmake)
      install(FILES ${E_HEADERS} DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/${E_HEADER_DIR})
    endif()
  endif()
endfunction()

# The package's own libraries, once their directories have defined them (CMakeLists.txt).
function(secmon_export_package_libraries)
  foreach(entry
      secmon_config|config secmon_warnings|warnings
      secmon_core|core secmon_arch|arch secmon_lib|lib secmon_smc|smc secmon_pmu|pmu
      secmon_psci_engine|psci_engine secmon_pmf|pmf secmon_handoff|handoff
      secmon_arch_svc|arch_svc secmon_psci|psci secmon_pmf_svc|pmf_svc secmon_spd|spd
      secmon_trng|trng
      secmon_libfdt|libfdt secmon_cpus|cpus secmon_pl011|pl011 secmon_pl061|pl061
      secmon_gicv2|gicv2 secmon_gicv3|gicv3 secmon_scmi|scmi secmon_mhu|mhu secmon_css|css
      secmon_cci400|cci400 secmon_park_power|park_power secmon_rndr|rndr)
    string(REPLACE "|" ";" e "${entry}")
    list(GET e 0 target)
    list(GET e 1 name)
    if(TARGET ${target})
      secmon_export(${target} ${name})
    endif()
  endforeach()
endfunction()
