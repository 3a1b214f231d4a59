#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# `kcshim selftest --kernel-tree DIR`: builds the tree's vectors module into the cache once, reuses
# it while the tree is unchanged, rebuilds it when testmgr.h changes, and reports the tree's
# vectors per driver. Each check prints what it ran when it fails.
#
# Usage: selftest_kernel_tree.sh fake KCSHIM FAKE_TREE
#            the made-up tree in tests/tools/kernel-vectors/fake-tree: parsing forms, caching, failure reports
#        selftest_kernel_tree.sh tree KCSHIM TREE VERSION
#            a real tree: every driver passes, sha512-generic shows the tree's 6 vectors, and
#            --extra compares sha512's drivers with sha512-generic
# Exit 77 (skipped) when TREE does not exist.
set -uo pipefail

mode=${1:?mode}
kcshim=${2:?kcshim binary}
tree=${3:?tree}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export XDG_CACHE_HOME=$tmp/cache
failures=0

# run NAME EXPECTED_STATUS ARGS...: runs kcshim, keeping stdout and stderr in $tmp/NAME.{out,err}
run() {
	local name=$1 want=$2
	shift 2
	"$kcshim" "$@" >"$tmp/$name.out" 2>"$tmp/$name.err"
	local status=$?
	if [[ $status -ne $want ]]; then
		echo "FAIL $name: kcshim $* exited $status, expected $want"
		sed 's/^/  | /' "$tmp/$name.out" "$tmp/$name.err"
		failures=$((failures + 1))
		return 1
	fi
}

# expect NAME FILE-SUFFIX PATTERN [not]: checks a run's output for a line matching PATTERN
expect() {
	local name=$1 file=$tmp/$1.$2 pattern=$3 negate=${4:-}
	if grep -Eq -- "$pattern" "$file"; then
		[[ -z $negate ]] && return 0
		echo "FAIL $name: $2 matches /$pattern/"
	else
		[[ -n $negate ]] && return 0
		echo "FAIL $name: $2 has no line matching /$pattern/"
	fi
	sed 's/^/  | /' "$file"
	failures=$((failures + 1))
}

case $mode in
fake)
	cp -r "$tree" "$tmp/tree"
	tree=$tmp/tree

	run first 0 selftest --kernel-tree "$tree" sha512 &&
		expect first err "building the vectors of" &&
		expect first out "^sha512-generic +sha512 +kernel-9\.99 +1 vectors .*passed" &&
		expect first out "^driver +own +kernel-9\.99 +result" &&
		expect first out "^sha512-generic +[0-9]+ +1 +passed"

	run cached 0 selftest --kernel-tree "$tree" sha512 &&
		expect cached err "building" not

	# the cast5 suite: one vector, one expected setkey failure; the single-block cipher too
	run cast5 0 selftest --kernel-tree "$tree" cast5-generic &&
		expect cast5 out "^cast5-generic +ecb\(cast5\) +kernel-9\.99 +2 vectors .*passed"

	# a wrong vector is reported with testmgr's message, and the exit status says so
	run wrong 1 selftest --kernel-tree "$tree" sha384 &&
		expect wrong out "^sha384-generic +sha384 +kernel-9\.99 .*FAILED" &&
		expect wrong out "alg: shash: sha384-generic test failed \(wrong result\).*test vector 1"

	# a changed testmgr.h means a new module
	touch -d '+1 minute' "$tree/crypto/testmgr.h"
	run changed 0 selftest --kernel-tree "$tree" sha512 &&
		expect changed err "building the vectors of"

	run notatree 1 selftest --kernel-tree "$tmp" sha512 &&
		expect notatree err "not a kernel tree"
	;;
tree)
	version=${4:?version}
	[[ -d $tree ]] || { echo "skipped: no tree at $tree"; exit 77; }
	run all 0 selftest --kernel-tree "$tree" &&
		expect all out "^driver +own +kernel-$version +result" &&
		expect all out "^sha512-generic +[0-9]+ +6 +passed" &&
		expect all out "FAILED" not
	# --extra compares with kcshim's generic driver where the tree's testmgr names one only a
	# module of that tree registers (7.x: sha512-lib)
	run extra 0 selftest sha512 --kernel-tree "$tree" --extra --fuzz-iterations 2 --seed 5 &&
		expect extra out "^sha512-generic +sha512 +vs sha512-generic +skipped: the generic driver" &&
		expect extra out "NOT COMPARED" not
	;;
*)
	echo "unknown mode $mode" >&2
	exit 2
	;;
esac

if ((failures)); then
	echo "$failures check(s) failed"
	exit 1
fi
echo "all checks passed"
