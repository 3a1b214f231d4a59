# The board folder: kcshim for a machine that has no toolchain and no kcshim packages (an arm64 or
# arm board), as one directory to copy over, and a tarball of it.
#
#   cmake --build --preset arm64 --target board-package
#     -> build-arm64/kcshim-arm64/{bin/kcshim, lib/libkcshim.so.0, lib/<what kcshim needs>}
#     -> build-arm64/kcshim-arm64.tar.gz
#
# bin/kcshim finds its libraries through RUNPATH $ORIGIN/../lib, so the folder runs from wherever
# it is unpacked. Bundled: every shared library the CLI and libkcshim need except glibc's own
# (libc, libm, the dynamic loader, ...), which must come from the board's system: a board needs
# glibc 2.36 (Debian 12) or newer. Everything else (libkcapi, OpenSSL's libcrypto, libstdc++,
# libgcc_s) is this build's, so the board needs no packages. Works for a host build as well
# (cmake --build build --target board-package), which is how the tests check the folder
# without qemu.
#
# The install rules are component "board", excluded from a plain `cmake --install`: a system
# install never copies libcrypto beside libkcshim.
set(board_name kcshim-${KCSHIM_ARCH})
set(board_dir ${CMAKE_BINARY_DIR}/${board_name})

set_target_properties(kcshim_cli PROPERTIES INSTALL_RPATH "$ORIGIN/../${CMAKE_INSTALL_LIBDIR}")
set_target_properties(kcshim PROPERTIES INSTALL_RPATH "$ORIGIN")

install(TARGETS kcshim_cli kcshim RUNTIME_DEPENDENCY_SET kcshim_board_libraries
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT board EXCLUDE_FROM_ALL
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT board EXCLUDE_FROM_ALL NAMELINK_SKIP)

# In a cross build CMake cannot introspect the target; the toolchain's objdump reads its ELF files.
if(CMAKE_CROSSCOMPILING)
  set(CMAKE_GET_RUNTIME_DEPENDENCIES_PLATFORM linux+elf)
  set(CMAKE_GET_RUNTIME_DEPENDENCIES_TOOL objdump)
  set(CMAKE_GET_RUNTIME_DEPENDENCIES_COMMAND ${CMAKE_OBJDUMP})
endif()
set(library_dirs)
if(CMAKE_LIBRARY_ARCHITECTURE)
  # Debian's multiarch libraries (libkcapi-dev:arm64 ...) and the cross toolchain's own
  list(APPEND library_dirs /usr/lib/${CMAKE_LIBRARY_ARCHITECTURE}
       /usr/${CMAKE_LIBRARY_ARCHITECTURE}/lib /lib/${CMAKE_LIBRARY_ARCHITECTURE})
endif()
install(RUNTIME_DEPENDENCY_SET kcshim_board_libraries
  # glibc: the board's own, which its kernel and dynamic loader match
  PRE_EXCLUDE_REGEXES
    "^ld-linux" "^libc\\.so" "^libm\\.so" "^libdl\\.so" "^libpthread\\.so" "^librt\\.so"
    "^libresolv\\.so" "^libutil\\.so"
  POST_EXCLUDE_REGEXES "/ld-linux[^/]*$"
  DIRECTORIES ${library_dirs}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT board EXCLUDE_FROM_ALL)

add_custom_target(board-package
  COMMAND ${CMAKE_COMMAND} -E rm -rf ${board_dir}
  COMMAND ${CMAKE_COMMAND} --install ${CMAKE_BINARY_DIR} --component board --prefix ${board_dir}
  COMMAND ${CMAKE_COMMAND} -E tar czf ${board_dir}.tar.gz -- ${board_name}
  WORKING_DIRECTORY ${CMAKE_BINARY_DIR}
  DEPENDS kcshim_cli kcshim
  COMMENT "The board folder ${board_dir} and ${board_name}.tar.gz"
  VERBATIM)
