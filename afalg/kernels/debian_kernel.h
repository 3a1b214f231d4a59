/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Debian's real kernels for qemu (`--kernel vm:arm64[:VERSION]`,
 * `vm:x86_64[:VERSION]`): finds the package in Debian's archive, downloads
 * it and unpacks it into a cache, with its modules ready for an initramfs.
 *
 * Where the kernels come from: the suites bookworm, bookworm-backports,
 * trixie, trixie-backports and sid, through a private apt configuration per
 * architecture.  The host's apt setup is never changed and nothing is
 * installed: apt runs with `-c cache_dir/apt/<arch>/apt.conf`, read after
 * the host's configuration (whose proxies and policies hold), which puts
 * every directory (sources, lists, cache, state, an empty dpkg status) inside
 * the cache, clears the host's update hooks, and fetches only Packages
 * indexes; only `apt-get update`, `apt-get download` and apt-cache queries
 * run.  Packages are verified by apt against
 * /usr/share/keyrings/debian-archive-keyring.gpg.
 *
 * Cache layout (cache_dir):
 *   .lock-<arch>                   flock()ed by every fetch of <arch>: concurrent kcshims wait
 *   apt/<arch>/                    apt.conf, sources.list, lists/, cache/, "updated" (the last
 *                                  refresh), resolved/<request> (the package version a request
 *                                  meant at that refresh)
 *   apt/<arch>/download-<pid>/     the .debs of an extraction in progress
 *   <arch>-<package_version>/      the unpacked kernel; ".kcshim-kernel" is written last and marks
 *                                  it complete
 *   <arch>-<package_version>.partial-<pid>/   an extraction in progress
 * A fetch removes what interrupted fetches of its arch left (download-*, *.partial-*).
 * A complete extraction is reused without running apt as long as the lists
 * are fresh (refreshed at most once a day, once an hour after a failed
 * refresh, and again when a requested version is not in them and they are
 * more than 5 minutes old).  Offline, stale lists still resolve a request.
 *
 * Errors (Result, afalg/endpoint/result.h), all Stage::setup and one line:
 *   -EINVAL   unknown architecture or malformed version
 *   -ENOENT   no such kernel: "no Debian arm64 kernel 6.5; available: 6.1, 6.12, 7.2"
 *   -ENETUNREACH  "cannot reach Debian's archive (MIRROR): REASON" and no usable lists
 *   -EIO      a command failed: "apt-get download failed: <its last meaningful line>",
 *             or the package did not hold what a kernel needs
 *   -ETIMEDOUT    a command timed out (named in the message)
 *   other -errno  from the filesystem (cache_dir not writable, full disk)
 */
#pragma once

#include <filesystem>
#include <ostream>
#include <string>
#include <vector>

#include "afalg/endpoint/result.h"

namespace kcshim::afalg {

struct DebianKernelRequest {
	std::string arch;	/* "arm64" or "x86_64" (Debian: amd64) */
	/* "" = newest available, "6.1" = newest 6.1.x, "7.2.13" = exactly that upstream version */
	std::string version;
	std::filesystem::path cache_dir;	/* everything downloaded/extracted lives here */
	std::string mirror;	/* "" = $KCSHIM_DEBIAN_MIRROR or http://deb.debian.org/debian */
};

struct DebianKernel {
	std::string arch, suite;	/* "arm64", "bookworm" */
	std::string package_version;	/* "6.1.176-1" */
	std::string release;		/* uname -r inside the guest: "6.1.0-50-arm64" */
	/*
	 * The bootable kernel (arm64 an uncompressed Image, amd64 a bzImage):
	 * boot/vmlinuz-<release> in 6.1's packages, lib/modules/<release>/vmlinuz in 7.x's.
	 */
	std::filesystem::path image;
	/*
	 * Holds lib/modules/<release>/: uncompressed .ko files, modules.dep,
	 * modules.alias, modules.builtin as text (depmod's).
	 */
	std::filesystem::path root;
	/* Served from a complete extraction without running any command. */
	bool from_cache = false;
};

/*
 * The kernel @req names, downloaded and unpacked if the cache does not have
 * it.  @progress (may be null) gets one line per step: what was picked, each
 * command run, sizes and times.  Errors: see the file comment.
 */
Result<DebianKernel> fetch_debian_kernel(const DebianKernelRequest &req, std::ostream *progress);

/*
 * The major.minor versions Debian's archive has for @req.arch, oldest first
 * ({"6.1", "6.12", ..., "7.3"}); refreshes the lists like a fetch would.
 * @req.version is ignored.  Errors as fetch_debian_kernel()'s.
 */
Result<std::vector<std::string>> available_versions(const DebianKernelRequest &req,
						    std::ostream *progress);

/* $XDG_CACHE_HOME/kcshim/debian-kernels, else ~/.cache/kcshim/debian-kernels. */
std::filesystem::path default_debian_kernel_cache();

} /* namespace kcshim::afalg */
