# Cross-compiling for arm64 with Debian's gcc-aarch64-linux-gnu; tests run under qemu-aarch64.
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(KCSHIM_TRIPLET aarch64-linux-gnu)
set(KCSHIM_QEMU qemu-aarch64)
set(KCSHIM_QEMU_DEFAULT_CPU max)
include(${CMAKE_CURRENT_LIST_DIR}/debian-multiarch.cmake)
