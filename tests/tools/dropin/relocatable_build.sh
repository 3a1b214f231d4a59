#!/usr/bin/env bash
# kcshim build on the fixture tree's arch/x86/crypto glue: the composite module comes from the
# Makefile (its assembly, the CONFIG_AS_AVX512 object; not the 32-bit composite, not the object of
# an unset config symbol), it gets Kbuild's name, and its absolutely addressed table makes it a
# relocatable module that loads and computes what the test recomputes.
# Usage: relocatable_build.sh KCSHIM FIXTURE_TREE WORK_DIR
set -euo pipefail
kcshim=$1 tree=$2 work=$3
glue=arch/x86/crypto/fixture_glue.c
fail() { echo "relocatable_build: $*" >&2; exit 1; }

sources=$("$kcshim" build --kernel-tree "$tree" "$glue" --list-sources)
for want in fixture_glue.c fixture-x86_64-asm_64.S fixture-avx512-asm.S; do
	grep -q "/$want\$" <<<"$sources" || fail "--list-sources lacks $want: $sources"
done
grep -qE 'i586|never' <<<"$sources" && fail "--list-sources has a composite or object that does not apply: $sources"

mkdir -p "$work" && cd "$work"
rm -f fixture-x86_64.so
log=$("$kcshim" build --kernel-tree "$tree" "$glue" 2>&1) || fail "build failed: $log"
grep -q 'built as a relocatable module (ET_REL)' <<<"$log" || fail "no relocatable note: $log"
[[ -f fixture-x86_64.so ]] || fail "the module is not named as Kbuild names it (fixture-x86_64.so)"
[[ $(od -An -tx1 -j16 -N2 fixture-x86_64.so | tr -d ' ') == 0100 ]] || fail "not ET_REL"

msg='the kernel may address its tables absolutely'
got=$(printf '%s' "$msg" | "$kcshim" -m ./fixture-x86_64.so hash fixture-mapsum-asm | cut -d' ' -f1)
want=$(python3 -c 'import struct,sys; print(struct.pack("<Q", sum(b ^ 0x5a for b in sys.argv[1].encode())).hex())' "$msg")
[[ $got == "$want" ]] || fail "digest $got, expected $want"
echo "relocatable_build: composite from the Makefile, ET_REL module, digest $got: ok"
