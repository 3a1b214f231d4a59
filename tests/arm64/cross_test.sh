#!/usr/bin/env bash
# Cross-builds kcshim for arm64 (the library, its tests, the CLI and its board folder) into
# BUILD_DIR (reused between runs) and runs its tests under
# qemu-aarch64 with the given CPU model.
# Usage: cross_test.sh SOURCE_DIR BUILD_DIR CPU
set -euo pipefail
src=$1 build=$2 cpu=$3
cmake -S "$src" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	-DCMAKE_TOOLCHAIN_FILE="$src/cmake/toolchains/aarch64-linux-gnu.cmake" \
	-DKCSHIM_QEMU_CPU="$cpu" -DKCSHIM_WERROR=ON \
	-DKCSHIM_KERNEL_VECTOR_VERSIONS= -DKCSHIM_GUEST_PROGRAMS=OFF >/dev/null
cmake --build "$build" -j "$(nproc)" >/dev/null
ctest --test-dir "$build" --output-on-failure -j "$(nproc)"
# the arm64 variant tests must have been built and run for this CPU (they assert what registers
# on it): at least this many tests of each suite
for want in Sha3Ce:6 Sha512Ce:6 CrcT10difArm64:7 CrcT10difArm64NoPmull:5; do
	suite=${want%%:*} min=${want#*:}
	n=$(ctest --test-dir "$build" -N -R "^$suite\." | sed -n 's/^Total Tests: //p')
	if [ "${n:-0}" -lt "$min" ]; then
		echo "cross_test.sh: expected $min $suite tests for -cpu $cpu, found ${n:-0}" >&2
		exit 1
	fi
done
