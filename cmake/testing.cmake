# The test suite's CMake helpers (tests/): GoogleTest executables, feature-masked variants,
# arch cores with planted copies, modified copies of sources, CLI and board tests.

# kcshim_add_gtest(NAME name LABELS l... SOURCES s... [LIBS l...])
function(kcshim_add_gtest)
  cmake_parse_arguments(T "" "NAME" "LABELS;SOURCES;LIBS" ${ARGN})
  add_executable(${T_NAME} ${T_SOURCES})
  target_link_libraries(${T_NAME} PRIVATE kcshim GTest::gtest GTest::gmock GTest::gtest_main
                        kcshim_warnings ${T_LIBS})
  target_include_directories(${T_NAME} PRIVATE ${PROJECT_SOURCE_DIR})
  gtest_discover_tests(${T_NAME} PROPERTIES LABELS "${T_LABELS}" DISCOVERY_TIMEOUT 60)
endfunction()

# kcshim_add_feature_mask_gtests(SOURCE src VARIANTS Suite Suite2=feature ... [LIBS l...]): the gtest source
# built once per variant as executable test_<Suite>, its tests in suite <Suite>
# (KCSHIM_TEST_SUITE), with the CPU feature after "=" masked before the drivers' init
# (KCSHIM_TEST_MASK, tests/support/feature_mask.h); label unit.
function(kcshim_add_feature_mask_gtests)
  cmake_parse_arguments(T "" "SOURCE" "VARIANTS;LIBS" ${ARGN})
  foreach(variant ${T_VARIANTS})
    string(REPLACE "=" ";" parts "${variant}=")
    list(GET parts 0 suite)
    list(GET parts 1 mask)
    kcshim_add_gtest(NAME test_${suite} LABELS unit SOURCES ${T_SOURCE} LIBS ${T_LIBS})
    target_compile_definitions(test_${suite} PRIVATE KCSHIM_TEST_SUITE=${suite}
                               KCSHIM_TEST_MASK="${mask}")
  endforeach()
endfunction()

# kcshim_modified_copy(IN file OUT file REPLACE old new [old new ...]): writes a copy of IN with
# each old text replaced by its new one; a FATAL_ERROR if one old text is not in IN (the source
# changed and the change no longer applies). For planted bugs and benchmark bounds.
function(kcshim_modified_copy)
  cmake_parse_arguments(T "" "IN;OUT" "REPLACE" ${ARGN})
  file(READ ${T_IN} text)
  while(T_REPLACE)
    list(POP_FRONT T_REPLACE old new)
    string(FIND "${text}" "${old}" at)
    if(at EQUAL -1)
      message(FATAL_ERROR "${T_IN} no longer contains \"${old}\" for ${T_OUT}")
    endif()
    string(REPLACE "${old}" "${new}" text "${text}")
  endwhile()
  file(GENERATE OUTPUT ${T_OUT} CONTENT "${text}")
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${T_IN})
endfunction()

# kcshim_add_core_gtests(SUITE S SOURCES test.cpp... CORE core.c... PLANTED_CORE copy.c...
#   INCLUDE dir [PLANTED_INCLUDE dir] [LIBS lib...] EXPECT_FAIL Name=filter...): an arch core's
# own test without the drivers, as test_<S> (label unit) and against a copy with a planted bug
# as test_<S>Planted, whose EXPECT_FAIL gtest filters are ctests <S>Planted.<Name> that must
# fail.
# A core may be C and .S files.
function(kcshim_add_core_gtests)
  cmake_parse_arguments(T "" "SUITE;INCLUDE;PLANTED_INCLUDE"
                        "SOURCES;CORE;PLANTED_CORE;LIBS;EXPECT_FAIL" ${ARGN})
  if(NOT T_PLANTED_INCLUDE)
    set(T_PLANTED_INCLUDE ${T_INCLUDE})
  endif()
  foreach(planted "" "Planted")
    set(suite ${T_SUITE}${planted})
    if(planted)
      set(core ${T_PLANTED_CORE})
      set(include ${T_PLANTED_INCLUDE})
    else()
      set(core ${T_CORE})
      set(include ${T_INCLUDE})
    endif()
    add_executable(test_${suite} ${T_SOURCES} ${core})
    target_include_directories(test_${suite} PRIVATE ${include})
    target_link_libraries(test_${suite} PRIVATE kcshim_headers GTest::gtest GTest::gtest_main
                          ${T_LIBS})
    target_compile_definitions(test_${suite} PRIVATE KCSHIM_TEST_SUITE=${suite})
    kcshim_kbuild_asm(test_${suite})
  endforeach()
  gtest_discover_tests(test_${T_SUITE} PROPERTIES LABELS unit)
  foreach(expect ${T_EXPECT_FAIL})
    string(REPLACE "=" ";" parts "${expect}")
    list(GET parts 0 name)
    list(GET parts 1 filter)
    add_test(NAME ${T_SUITE}Planted.${name}
      COMMAND test_${T_SUITE}Planted --gtest_filter=${filter})
    set_tests_properties(${T_SUITE}Planted.${name} PROPERTIES LABELS unit WILL_FAIL TRUE)
  endforeach()
