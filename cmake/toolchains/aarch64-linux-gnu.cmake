# Cross-compiling for arm64 with Debian's gcc-aarch64-linux-gnu; tests run under qemu-user.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_CXX_COMPILER aarch64-linux-gnu-g++)
# The toolchain's own root, then the host's: Debian's multiarch -dev packages (libkcapi-dev:arm64,
# libssl-dev:arm64) put their libraries in /usr/lib/aarch64-linux-gnu, and header-only and
# arch-independent packages (Boost.Asio, CLI11, nlohmann-json) are the host's /usr/include and
# /usr/share. Libraries are only looked for there, so no x86-64 library is ever linked.
set(CMAKE_FIND_ROOT_PATH /usr/aarch64-linux-gnu /)
set(CMAKE_LIBRARY_ARCHITECTURE aarch64-linux-gnu)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
set(ENV{PKG_CONFIG_LIBDIR} /usr/lib/aarch64-linux-gnu/pkgconfig:/usr/share/pkgconfig)
set(ENV{PKG_CONFIG_SYSROOT_DIR} "")
set(KCSHIM_QEMU_CPU max CACHE STRING "qemu-aarch64 -cpu model for running tests")
set(CMAKE_CROSSCOMPILING_EMULATOR qemu-aarch64;-cpu;${KCSHIM_QEMU_CPU};-L;/usr/aarch64-linux-gnu)
