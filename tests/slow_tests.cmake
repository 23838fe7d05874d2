# Heavy tests: every tests/*_slowtest.cc is a GoogleTest program like the
# *_test.cc ones, but its tests carry the CTest label `no_sanitizer`, which the
# ASan+UBSan run of .ci/run excludes (they take seconds in Release and minutes
# under the sanitizers). Run them alone with `ctest -L no_sanitizer`. The sanitizer builds, which
# do not run them, do not build them either (TAV_BUILD_SLOW_TESTS=OFF).
if(NOT TAV_BUILD_SLOW_TESTS)
  return()
endif()
file(GLOB TAV_SLOW_TEST_SOURCES CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/*_slowtest.cc)
foreach(source ${TAV_SLOW_TEST_SOURCES})
  get_filename_component(name ${source} NAME_WE)
  tav_test_program(${name} ${source})
  gtest_discover_tests(${name} DISCOVERY_TIMEOUT 600
                       PROPERTIES TIMEOUT 900 LABELS no_sanitizer)
endforeach()
