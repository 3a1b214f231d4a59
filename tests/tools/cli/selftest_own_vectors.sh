#!/usr/bin/env bash
# kcshim selftest on drivers of one's own: a driver without vectors says "no tests" (exit 77 when
# named; listed, exit 0, when not), one whose module has KCSHIM_OWN_VECTORS runs them (exit 0),
# and the same module with one wrong digest fails (exit 1).
# Usage: selftest_own_vectors.sh KCSHIM NO_VECTORS_MODULE.so OWN_VECTORS_MODULE.so PLANTED.so
set -uo pipefail
kcshim=$1
no_vectors=$2
own=$3
planted=$4
status=0
out=$(mktemp)
trap 'rm -f "$out"' EXIT

. "$(dirname "$0")/expect.sh"

run 77 -m "$no_vectors" selftest fnv32-module
has '^fnv32-module +no tests: no vectors for fnv32'
has '^0 passed, 0 failed, 1 driver without tests$'
run 0 -m "$no_vectors" selftest
has '^fnv32-module +no tests: no vectors for fnv32'
run 0 -m "$own" selftest fnv32-own
has '^fnv32-own +fnv32 +own +3 vectors .* passed$'
has '^1 passed, 0 failed$'
run 1 -m "$planted" selftest fnv32-own
has '^fnv32-own +fnv32 +own +3 vectors .* FAILED$'
exit $status
