# Cross-compiling for 32-bit arm (ARMv7-A, hard float) with Debian's gcc-arm-linux-gnueabihf;
# tests run under qemu-arm. The library is built for the VFPv3-D16 baseline every ARMv7-A
# hard-float board has; NEON code (algs/*/arm/*.S) says `.fpu neon` itself and runs only where the
# CPU has it (HWCAP_NEON), as in the kernel.
set(CMAKE_SYSTEM_PROCESSOR armv7)
set(KCSHIM_TRIPLET arm-linux-gnueabihf)
set(KCSHIM_QEMU qemu-arm)
set(KCSHIM_QEMU_DEFAULT_CPU cortex-a15)
set(CMAKE_C_FLAGS_INIT "-march=armv7-a -mfpu=vfpv3-d16 -mfloat-abi=hard")
# -Wno-psabi: gcc's notes that GCC 7.1 changed how std::vector iterators are passed, for every
# vector of a struct; kcshim is one build of one compiler, which never mixes the two ABIs
set(CMAKE_CXX_FLAGS_INIT "-march=armv7-a -mfpu=vfpv3-d16 -mfloat-abi=hard -Wno-psabi")
set(CMAKE_ASM_FLAGS_INIT "-march=armv7-a -mfpu=vfpv3-d16 -mfloat-abi=hard")
include(${CMAKE_CURRENT_LIST_DIR}/debian-multiarch.cmake)
