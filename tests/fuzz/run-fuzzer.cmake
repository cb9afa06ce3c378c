# Runs the pragma-parser fuzzer for ORBIS_FUZZ_SECONDS (default 20) on a copy
# of the seed corpus; any crash, leak or timeout fails the test.
file(REMOVE_RECURSE ${WORK})
file(COPY ${CORPUS}/ DESTINATION ${WORK})
if(DEFINED ENV{ORBIS_FUZZ_SECONDS})
  set(seconds $ENV{ORBIS_FUZZ_SECONDS})
else()
  set(seconds 20)
endif()
execute_process(
  COMMAND ${FUZZER} -max_total_time=${seconds} -timeout=5 -dict=${DICT}
          -print_final_stats=1 ${WORK}
  RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "pragma-parser fuzzer failed (exit ${rc})")
endif()
