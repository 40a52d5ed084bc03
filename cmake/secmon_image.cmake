# secmon_add_image(<name> LINKER_SCRIPT <ld> SOURCES <src...> LIBRARIES <libs...>)
#
# Links an EL3 image <name>.elf from the board's sources and libsecmon libraries with the
# board's linker script (which INCLUDEs secmon_sections.ld), then makes <name>.bin and a
# size report, and registers the image checks (no FP/SIMD instruction, W^X) as a test.
# In the source tree the fragment and tools are found relative to this file; an installed
# package sets both before including it.
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

function(secmon_add_image name)
  cmake_parse_arguments(IMG "" "LINKER_SCRIPT" "SOURCES;LIBRARIES" ${ARGN})
  get_property(SECMON_LD_FRAGMENT_DIR GLOBAL PROPERTY SECMON_LD_FRAGMENT_DIR)
  get_property(SECMON_TOOLS_DIR GLOBAL PROPERTY SECMON_TOOLS_DIR)
  get_property(SECMON_OBJDUMP GLOBAL PROPERTY SECMON_OBJDUMP)
  get_property(SECMON_SIZE GLOBAL PROPERTY SECMON_SIZE)
  add_executable(${name} ${IMG_SOURCES})
  set_target_properties(${name} PROPERTIES OUTPUT_NAME ${name}.elf LINK_DEPENDS
                        "${IMG_LINKER_SCRIPT};${SECMON_LD_FRAGMENT_DIR}/secmon_sections.ld;${SECMON_LD_FRAGMENT_DIR}/secmon_cold_boot_in_load.ld")
  # --whole-archive is not needed: the image names everything it uses.
  target_link_libraries(${name} PRIVATE ${IMG_LIBRARIES})
  target_link_options(${name} PRIVATE
    -T ${IMG_LINKER_SCRIPT} -L ${SECMON_LD_FRAGMENT_DIR}
    -Wl,-Map=${CMAKE_CURRENT_BINARY_DIR}/${name}.map)
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
