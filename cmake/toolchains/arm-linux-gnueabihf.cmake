# Cross-compiling for 32-bit arm (ARMv7-A, hard float) with Debian's gcc-arm-linux-gnueabihf;
# tests run under qemu-user. The library is built for the VFPv3-D16 baseline every ARMv7-A
# hard-float board has; NEON code (algs/*/arm/*.S) says `.fpu neon` itself and runs only where the
# CPU has it (HWCAP_NEON), as in the kernel.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR armv7)
set(CMAKE_C_COMPILER arm-linux-gnueabihf-gcc)
set(CMAKE_CXX_COMPILER arm-linux-gnueabihf-g++)
set(CMAKE_C_FLAGS_INIT "-march=armv7-a -mfpu=vfpv3-d16 -mfloat-abi=hard")
set(CMAKE_CXX_FLAGS_INIT "-march=armv7-a -mfpu=vfpv3-d16 -mfloat-abi=hard")
set(CMAKE_ASM_FLAGS_INIT "-march=armv7-a -mfpu=vfpv3-d16 -mfloat-abi=hard")
# The toolchain's own root, then the host's for header-only and arch-independent packages;
# libraries are only looked for in the target's directories, so no x86-64 library is linked.
set(CMAKE_FIND_ROOT_PATH /usr/arm-linux-gnueabihf /)
set(CMAKE_LIBRARY_ARCHITECTURE arm-linux-gnueabihf)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
set(ENV{PKG_CONFIG_LIBDIR} /usr/lib/arm-linux-gnueabihf/pkgconfig:/usr/share/pkgconfig)
set(ENV{PKG_CONFIG_SYSROOT_DIR} "")
set(KCSHIM_QEMU_CPU cortex-a15 CACHE STRING "qemu-arm -cpu model for running tests")
set(CMAKE_CROSSCOMPILING_EMULATOR qemu-arm;-cpu;${KCSHIM_QEMU_CPU};-L;/usr/arm-linux-gnueabihf)
