/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the files of fetch_debian_kernel() (afalg/kernels/debian_kernel.h)
 * share, and nothing else includes: the small helpers and the cache lock
 * (debian_kernel_support.cpp), the private apt configuration
 * (debian_kernel_apt.cpp) and the unpacking of the packages into the cache
 * (debian_kernel_unpack.cpp).  debian_kernel.cpp puts them together.
 */
#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <system_error>
#include <vector>

#include "afalg/kernels/debian_kernel.h"
#include "afalg/kernels/debian_packages.h"
#include "afalg/kernels/external_command.h"
#include "afalg/kernels/host_files.h"

namespace kcshim::afalg {

namespace fs = std::filesystem;

namespace debian_kernel_internal {

using clock = std::chrono::steady_clock;

/* Written last into an extraction: its presence says the kernel there is complete. */
inline constexpr const char *marker = ".kcshim-kernel";

struct Done {};

/* debian_kernel_support.cpp */

void say(std::ostream *progress, const std::string &line);
std::string seconds(clock::duration d);
std::string megabytes(std::uintmax_t bytes);
std::string join(const std::vector<std::string> &words, const char *sep);
/* Writes @text to @p through a temporary file and rename(): readers see the old or the new text. */
int write_atomic(const fs::path &p, const std::string &text);
/* Age of @p's modification time; "max" when it is missing. */
fs::file_time_type::duration age(const fs::path &p);

/* flock() on cache_dir/.lock-<arch> for the life of the object. */
class CacheLock {
public:
	static Result<std::unique_ptr<CacheLock>> take(const fs::path &dir, const std::string &arch,
						       std::ostream *progress);
	~CacheLock();
	CacheLock(const CacheLock &) = delete;
	CacheLock &operator=(const CacheLock &) = delete;

private:
	explicit CacheLock(int fd) : fd_(fd) {}
	int fd_;
};

/* One command under a step's name; a failure becomes a one-line Error. */
Result<CommandResult> run_step(Command cmd, std::ostream *progress, bool quiet = false);

/*
 * debian_kernel_apt.cpp: the private apt configuration of one architecture
 * (file comment of debian_kernel.h).
 */
class Apt {
public:
	static Result<Apt> open(const fs::path &cache_dir, const std::string &arch,
				const std::string &darch, const std::string &mirror);

	/* Fresh lists of these sources: no refresh needed, resolved requests hold. */
	bool lists_fresh() const;
	bool lists_younger_than(fs::file_time_type::duration d) const;
	bool have_lists() const;

	/* apt-get update.  Offline with older lists: a warning, and those lists are used. */
	Result<Done> update(std::ostream *progress);

	/* Every version of every plain linux-image-<abi>-<flavour> package the lists have. */
	Result<std::vector<DebianPackage>> kernel_images(const std::string &flavour,
							 std::ostream *progress);

	/* `apt-cache show NAME=VERSION`'s stanza. */
	Result<std::string> show(const std::string &name, const std::string &version,
				 std::ostream *progress);

	/* `apt-get download NAME=VERSION...` into @dir; the .deb files. */
	Result<std::vector<fs::path>> download(const std::vector<std::string> &specs,
					       const fs::path &dir, std::ostream *progress);

	/* The package version @key ("newest", "6.1") meant at the last refresh; "" if unknown. */
	std::string resolved(const std::string &key) const;
	void remember(const std::string &key, const std::string &package_version) const;

	const fs::path &dir() const { return dir_; }
	const std::string &mirror() const { return mirror_; }

private:
	Command apt(std::vector<std::string> argv, std::chrono::milliseconds timeout) const;
	Result<std::string> query(const std::vector<std::string> &argv, std::ostream *progress);

	fs::path dir_;
	std::string mirror_, sources_;
};

/* debian_kernel_unpack.cpp */

/* The marker of a complete extraction, as "key=value" lines. */
std::string marker_text(const DebianKernel &k);
/* The kernel unpacked in @root, if its marker says it is complete. */
std::optional<DebianKernel> complete_kernel(const fs::path &root);
/*
 * Unpacks @debs into @root: the files, a lib -> usr/lib link where modules
 * live under usr/lib, decompressed modules, depmod's indexes.
 */
Result<DebianKernel> unpack(const std::vector<fs::path> &debs, const fs::path &root,
			    const std::string &darch, std::ostream *progress);

} /* namespace debian_kernel_internal */

} /* namespace kcshim::afalg */
