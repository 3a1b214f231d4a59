# The Debian package: CPack's DEB generator over this build's install (tools/package-deb).
#
#   cpack --config build/CPackConfig.cmake -B build/package
#     -> kcshim_<version>_<arch>.deb and kcshim-dbgsym_<version>_<arch>.ddeb
#
# The package installs under /usr; its programs find their files relative to themselves
# (tools/runtime_files), so the package also works unpacked anywhere (dpkg-deb -x). Binaries are
# stripped and their debug info goes into the -dbgsym package, as Debian's own packages do. The
# libraries it links are found by dpkg-shlibdeps; what kcshim runs (the compiler that builds
# modules, python3 for kvgen.py, user-mode Linux and qemu for the kernels it compares with) is
# declared here.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME kcshim)
set(CPACK_PACKAGE_VENDOR kcshim)
set(CPACK_PACKAGE_CONTACT "kcshim maintainers <maintainers@users.noreply.a-seed-f13574b3.example>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "Linux kernel crypto API in userspace")
set(CPACK_PACKAGE_DESCRIPTION
  "kcshim runs the kernel's crypto drivers, libraries and tests (testmgr vectors, KUnit
suites, tcrypt speed runs) in a normal process, built unmodified from a kernel tree, and
compares their answers with real kernels over AF_ALG (user-mode Linux, qemu guests of
Debian's kernels, remote boards).")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# Splits each binary's debug info into kcshim-dbgsym (by build ID) and strips the binary; this
# needs the binaries unstripped, so CPACK_STRIP_FILES stays off.
set(CPACK_DEBIAN_DEBUGINFO_PACKAGE ON)
# gcc and libc6-dev: `kcshim build`, `kunit` and `selftest --kernel-tree` compile kernel code
set(CPACK_DEBIAN_PACKAGE_DEPENDS "gcc, libc6-dev, python3")
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS
  "user-mode-linux, kmod, qemu-system-x86, qemu-system-arm, cpio, debian-archive-keyring, xz-utils")
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "gnuplot-nox, gcc-aarch64-linux-gnu, gcc-arm-linux-gnueabihf, qemu-user")
# The board folder's bundled libraries (component board) stay out of the package.
set(CPACK_COMPONENTS_ALL Unspecified)
set(CPACK_DEB_COMPONENT_INSTALL OFF)
include(CPack)
