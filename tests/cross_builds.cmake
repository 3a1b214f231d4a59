# The host build's tests that run the cross builds (labels arm64 and arm): each configures and
# builds build/<arch>/ with the arch's toolchain and runs its tests under qemu-user
# (tests/cross_test.sh); the cross build's own tests are the <arch>/ folders of tests/.
#
# arm64: the library, our drivers and the shim's tests cross-compiled with gcc-aarch64-linux-gnu
# and run under qemu-aarch64 (cortex-a53 and max), so the drivers' byte-order and alignment
# handling and the arm64 CPU-feature code run on the architecture they claim to support.
find_package(Python3 REQUIRED COMPONENTS Interpreter)
# What the cross builds build and run: "all", the shim's tests too (on one CPU of each arch),
# or "arch", the arch's own tests and the CLI only (CI's: the full matrix is local, docs/testing.md).
set(KCSHIM_CROSS_TESTS "all" CACHE STRING "the cross builds' tests: all or arch")
set_property(CACHE KCSHIM_CROSS_TESTS PROPERTY STRINGS all arch)
# The generations arm64.dropin_coverage builds the kernel's arm64 drivers of (and the arm64 build
# makes vectors modules for): all three locally; CI, which keeps the full matrix local, the newest.
set(KCSHIM_ARM64_DROPIN_VERSIONS "6.1;6.12;7.3" CACHE STRING
  "kernel generations of the arm64 drop-in coverage test")
