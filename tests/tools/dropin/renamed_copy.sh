#!/usr/bin/env bash
# An edited copy of crypto/cast5_generic.c under another name has no Makefile line selecting
# cast_common.c: its undefined cast_s1..4 are found among the tree's exports and linked in, with a
# note naming crypto/cast_common.c (never blaming the shim), and the copy passes its self-tests;
# naming the file with --extra works too. The build leaves nothing but the module and
# .kcshim-build/ in the folder.
# Usage: renamed_copy.sh KCSHIM TREE WORK_DIR      (exit 77 when TREE is missing)
set -uo pipefail
kcshim=$1 tree=$2 work=$3
fail() { echo "renamed_copy: $*" >&2; exit 1; }
[[ -f $tree/crypto/cast5_generic.c ]] || { echo "renamed_copy: no tree at $tree"; exit 77; }

rm -rf -- "$work" && mkdir -p "$work" && cd "$work" || exit 1
cp "$tree/crypto/cast5_generic.c" after.c
log=$("$kcshim" build --kernel-tree "$tree" ./after.c 2>&1) || fail "build failed: $log"
grep -q 'shim gap' <<<"$log" && fail "blames the shim: $log"
# what a build leaves besides the module is in one hidden folder
left=$(ls -A | tr '\n' ' ')
[[ $left == ".kcshim-build after.c after.so " ]] || fail "by-products beside the module: $left"
grep -q 'kcshim: note: cast_s[1-4] is exported by crypto/cast_common.c: linked in' <<<"$log" ||
	fail "does not name cast_common.c: $log"
out=$("$kcshim" -m ./after.so@after selftest cast5-generic@after 2>&1) || fail "selftest: $out"
grep -q 'cast5-generic@after.*passed' <<<"$out" || fail "no passing row: $out"
rm -rf after.so .kcshim-build/after.so.objs

log=$("$kcshim" build --kernel-tree "$tree" ./after.c --extra crypto/cast_common.c 2>&1) ||
	fail "build with --extra failed: $log"
out=$("$kcshim" -m ./after.so@after selftest cast5-generic@after 2>&1) || fail "selftest: $out"
grep -q 'cast5-generic@after.*passed' <<<"$out" || fail "no passing row: $out"
echo "renamed_copy: links crypto/cast_common.c by what the copy uses, and with --extra; passes"