endfunction()

# kcshim_add_cli_gtest(NAME name LABELS l... SOURCES s... WORK dir): a gtest that runs the
# kcshim CLI on the kernel trees the kernel-vectors target extracts (tests/tools/dropin/tree73_cli.h).
function(kcshim_add_cli_gtest)
  cmake_parse_arguments(T "" "NAME;WORK" "LABELS;SOURCES" ${ARGN})
  kcshim_add_gtest(NAME ${T_NAME} LABELS ${T_LABELS} SOURCES ${T_SOURCES})
  target_compile_definitions(${T_NAME} PRIVATE
    KCSHIM_TEST_CLI="$<TARGET_FILE:kcshim_cli>"
    KCSHIM_TEST_KERNEL_TREES="${KCSHIM_KERNEL_TREES}"
    KCSHIM_TEST_WORK_DIR="${T_WORK}")
  add_dependencies(${T_NAME} kcshim_cli)
endfunction()

# kcshim_add_board_test(LABEL label [DRIVERS d...]): in a cross build with the CLI, its board
# folder (cmake/board_package.cmake) unpacked elsewhere and run under qemu-user
# (tests/tools/cli/board_package.sh); `kcshim list` there must show DRIVERS with their self-tests passed.
function(kcshim_add_board_test)
  cmake_parse_arguments(T "" "LABEL" "DRIVERS" ${ARGN})
  if(TARGET kcshim_cli)
    set(name ${T_LABEL}.board_folder_runs_under_qemu_${KCSHIM_QEMU_CPU})
    add_test(NAME ${name}
      COMMAND ${PROJECT_SOURCE_DIR}/tests/tools/cli/board_package.sh ${CMAKE_BINARY_DIR} ${KCSHIM_ARCH}
              ${CMAKE_CROSSCOMPILING_EMULATOR})
    list(JOIN T_DRIVERS " " drivers)
    set_tests_properties(${name} PROPERTIES LABELS ${T_LABEL} TIMEOUT 900
                         ENVIRONMENT "KCSHIM_BOARD_DRIVERS=${drivers}")
  endif()
endfunction()

# kcshim_add_kunit_coverage_test(NAME name LABELS l... BASELINE tsv OUT dir [ARCH a CPUS m...]
# [PROPERTIES p v...]): every KUnit suite file of 7.3 run by tools/kunit/coverage, in this build's
# kcshim or (ARCH) in that arch's under qemu-user on each CPU model; fails when a cell is worse
# than BASELINE or the tree's kunit.py parse counts differently, skips without the 7.3 tree.
function(kcshim_add_kunit_coverage_test)
  cmake_parse_arguments(T "" "NAME;BASELINE;OUT;ARCH" "LABELS;CPUS;PROPERTIES" ${ARGN})
  find_package(Python3 COMPONENTS Interpreter REQUIRED)
  set(arch)
  if(T_ARCH)
    set(arch --arch ${T_ARCH} --cpus ${T_CPUS})
  endif()
  add_test(NAME ${T_NAME}
    COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tools/kunit/coverage
            --kcshim $<TARGET_FILE:kcshim_cli> ${arch} --trees ${KCSHIM_KERNEL_TREES}
            --versions 7.3 --out ${T_OUT} --markdown ${T_OUT}/coverage.md
            --tsv ${T_OUT}/coverage.tsv --baseline ${T_BASELINE})
  set_tests_properties(${T_NAME} PROPERTIES LABELS "${T_LABELS}" TIMEOUT 1800
    SKIP_REGULAR_EXPRESSION "coverage: no KUnit suites" ${T_PROPERTIES})
endfunction()
