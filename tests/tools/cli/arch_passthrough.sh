#!/usr/bin/env bash
# --arch ARCH [--cpu MODEL] [--arch-build DIR] on the commands that run kernel code: mistakes are
# one line and exit 2; on the host's own arch the command runs here, and with --arch-build or
# --cpu in that kcshim (under qemu-user for --cpu) with the same arguments, output and exit
# status. Given ARM64_BUILD (a cross build with the CLI, tests/cross_test.sh's), the arm64
# kcshim under qemu-aarch64 answers as the host's does where it must, and differently where the
# CPU model says it must.
# Usage: arch_passthrough.sh KCSHIM [ARM64_BUILD]
set -uo pipefail
kcshim=$(realpath "$1") arm64_build=${2:-}
status=0
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
out=$work/out
. "$(dirname "$0")/expect.sh"

case $(uname -m) in
x86_64) host=x86_64 ;;
aarch64) host=arm64 ;;
*) host=arm ;;
esac

expect 2 '^kcshim: --arch sparc64: kcshim runs x86_64, arm64, arm and ppc64le$' -- list --arch sparc64
expect 2 '^kcshim: --arch-build needs --arch$' -- list --arch-build "$work"
mkdir "$work/empty"
expect 2 "^kcshim: --arch-build $work/empty: no kcshim there" -- list --arch $host --arch-build "$work/empty"
# several --arch: only patch-check takes them, with --cpu and --arch-build paired by place
expect 2 '^kcshim: --arch: kcshim list runs on one architecture; give --arch once$' -- \
	list --arch $host --arch arm64
expect 2 '^kcshim: --cpu: give it once per --arch, in the same order' -- \
	patch-check "$work" --kernel-tree "$work" --arch $host --arch arm64 --cpu max
expect 2 '^kcshim: --arch-build: give it once per --arch, in the same order' -- \
	patch-check "$work" --kernel-tree "$work" --arch $host --arch arm64 --arch-build "$work"
expect 2 '^kcshim: --arch sparc64: kcshim runs x86_64, arm64, arm and ppc64le$' -- \
	patch-check "$work" --kernel-tree "$work" --arch $host --arch sparc64
expect 2 "^kcshim: --arch $host is given twice$" -- \
	patch-check "$work" --kernel-tree "$work" --arch $host --arch $host
# a typo is the host kcshim's own parse error, before anything runs elsewhere
expect 2 'see kcshim hash --help' -- hash --arch $host --bogus sha512

# the host's own arch: here, the same as without --arch
"$kcshim" list >"$work/plain"
run 0 list --arch $host
cmp -s "$work/plain" "$out" || { echo "FAIL: list --arch $host differs from list"; status=1; }

# --arch-build: that kcshim (here a board-folder layout around this one), every argument but
# the arch options passed, --arch=VALUE form included; its exit status is the command's
mkdir -p "$work/board/bin"
ln -s "$kcshim" "$work/board/bin/kcshim"
printf 'abc' >"$work/abc"
"$kcshim" hash sha512 "$work/abc" >"$work/plain"
run 0 hash --arch=$host --arch-build "$work/board" sha512 "$work/abc"
cmp -s "$work/plain" "$out" || { echo "FAIL: hash through --arch-build differs"; status=1; }
"$kcshim" selftest no-such-driver >/dev/null 2>&1
code=$?
run $code selftest --arch $host --arch-build "$work/board" no-such-driver

# --cpu on the host's arch: this kcshim under qemu-user with that CPU model (not for a
# sanitized kcshim, whose shadow memory qemu-user does not give)
qemu=$(command -v qemu-$(uname -m) || true)
if [[ $host == x86_64 && -n $qemu && -z ${KCSHIM_SANITIZED:-} ]]; then
	run 0 hash --arch x86_64 --cpu Nehalem sha512 "$work/abc"
	cmp -s "$work/plain" "$out" || { echo "FAIL: hash under qemu-x86_64 differs"; status=1; }
	# Nehalem has no PCLMULQDQ: the CLMUL CRC-T10DIF driver does not register there
	run 0 list --arch x86_64 --cpu max
	has '^driver +: crct10dif-pclmul$'
	run 0 list --arch x86_64 --cpu Nehalem
	if grep -q '^driver *: crct10dif-pclmul$' "$out"; then
		echo "FAIL: crct10dif-pclmul registered on a Nehalem"
		status=1
	fi
	run 0 speed --arch x86_64 --cpu max crct10dif --sec 0.01 --sizes 64
	has 'NOT HARDWARE SPEED'
fi

if [[ -n $arm64_build ]]; then
	a=(--arch arm64 --arch-build "$arm64_build")
	run 0 hash "${a[@]}" sha512 "$work/abc"
	cmp -s "$work/plain" "$out" || { echo "FAIL: the arm64 kcshim's sha512 differs"; status=1; }
	# the SHA-3 Crypto Extensions: max has them, a Cortex-A53 has not
	run 0 list "${a[@]}" --cpu max
	has '^driver +: sha3-256-ce$'
	run 0 list "${a[@]}" --cpu cortex-a53
	if grep -q '^driver *: sha3-256-ce$' "$out"; then
		echo "FAIL: sha3-256-ce registered on a Cortex-A53"
		status=1
	fi
	run $code selftest "${a[@]}" no-such-driver
	run 0 speed "${a[@]}" sha3-256 --sec 0.01 --sizes 64
	has 'NOT HARDWARE SPEED'
fi
exit $status
