# Cross-compiling for 64-bit little-endian POWER with Debian's gcc-powerpc64le-linux-gnu (ELFv2
# ABI, POWER8 baseline as Debian's ppc64el port); tests run under qemu-ppc64le. POWER9/POWER10
# code (chacha-p10le, poly1305-p10le) runs only where the CPU has it (PPC_FEATURE2_ARCH_3_1),
# as in the kernel.
set(CMAKE_SYSTEM_PROCESSOR ppc64le)
set(KCSHIM_TRIPLET powerpc64le-linux-gnu)
set(KCSHIM_QEMU qemu-ppc64le)
set(KCSHIM_QEMU_DEFAULT_CPU power10)
include(${CMAKE_CURRENT_LIST_DIR}/debian-multiarch.cmake)
