#!/usr/bin/env bash
# Cross-builds kcshim's library and tests (-DKCSHIM_TOOLS=OFF unless a -D says otherwise) into
# BUILD_DIR (reused between runs) with cmake/toolchains/TRIPLET.cmake, and runs the tests under
# qemu-user with the given CPU model. -DVAR=VALUE arguments go to cmake, -LLABEL to ctest (only
# the tests with that label: the arch's own, on a second CPU model). Each SUITE:MIN says that at least MIN tests of the gtest suite SUITE must have been built
# and run for this CPU: the arch's own tests assert what registers on it, and a build that
# silently left them out would pass.
# Usage: cross_test.sh SOURCE_DIR BUILD_DIR TRIPLET CPU [-DVAR=VALUE...] [-LLABEL] [SUITE:MIN...]
#   e.g. cross_test.sh . /tmp/arm64 aarch64-linux-gnu cortex-a53 -DKCSHIM_TOOLS=ON Sha3Ce:6
# KCSHIM_CROSS_JOBS sets the build's and ctest's parallelism (default: nproc).
set -euo pipefail
if (($# < 4)); then
	echo "usage: $0 SOURCE_DIR BUILD_DIR TRIPLET CPU [-DVAR=VALUE...] [-LLABEL] [SUITE:MIN...]" >&2
	exit 2
fi
src=$1 build=$2 triplet=$3 cpu=$4
shift 4
defines=() labels=() wants=()
for arg in "$@"; do
	case $arg in
	-D*) defines+=("$arg") ;;
	-L*) labels+=(-L "${arg#-L}") ;;
	*) wants+=("$arg") ;;
	esac
done
jobs=${KCSHIM_CROSS_JOBS:-$(nproc)}
toolchain=$src/cmake/toolchains/$triplet.cmake
if [ ! -f "$toolchain" ]; then
	echo "cross_test.sh: no toolchain file $toolchain" >&2
	exit 2
fi
cmake -S "$src" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	-DCMAKE_TOOLCHAIN_FILE="$toolchain" \
	-DKCSHIM_QEMU_CPU="$cpu" -DKCSHIM_WERROR=ON -DKCSHIM_TOOLS=OFF "${defines[@]}" >/dev/null
cmake --build "$build" -j "$jobs" >/dev/null
ctest --test-dir "$build" --output-on-failure -j "$jobs" "${labels[@]}"
for want in "${wants[@]}"; do
	suite=${want%%:*} min=${want##*:}
	n=$(ctest --test-dir "$build" -N "${labels[@]}" -R "^$suite\\." | sed -n 's/^Total Tests: //p')
	if [ "${n:-0}" -lt "$min" ]; then
		echo "cross_test.sh: expected at least $min $suite tests for -cpu $cpu, found ${n:-0}" >&2
		exit 1
	fi
done
