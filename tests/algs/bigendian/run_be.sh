#!/usr/bin/env bash
# Runs a big-endian runner of tests/algs/bigendian under qemu-aarch64_be. Exits 77 (CTest: skipped)
# when the runner was not built (no aarch64-linux-gnu-gcc linking -mbig-endian at configure time)
# or qemu-aarch64_be is missing; otherwise with the runner's status (1: a check failed).
# Usage: run_be.sh RUNNER.elf
set -euo pipefail
elf=$1
if [[ ! -f $elf ]]; then
	echo "skipped: $elf was not built: no aarch64-linux-gnu-gcc that links -mbig-endian" \
		"(tools/install-deps --tests, then re-run cmake)" >&2
	exit 77
fi
if ! qemu=$(command -v qemu-aarch64_be); then
	echo "skipped: no qemu-aarch64_be (tools/install-deps --tests installs qemu-user)" >&2
	exit 77
fi
# exec: a crash under qemu stays a crash for CTest, never an expected failure
exec "$qemu" "$elf"
