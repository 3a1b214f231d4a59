#!/usr/bin/env bash
# The board folder (cmake/board_package.cmake), as a user gets it: made by the board-package
# target, unpacked somewhere else, and run there. Each library kcshim needs, except glibc's, must
# load from the folder (LD_DEBUG=libs says from where), and `list`, `selftest`, `hash` and
# `tcrypt mode=323 sec=1` (the README's board steps) must work.
# Usage: board_package.sh BUILD_DIR ARCH [EMULATOR...]   (EMULATOR: qemu-aarch64 -cpu max -L ...)
# KCSHIM_BOARD_DRIVERS (space-separated) names drivers `list` must show with "selftest: passed",
# e.g. the arch variants the emulated CPU has.
set -euo pipefail
build=$1 arch=$2
shift 2
runner=("$@")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cmake --build "$build" --target board-package >/dev/null
tar -xzf "$build/kcshim-$arch.tar.gz" -C "$work"
folder=$work/kcshim-$arch
kcshim=$folder/bin/kcshim
[[ -x $kcshim ]] || { echo "FAIL: no bin/kcshim in kcshim-$arch.tar.gz"; exit 1; }

run() {	# run ARGS...: the unpacked kcshim, under the emulator if there is one
	if ((${#runner[@]})); then
		"${runner[@]}" "$kcshim" "$@"
	else
		"$kcshim" "$@"
	fi
}

status=0
check() {	# check WHAT COMMAND...: prints ok/FAIL
	local what=$1
	shift
	if "$@"; then
		echo "ok   $what"
	else
		echo "FAIL $what"
		status=1
	fi
}

# Where each library came from. qemu-user passes QEMU_SET_ENV to the program only (LD_DEBUG in
# qemu's own environment would trace qemu).
export QEMU_SET_ENV=LD_DEBUG=libs
if ((${#runner[@]})); then
	trace=$(run list 2>&1 >/dev/null)
else
	trace=$(LD_DEBUG=libs run list 2>&1 >/dev/null)
fi
unset QEMU_SET_ENV
# (paths as the loader built them, .../bin/../lib/libkcapi.so.1: normalised)
loaded=$(sed -n 's/.*calling init: //p' <<<"$trace" | xargs -r realpath -m | sort -u)
echo "loaded:"
sed 's/^/  /' <<<"$loaded"
for lib in libkcshim.so libkcapi.so libcrypto.so libstdc++.so libgcc_s.so; do
	from=$(grep "/$lib" <<<"$loaded" || true)
	check "$lib from the folder" test -n "$from" -a "${from#"$folder/lib/"}" != "$from"
done
outside=$(grep -v "^$folder/" <<<"$loaded" | grep -v -E '/(ld-linux[^/]*|lib(c|m|dl|pthread|rt|resolv)\.so[^/]*)$' || true)
check "nothing but glibc from outside the folder${outside:+: $outside}" test -z "$outside"

# `kcshim list` is /proc/crypto's format: "driver : NAME" ... "selftest : passed" per record
listing=$(run list | awk -F': ' '/^driver/ { d = $2 } /^priority/ { p = $2 }
	/^selftest/ { printf "%-28s %4s %s\n", d, p, $2 }')
echo "drivers (priority, selftest):"
sed 's/^/  /' <<<"$listing"
check "list shows drivers, every one with its self-test passed" \
	bash -c '[[ -n $1 ]] && ! grep -v " passed$" <<<"$1"' _ "$listing"
for driver in ${KCSHIM_BOARD_DRIVERS:-}; do
	check "list shows $driver, self-test passed" grep -q "^$driver .* passed$" <<<"$listing"
done
check "selftest passes" eval 'run selftest >/dev/null'
# SHA-512("abc"), FIPS 180-2
digest=$(printf abc | run hash sha512 | cut -d' ' -f1)
check "hash sha512 abc" test "$digest" = "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f"
tcrypt=$(run tcrypt mode=323 sec=1)
echo "$tcrypt" | head -3
check "tcrypt mode=323 sec=1 prints speed lines" grep -q "opers/sec" <<<"$tcrypt"
# under qemu-user the figures are emulation's, and every speed output must say so
if ((${#runner[@]})); then
	check "tcrypt under emulation says NOT HARDWARE SPEED" grep -q "NOT HARDWARE SPEED" <<<"$tcrypt"
else
	check "tcrypt on hardware makes no emulation note" bash -c '! grep -q "NOT HARDWARE" <<<"$1"' _ "$tcrypt"
fi
exit $status
