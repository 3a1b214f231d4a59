#!/usr/bin/env bash
# The x86-64 accelerated drivers against their generic drivers on 100,000 random cases each
# (kcshim selftest --extra --fuzz-iterations 12500; CI's unit tests run 10,000): every algorithm
# with x86 variants, a fixed seed per run of this script printed for replay. Each named
# algorithm must pass, and compare at least one driver with its generic one.
# Usage: selftest_x86_variants_slow.sh KCSHIM
set -uo pipefail
kcshim=$1
seed=${KCSHIM_TEST_SEED:-$(( (RANDOM << 16) | RANDOM ))}
status=0
out=$(mktemp)
trap 'rm -f "$out"' EXIT
echo "seed $seed (KCSHIM_TEST_SEED=$seed replays it)"

for alg in sha3-224 sha3-256 sha3-384 sha3-512 shake128 shake256 sha384 sha512 crct10dif \
	'ecb(cast5)' 'cbc(cast5)' 'ctr(cast5)'; do
	"$kcshim" selftest --extra --fuzz-iterations 12500 --seed "$seed" "$alg" >"$out" 2>&1
	rc=$?
	compared=$(grep -Ec ' 100000 cases .* passed$' "$out")
	if [[ $rc -ne 0 || $compared -lt 1 ]]; then
		echo "FAIL: $alg: exit $rc, $compared drivers passed 100000 cases"
		cat "$out"
		status=1
	else
		echo "ok   $alg: $compared drivers passed 100000 cases each"
	fi
done
exit $status
