#!/usr/bin/env bash
# Cross-builds kcshim for arm64 into BUILD_DIR (reused between runs) and runs its tests under
# qemu-aarch64 with the given CPU model.
# Usage: cross_test.sh SOURCE_DIR BUILD_DIR CPU
set -euo pipefail
src=$1 build=$2 cpu=$3
cmake -S "$src" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	-DCMAKE_TOOLCHAIN_FILE="$src/cmake/toolchains/aarch64-linux-gnu.cmake" \
	-DKCSHIM_QEMU_CPU="$cpu" -DKCSHIM_WERROR=ON -DKCSHIM_TOOLS=OFF >/dev/null
cmake --build "$build" -j "$(nproc)" >/dev/null
ctest --test-dir "$build" --output-on-failure -j "$(nproc)"
# the SHA-3 CE tests must have been built and run for this CPU (they assert what registers on it)
n=$(ctest --test-dir "$build" -N -R '^Sha3Ce\.' | sed -n 's/^Total Tests: //p')
if [ "${n:-0}" -lt 6 ]; then
	echo "cross_test.sh: expected the 6 Sha3Ce tests for -cpu $cpu, found ${n:-0}" >&2
	exit 1
fi
