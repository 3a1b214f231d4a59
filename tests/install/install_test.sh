#!/usr/bin/env bash
# Installs kcshim from BUILD_DIR into a scratch prefix, then builds a user's driver module and
# program with find_package(kcshim) and with pkg-config, and runs them (consumer_check.sh).
# Usage: install_test.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
src=$1 build=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cmake --install "$build" --prefix "$work/prefix" >/dev/null
"$src/tests/install/consumer_check.sh" "$work/prefix" "$src/tests/install/consumer" "$work"
