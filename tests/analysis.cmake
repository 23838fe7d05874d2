# The Python analysis package (analysis/) and the notebooks (notebooks/) under CTest, so the
# README's one test command covers them. Debian's interpreter is named explicitly: another
# python3 earlier on PATH may lack python3-pandas/-matplotlib/-pytest/-nbconvert/-ipykernel.
# Nothing is written into the source tree: no pytest cache, no bytecode, executed notebooks go
# to a temporary folder. The tests do not involve C++, so the sanitizer build skips them
# (label no_sanitizer); they run once, in the normal build. TAV_BINARY is the `tav` the tests
# run to make a fresh retrograde database (analysis/tests/test_anywhere.py). The time limits only catch a hang
# (half an hour): no test may fail a correct run because the machine is slow or loaded.
set(TAV_PYTHON /usr/bin/python3)

add_test(NAME analysis_pytest
         COMMAND ${TAV_PYTHON} -m pytest -q -p no:cacheprovider ${CMAKE_SOURCE_DIR}/analysis/tests
         WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
set_tests_properties(analysis_pytest PROPERTIES
                     ENVIRONMENT "PYTHONDONTWRITEBYTECODE=1;PYTHONNOUSERSITE=1;MPLBACKEND=Agg;TAV_BINARY=$<TARGET_FILE:tav>"
                     LABELS "python;no_sanitizer" TIMEOUT 1800)

foreach(notebook lehmann performance prairie)
  add_test(NAME notebook_${notebook}
           COMMAND ${TAV_PYTHON} ${CMAKE_CURRENT_SOURCE_DIR}/run_notebook.py
                   ${CMAKE_SOURCE_DIR}/notebooks/${notebook}.ipynb
           WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
  set_tests_properties(notebook_${notebook} PROPERTIES
                       LABELS "python;no_sanitizer" TIMEOUT 1800)
endforeach()
