#!/usr/bin/env bash
# The Debian package with its checkout out of reach. Builds BUILD_DIR's package (cpack) and
# unpacks it into a scratch root (dpkg-deb -x: its programs find their files relative to
# themselves), or, given PREFIX, takes an install that is already there (CI: /usr after
# `apt-get install ./kcshim_*.deb`). Then, in a mount namespace where the source and build trees
# are hidden under empty tmpfs mounts and only the kernel tree is left (bind-mounted elsewhere),
# runs `build`, `selftest --kernel-tree`, `kunit`, `xcheck --kernel uml` and a user's project
# built with find_package(kcshim) and with pkg-config.
# Usage: installed_package_test.sh SOURCE_DIR BUILD_DIR KERNEL_TREE [PREFIX]
# Exit 77 (skipped) without root's mount namespaces or without user-mode Linux.
set -euo pipefail
src=$(realpath -m "$1") build=$(realpath -m "$2") tree=$(realpath -m "$3") prefix=${4:-}

if [[ ${KCSHIM_INSIDE:-} == 1 ]]; then
	# In the namespace: nothing of the checkout is left.
	[[ ! -e $src/CMakeLists.txt && ! -e $build/CMakeCache.txt ]]
	kcshim=$prefix/bin/kcshim
	cd "$work"
	export XDG_CACHE_HOME=$work/cache
	set -x
	"$kcshim" build --kernel-tree "$work/tree" crypto/wp512.c -o "$work/wp512.so"
	"$kcshim" -m "$work/wp512.so" selftest --kernel-tree "$work/tree" wp512
	"$kcshim" kunit --kernel-tree "$work/tree" lib/crypto/tests/md5_kunit.c
	"$kcshim" xcheck --kernel uml --iterations 2 sha3-256
	bash "$work/consumer_check.sh" "$prefix" "$work/consumer" "$work"
	exit 0
fi

if ! unshare --mount --propagation private true 2>/dev/null; then
	echo "skipped: needs a mount namespace (root) to hide the checkout"
	exit 77
fi
if [[ ! -f $tree/crypto/testmgr.c ]]; then
	echo "skipped: no kernel tree at $tree (the kernel-vectors target extracts it)"
	exit 77
fi
if [[ ! -x /usr/bin/linux.uml ]]; then
	echo "skipped: no user-mode Linux (apt-get install user-mode-linux)"
	exit 77
fi
work=$(mktemp -d /tmp/kcshim-installed.XXXXXX)
trap 'rm -rf "$work"' EXIT

if [[ -z $prefix ]]; then
	cpack --config "$build/CPackConfig.cmake" -B "$work/package" >/dev/null
	deb=$(echo "$work"/package/kcshim_*.deb)
	# the debug info, split off: the CLI's is in the dbgsym package under its build ID
	id=$(readelf -n "$build/tools/cli/kcshim" | sed -n 's/.*Build ID: \([0-9a-f]*\).*/\1/p')
	dpkg-deb -c "$work"/package/kcshim-dbgsym_*.ddeb | grep "/${id:0:2}/${id:2}.debug" >/dev/null
	# dpkg-shlibdeps found the libraries; what kcshim runs is declared
	depends=$(dpkg-deb -f "$deb" Depends)
	echo "Depends: $depends"
	for d in libkcapi1 libssl3 libstdc++6 gcc python3; do
		[[ $depends == *"$d"* ]] || { echo "Depends lacks $d"; exit 1; }
	done
	dpkg-deb -x "$deb" "$work/root"
	prefix=$work/root/usr
	du -sh "$deb" "$work/root"
fi
file -L "$prefix/bin/kcshim" | grep -q ", stripped"
du -sh "$prefix/bin/kcshim"

# what runs in the namespace, copied out of the checkout
cp -r "$src/tests/install/consumer" "$work/consumer"
cp "$src/tests/install/consumer_check.sh" "$work/consumer_check.sh"
cp "$0" "$work/installed_package_test.sh"
mkdir "$work/tree"
export KCSHIM_INSIDE=1 work prefix src build tree
# Nothing of the build's environment leaks in: ctest's KCSHIM_* settings are the build tree's.
for v in $(compgen -e | grep '^KCSHIM_' | grep -v '^KCSHIM_INSIDE$'); do unset "$v"; done
unshare --mount --propagation private bash -c '
	set -e
	mount --bind "$tree" "$work/tree"
	mount -t tmpfs none "$src"
	[[ $build == "$src"/* ]] || mount -t tmpfs none "$build"
	exec bash "$0" "$src" "$build" "$tree" "$prefix"' "$work/installed_package_test.sh"
