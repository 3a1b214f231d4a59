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
# -L /: the target's loader, C library and C++ library all come from Debian's multiarch packages
# (libc6:<arch>, libstdc++6:<arch>), one glibc build. The cross toolchain's root
# (/usr/<triplet>) has a loader of another build (2.36-8cross1 against multiarch 2.36-9+deb12u*),
# and qemu falls back to the host's paths for what that root lacks: a loader of one build with a
# libc of another, under which every fork()ed child spun at 100% CPU.
set(CMAKE_CROSSCOMPILING_EMULATOR ${KCSHIM_QEMU};-cpu;${KCSHIM_QEMU_CPU};-L;/)
