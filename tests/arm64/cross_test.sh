#!/usr/bin/env bash
# Cross-builds kcshim for arm64 into BUILD_DIR (reused between runs) and runs its tests under
# qemu-aarch64 with the given CPU model.
# Usage: cross_test.sh SOURCE_DIR BUILD_DIR CPU
set -euo pipefail
src=$1 build=$2 cpu=$3
cmake -S "$src" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	-DCMAKE_TOOLCHAIN_FILE="$src/cmake/toolchains/aarch64-linux-gnu.cmake" \
	-DKCSHIM_QEMU_CPU="$cpu" >/dev/null
cmake --build "$build" -j "$(nproc)" >/dev/null
ctest --test-dir "$build" --output-on-failure -j "$(nproc)"
