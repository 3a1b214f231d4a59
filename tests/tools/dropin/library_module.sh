#!/usr/bin/env bash
# A 7.x library alone is a module: lib/crc/crc-t10dif-main.c built with its x86 code exports
# crc_t10dif_update() to a module loaded after it, crct10dif-lib.so (the CRC-16/T10-DIF check value
# of "123456789" is 0xd0db, which the crct10dif digest holds in host byte order); list --libs shows what the library chose, and --no-cpu makes it choose the C code.
# Usage: library_module.sh KCSHIM TREE USER_MODULE WORK_DIR   (exit 77: no 7.x tree)
set -euo pipefail
kcshim=$1 tree=$2 user=$3 work=$4
fail() { echo "library_module: $*" >&2; exit 1; }
[[ -f $tree/lib/crc/crc-t10dif-main.c ]] || { echo "library_module: no $tree: skipped"; exit 77; }

mkdir -p "$work" && cd "$work"
log=$("$kcshim" build --kernel-tree "$tree" lib/crc/crc-t10dif-main.c 2>&1) || fail "build: $log"
[[ -f crc-t10dif.so ]] || fail "the library module is not named as Kbuild names it (crc-t10dif.so)"
libs=$("$kcshim" -m ./crc-t10dif.so list --libs)
grep -Eq 'crc16_msb_pclmul +crc16_msb_(vpclmul|pclmul)' <<<"$libs" || fail "no PCLMUL choice: $libs"
masked=$("$kcshim" --no-cpu pclmulqdq -m ./crc-t10dif.so list --libs)
grep -Eq 'have_pclmulqdq +off' <<<"$masked" || fail "--no-cpu pclmulqdq left it on: $masked"
for flags in "" "--no-cpu pclmulqdq"; do
	# shellcheck disable=SC2086
	got=$(printf 123456789 | "$kcshim" $flags -m ./crc-t10dif.so -m "$user" hash crct10dif-lib | cut -d' ' -f1)
	[[ $got == dbd0 ]] || fail "crc_t10dif_update(\"123456789\") = $got ${flags:+($flags) }, expected dbd0 (0xd0db, little-endian)"
done
echo "library_module: crc-t10dif.so exports crc_t10dif_update, PCLMUL and C both give 0xd0db: ok"
