#!/usr/bin/env bash
# `kcshim hash ALG FILE` against Python's hashlib (OpenSSL) on a file larger than any buffer
# kcshim uses (so updates cross 1 MiB reads and every block boundary), and on stdin.
# Usage: hash_large_file.sh KCSHIM
set -euo pipefail
kcshim=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
file=$work/large.bin
# 48 MiB + 7 bytes of seeded pseudo-random data: reproducible, and not a multiple of any block
python3 -c "
import random, sys
r = random.Random(20261130)
with open(sys.argv[1], 'wb') as f:
    for _ in range(48):
        f.write(r.randbytes(1 << 20))
    f.write(r.randbytes(7))
" "$file"

status=0
for alg in sha3-224 sha3-256 sha3-384 sha3-512 sha384 sha512; do
	py=${alg/-/_}
	want=$(python3 -c "import hashlib, sys; print(hashlib.new('$py', open(sys.argv[1], 'rb').read()).hexdigest())" "$file")
	got=$("$kcshim" hash "$alg" "$file" | cut -d' ' -f1)
	piped=$("$kcshim" hash "$alg" < "$file" | cut -d' ' -f1)
	if [[ $got == "$want" && $piped == "$want" ]]; then
		echo "ok   $alg $got"
	else
		echo "FAIL $alg: kcshim $got / stdin $piped, hashlib $want"
		status=1
	fi
done
exit $status