list(JOIN KCSHIM_ARM64_DROPIN_VERSIONS "$<SEMICOLON>" arm64_vector_versions)
find_program(KCSHIM_AARCH64_CXX aarch64-linux-gnu-g++)
find_program(KCSHIM_QEMU_AARCH64 qemu-aarch64)
if(KCSHIM_AARCH64_CXX AND KCSHIM_QEMU_AARCH64)
  # the shim's tests once (on max, which has every feature); on cortex-a53 the arm64 label's:
  # what registers there and what does not
  foreach(cpu cortex-a53 max)
    set(only)
    if(cpu STREQUAL "cortex-a53" OR KCSHIM_CROSS_TESTS STREQUAL "arch")
      set(only -Larm64)
    endif()
    add_test(NAME arm64.cross_build_and_test_${cpu}
      COMMAND ${PROJECT_SOURCE_DIR}/tests/cross_test.sh ${PROJECT_SOURCE_DIR}
              ${CMAKE_BINARY_DIR}/arm64 aarch64-linux-gnu ${cpu} ${only}
              # the CLI too (its board folder runs under qemu) and the trees' vectors
              # built for arm64 (the drop-in coverage below), from the host build's trees;
              # not the qemu guests' programs, which the host build has
              -DKCSHIM_TOOLS=ON -DKCSHIM_KERNEL_VECTOR_VERSIONS=${arm64_vector_versions}
              -DKCSHIM_CROSS_TESTS=${KCSHIM_CROSS_TESTS}
              -DKCSHIM_KERNEL_TREES=${KCSHIM_KERNEL_TREES} -DKCSHIM_GUEST_PROGRAMS=OFF
              Sha3Ce:6 Sha512Ce:6 CrcT10difArm64:7 CrcT10difArm64NoPmull:5)
    set_tests_properties(arm64.cross_build_and_test_${cpu} PROPERTIES LABELS arm64 TIMEOUT 1800
      RESOURCE_LOCK arm64_build FIXTURES_SETUP arm64_build)
  endforeach()
  # The kernel's own arm64 drivers (arch/arm64/crypto of 6.1 and 6.12), built with
  # `kcshim build --arch arm64` against that build's library and run by its kcshim under
  # qemu-aarch64 -cpu max and cortex-a53: no cell may get worse than the baseline.
  add_test(NAME arm64.dropin_coverage
    COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tools/dropin/coverage --arch arm64
            --cpus max cortex-a53 --versions ${KCSHIM_ARM64_DROPIN_VERSIONS} --trees ${KCSHIM_KERNEL_TREES}
            --target-kcshim ${CMAKE_BINARY_DIR}/arm64/tools/cli/kcshim
            --vectors-dir ${CMAKE_BINARY_DIR}/arm64 --kcshim $<TARGET_FILE:kcshim_cli>
            --out ${CMAKE_BINARY_DIR}/dropin-arm64 --markdown ${CMAKE_BINARY_DIR}/dropin-arm64/coverage.md
            --tsv ${CMAKE_BINARY_DIR}/dropin-arm64/coverage.tsv
            --baseline ${PROJECT_SOURCE_DIR}/tests/tools/dropin/arm64-coverage-baseline.tsv)
  set_tests_properties(arm64.dropin_coverage PROPERTIES LABELS "arm64;dropin" TIMEOUT 1800
    RESOURCE_LOCK arm64_build FIXTURES_REQUIRED arm64_build
    ENVIRONMENT KCSHIM_LIBRARY=${CMAKE_BINARY_DIR}/arm64/shim/libkcshim.so
    SKIP_REGULAR_EXPRESSION "coverage: no tree")
  # kcshim --arch arm64 on this host: the arm64 cross build's kcshim under qemu-aarch64
  add_test(NAME arm64.arch_option_runs_the_arm64_kcshim
    COMMAND ${PROJECT_SOURCE_DIR}/tests/tools/cli/arch_passthrough.sh $<TARGET_FILE:kcshim_cli>
            ${CMAKE_BINARY_DIR}/arm64)
  set_tests_properties(arm64.arch_option_runs_the_arm64_kcshim PROPERTIES LABELS arm64
    TIMEOUT 600 RESOURCE_LOCK arm64_build FIXTURES_REQUIRED arm64_build)
  # kcshim kunit --arch arm64: the kernel's sha512_kunit with lib/crypto/arm64's code on max and
  # cortex-a53, and a planted sha512-ce-core.S caught on max only (the whole matrix: docs/arches.md)
  add_test(NAME arm64.kunit_runs_the_arm64_sha512_code
    COMMAND ${PROJECT_SOURCE_DIR}/tests/tools/kunit/arch_kunit.sh $<TARGET_FILE:kcshim_cli> arm64
            ${CMAKE_BINARY_DIR}/arm64 ${KCSHIM_KERNEL_TREES}/linux-source-7.3 max cortex-a53)
  set_tests_properties(arm64.kunit_runs_the_arm64_sha512_code PROPERTIES LABELS arm64
    TIMEOUT 900 RESOURCE_LOCK arm64_build FIXTURES_REQUIRED arm64_build SKIP_RETURN_CODE 77)
  # kcshim patch-check --arch arm64: a patch to lib/crypto/arm64/sha512.h checked with the arm64
  # code, each side's drivers, vectors and KUnit there (docs/patch-check.md)
  # and a generic patch on the host and arm64 in one run, a column each
  add_test(NAME arm64.patch_check_reaches_the_arm64_code
    COMMAND ${PROJECT_SOURCE_DIR}/tests/tools/patch_check/arch_patch_check.sh
            $<TARGET_FILE:kcshim_cli> arm64 ${CMAKE_BINARY_DIR}/arm64
            ${KCSHIM_KERNEL_TREES}/linux-source-7.3)
  set_tests_properties(arm64.patch_check_reaches_the_arm64_code PROPERTIES LABELS arm64
    TIMEOUT 900 RESOURCE_LOCK arm64_build FIXTURES_REQUIRED arm64_build SKIP_RETURN_CODE 77)
  # and every 7.3 suite file on both CPU models, no cell worse than baseline-arm64.tsv (local:
  # the matrix, docs/arches.md)
  if(KCSHIM_CROSS_TESTS STREQUAL "all")
    kcshim_add_kunit_coverage_test(NAME arm64.kunit_suites_7_3 LABELS arm64 kunit ARCH arm64
      CPUS max cortex-a53 OUT ${CMAKE_BINARY_DIR}/kunit-arm64
      BASELINE ${PROJECT_SOURCE_DIR}/tests/tools/kunit/baseline-arm64.tsv
      PROPERTIES RESOURCE_LOCK arm64_build FIXTURES_REQUIRED arm64_build)
  endif()
