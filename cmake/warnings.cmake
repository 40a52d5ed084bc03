# Warnings are errors everywhere.
add_library(secmon_warnings INTERFACE)
target_compile_options(secmon_warnings INTERFACE
  $<$<COMPILE_LANGUAGE:C>:-Wall -Wextra -Werror -Wshadow -Wstrict-prototypes -Wmissing-prototypes
  -Wno-unused-parameter -Wvla -Wimplicit-fallthrough>)
