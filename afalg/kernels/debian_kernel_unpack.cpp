// SPDX-License-Identifier: GPL-2.0
/*
 * The downloaded packages of a Debian kernel made into a kernel tree in the
 * cache: dpkg-deb -x, the modules decompressed, depmod's indexes, the
 * bootable image found; and the marker that says an extraction is complete.
 */
#include "afalg/kernels/debian_kernel_internal.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <future>
#include <map>
#include <thread>

namespace kcshim::afalg::debian_kernel_internal {

using namespace std::chrono_literals;

namespace {

constexpr auto unpack_timeout = 10min;	/* dpkg-deb -x, one package */
constexpr auto decompress_timeout = 10min;	/* one batch of modules */
constexpr auto depmod_timeout = 5min;

/* Modules compressed by the package (7.x: .ko.xz), decompressed in place by their tool. */
Result<size_t> decompress_modules(const fs::path &moddir)
{
	struct Tool {
		const char *suffix;
		std::vector<std::string> argv;
		std::vector<std::string> files;
	};
	Tool tools[] = {
		{".ko.xz", {"xz", "-d", "-q", "-f", "--"}, {}},
		{".ko.zst", {"zstd", "-d", "-q", "-f", "--rm", "--"}, {}},
		{".ko.gz", {"gzip", "-d", "-q", "-f", "--"}, {}},
	};
	std::error_code ec;
	for (auto it = fs::recursive_directory_iterator(moddir, ec); !ec && it != fs::end(it);
	     it.increment(ec)) {
		if (!it->is_regular_file())
			continue;
		std::string name = it->path().lexically_relative(moddir).string();
		for (auto &t : tools)
			if (name.size() > std::strlen(t.suffix) &&
			    name.compare(name.size() - std::strlen(t.suffix), std::string::npos,
					 t.suffix) == 0)
				t.files.push_back(name);
	}
	if (ec)
		return fs_error(ec, moddir.string());
	/* Batches of files per tool run, a few runs at a time (7.x: ~4500 modules). */
	std::vector<Command> runs;
	size_t count = 0;
	unsigned workers = std::clamp(std::thread::hardware_concurrency(), 1u, 4u);
	for (auto &t : tools) {
		size_t batch = std::max<size_t>(50, (t.files.size() + workers - 1) / workers);
		for (size_t i = 0; i < t.files.size(); i += batch) {
			Command c;
			c.argv = t.argv;
			c.argv.insert(c.argv.end(), t.files.begin() + static_cast<long>(i),
				      t.files.begin() +
					      static_cast<long>(std::min(i + batch, t.files.size())));
			c.cwd = moddir;
			c.timeout = decompress_timeout;
			c.env = {"LC_ALL=C"};
			runs.push_back(std::move(c));
		}
		count += t.files.size();
	}
	std::vector<std::future<Result<CommandResult>>> running;
	for (const auto &c : runs)
		running.push_back(std::async(std::launch::async, [&c] { return run_command(c); }));
	for (auto &f : running) {
		auto r = f.get();
		if (!r)
			return r.error();
		if (!r->ok())
			return fail(r->timed_out ? -ETIMEDOUT : -EIO, Stage::setup,
				    "decompressing modules: " + r->failure_line());
	}
	return count;
}

/*
 * The bootable image in @root for @release: boot/vmlinuz-<release> (6.1) or
 * lib/modules/<release>/vmlinuz (7.x).  An arm64 EFI zboot image ("MZ" ...
 * "zimg") would need its payload unpacked first: not handled, reported.
 */
Result<fs::path> find_image(const fs::path &root, const std::string &release,
			    const std::string &darch)
{
	fs::path image = root / "boot" / ("vmlinuz-" + release);
	if (!fs::exists(image))
		image = root / "lib/modules" / release / "vmlinuz";
	if (!fs::exists(image))
		return fail(-EIO, Stage::setup,
			    "the packages hold neither boot/vmlinuz-" + release +
				    " nor lib/modules/" + release + "/vmlinuz");
	if (darch == "arm64") {
		char head[64] = {};
		std::ifstream(image, std::ios::binary).read(head, sizeof(head));
		if (std::memcmp(head + 4, "zimg", 4) == 0)
			return fail(-ENOTSUP, Stage::setup,
				    image.string() + " is an EFI zboot image; qemu's -kernel needs the "
						     "uncompressed Image");
		if (std::memcmp(head + 56, "ARM\x64", 4) != 0)
			return fail(-EIO, Stage::setup, image.string() + " is no arm64 Image");
	}
	return image;
}

} /* namespace */

/* The marker of a complete extraction, as "key=value" lines. */
std::string marker_text(const DebianKernel &k)
{
	return "arch=" + k.arch + "\nsuite=" + k.suite + "\npackage_version=" + k.package_version +
	       "\nrelease=" + k.release + "\nimage=" + k.image.lexically_relative(k.root).string() +
	       "\n";
}

/* The kernel unpacked in @root, if its marker says it is complete. */
std::optional<DebianKernel> complete_kernel(const fs::path &root)
{
	std::ifstream in(root / marker);
	if (!in)
		return std::nullopt;
	std::map<std::string, std::string> kv;
	for (std::string line; std::getline(in, line);)
		if (size_t eq = line.find('='); eq != std::string::npos)
			kv[line.substr(0, eq)] = line.substr(eq + 1);
	DebianKernel k;
	k.arch = kv["arch"];
	k.suite = kv["suite"];
	k.package_version = kv["package_version"];
	k.release = kv["release"];
	k.root = root;
	k.image = root / kv["image"];
	if (k.release.empty() || kv["image"].empty() || !fs::exists(k.image) ||
	    !fs::exists(root / "lib/modules" / k.release / "modules.dep"))
		return std::nullopt;
	return k;
}

/*
 * Unpacks @debs into @root: the files, a lib -> usr/lib link where modules
 * live under usr/lib, decompressed modules, depmod's indexes.
 */
Result<DebianKernel> unpack(const std::vector<fs::path> &debs, const fs::path &root,
			    const std::string &darch, std::ostream *progress)
{
	auto t0 = clock::now();
	std::error_code ec;
	for (const auto &deb : debs) {
		Command c;
		c.argv = {"dpkg-deb", "-x", deb.string(), root.string()};
		c.timeout = unpack_timeout;
		auto r = run_step(c, progress);
		if (!r)
			return r.error();
		if (!r->ok())
			return fail(-EIO, Stage::setup, "dpkg-deb -x " + deb.filename().string() +
								" failed: " + r->last_line());
	}
	if (!fs::exists(root / "lib/modules") && fs::exists(root / "usr/lib/modules")) {
		fs::remove(root / "lib", ec);	/* an empty lib/ from another package */
		fs::create_directory_symlink("usr/lib", root / "lib", ec);
		if (ec)
			return fs_error(ec, "linking lib -> usr/lib in " + root.string());
	}
	std::vector<std::string> releases;
	for (auto &e : fs::directory_iterator(root / "lib/modules", ec))
		if (e.is_directory())
			releases.push_back(e.path().filename().string());
	if (releases.size() != 1)
		return fail(-EIO, Stage::setup,
			    "expected one lib/modules/<release> in the package, found " +
				    std::to_string(releases.size()));
	DebianKernel k;
	k.release = releases.front();
	k.root = root;
	auto t1 = clock::now();

	fs::path moddir = root / "lib/modules" / k.release;
	auto n = decompress_modules(moddir);
	if (!n)
		return n.error();
	auto t2 = clock::now();

	/* An empty configuration: the host's /etc/depmod.d must not reorder this tree. */
	std::ofstream(root / ".kcshim-depmod.conf").flush();
	Command dep;
	dep.argv = {"depmod", "-C", (root / ".kcshim-depmod.conf").string(), "-b", root.string(),
		    k.release};
	dep.timeout = depmod_timeout;
	auto r = run_step(dep, progress);
	if (!r)
		return r.error();
	fs::remove(root / ".kcshim-depmod.conf", ec);
	if (!r->ok())
		return fail(-EIO, Stage::setup, "depmod failed: " + r->last_line());
	for (auto f : {"modules.dep", "modules.alias", "modules.builtin"})
		if (!fs::exists(moddir / f))
			return fail(-EIO, Stage::setup,
				    "no " + std::string(f) + " in " + moddir.string());
	auto t3 = clock::now();

	auto image = find_image(root, k.release, darch);
	if (!image)
		return image.error();
	k.image = *image;
	say(progress, "unpacked in " + seconds(t1 - t0) + ", " + std::to_string(*n) +
			      " modules decompressed in " + seconds(t2 - t1) + ", depmod in " +
			      seconds(t3 - t2));
	return k;
}

} /* namespace kcshim::afalg::debian_kernel_internal */
