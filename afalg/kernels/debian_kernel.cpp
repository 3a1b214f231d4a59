// SPDX-License-Identifier: GPL-2.0
/*
 * fetch_debian_kernel() and available_versions() (afalg/kernels/debian_kernel.h):
 * the request checked under the cache lock, the kernel picked from the package
 * lists, and downloaded and unpacked into the cache unless it is there.
 */
#include "afalg/kernels/debian_kernel.h"

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <unistd.h>

#include "afalg/kernels/debian_kernel_internal.h"
#include "afalg/kernels/tree_guard.h"

namespace kcshim::afalg {

using namespace std::chrono_literals;
using namespace debian_kernel_internal;

namespace {

constexpr const char *default_mirror = "http://deb.debian.org/debian";

/* A version missing from lists younger than this is missing: no refresh. */
constexpr auto missing_version_refresh = 5min;

std::string mirror_of(const DebianKernelRequest &req)
{
	if (!req.mirror.empty())
		return req.mirror;
	if (const char *env = std::getenv("KCSHIM_DEBIAN_MIRROR"); env && *env)
		return env;
	return default_mirror;
}

/* The request's key in resolved/: "newest" or the version. */
std::string request_key(const DebianKernelRequest &req)
{
	return req.version.empty() ? "newest" : req.version;
}

/* The request's checks and the opened apt configuration, under the cache lock. */
struct CacheSession {
	std::string darch;
	std::unique_ptr<CacheLock> lock;
	std::optional<Apt> apt;
};

Result<CacheSession> open_session(const DebianKernelRequest &req, std::ostream *progress)
{
	CacheSession s;
	s.darch = debian_arch(req.arch);
	if (s.darch.empty() || (req.arch != "arm64" && req.arch != "x86_64"))
		return fail(-EINVAL, Stage::setup,
			    "unknown architecture '" + req.arch + "' (arm64 or x86_64)");
	if (!valid_version_request(req.version))
		return fail(-EINVAL, Stage::setup,
			    "bad kernel version '" + req.version + "' (e.g. 6.1 or 7.2.13)");
	if (req.cache_dir.empty())
		return fail(-EINVAL, Stage::setup, "no cache directory for Debian's kernels");
	std::error_code ec;
	fs::create_directories(req.cache_dir, ec);
	if (ec)
		return fs_error(ec, req.cache_dir.string());
	auto lock = CacheLock::take(req.cache_dir, req.arch, progress);
	if (!lock)
		return lock.error();
	s.lock = std::move(*lock);
	auto apt = Apt::open(fs::absolute(req.cache_dir), req.arch, s.darch, mirror_of(req));
	if (!apt)
		return apt.error();
	s.apt = std::move(*apt);
	return s;
}

/* Every kernel image the lists have, refreshing them when stale; @refreshed says whether it did. */
Result<std::vector<DebianPackage>> list_images(CacheSession &s, bool &refreshed, std::ostream *progress)
{
	refreshed = false;
	if (!s.apt->lists_fresh() || !s.apt->have_lists()) {
		auto u = s.apt->update(progress);
		if (!u)
			return u.error();
		refreshed = true;
	}
	return s.apt->kernel_images(s.darch, progress);
}

/* Downloads and unpacks @pick (and the packages it pins) into cache_dir/<arch>-<version>. */
Result<DebianKernel> install_into_cache(CacheSession &s, const DebianKernelRequest &req,
					const DebianPackage &pick, const fs::path &final_dir,
					std::ostream *progress)
{
	/* The image package and what it pins to its own version (7.x: base, binary, modules). */
	std::vector<std::string> names{pick.name};
	std::uintmax_t expected = 0;
	for (size_t i = 0; i < names.size(); i++) {
		auto stanza = s.apt->show(names[i], pick.version, progress);
		if (!stanza)
			return stanza.error();
		expected += std::strtoull(stanza_field(*stanza, "Size").c_str(), nullptr, 10);
		for (auto &d : same_version_depends(*stanza, pick.version))
			if (std::find(names.begin(), names.end(), d) == names.end())
				names.push_back(d);
	}
	std::vector<std::string> specs;
	for (auto &n : names)
		specs.push_back(n + "=" + pick.version);

	std::error_code ec;
	fs::path downloads = s.apt->dir() / ("download-" + std::to_string(::getpid()));
	fs::remove_all(downloads, ec);
	fs::create_directories(downloads, ec);
	if (ec)
		return fs_error(ec, downloads.string());
	TreeGuard drop_downloads(downloads);
	say(progress, "downloading " + join(names, ", ") + " " + pick.version + " from " +
			      pick.suite + " (" + megabytes(expected) + ")");
	auto t0 = clock::now();
	auto debs = s.apt->download(specs, downloads, progress);
	if (!debs)
		return debs.error();
	std::uintmax_t got = 0;
	for (auto &d : *debs)
		got += fs::file_size(d, ec);
	say(progress, "downloaded " + megabytes(got) + " in " + seconds(clock::now() - t0));

	/* Named by our pid: a killed run's orphaned dpkg-deb may still write into its own. */
	fs::path partial = final_dir;
	partial += ".partial-" + std::to_string(::getpid());
	fs::remove_all(partial, ec);
	fs::remove_all(final_dir, ec);	/* incomplete: it has no marker */
	fs::create_directories(partial, ec);
	if (ec)
		return fs_error(ec, partial.string());
	TreeGuard drop_partial(partial);
	auto k = unpack(*debs, partial, s.darch, progress);
	if (!k)
		return k.error();
	k->arch = req.arch;
	k->suite = pick.suite;
	k->package_version = pick.version;
	if (int e = write_atomic(partial / marker, marker_text(*k)))
		return fail(e, Stage::setup, "cannot write " + (partial / marker).string());
	fs::rename(partial, final_dir, ec);
	if (ec)
		return fs_error(ec, "renaming " + partial.string());
	drop_partial.release();
	auto done = complete_kernel(final_dir);
	if (!done)
		return fail(-EIO, Stage::setup, final_dir.string() + " is incomplete after unpacking");
	return *done;
}

} /* namespace */

Result<DebianKernel> fetch_debian_kernel(const DebianKernelRequest &req, std::ostream *progress)
{
	auto t0 = clock::now();
	auto session = open_session(req, progress);
	if (!session)
		return session.error();
	CacheSession &s = *session;
	const fs::path cache = fs::absolute(req.cache_dir);
	std::string key = request_key(req);
	auto dir_of = [&](const std::string &pv) { return cache / (req.arch + "-" + pv); };

	/* Leftovers of interrupted runs (we hold the lock: nobody else extracts for @arch). */
	std::error_code ec;
	std::vector<fs::path> stale;
	for (auto &e : fs::directory_iterator(cache, ec)) {
		std::string name = e.path().filename().string();
		if (name.rfind(req.arch + "-", 0) == 0 && name.find(".partial-") != std::string::npos)
			stale.push_back(e.path());
	}
	for (auto &e : fs::directory_iterator(s.apt->dir(), ec))
		if (e.path().filename().string().rfind("download-", 0) == 0)
			stale.push_back(e.path());
	for (const auto &p : stale)
		fs::remove_all(p, ec);

	/* The request was resolved since the last refresh and that kernel is here: no command runs. */
	if (std::string pv = s.apt->resolved(key); !pv.empty())
		if (auto k = complete_kernel(dir_of(pv))) {
			k->from_cache = true;
			say(progress, req.arch + " " + (req.version.empty() ? "newest" : req.version) +
					      ": " + k->release + " (" + k->package_version + ", " +
					      k->suite + "), cached, " + seconds(clock::now() - t0));
			return *k;
		}

	bool refreshed = false;
	auto images = list_images(s, refreshed, progress);
	if (!images)
		return images.error();
	auto pick = pick_kernel_image(*images, s.darch, req.version);
	if (!pick && !refreshed && !s.apt->lists_younger_than(missing_version_refresh)) {
		say(progress, "no " + key + " in the package lists: refreshing them");
		if (auto u = s.apt->update(progress); !u)
			return u.error();
		images = s.apt->kernel_images(s.darch, progress);
		if (!images)
			return images.error();
		pick = pick_kernel_image(*images, s.darch, req.version);
	}
	if (!pick)
		return fail(-ENOENT, Stage::setup,
			    missing_kernel_message(req.arch, req.version, *images, s.darch) +
				    (images->empty() ? " (mirror " + s.apt->mirror() + ")" : ""));
	s.apt->remember(key, pick->version);
	say(progress, req.arch + " " + (req.version.empty() ? "newest" : req.version) + ": " +
			      pick->name + " " + pick->version + " (" + pick->suite + ")");

	if (auto k = complete_kernel(dir_of(pick->version))) {
		say(progress, "cached in " + dir_of(pick->version).string());
		return *k;
	}
	auto k = install_into_cache(s, req, *pick, dir_of(pick->version), progress);
	if (k)
		say(progress, "ready in " + seconds(clock::now() - t0) + ": " + k->image.string());
	return k;
}

Result<std::vector<std::string>> available_versions(const DebianKernelRequest &req,
						    std::ostream *progress)
{
	DebianKernelRequest any = req;
	any.version.clear();
	auto session = open_session(any, progress);
	if (!session)
		return session.error();
	bool refreshed = false;
	auto images = list_images(*session, refreshed, progress);
	if (!images)
		return images.error();
	return kernel_versions(*images, session->darch);
}

fs::path default_debian_kernel_cache()
{
	if (const char *x = std::getenv("XDG_CACHE_HOME"); x && *x == '/')
		return fs::path(x) / "kcshim" / "debian-kernels";
	if (const char *h = std::getenv("HOME"); h && *h)
		return fs::path(h) / ".cache" / "kcshim" / "debian-kernels";
	return fs::temp_directory_path() / "kcshim-debian-kernels";
}

} /* namespace kcshim::afalg */
