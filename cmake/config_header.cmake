# Generates secmon_config.h, the only place build options reach the code.
configure_file(${CMAKE_CURRENT_LIST_DIR}/secmon_config.h.in
               ${PROJECT_BINARY_DIR}/generated/secmon_config.h @ONLY)
