#!/usr/bin/env bash
# Bad files give one "kcshim: ..." line and a non-zero exit, never a crash: truncated and damaged
# modules and vectors (checked before the dynamic loader maps them), a directory where a file
# belongs. And -m works after the command as before it.
# Usage: bad_input.sh KCSHIM MODULE     (MODULE: a driver module registering fnv32-module)
set -uo pipefail
kcshim=$1 module=$2
status=0
. "$(dirname "$0")/expect.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

head -c 1000 "$module" >"$work/truncated.so"
head -c 20 "$module" >"$work/short.so"
printf 'not a module\n' >"$work/text.so"
size=$(stat -c %s "$module")
head -c $((size / 2)) "$module" >"$work/half.so"

expect 1 "truncated.so: .*truncated or corrupt" -- -m "$work/truncated.so" list
expect 1 "half.so: .*truncated or corrupt" -- -m "$work/half.so" list
expect 1 "shorter than an ELF header" -- -m "$work/short.so" list
expect 1 "not an ELF file" -- -m "$work/text.so" list
expect 1 "is a directory" -- -m "$work" list
expect 1 "cannot load vectors .*truncated or corrupt" -- selftest --vectors "$work/truncated.so"
expect 1 "$work: Is a directory" -- hash sha3-256 "$work"
expect 1 "cannot read key file .*Is a directory" -- hash sha3-256 --key-file "$work"
# -m after the command, truncated or not
expect 1 "truncated.so: .*truncated or corrupt" -- list -m "$work/truncated.so"
# a driver already registered: which one, whose, and the cure; each fact said once
expect 1 "^kcshim: cannot load module $module: module kcshim_test_module init failed: File exists: driver name collision: fnv32-module vs fnv32-module of module kcshim_test_module; load it with a suffix .*\(-EEXIST\)$" -- -m "$module" -m "$module" list

# -m after the command loads the module as before it
check() {	# check DESCRIPTION CONDITION...
	local what=$1
	shift
	if "$@"; then echo "ok   $what"; else echo "FAIL: $what"; status=1; fi
}
out=$("$kcshim" list -m "$module@after" 2>&1)
check "list -m MODULE@after lists fnv32-module@after" grep -q 'driver *: fnv32-module@after' <<<"$out"
before=$(printf abc | "$kcshim" -m "$module@after" hash fnv32-module@after 2>&1)
after=$(printf abc | "$kcshim" hash fnv32-module@after -m "$module@after" 2>&1)
check "hash with -m after the command: '$after', before it: '$before'" \
	test -n "$after" -a "$after" == "$before" -a "${after#kcshim:}" == "$after"
exit $status
