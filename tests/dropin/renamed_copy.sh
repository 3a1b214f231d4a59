#!/usr/bin/env bash
# An edited copy of crypto/cast5_generic.c under another name gets no companion from the table;
# the build error must name the file it needs (crypto/cast_common.c, which exports cast_s1..4),
# not blame the shim, and with that --extra the copy builds and passes its self-tests.
# Usage: renamed_copy.sh KCSHIM TREE WORK_DIR      (exit 77 when TREE is missing)
set -uo pipefail
kcshim=$1 tree=$2 work=$3
fail() { echo "renamed_copy: $*" >&2; exit 1; }
[[ -f $tree/crypto/cast5_generic.c ]] || { echo "renamed_copy: no tree at $tree"; exit 77; }

mkdir -p "$work" && cd "$work" || exit 1
rm -rf after.so after.so.objs
cp "$tree/crypto/cast5_generic.c" after.c
log=$("$kcshim" build --kernel-tree "$tree" ./after.c 2>&1) && fail "built without cast_common.c: $log"
grep -q 'shim gap' <<<"$log" && fail "blames the shim: $log"
grep -q 'kcshim: undefined symbols .*cast_s1.* are exported by crypto/cast_common.c, not missing from the shim: add --extra crypto/cast_common.c' <<<"$log" ||
	fail "does not name cast_common.c: $log"
[[ -e after.so ]] && fail "left a module behind after a failed link"

log=$("$kcshim" build --kernel-tree "$tree" ./after.c --extra crypto/cast_common.c 2>&1) ||
	fail "build with --extra failed: $log"
out=$("$kcshim" -m ./after.so@after selftest cast5-generic@after 2>&1) || fail "selftest: $out"
grep -q 'cast5-generic@after.*passed' <<<"$out" || fail "no passing row: $out"
echo "renamed_copy: names crypto/cast_common.c; with --extra it builds and passes"
