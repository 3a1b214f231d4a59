#!/usr/bin/env bash
# A user's project against the kcshim installed at PREFIX: CONSUMER_DIR's driver module and
# program built with find_package(kcshim) and with pkg-config's flags in plain compiler commands,
# in WORK; each program loads its driver. pkg-config is given PREFIX as its prefix, so an
# unpacked package (whose files name /usr) is checked where it lies.
# Usage: consumer_check.sh PREFIX CONSUMER_DIR WORK
set -euo pipefail
prefix=$1 consumer=$2 work=$3
export LD_LIBRARY_PATH=$prefix/lib:${LD_LIBRARY_PATH:-}
expected="xor8-consumer 60"	# the driver's name and 'a' ^ 'b' ^ 'c' = 0x60

cmake -S "$consumer" -B "$work/consumer-cmake" -G Ninja -DCMAKE_PREFIX_PATH="$prefix" >/dev/null
cmake --build "$work/consumer-cmake" >/dev/null
out=$("$work/consumer-cmake/consumer_app" "$work/consumer-cmake/consumer_driver.so")
echo "find_package: $out"
[[ $out == "$expected" ]]

export PKG_CONFIG_PATH=$prefix/lib/pkgconfig
pc=(pkg-config --define-variable=prefix="$prefix")
includes=$("${pc[@]}" --cflags-only-I kcshim)
[[ ${includes% } == "-I$prefix/include/kcshim" ]]
cc $("${pc[@]}" --cflags kcshim-module) -DKBUILD_MODNAME='"consumer_driver"' \
	"$consumer/consumer_driver.c" $("${pc[@]}" --libs kcshim-module) -o "$work/pc_driver.so"
c++ -std=c++20 $("${pc[@]}" --cflags kcshim) "$consumer/consumer_app.cpp" \
	$("${pc[@]}" --libs kcshim) -o "$work/pc_app"
out=$("$work/pc_app" "$work/pc_driver.so")
echo "pkg-config: $out"
[[ $out == "$expected" ]]
