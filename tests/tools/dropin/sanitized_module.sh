#!/usr/bin/env bash
# A sanitized kcshim builds modules with its sanitizers: the planted out-of-bounds read in
# fixtures/planted_oob.c (one byte past a kmalloc()ed buffer) must be reported by ASan, in the
# driver's own source line. Registered only for builds with -fsanitize=address.
# Usage: sanitized_module.sh KCSHIM FIXTURE_DIR WORK_DIR
set -uo pipefail
kcshim=$1 fixtures=$2 work=$3
fail() { echo "sanitized_module: $*" >&2; exit 1; }

mkdir -p "$work" && cd "$work" || exit 1
rm -rf planted_oob.so .kcshim-build	# -v prints only the compiles it runs
log=$("$kcshim" build --kernel-tree "$fixtures/tree" "$fixtures/planted_oob.c" -o planted_oob.so -v 2>&1) ||
	fail "build failed: $log"
grep -q -- '-fsanitize=address' <<<"$log" || fail "compiled without -fsanitize=address: $log"
out=$(printf 'sixteen bytes!!!' | "$kcshim" -m ./planted_oob.so hash planted-oob 2>&1) &&
	fail "the planted read went unreported: $out"
grep -q 'ERROR: AddressSanitizer: heap-buffer-overflow' <<<"$out" || fail "no ASan report: $out"
grep -q 'planted_update .*planted_oob.c:' <<<"$out" || fail "the report does not point at the driver: $out"
echo "sanitized_module: ASan reports the planted read in planted_update"
