#!/usr/bin/env bash
# kcshim patch-check --arch: a patch to an arch header (lib/crypto/<arch>/sha512.h, a comment
# added) checked in the ARCH kcshim of ARCH_BUILD under qemu-user. Its own arch's code is what
# it reaches and builds; both sides' drivers pass their vectors (each side's vectors module built
# for that arch, not the host's); KUnit passes on both; the result is ok; the tree is not written.
# Then a patch to the generic lib/crypto/sha512.c checked on the host's arch and ARCH in one
# run: a column each, both passing, ARCH's marked as run under qemu-user.
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

# the generic code, on the host's arch and this one in one run (--arch-build paired by place)
generic=lib/crypto/sha512.c
mkdir -p "$work/a/${generic%/*}" "$work/b/${generic%/*}"
cp "$tree/$generic" "$work/a/$generic"
sed '0,/^static void __maybe_unused$/s//\/* one block at a time *\/\n&/' \
	"$work/a/$generic" >"$work/b/$generic"
{
	printf 'Subject: [PATCH] lib/crypto: sha512: say how it goes\n\n---\n'
	printf 'diff --git a/%s b/%s\n' "$generic" "$generic"
	(cd "$work" && diff -u --label "a/$generic" --label "b/$generic" "a/$generic" "b/$generic")
} >"$work/generic.patch"
host=$(uname -m)
[[ $host == aarch64 ]] && host=arm64
"$kcshim" patch-check "$work/generic.patch" --kernel-tree "$tree" --no-speed \
	--arch "$host" --arch-build '' --arch "$arch" --arch-build "$arch_build" \
	--out "$arch_build/patch-check-work/both" >"$work/out" 2>"$work/err"
rc=$?
cat "$work/out"
[[ $rc -eq 0 ]] || { echo "FAIL: two arches: exit $rc, expected 0"; cat "$work/err"; status=1; }
expect "^ +$host +$arch\$"
expect "^runs +natively, .* +qemu-user -cpu max on "
expect '^self-tests after +([1-9][0-9]*)/\1 drivers passed +([1-9][0-9]*)/\2 drivers passed$'
expect '^KUnit after +[1-9][0-9]* passed, 0 failed, [0-9]+ skipped +[1-9][0-9]* passed, 0 failed'
expect '^result +ok +ok$'
expect '^result: ok$'
for a in "$host" "$arch"; do
	grep -q "^checked as\|^\[1/1\]" "$arch_build/patch-check-work/both/$a/summary.txt" ||
		{ echo "FAIL: no $a summary"; status=1; }
done
grep -q "^### $arch\$" "$arch_build/patch-check-work/both/report.md" ||
	{ echo "FAIL: report.md has no $arch section"; status=1; }
exit $status
