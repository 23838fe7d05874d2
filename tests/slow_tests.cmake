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
  add_executable(${name} ${source})
  target_link_libraries(${name} PRIVATE tavcore GTest::gtest GTest::gtest_main GTest::gmock)
  target_include_directories(${name} PRIVATE ${CMAKE_CURRENT_SOURCE_DIR})
  target_compile_definitions(${name} PRIVATE TAV_BINARY="$<TARGET_FILE:tav>"
                                             TAV_SOURCE_DIR="${CMAKE_SOURCE_DIR}")
  add_dependencies(${name} tav)
  gtest_discover_tests(${name} DISCOVERY_TIMEOUT 600
                       PROPERTIES TIMEOUT 900 LABELS no_sanitizer)
endforeach()
