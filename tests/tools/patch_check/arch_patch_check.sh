#!/usr/bin/env bash
# kcshim patch-check --arch: a patch to an arch header (lib/crypto/<arch>/sha512.h, a comment
# added) checked in the ARCH kcshim of ARCH_BUILD under qemu-user. Its own arch's code is what
# it reaches and builds; both sides' drivers pass their vectors (each side's vectors module built
# for that arch, not the host's); KUnit passes on both; the result is ok; the tree is not written.
# Usage: arch_patch_check.sh KCSHIM ARCH ARCH_BUILD TREE
set -uo pipefail
kcshim=$1 arch=$2 arch_build=$3 tree=$4
header=lib/crypto/$arch/sha512.h
if [[ ! -f $tree/$header ]]; then
	echo "skipped: no $header in $tree"
	exit 77
fi
status=0
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

mkdir -p "$work/a/${header%/*}" "$work/b/${header%/*}"
cp "$tree/$header" "$work/a/$header"
sed '0,/^static void sha512_blocks(/s//\/* the arch code, else the generic *\/\n&/' \
	"$work/a/$header" >"$work/b/$header"
{
	printf 'Subject: [PATCH] lib/crypto: %s/sha512: say which code\n\n---\n' "$arch"
	printf 'diff --git a/%s b/%s\n' "$header" "$header"
	(cd "$work" && diff -u --label "a/$header" --label "b/$header" "a/$header" "b/$header")
} >"$work/arch.patch"
before=$(sha256sum "$tree/$header")

"$kcshim" patch-check "$work/arch.patch" --arch "$arch" --arch-build "$arch_build" \
	--kernel-tree "$tree" --out "$arch_build/patch-check-work" --no-speed >"$work/out" 2>"$work/err"
rc=$?
cat "$work/out"
[[ $rc -eq 0 ]] || { echo "FAIL: exit $rc, expected 0"; cat "$work/err"; status=1; }

expect() {	# expect REGEX: a line of the summary matches it
	grep -Eq "$1" "$work/out" || { echo "FAIL: no line matching: $1"; status=1; }
}
expect "^checked as $arch code, under qemu-user"
expect "^reaches libsha512 \(lib/crypto, CRYPTO_LIB_SHA512\): $header\$"
expect "^arches: $arch\$"
expect '^kunit before: [1-9][0-9]* passed, 0 failed'
expect '^kunit after: +[1-9][0-9]* passed, 0 failed'
expect '^vectors before: ([1-9][0-9]*) drivers, \1 passed the tree.s vectors$'
expect '^vectors after: +([1-9][0-9]*) drivers, \1 passed the tree.s vectors; \1 of \1 equal'
expect '^result: ok$'
[[ $(sha256sum "$tree/$header") == "$before" ]] || { echo "FAIL: patch-check wrote $tree/$header"; status=1; }
exit $status
