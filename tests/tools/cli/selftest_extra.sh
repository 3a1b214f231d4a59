#!/usr/bin/env bash
# kcshim selftest --extra end to end: built-ins only (every driver is its own generic: skipped),
# drivers equal to their generic driver (passed), planted bugs (FAILED, a reproducer line with the
# seed, the same line again with that seed), a driver without a generic driver (NOT COMPARED, exit
# 77 when named), a module loaded with a suffix (compared with the generic of its suffix, template
# instances included); several names and globs.
# Usage: selftest_extra.sh KCSHIM EXTRA_TEST_MODULE.so
set -uo pipefail
kcshim=$1
module=$2
status=0
out=$(mktemp)
trap 'rm -f "$out"' EXIT

. "$(dirname "$0")/expect.sh"

run 0 selftest --extra --fuzz-iterations 2 --seed 7
has '^sha3-256-generic +sha3-256 +vs sha3-256-generic +skipped: the generic driver$'
has '^cbc\(cast5-generic\) +cbc\(cast5\) +vs cbc\(cast5-generic\) +skipped: the generic driver$'
has '^extra tests: 16 random cases per driver \(8 x --fuzz-iterations 2\), seed 7$'
# our accelerated drivers (x86 crct10dif-pclmul where the CPU has PCLMULQDQ) are compared, and pass
has '[0-9]+ compared with their generic driver \(0 failed\), 13 generic \(skipped\), 0 not compared'
if grep -q '^crct10dif-pclmul ' "$out"; then
	has '^crct10dif-pclmul +crct10dif +vs crct10dif-generic +16 cases +[0-9]+ runs +passed$'
fi

run 0 -m "$module" selftest sha512-fallback --extra --fuzz-iterations 5 --seed 0x1f
has '^sha512-fallback +sha512 +vs sha512-generic +40 cases +40 runs  passed$'

run 1 -m "$module" selftest sha512-long-bug --extra --seed 11
has '^sha512-long-bug +sha512 +vs sha512-generic +800 cases +[0-9]+ runs  FAILED$'
has '^    alg: shash: sha512-long-bug test failed \(wrong result\) on test vector "random: psize=[0-9]+ ksize=0", cfg="random: .*src_divs=\[.*\]" \(chunks [0-9+]+\): got [0-9a-f]+, expected [0-9a-f]+; seed 11, case [0-9]+ of 800$'
first=$(grep '^    alg:' "$out")
run 1 -m "$module" selftest sha512-long-bug --extra --seed 11
if [[ $(grep '^    alg:' "$out") != "$first" ]]; then
	echo "FAIL: --seed 11 did not replay the same failure"
	status=1
fi

run 77 -m "$module" selftest fnv32-fast --extra
has '^fnv32-fast +fnv32 +vs fnv32-generic +NOT COMPARED: no generic driver fnv32-generic to compare with$'

# everything: the planted bugs fail (1 wins over 77), the rest pass or are skipped
run 1 -m "$module" selftest --extra --fuzz-iterations 10 --seed 3
has '^cast5-fallback +cast5 +vs cast5-generic +80 cases +160 runs  passed$'
has '^cbc\(cast5-fallback\) +cbc\(cast5\) +vs cbc\(cast5-generic\) +80 cases +160 runs  passed$'
has '^ecb-cast5-simdtest +ecb\(cast5\) +vs ecb\(cast5-generic\) +80 cases +160 runs  passed$'
has '^cast5-keybug +cast5 +vs cast5-generic +80 cases +[0-9]+ runs  FAILED$'
has '^ecb-cast5-oop-bug +ecb\(cast5\) +vs ecb\(cast5-generic\) +80 cases +[0-9]+ runs  FAILED$'
has '^sha512-nosimd-bug +sha512 +vs sha512-generic +80 cases +[0-9]+ runs  FAILED$'

# with a suffix: the module's own generic driver first, the built-in one when it has none
run 1 -m "$module@x" selftest --extra --fuzz-iterations 5 --seed 3
has '^testxor-fast@x +testxor +vs testxor-generic@x +40 cases +80 runs  passed$'
has '^cbc\(testxor-fast@x\) +cbc\(testxor\) +vs cbc\(testxor-generic@x\) +40 cases +80 runs  passed$'
has '^testxor-generic@x +testxor +vs testxor-generic@x +skipped: the generic driver$'
has '^sha512-fallback@x +sha512 +vs sha512-generic +40 cases +40 runs  passed$'
has 'NOT COMPARED: no generic driver fnv32-generic \(nor fnv32-generic@x\) to compare with$'

run 2 selftest --seed 5
run 2 selftest --extra --fuzz-iterations 0

# several names and globs: each driver they name is tested once
run 0 selftest 'sha3-*' sha512 sha512-generic 'cbc(cast5*)'
has '^sha3-256-generic +sha3-256 +own'
has '^sha3-512-generic +sha3-512 +own'
has '^cbc\(cast5-generic\) +cbc\(cast5\) +own'
if [[ $(grep -Ec '^sha512-generic +sha512 +own' "$out") != 1 ]]; then
	echo "FAIL: sha512-generic, named twice, is not tested once"
	status=1
fi
run 1 selftest 'nope*'
exit $status
