// SPDX-License-Identifier: GPL-2.0
#include "afalg/kernels/initramfs.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <iomanip>
#include <map>
#include <set>
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>

#include <openssl/evp.h>

#include "afalg/kernels/external_command.h"
#include "afalg/kernels/host_files.h"
#include "afalg/kernels/posix_io.h"
#include "afalg/kernels/tree_guard.h"

namespace kcshim::afalg {

namespace fs = std::filesystem;
using namespace std::chrono_literals;
using clock = std::chrono::steady_clock;

namespace {

/* Part of every base archive's hash: bump it when the layout changes. */
constexpr const char *layout_version = "kcshim-initramfs-1";
constexpr auto archive_timeout = 2min;	/* cpio or gzip, one archive */
constexpr auto unused_archive_age = 24h;

bool starts_with(std::string_view s, std::string_view prefix)
{
	return s.substr(0, prefix.size()) == prefix;
}

/* kernel/arch/<arch>/crypto/... */
bool is_arch_crypto(std::string_view path)
{
	constexpr std::string_view arch = "kernel/arch/";
	if (!starts_with(path, arch))
		return false;
	size_t slash = path.find('/', arch.size());
	return slash != std::string_view::npos && starts_with(path.substr(slash), "/crypto/");
}

bool wanted(std::string_view path)
{
	return starts_with(path, "kernel/crypto/") || is_arch_crypto(path) ||
	       starts_with(path, "kernel/lib/crypto/") || starts_with(path, "kernel/lib/crc") ||
	       starts_with(path, "kernel/drivers/virtio/") ||
	       path == "kernel/drivers/char/virtio_console.ko";
}

/* SHA-256 of a file, hex; "" if unreadable. */
std::string file_sha256(const fs::path &p)
{
	std::ifstream in(p, std::ios::binary);
	if (!in)
		return {};
	EVP_MD_CTX *ctx = EVP_MD_CTX_new();
	EVP_DigestInit_ex(ctx, EVP_sha256(), nullptr);
	std::vector<char> buf(1 << 16);
	while (in) {
		in.read(buf.data(), static_cast<std::streamsize>(buf.size()));
		EVP_DigestUpdate(ctx, buf.data(), static_cast<size_t>(in.gcount()));
	}
	unsigned char md[EVP_MAX_MD_SIZE];
	unsigned int n = 0;
	EVP_DigestFinal_ex(ctx, md, &n);
	EVP_MD_CTX_free(ctx);
	std::ostringstream hex;
	for (unsigned int i = 0; i < n; i++)
		hex << std::hex << std::setw(2) << std::setfill('0') << static_cast<int>(md[i]);
	return hex.str();
}

std::string text_sha256(const std::string &text)
{
	unsigned char md[EVP_MAX_MD_SIZE];
	unsigned int n = 0;
	EVP_Digest(text.data(), text.size(), md, &n, EVP_sha256(), nullptr);
	std::ostringstream hex;
	for (unsigned int i = 0; i < n; i++)
		hex << std::hex << std::setw(2) << std::setfill('0') << static_cast<int>(md[i]);
	return hex.str();
}

/* A fresh directory next to @near: "<near>.<tag>-<pid>-<n>". */
Result<fs::path> temp_dir(const fs::path &near, const std::string &tag)
{
	static unsigned counter;
	fs::path p = near;
	p += "." + tag + "-" + std::to_string(::getpid()) + "-" + std::to_string(counter++);
	std::error_code ec;
	fs::remove_all(p, ec);
	fs::create_directories(p, ec);
	if (ec)
		return fs_error(ec, p.string());
	return p;
}

int copy_with_mode(const fs::path &from, const fs::path &to, fs::perms mode)
{
	std::error_code ec;
	fs::copy_file(from, to, fs::copy_options::overwrite_existing, ec);
	if (!ec)
		fs::permissions(to, mode, ec);
	return ec ? -(ec.value() ? ec.value() : EIO) : 0;
}

/* Creates @p with @mode from the start (a secret is never readable by others), then fills it. */
int write_with_mode(const fs::path &p, const std::string &content, mode_t mode)
{
	int fd = ::open(p.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode & 0700);
	if (fd < 0)
		return -errno;
	int e = ::fchmod(fd, mode & 07777) < 0 ? -errno : 0;
	if (!e)
		e = write_all(fd, content);
	if (::close(fd) < 0 && !e)
		e = -errno;
	return e;
}

/*
 * @staging's tree as @archive (gzip'd newc cpio, owner root): every entry,
 * parents before children, through a name list, cpio and gzip.
 */
Result<fs::path> archive_tree(const fs::path &staging, const fs::path &archive)
{
	std::vector<std::string> names;
	std::error_code ec;
	for (auto it = fs::recursive_directory_iterator(staging, ec); !ec && it != fs::end(it);
	     it.increment(ec))
		names.push_back(it->path().lexically_relative(staging).string());
	if (ec)
		return fs_error(ec, staging.string());
	std::sort(names.begin(), names.end());	/* "a" sorts before "a/b" */

	fs::path list = staging;
	list += ".list";
	fs::path cpio = staging;
	cpio += ".cpio";
	TreeGuard drop_list(list), drop_cpio(cpio);
	{
		std::ofstream out(list);
		for (auto &n : names)
			out << n << "\n";
		if (!out.flush())
			return fail(-EIO, Stage::setup, "cannot write " + list.string());
	}
	Command c;
	c.argv = {"cpio", "-o", "-H", "newc", "-R", "0:0", "--reproducible", "--quiet"};
	c.cwd = staging;
	c.stdin_file = list;
	c.stdout_file = cpio;
	c.timeout = archive_timeout;
	auto r = run_command(c);
	if (!r)
		return r.error();
	if (!r->ok())
		return fail(r->timed_out ? -ETIMEDOUT : -EIO, Stage::setup, r->failure_line());
	Command z;
	z.argv = {"gzip", "-n", "-f", "-6", cpio.string()};
	z.timeout = archive_timeout;
	r = run_command(z);
	if (!r)
		return r.error();
	if (!r->ok())
		return fail(r->timed_out ? -ETIMEDOUT : -EIO, Stage::setup, r->failure_line());
	fs::path gz = cpio;
	gz += ".gz";
	fs::rename(gz, archive, ec);
	if (ec) {
		fs::remove(gz, ec);
		return fs_error(ec, "renaming to " + archive.string());
	}
	return archive;
}

/*
 * Archives of kernel @prefix other than @keep not used for a day (a rebuilt
 * bridge leaves them), and what a killed build left (staging, temporary files).
 */
void prune_unused(const fs::path &dir, const std::string &prefix, const fs::path &keep)
{
	std::error_code ec;
	std::vector<fs::path> old;
	for (auto &e : fs::directory_iterator(dir, ec)) {
		if (!starts_with(e.path().filename().string(), prefix) || e.path() == keep)
			continue;
		auto t = fs::last_write_time(e.path(), ec);
		if (!ec && fs::file_time_type::clock::now() - t > unused_archive_age)
			old.push_back(e.path());
	}
	for (const auto &p : old)
		fs::remove_all(p, ec);
}

} /* namespace */

std::vector<std::string> initramfs_modules(std::string_view modules_dep)
{
	std::map<std::string, std::vector<std::string>, std::less<>> deps;
	std::istringstream in{std::string(modules_dep)};
	for (std::string line; std::getline(in, line);) {
		size_t colon = line.find(':');
		if (colon == std::string::npos)
			continue;
		std::istringstream words(line.substr(colon + 1));
		auto &d = deps[line.substr(0, colon)];
		for (std::string w; words >> w;)
			d.push_back(w);
	}
	std::set<std::string> out;
	std::vector<std::string> todo;
	for (auto &[path, d] : deps)
		if (wanted(path))
			todo.push_back(path);
	while (!todo.empty()) {
		std::string p = std::move(todo.back());
		todo.pop_back();
		if (!out.insert(p).second)
			continue;
		if (auto it = deps.find(p); it != deps.end())
			for (auto &d : it->second)
				todo.push_back(d);
	}
	return {out.begin(), out.end()};
}

Result<fs::path> base_initramfs(const DebianKernel &k, const fs::path &init, const fs::path &bridge,
				const fs::path &out_dir, std::ostream *progress)
{
	auto t0 = clock::now();
	std::string init_hash = file_sha256(init), bridge_hash = file_sha256(bridge);
	if (init_hash.empty())
		return fail(-ENOENT, Stage::setup, "guest init " + init.string() + " is not readable");
	if (bridge_hash.empty())
		return fail(-ENOENT, Stage::setup,
			    "guest bridge " + bridge.string() + " is not readable");
	fs::path moddir = k.root / "lib/modules" / k.release;
	std::string dep_text = read_text(moddir / "modules.dep");
	if (dep_text.empty())
		return fail(-ENOENT, Stage::setup, "no modules.dep in " + moddir.string());

	std::string prefix = "initramfs-" + k.arch + "-" + k.package_version + "-";
	std::string key = text_sha256(std::string(layout_version) + "\n" + k.arch + "\n" +
				      k.package_version + "\n" + k.release + "\n" + init_hash +
				      "\n" + bridge_hash + "\n");
	fs::path archive = out_dir / (prefix + key.substr(0, 16) + ".cpio.gz");
	std::error_code ec;
	fs::create_directories(out_dir, ec);
	if (ec)
		return fs_error(ec, out_dir.string());
	if (fs::exists(archive)) {
		fs::last_write_time(archive, fs::file_time_type::clock::now(), ec);	/* in use */
		return archive;
	}

	auto staging = temp_dir(archive, "staging");
	if (!staging)
		return staging.error();
	TreeGuard drop_staging(*staging);
	const fs::path &s = *staging;
	fs::path smod = s / "lib/modules" / k.release;
	for (auto d : {"bin", "sbin", "dev", "proc", "sys", "kcshim"})
		fs::create_directory(s / d, ec);
	fs::create_directories(smod, ec);
	if (ec)
		return fs_error(ec, s.string());
	constexpr auto exec = fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
			      fs::perms::others_read | fs::perms::others_exec;
	constexpr auto data = fs::perms::owner_read | fs::perms::owner_write |
			      fs::perms::group_read | fs::perms::others_read;
	if (int e = copy_with_mode(init, s / "init", exec))
		return fail(e, Stage::setup, "copying " + init.string() + ": " + ::strerror(-e));
	if (int e = copy_with_mode(bridge, s / "bin/kcshim-bridge", exec))
		return fail(e, Stage::setup, "copying " + bridge.string() + ": " + ::strerror(-e));
	fs::create_symlink("/init", s / "sbin/modprobe", ec);
	if (ec)
		return fs_error(ec, "sbin/modprobe");
	for (auto f : {"modules.dep", "modules.alias", "modules.builtin", "modules.softdep",
		       "modules.order"}) {
		bool needed = std::string_view(f) != "modules.order" &&
			      std::string_view(f) != "modules.softdep";
		if (!fs::exists(moddir / f) && !needed)
			continue;
		if (int e = copy_with_mode(moddir / f, smod / f, data))
			return fail(e, Stage::setup, "copying " + (moddir / f).string() + ": " +
							     ::strerror(-e));
	}
	auto modules = initramfs_modules(dep_text);
	for (const auto &m : modules) {
		fs::create_directories((smod / m).parent_path(), ec);
		if (int e = copy_with_mode(moddir / m, smod / m, data))
			return fail(e, Stage::setup, "module " + m + " (modules.dep names it): " +
							     ::strerror(-e));
	}

	fs::path tmp = archive;
	tmp += ".tmp-" + std::to_string(::getpid());
	auto made = archive_tree(s, tmp);
	if (!made)
		return made.error();
	fs::rename(tmp, archive, ec);
	if (ec) {
		fs::remove(tmp, ec);
		return fs_error(ec, "renaming to " + archive.string());
	}
	prune_unused(out_dir, prefix, archive);
	if (progress) {
		auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(clock::now() - t0);
		*progress << "initramfs: " << archive.filename().string() << ": " << modules.size()
			  << " modules, " << std::fixed << std::setprecision(2)
			  << static_cast<double>(fs::file_size(archive, ec)) / 1e6 << " MB in "
			  << std::setprecision(1) << static_cast<double>(ms.count()) / 1000 << " s"
			  << std::endl;
	}
	return archive;
}

Result<fs::path> job_initramfs(const fs::path &dir, const std::vector<InitramfsFile> &files)
{
	for (const auto &f : files) {
		fs::path p(f.path);
		bool climbs = std::any_of(p.begin(), p.end(),
					  [](const fs::path &c) { return c == ".."; });
		if (f.path.empty() || p.is_absolute() || climbs)
			return fail(-EINVAL, Stage::setup, "bad initramfs path '" + f.path + "'");
	}
	auto staging = temp_dir(dir / "job", "staging");
	if (!staging)
		return staging.error();
	TreeGuard drop_staging(*staging);
	std::error_code ec;
	for (const auto &f : files) {
		fs::path p = *staging / f.path;
		fs::create_directories(p.parent_path(), ec);
		if (ec)
			return fs_error(ec, p.parent_path().string());
		if (int e = write_with_mode(p, f.content, f.mode))
			return fail(e, Stage::setup,
				    "cannot write " + p.string() + ": " + ::strerror(-e));
	}
	return archive_tree(*staging, dir / "job.cpio.gz");
}

Result<fs::path> concat_initramfs(const fs::path &base, const fs::path &job, const fs::path &out)
{
	std::ifstream a(base, std::ios::binary), b(job, std::ios::binary);
	if (!a)
		return fail(-ENOENT, Stage::setup, "no initramfs " + base.string());
	if (!b)
		return fail(-ENOENT, Stage::setup, "no initramfs " + job.string());
	std::ofstream o(out, std::ios::binary | std::ios::trunc);
	o << a.rdbuf();
	/* The kernel looks for the next archive at a 4-byte boundary and skips zeros up to it. */
	for (std::streamoff pos = o.tellp(); pos % 4; pos++)
		o.put('\0');
	o << b.rdbuf();
	if (!o.flush())
		return fail(-EIO, Stage::setup, "cannot write " + out.string());
	return out;
}

} /* namespace kcshim::afalg */
