#!/usr/bin/env bash
# Bad input gives one "kcshim: ..." line on stderr and a non-zero exit, never a crash.
# Usage: errors.sh KCSHIM
set -uo pipefail
kcshim=$1
status=0

. "$(dirname "$0")/expect.sh"

expect 1 "unknown algorithm: nope" -- hash nope
expect 1 "bad key length 4 for cbc\(cast5\)" -- enc 'cbc(cast5)' --key 00112233 --iv 0000000000000000
expect 1 "needs a 8-byte IV" -- enc 'cbc(cast5)' --key 00112233445566778899aabbccddeeff --iv 00
expect 1 "--key is not hex" -- enc 'cbc(cast5)' --key zz --iv 0000000000000000
expect 1 "cannot take 7 bytes" -- dec 'ecb(cast5)' --key 00112233445566778899aabbccddeeff
expect 1 "^kcshim: cannot load module /nonexistent.so: No such file or directory \(-ENOENT\)$" -- -m /nonexistent.so list
expect 1 "unknown algorithm: nope" -- selftest nope
expect 2 "subcommand is required" -- no-such-command
expect 2 "--iterations" -- xcheck --iterations notanumber
# a usage error points to the help of the command it was in
expect 2 "\(see kcshim speed --help\)" -- speed sha3-256 --no-such-option
# tcrypt.ko needs a kernel that can load it: AF_ALG kernels are refused in one line, as usage
expect 2 "^kcshim: --kernel local: tcrypt.ko runs in an embedded kernel" -- tcrypt --kernel local mode=323
expect 2 "^kcshim: --kernel unix:/x: tcrypt.ko runs in an embedded kernel" -- tcrypt --kernel unix:/x mode=323
exit $status
