#!/usr/bin/env bash
# The kernel's sha512_kunit with the arch's own SHA-512 code, in the ARCH kcshim of ARCH_BUILD
# under qemu-user (kcshim kunit --arch), on each CPU model: every case passes and the tree's
# kunit.py parse counts what kcshim counts. On arm64, a copy of lib/crypto/arm64/sha512-ce-core.S
# with one round constant changed (--replace) fails the suite on a CPU with the SHA-512
# instructions (max) and not on one without them (cortex-a53), whose scalar code is the tree's;
# and --compare of the two files runs both sides there, saying its figures are qemu's.
# Usage: arch_kunit.sh KCSHIM ARCH ARCH_BUILD TREE CPU...
set -uo pipefail
kcshim=$1 arch=$2 arch_build=$3 tree=$4
shift 4
if [[ ! -f $tree/lib/crypto/tests/sha512_kunit.c ]]; then
	echo "skipped: no 7.x tree at $tree"
	exit 77
fi
status=0
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# the objects stay between runs, beside the arch build
kunit=("$kcshim" kunit --arch "$arch" --arch-build "$arch_build" --kernel-tree "$tree"
	--build-dir "$arch_build/kunit-work")

# suite CPU EXIT [--replace FILE]: the suite's run must exit EXIT; its KTAP goes to $work/CPU.ktap
suite() {
	local cpu=$1 code=$2
	shift 2
	"${kunit[@]}" --cpu "$cpu" "$@" lib/crypto/tests/sha512_kunit.c >"$work/$cpu.ktap" 2>"$work/err"
	local rc=$?
	if [[ $rc -ne $code ]]; then
		echo "FAIL: sha512_kunit --cpu $cpu $* -> exit $rc, expected $code"
		cat "$work/err" "$work/$cpu.ktap"
		status=1
		return
	fi
	grep '^# Totals' "$work/$cpu.ktap"
	local ours theirs
	ours=$(sed -n 's/^# Totals: pass:\([0-9]*\) fail:\([0-9]*\) skip:\([0-9]*\).*/\1 \2 \3/p' "$work/$cpu.ktap")
	# "Ran 11 tests: passed: 10, skipped: 1" (kunit.py leaves out what is 0)
	theirs=$(python3 "$tree/tools/testing/kunit/kunit.py" parse "$work/$cpu.ktap" 2>&1 | python3 -c '
import re, sys
m = [l for l in sys.stdin if "Ran " in l and " tests" in l]
c = dict(re.findall(r"(passed|failed|skipped): (\d+)", m[-1])) if m else {}
print(c.get("passed", "?"), c.get("failed", 0), c.get("skipped", 0))')
	if [[ $theirs != "$ours" ]]; then
		echo "FAIL: --cpu $cpu: kunit.py parse says '$theirs', kcshim '$ours'"
		status=1
	fi
}

for cpu in "$@"; do
	suite "$cpu" 0
	grep -q '^ok 1 sha512$' "$work/$cpu.ktap" || { echo "FAIL: --cpu $cpu: sha512 did not pass"; status=1; }
done

if [[ $arch == arm64 ]]; then
	sed 's/0x428a2f98d728ae22/0x428a2f98d728ae23/' "$tree/lib/crypto/arm64/sha512-ce-core.S" \
		>"$work/sha512-ce-core.S"
	cmp -s "$tree/lib/crypto/arm64/sha512-ce-core.S" "$work/sha512-ce-core.S" &&
		{ echo "FAIL: the planted change no longer applies"; status=1; }
	suite max 1 --replace "$work/sha512-ce-core.S"
	grep -q 'ASSERTION FAILED at lib/crypto/tests/hash-test-template.h' "$work/max.ktap" ||
		{ echo "FAIL: no kernel-worded assertion in the planted run"; status=1; }
	suite cortex-a53 0 --replace "$work/sha512-ce-core.S"
	# --compare under --arch: both sides run in the arm64 kcshim (its own kcshim again, under
	# the same qemu), and the table says its figures are qemu's
	"${kunit[@]}" --cpu max --filter 'sha512.benchmark*' --compare \
		"$tree/lib/crypto/arm64/sha512-ce-core.S" "$work/sha512-ce-core.S" \
		lib/crypto/tests/sha512_kunit.c >"$work/compare" 2>"$work/err"
	rc=$?
	if [[ $rc -ne 0 ]] || ! grep -qE '^sha512 +benchmark_hash +len=4096 ' "$work/compare" ||
		! grep -q '^NOT HARDWARE SPEED: measured under qemu-user' "$work/compare"; then
		echo "FAIL: kunit --compare under --arch arm64 -> exit $rc"
		cat "$work/err" "$work/compare"
		status=1
	fi
fi
exit $status
