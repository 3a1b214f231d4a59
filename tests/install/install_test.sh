#!/usr/bin/env bash
# Installs kcshim from BUILD_DIR into a scratch prefix, then builds a user's driver module and
# program with find_package(kcshim) and with pkg-config, and runs them.
# Usage: install_test.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
src=$1 build=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
prefix=$work/prefix

cmake --install "$build" --prefix "$prefix" >/dev/null
export LD_LIBRARY_PATH=$prefix/lib:${LD_LIBRARY_PATH:-}

cmake -S "$src/tests/install/consumer" -B "$work/cmake" -G Ninja -DCMAKE_PREFIX_PATH="$prefix" >/dev/null
cmake --build "$work/cmake" >/dev/null
out=$("$work/cmake/consumer_app" "$work/cmake/consumer_driver.so")
echo "find_package: $out"
[[ $out == "xor8-consumer 60" ]]	# 'a' ^ 'b' ^ 'c' = 0x60

# pkg-config: the same driver and program with plain compiler commands, from plain paths
export PKG_CONFIG_PATH=$prefix/lib/pkgconfig
includes=$(pkg-config --cflags-only-I kcshim)
[[ ${includes% } == "-I$prefix/include/kcshim" ]]
cc $(pkg-config --cflags kcshim-module) -DKBUILD_MODNAME='"consumer_driver"' \
	"$src/tests/install/consumer/consumer_driver.c" $(pkg-config --libs kcshim-module) \
	-o "$work/pc_driver.so"
c++ -std=c++20 $(pkg-config --cflags kcshim) "$src/tests/install/consumer/consumer_app.cpp" \
	$(pkg-config --libs kcshim) -o "$work/pc_app"
out=$("$work/pc_app" "$work/pc_driver.so")
echo "pkg-config: $out"
[[ $out == "xor8-consumer 60" ]]
