# What the cross toolchain files share: gcc-<triplet>, Debian's multiarch libraries for the target
# and qemu-user to run what is built. The including file sets KCSHIM_TRIPLET, KCSHIM_QEMU and
# CMAKE_SYSTEM_PROCESSOR, and the default -cpu model KCSHIM_QEMU_DEFAULT_CPU.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_C_COMPILER ${KCSHIM_TRIPLET}-gcc)
set(CMAKE_CXX_COMPILER ${KCSHIM_TRIPLET}-g++)
# The toolchain's own root, then the host's: Debian's multiarch -dev packages (libkcapi-dev:arm64,
# libssl-dev:arm64, ...) put their libraries in /usr/lib/<triplet>, and header-only and
# arch-independent packages (Boost.Asio, CLI11, nlohmann-json) are the host's /usr/include and
# /usr/share. Libraries are only looked for in the target's directories, so no x86-64 library is
# ever linked.
set(CMAKE_FIND_ROOT_PATH /usr/${KCSHIM_TRIPLET} /)
set(CMAKE_LIBRARY_ARCHITECTURE ${KCSHIM_TRIPLET})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
set(ENV{PKG_CONFIG_LIBDIR} /usr/lib/${KCSHIM_TRIPLET}/pkgconfig:/usr/share/pkgconfig)
set(ENV{PKG_CONFIG_SYSROOT_DIR} "")
set(KCSHIM_QEMU_CPU ${KCSHIM_QEMU_DEFAULT_CPU} CACHE STRING "${KCSHIM_QEMU} -cpu model for running tests")
set(CMAKE_CROSSCOMPILING_EMULATOR ${KCSHIM_QEMU};-cpu;${KCSHIM_QEMU_CPU};-L;/usr/${KCSHIM_TRIPLET})
