# Generates the verifier for MODEL with spin -a DEFS, compiles it and runs an exhaustive
# safety search (assertions, invalid end states = deadlocks). EXPECT=pass: no error and
# the search was complete; EXPECT=violation: the checker must report an error (a
# seeded bug), and the trail is replayed to show the counterexample.
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
# A copy next to the verifier, so that spin finds the trail to replay.
get_filename_component(name ${MODEL} NAME)
file(COPY ${MODEL} DESTINATION ${WORK})
string(REPLACE " " ";" defs "${DEFS}")
execute_process(COMMAND ${SPIN} ${defs} -a ${name} WORKING_DIRECTORY ${WORK}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "spin -a failed:\n${out}")
endif()
# COLLAPSE: compressed state vectors (about 0.7 GB for the 3-CPU runs).
execute_process(COMMAND ${CC} -O2 -w -DSAFETY -DCOLLAPSE -o pan pan.c WORKING_DIRECTORY ${WORK}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "compiling the verifier failed:\n${out}")
endif()
execute_process(COMMAND ./pan -m4000000 WORKING_DIRECTORY ${WORK}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
string(REGEX MATCH "errors: ([0-9]+)" m "${out}")
set(errors ${CMAKE_MATCH_1})
string(REGEX MATCH "[0-9]+ states, stored" states "${out}")
string(REGEX MATCH "elapsed time [0-9.]+ seconds" elapsed "${out}")
message("${DEFS}: errors: ${errors}, ${states}, ${elapsed}")
if(errors STREQUAL "")
  message(FATAL_ERROR "no verdict from the verifier:\n${out}")
endif()
if(EXPECT STREQUAL "pass")
  if(NOT errors EQUAL 0 OR out MATCHES "max search depth too small")
    message(FATAL_ERROR "model check failed or incomplete:\n${out}")
  endif()
else()
  if(errors EQUAL 0)
    message(FATAL_ERROR "the seeded bug (${DEFS}) was not caught:\n${out}")
  endif()
  string(REGEX MATCH "pan:1: [^\n]*" what "${out}")
  message("caught as expected: ${what}")
  execute_process(COMMAND ${SPIN} ${defs} -t -p -g ${name} WORKING_DIRECTORY ${WORK}
                  OUTPUT_FILE trail.txt ERROR_QUIET)
  message("counterexample: ${WORK}/trail.txt")
endif()