else()
  message(STATUS "arm64 tests: no aarch64-linux-gnu-g++ or qemu-aarch64 (tools/install-deps --tests)")
endif()

# 32-bit arm (ARMv7-A, hard float): the library, our drivers and the shim's tests cross-compiled
# with gcc-arm-linux-gnueabihf and run under qemu-arm, on a Cortex-A8 (the NEON core the kernel's
# sha512-neon was tuned for) and a Cortex-A15.
find_program(KCSHIM_ARM_CXX arm-linux-gnueabihf-g++)
find_program(KCSHIM_QEMU_ARM qemu-arm)
if(KCSHIM_ARM_CXX AND KCSHIM_QEMU_ARM)
  # the shim's tests once (on the Cortex-A8), the arm label's on both
  foreach(cpu cortex-a8 cortex-a15)
    set(only)
    if(cpu STREQUAL "cortex-a15" OR KCSHIM_CROSS_TESTS STREQUAL "arch")
      set(only -Larm)
    endif()
    add_test(NAME arm.cross_build_and_test_${cpu}
      COMMAND ${PROJECT_SOURCE_DIR}/tests/cross_test.sh ${PROJECT_SOURCE_DIR}
              ${CMAKE_BINARY_DIR}/arm arm-linux-gnueabihf ${cpu} ${only}
              -DKCSHIM_CROSS_TESTS=${KCSHIM_CROSS_TESTS}
              # the CLI too, for kcshim kunit --arch arm; no vectors modules, no guest programs
              -DKCSHIM_TOOLS=ON -DKCSHIM_KERNEL_VECTOR_VERSIONS= -DKCSHIM_GUEST_PROGRAMS=OFF
              -DKCSHIM_KERNEL_TREES=${KCSHIM_KERNEL_TREES}
              Sha512Neon:6 Sha512NeonMasked:2)
    set_tests_properties(arm.cross_build_and_test_${cpu} PROPERTIES LABELS arm TIMEOUT 1800
      RESOURCE_LOCK arm_build FIXTURES_SETUP arm_build)
  endforeach()
  # kcshim kunit --arch arm: the kernel's sha512_kunit with lib/crypto/arm's NEON code
  add_test(NAME arm.kunit_runs_the_arm_sha512_code
    COMMAND ${PROJECT_SOURCE_DIR}/tests/tools/kunit/arch_kunit.sh $<TARGET_FILE:kcshim_cli> arm
            ${CMAKE_BINARY_DIR}/arm ${KCSHIM_KERNEL_TREES}/linux-source-7.3 cortex-a15 cortex-a8)
  set_tests_properties(arm.kunit_runs_the_arm_sha512_code PROPERTIES LABELS arm
    TIMEOUT 900 RESOURCE_LOCK arm_build FIXTURES_REQUIRED arm_build SKIP_RETURN_CODE 77)
  if(KCSHIM_CROSS_TESTS STREQUAL "all")
    kcshim_add_kunit_coverage_test(NAME arm.kunit_suites_7_3 LABELS arm kunit ARCH arm
      CPUS cortex-a15 cortex-a8 OUT ${CMAKE_BINARY_DIR}/kunit-arm
      BASELINE ${PROJECT_SOURCE_DIR}/tests/tools/kunit/baseline-arm.tsv
      PROPERTIES RESOURCE_LOCK arm_build FIXTURES_REQUIRED arm_build)
  endif()
else()
  message(STATUS "arm tests: no arm-linux-gnueabihf-g++ or qemu-arm (tools/install-deps --tests)")
endif()
