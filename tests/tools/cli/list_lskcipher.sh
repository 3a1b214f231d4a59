#!/usr/bin/env bash
# kcshim list shows an lskcipher driver, and ecb() over it, with type lskcipher and its sizes, as
# /proc/crypto does on a 6.7+ kernel; ecb() over a cipher stays an skcipher.
# Usage: list_lskcipher.sh KCSHIM LSKCIPHER_TEST_MODULE.so
set -uo pipefail
kcshim=$1
module=$2
status=0
out=$(mktemp)
trap 'rm -f "$out"' EXIT

"$kcshim" -m "$module" list --instantiate 'ecb(testks)' --instantiate 'ecb(cast5)' >"$out" || {
	echo "FAIL: kcshim list exited $?"
	exit 1
}

block() {	# block DRIVER: the listing's lines for that driver
	awk -v d="driver       : $1" '$0 == d { on = 1 } on && $0 == "" { exit } on' "$out"
}

expect() {	# expect DRIVER LINE: the driver's block has that line
	if ! block "$1" | grep -Fxq -- "$2"; then
		echo "FAIL: $1: no line '$2' in:"
		block "$1"
		status=1
	else
		echo "ok   $1: $2"
	fi
}

expect testks-module 'type         : lskcipher'
expect testks-module 'statesize    : 8'
expect testks-module 'chunksize    : 1'
expect testks-module 'max keysize  : 16'
expect 'ecb(testks-module)' 'type         : lskcipher'
expect 'ecb(testks-module)' 'priority     : 400'
expect 'ecb(testks-module)' 'ivsize       : 0'
expect 'ecb(cast5-generic)' 'type         : skcipher'
exit $status
