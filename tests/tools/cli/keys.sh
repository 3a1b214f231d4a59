#!/usr/bin/env bash
# hash, enc and dec take a key alike: --key HEX or --key-file FILE (its raw bytes), not both;
# enc and dec need one. The same key either way gives the same output.
# Usage: keys.sh KCSHIM
set -uo pipefail
kcshim=$1
status=0
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

. "$(dirname "$0")/expect.sh"

key=0123456712345678234567893456789A
printf '\x01\x23\x45\x67\x12\x34\x56\x78\x23\x45\x67\x89\x34\x56\x78\x9a' >"$work/key"
iv=(--iv 0000000000000000)
# RFC 2144-sized CAST5 key; the README's example output
by_hex=$(printf 12345678 | "$kcshim" enc 'cbc(cast5)' --key $key "${iv[@]}" | od -An -tx1 | tr -d ' \n')
by_file=$(printf 12345678 | "$kcshim" enc 'cbc(cast5)' --key-file "$work/key" "${iv[@]}" |
	od -An -tx1 | tr -d ' \n')
back=$(printf 12345678 | "$kcshim" enc 'cbc(cast5)' --key-file "$work/key" "${iv[@]}" |
	"$kcshim" dec 'cbc(cast5)' --key $key "${iv[@]}")
if [[ $by_hex != 7a724e0012c59e2a || $by_file != "$by_hex" || $back != 12345678 ]]; then
	echo "FAIL: --key gives $by_hex, --key-file $by_file, decrypted back: $back"
	status=1
else
	echo "ok   --key and --key-file give $by_hex; dec takes it back"
fi

expect 2 "^kcshim: enc needs --key HEX or --key-file FILE$" -- enc 'cbc(cast5)' "${iv[@]}"
# an empty key is a key of no bytes (cipher_null takes it), not a missing one
expect 1 "^kcshim: bad key length 0 for cbc\\(cast5\\)" -- enc 'cbc(cast5)' --key '' "${iv[@]}"
expect 1 "^kcshim: bad key length 0 for cbc\\(cast5\\)" -- enc 'cbc(cast5)' --key-file /dev/null "${iv[@]}"
expect 2 "--key excludes --key-file" -- dec 'ecb(cast5)' --key 00 --key-file "$work/key"
expect 2 "--key excludes --key-file" -- hash sha3-256 --key 00 --key-file "$work/key"
expect 1 "^kcshim: --key is not hex$" -- hash sha3-256 --key zz
expect 1 "^kcshim: sha3-256 takes no key$" -- hash sha3-256 --key 00
expect 1 "^kcshim: cannot read key file /dev/zero: .*File too large" -- enc 'ecb(cast5)' --key-file /dev/zero
exit $status
