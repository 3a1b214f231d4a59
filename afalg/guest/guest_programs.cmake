# The static programs a qemu guest runs, init and kcshim-bridge, one pair per guest arch in
# ${KCSHIM_GUEST_PROGRAMS_DIR}/<arch>/ (arch: x86_64, arm64).  Each arch is this source tree
# configured again with KCSHIM_GUEST_PROGRAMS_ONLY and its own flags: -O2 and -static, never a
# sanitizer preset's (a guest has no sanitizer runtime), and for a foreign arch the cross
# toolchain in cmake/toolchains/.
include(ExternalProject)

option(KCSHIM_GUEST_PROGRAMS "Build the static init and kcshim-bridge qemu guests run" ON)
set(KCSHIM_GUEST_PROGRAMS_DIR ${CMAKE_BINARY_DIR}/guest CACHE PATH
    "where the guest programs are, <dir>/<arch>/{init,kcshim-bridge}; another build's to reuse them")
# An installed kcshim finds them under its libexec/kcshim/guest/, a build tree's here
# (tools/runtime_files).
target_compile_definitions(kcshim_afalg PRIVATE
  KCSHIM_GUEST_PROGRAMS_DIR="${KCSHIM_GUEST_PROGRAMS_DIR}")

# Depend on this to have every guest arch's programs built here (nothing when they are reused).
add_custom_target(kcshim_guest_programs ALL)

function(kcshim_install_guest_programs arch)
  install(PROGRAMS ${KCSHIM_GUEST_PROGRAMS_DIR}/${arch}/init
                   ${KCSHIM_GUEST_PROGRAMS_DIR}/${arch}/kcshim-bridge
          DESTINATION ${CMAKE_INSTALL_LIBEXECDIR}/kcshim/guest/${arch} OPTIONAL)
endfunction()

# kcshim_guest_arch(ARCH TRIPLET PACKAGES): builds ARCH's programs with the host compiler when
# ARCH is the host's, else with cmake/toolchains/TRIPLET.cmake, when TRIPLET's compiler and
# static libkcapi and libcrypto are here; else says which Debian PACKAGES would give them.
function(kcshim_guest_arch arch triplet packages)
  set(missing "")
  if(KCSHIM_ARCH STREQUAL arch OR (KCSHIM_ARCH STREQUAL "x86" AND arch STREQUAL "x86_64"))
    set(how -DCMAKE_C_COMPILER=${CMAKE_C_COMPILER} -DCMAKE_CXX_COMPILER=${CMAKE_CXX_COMPILER})
  else()
    set(toolchain ${PROJECT_SOURCE_DIR}/cmake/toolchains/${triplet}.cmake)
    find_program(KCSHIM_${arch}_CXX ${triplet}-g++)
    if(NOT EXISTS ${toolchain})
      list(APPEND missing ${toolchain})
    elseif(NOT KCSHIM_${arch}_CXX)
      list(APPEND missing ${triplet}-g++)
    endif()
    set(how -DCMAKE_TOOLCHAIN_FILE=${toolchain})
  endif()
  foreach(lib libkcapi.a libcrypto.a)
    if(NOT EXISTS /usr/lib/${triplet}/${lib})
      list(APPEND missing /usr/lib/${triplet}/${lib})
    endif()
  endforeach()
  if(missing)
    list(JOIN missing ", " missing)
    message(STATUS "Guest programs for ${arch}: not built, missing ${missing}; "
                   "install ${packages} (tools/install-deps --tests)")
    return()
  endif()

  ExternalProject_Add(kcshim_guest_${arch}
    SOURCE_DIR ${PROJECT_SOURCE_DIR}
    PREFIX ${CMAKE_BINARY_DIR}/guest-build/${arch}
    BINARY_DIR ${CMAKE_BINARY_DIR}/guest-build/${arch}/build
    CMAKE_GENERATOR ${CMAKE_GENERATOR}
    # Every flag spelt out, so neither a preset's cache nor CFLAGS/LDFLAGS get in.
    CMAKE_ARGS ${how}
      -DKCSHIM_GUEST_PROGRAMS_ONLY=ON
      -DKCSHIM_WERROR=${KCSHIM_WERROR}
      -DCMAKE_BUILD_TYPE=
      -DCMAKE_C_FLAGS=-O2
      -DCMAKE_CXX_FLAGS=-O2
      -DCMAKE_EXE_LINKER_FLAGS=
      -DCMAKE_INSTALL_PREFIX=${KCSHIM_GUEST_PROGRAMS_DIR}/${arch}
    # The sources are this tree: let the sub-build's own ninja decide what changed.
    BUILD_ALWAYS ON
    INSTALL_COMMAND ${CMAKE_COMMAND} --install <BINARY_DIR>
    # One arch at a time (the console pool), and their output as it comes.
    USES_TERMINAL_CONFIGURE ON
    USES_TERMINAL_BUILD ON
    USES_TERMINAL_INSTALL ON)
  add_dependencies(kcshim_guest_programs kcshim_guest_${arch})
  kcshim_install_guest_programs(${arch})
  message(STATUS "Guest programs for ${arch}: ${KCSHIM_GUEST_PROGRAMS_DIR}/${arch}")
endfunction()

if(NOT KCSHIM_GUEST_PROGRAMS_DIR STREQUAL "${CMAKE_BINARY_DIR}/guest" AND
   IS_DIRECTORY ${KCSHIM_GUEST_PROGRAMS_DIR})
  # Another build's (CI's sanitizer build uses the default build's): not built again here.
  set(reused "")
  foreach(arch x86_64 arm64)
    if(EXISTS ${KCSHIM_GUEST_PROGRAMS_DIR}/${arch}/init)
      kcshim_install_guest_programs(${arch})
      list(APPEND reused ${arch})
    endif()
  endforeach()
  message(STATUS "Guest programs: reusing ${KCSHIM_GUEST_PROGRAMS_DIR} (${reused})")
elseif(NOT KCSHIM_GUEST_PROGRAMS)
  message(STATUS "Guest programs: not built (KCSHIM_GUEST_PROGRAMS is OFF)")
else()
  kcshim_guest_arch(x86_64 x86_64-linux-gnu "libkcapi-dev libssl-dev")
  kcshim_guest_arch(arm64 aarch64-linux-gnu
    "g++-aarch64-linux-gnu libkcapi-dev:arm64 libssl-dev:arm64")
endif()
