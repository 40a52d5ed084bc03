# ctest fuzz smoke run: a fresh scratch corpus, the committed seeds read-only, a fixed
# seed and number of runs. For the same build and seeds two runs do the same work: the
# corpus is not reloaded on a timer, the entropic schedule (which is not reproducible) is
# off, and address randomisation is off when setarch allows it (libFuzzer feeds compared
# values, addresses included, back into its mutations).
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK}/corpus ${WORK}/artifacts)
set(prefix)
find_program(SETARCH setarch)
if(SETARCH)
  execute_process(COMMAND ${SETARCH} ${CMAKE_HOST_SYSTEM_PROCESSOR} -R true RESULT_VARIABLE rc
                  OUTPUT_QUIET ERROR_QUIET)
  if(rc EQUAL 0)
    set(prefix ${SETARCH} ${CMAKE_HOST_SYSTEM_PROCESSOR} -R)
  endif()
endif()
execute_process(
  COMMAND ${prefix} ${FUZZER} -seed=1 -runs=${RUNS} -reload=0 -entropic=0 -max_len=2048
          -timeout=10 -dict=${DICT} -print_final_stats=1 -artifact_prefix=${WORK}/artifacts/
          ${WORK}/corpus ${CORPUS}
  RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "fuzz smoke run failed (${rc}); reproducer in ${WORK}/artifacts")
endif()
