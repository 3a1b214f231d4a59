#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# gdb finds a relocatable module's code through the JIT interface: `break fixture_abs_update_asm`
# set before the module exists stops in it by name, and the backtrace and `info symbol` name it
# and its C caller in the same module.
# Usage: gdb_break.sh PROBE FIXTURE_TABLE_SO FIXTURE_ABS_KO. Exit 77 (skip) without a usable gdb.
set -u
if ! command -v gdb >/dev/null 2>&1; then
	echo "gdb not installed: skipped"
	exit 77
fi
unset DEBUGINFOD_URLS	# no downloads of libc's symbols
out=$(gdb -nx -batch \
	-ex 'set breakpoint pending on' \
	-ex 'break fixture_abs_update_asm' \
	-ex run \
	-ex bt \
	-ex 'info symbol $pc' \
	-ex kill \
	--args "$@" 2>&1)
echo "$out"
if echo "$out" | grep -q 'ptrace: Operation not permitted'; then
	echo "gdb cannot trace here: skipped"
	exit 77
fi
fail=0
expect() {
	if ! echo "$out" | grep -Eq "$1"; then
		echo "FAIL: no line matching: $1"
		fail=1
	fi
}
expect '^Breakpoint 1, (0x[0-9a-f]+ in )?fixture_abs_update_asm \('
expect '^#0 +(0x[0-9a-f]+ in )?fixture_abs_update_asm \('
expect '^#1 +0x[0-9a-f]+ in fixture_abs_update \('
expect '^fixture_abs_update_asm( \+ [0-9]+)? in section \.text'
exit $fail
