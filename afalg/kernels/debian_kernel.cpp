// SPDX-License-Identifier: GPL-2.0
#include "afalg/kernels/debian_kernel.h"

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <future>
#include <iomanip>
#include <map>
#include <sstream>
#include <sys/file.h>
#include <thread>
#include <unistd.h>

#include "afalg/kernels/external_command.h"
#include "afalg/kernels/tree_guard.h"
#include "afalg/kernels/debian_packages.h"

namespace kcshim::afalg {

namespace fs = std::filesystem;
using namespace std::chrono_literals;
using clock = std::chrono::steady_clock;

namespace {

/* The only thing hard-coded: where to look, oldest first. */
constexpr const char *suites[] = {"bookworm", "bookworm-backports", "trixie", "trixie-backports",
				  "sid"};
constexpr const char *keyring = "/usr/share/keyrings/debian-archive-keyring.gpg";
constexpr const char *default_mirror = "http://deb.debian.org/debian";
constexpr const char *marker = ".kcshim-kernel";

constexpr auto lists_max_age = 24h;
constexpr auto failed_refresh_retry = 1h;
/* A version missing from lists younger than this is missing: no refresh. */
constexpr auto missing_version_refresh = 5min;

constexpr auto query_timeout = 2min;	/* apt-cache */
constexpr auto update_timeout = 10min;
constexpr auto download_timeout = 60min;
constexpr auto unpack_timeout = 10min;	/* dpkg-deb -x, one package */
constexpr auto decompress_timeout = 10min;	/* one batch of modules */
constexpr auto depmod_timeout = 5min;

struct Done {};

void say(std::ostream *progress, const std::string &line)
{
	if (progress)
		*progress << "debian-kernel: " << line << std::endl;
}

std::string seconds(clock::duration d)
{
	std::ostringstream s;
	s << std::fixed << std::setprecision(1)
	  << std::chrono::duration<double>(d).count() << " s";
	return s.str();
}

std::string megabytes(std::uintmax_t bytes)
{
	std::ostringstream s;
	s << std::fixed << std::setprecision(1) << static_cast<double>(bytes) / 1e6 << " MB";
	return s.str();
}

std::string join(const std::vector<std::string> &words, const char *sep)
{
	std::string out;
	for (const auto &w : words)
		out += (out.empty() ? "" : sep) + w;
	return out;
}

Error fs_error(const std::error_code &ec, const std::string &what)
{
	return fail(-(ec.value() ? ec.value() : EIO), Stage::setup, what + ": " + ec.message());
}

std::string read_text(const fs::path &p)
{
	std::ifstream in(p, std::ios::binary);
	std::ostringstream s;
	s << in.rdbuf();
	return s.str();
}

/* Writes @text to @p through a temporary file and rename(): readers see the old or the new text. */
int write_atomic(const fs::path &p, const std::string &text)
{
	fs::path tmp = p;
	tmp += ".tmp." + std::to_string(::getpid());
	{
		std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
		out << text;
		out.flush();
		if (!out)
			return -EIO;
	}
	std::error_code ec;
	fs::rename(tmp, p, ec);
	if (ec) {
		fs::remove(tmp, ec);
		return -EIO;
	}
	return 0;
}

/* Age of @p's modification time; "max" when it is missing. */
fs::file_time_type::duration age(const fs::path &p)
{
	std::error_code ec;
	auto t = fs::last_write_time(p, ec);
	if (ec)
		return fs::file_time_type::duration::max();
	return fs::file_time_type::clock::now() - t;
}

/* flock() on cache_dir/.lock-<arch> for the life of the object. */
class CacheLock {
public:
	static Result<std::unique_ptr<CacheLock>> take(const fs::path &dir, const std::string &arch,
						       std::ostream *progress)
	{
		fs::path p = dir / (".lock-" + arch);
		int fd = ::open(p.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
		if (fd < 0)
			return fail(-errno, Stage::setup, p.string() + ": " + ::strerror(errno));
		std::unique_ptr<CacheLock> lock(new CacheLock(fd));
		if (::flock(fd, LOCK_EX | LOCK_NB) == 0)
			return lock;
		say(progress, "waiting for another kcshim using " + arch + " kernels in " +
				      dir.string());
		while (::flock(fd, LOCK_EX) < 0)
			if (errno != EINTR)
				return fail(-errno, Stage::setup,
					    p.string() + ": flock: " + ::strerror(errno));
		return lock;
	}
	~CacheLock() { ::close(fd_); }
	CacheLock(const CacheLock &) = delete;
	CacheLock &operator=(const CacheLock &) = delete;

private:
	explicit CacheLock(int fd) : fd_(fd) {}
	int fd_;
};

/*
 * The reason in apt's output: the first "E:" line, else the indented line
 * under the first "Err:", else the first "W: Failed to fetch", else its last line.
 */
std::string apt_reason(const CommandResult &r)
{
	std::istringstream in(r.output);
	std::string line, err_detail, warn;
	bool after_err = false;
	while (std::getline(in, line)) {
		if (line.rfind("E: ", 0) == 0)
			return line.substr(3);
		if (after_err && !line.empty() && line[0] == ' ' && err_detail.empty())
			err_detail = line.substr(line.find_first_not_of(' '));
		after_err = line.rfind("Err:", 0) == 0;
		if (warn.empty() && line.rfind("W: Failed to fetch", 0) == 0)
			warn = line.substr(3);
	}
	if (!err_detail.empty())
		return err_detail;
	if (!warn.empty())
		return warn;
	if (r.timed_out)
		return r.failure_line();
	return r.last_line();
}

bool apt_had_errors(const CommandResult &r)
{
	if (!r.ok())
		return true;
	std::istringstream in(r.output);
	for (std::string line; std::getline(in, line);)
		if (line.rfind("Err:", 0) == 0 || line.rfind("E: ", 0) == 0 ||
		    line.rfind("W: Failed to fetch", 0) == 0)
			return true;
	return false;
}

/* One command under a step's name; a failure becomes a one-line Error. */
Result<CommandResult> run_step(Command cmd, std::ostream *progress, bool quiet = false)
{
	cmd.env.push_back("LC_ALL=C");
	if (!quiet)
		say(progress, "running " + join(cmd.argv, " ").substr(0, 160));
	auto r = run_command(cmd);
	if (!r)
		return r.error();
	if (r->timed_out)
		return fail(-ETIMEDOUT, Stage::setup, r->failure_line());
	return r;
}

/* The private apt configuration of one architecture (file comment of debian_kernel.h). */
class Apt {
public:
	static Result<Apt> open(const fs::path &cache_dir, const std::string &arch,
				const std::string &darch, const std::string &mirror)
	{
		Apt a;
		a.dir_ = cache_dir / "apt" / arch;
		a.mirror_ = mirror;
		std::error_code ec;
		for (auto sub : {"lists/partial", "cache/archives/partial", "state", "log", "resolved"})
			if (fs::create_directories(a.dir_ / sub, ec); ec)
				return fs_error(ec, (a.dir_ / sub).string());
		if (::access(keyring, R_OK) != 0)
			return fail(-ENOENT, Stage::setup,
				    std::string(keyring) +
					    " missing: apt-get install debian-archive-keyring");
		for (auto s : suites)
			a.sources_ += std::string("deb [signed-by=") + keyring + " target=Packages] " +
				      mirror + " " + s + " main\n";
		const fs::path &d = a.dir_;
		/*
		 * Read after the host's configuration (apt -c), so its proxies and
		 * policies hold; what would touch the host or slow us is overridden.
		 * One binary cache (pkgcache.bin, ~90 MB: apt-cache answers in
		 * 20 ms instead of 4 s) and compressed lists keep the disk use down.
		 */
		std::string conf =
			"// Written by kcshim: apt for Debian's " + darch + " kernels, nothing else.\n"
			"#clear APT::Update::Pre-Invoke;\n"
			"#clear APT::Update::Post-Invoke;\n"
			"#clear APT::Update::Post-Invoke-Success;\n"
			"#clear APT::Architectures;\n"
			"#clear Dir::Cache::pkgcache;\n"
			"#clear Dir::Cache::srcpkgcache;\n"
			"Dir::Etc::SourceList \"" + (d / "sources.list").string() + "\";\n"
			"Dir::Etc::SourceParts \"/dev/null\";\n"
			"Dir::Etc::preferences \"/dev/null\";\n"
			"Dir::Etc::preferencesparts \"/dev/null\";\n"
			"Dir::State \"" + (d / "state").string() + "\";\n"
			"Dir::State::Lists \"" + (d / "lists").string() + "\";\n"
			"Dir::State::status \"" + (d / "status").string() + "\";\n"
			"Dir::Cache \"" + (d / "cache").string() + "\";\n"
			"Dir::Cache::Archives \"" + (d / "cache/archives").string() + "\";\n"
			"Dir::Cache::pkgcache \"pkgcache.bin\";\n"
			"Dir::Cache::srcpkgcache \"\";\n"
			"Acquire::GzipIndexes \"true\";\n"
			"Dir::Log \"" + (d / "log").string() + "\";\n"
			"APT::Architecture \"" + darch + "\";\n"
			"APT::Architectures { \"" + darch + "\"; };\n"
			"APT::Sandbox::User \"root\";\n"
			"Debug::NoLocking \"1\";\n";
		if (read_text(d / "apt.conf") != conf)
			if (int e = write_atomic(d / "apt.conf", conf))
				return fail(e, Stage::setup, "cannot write apt.conf in " + d.string());
		if (read_text(d / "sources.list") != a.sources_)
			if (int e = write_atomic(d / "sources.list", a.sources_))
				return fail(e, Stage::setup, "cannot write sources.list in " +
								     d.string());
		if (!fs::exists(d / "status"))
			std::ofstream(d / "status").flush();
		return a;
	}

	/* Fresh lists of these sources: no refresh needed, resolved requests hold. */
	bool lists_fresh() const
	{
		std::string stamp = read_text(dir_ / "updated");
		auto a = age(dir_ / "updated");
		if (stamp == "ok\n" + sources_)
			return a < lists_max_age;
		if (stamp == "failed\n" + sources_)
			return a < failed_refresh_retry;
		return false;
	}

	bool lists_younger_than(fs::file_time_type::duration d) const
	{
		return age(dir_ / "updated") < d;
	}

	bool have_lists() const
	{
		std::error_code ec;
		for (auto &e : fs::directory_iterator(dir_ / "lists", ec))
			if (e.path().filename().string().find("_Packages") != std::string::npos)
				return true;
		return false;
	}

	/* apt-get update.  Offline with older lists: a warning, and those lists are used. */
	Result<Done> update(std::ostream *progress)
	{
		auto t0 = clock::now();
		auto r = run_step(apt({"apt-get", "-q", "update"}, update_timeout), progress);
		if (r && !apt_had_errors(*r)) {
			if (int e = write_atomic(dir_ / "updated", "ok\n" + sources_))
				return fail(e, Stage::setup, "cannot write " +
								     (dir_ / "updated").string());
			say(progress, "package lists refreshed in " + seconds(clock::now() - t0));
			return Done{};
		}
		std::string reason = r ? apt_reason(*r) : r.error().what;
		if (!have_lists())
			return fail(-ENETUNREACH, Stage::setup,
				    "cannot reach Debian's archive (" + mirror_ + "): " + reason);
		say(progress, "cannot refresh every package list (" + reason +
				      "); going on with the lists there are");
		if (int e = write_atomic(dir_ / "updated", "failed\n" + sources_))
			return fail(e, Stage::setup, "cannot write " + (dir_ / "updated").string());
		return Done{};
	}

	/* Every version of every plain linux-image-<abi>-<flavour> package the lists have. */
	Result<std::vector<DebianPackage>> kernel_images(const std::string &flavour,
							 std::ostream *progress)
	{
		auto s = query({"apt-cache", "search", "--names-only", "^linux-image-[0-9]"},
			       progress);
		if (!s)
			return s.error();
		std::vector<std::string> argv{"apt-cache", "madison"};
		for (auto &n : parse_search_names(*s))
			if (is_kernel_image_name(n, flavour))
				argv.push_back(n);
		if (argv.size() == 2)
			return std::vector<DebianPackage>{};
		auto m = query(argv, progress);
		if (!m)
			return m.error();
		return parse_madison(*m);
	}

	/* `apt-cache show NAME=VERSION`'s stanza. */
	Result<std::string> show(const std::string &name, const std::string &version,
				 std::ostream *progress)
	{
		return query({"apt-cache", "show", name + "=" + version}, progress);
	}

	/* `apt-get download NAME=VERSION...` into @dir; the .deb files. */
	Result<std::vector<fs::path>> download(const std::vector<std::string> &specs,
					       const fs::path &dir, std::ostream *progress)
	{
		std::vector<std::string> argv{"apt-get", "-q", "download"};
		argv.insert(argv.end(), specs.begin(), specs.end());
		Command c = apt(argv, download_timeout);
		c.cwd = dir;
		auto r = run_step(c, progress);
		if (!r)
			return r.error();
		if (apt_had_errors(*r))
			return fail(-EIO, Stage::setup,
				    "apt-get download " + specs.front() + " failed: " + apt_reason(*r));
		std::vector<fs::path> debs;
		std::error_code ec;
		for (auto &e : fs::directory_iterator(dir, ec))
			if (e.path().extension() == ".deb")
				debs.push_back(e.path());
		if (debs.size() != specs.size())
			return fail(-EIO, Stage::setup,
				    "apt-get download gave " + std::to_string(debs.size()) +
					    " .deb files for " + std::to_string(specs.size()) +
					    " packages: " + r->last_line());
		std::sort(debs.begin(), debs.end());
		return debs;
	}

	/* The package version @key ("newest", "6.1") meant at the last refresh; "" if unknown. */
	std::string resolved(const std::string &key) const
	{
		fs::path p = dir_ / "resolved" / key;
		if (!lists_fresh() || age(p) > age(dir_ / "updated"))
			return {};
		std::string v = read_text(p);
		while (!v.empty() && (v.back() == '\n' || v.back() == ' '))
			v.pop_back();
		return v;
	}

	void remember(const std::string &key, const std::string &package_version) const
	{
		write_atomic(dir_ / "resolved" / key, package_version + "\n");
	}

	const fs::path &dir() const { return dir_; }
	const std::string &mirror() const { return mirror_; }

private:
	Command apt(std::vector<std::string> argv, std::chrono::milliseconds timeout) const
	{
		Command c;
		c.argv = std::move(argv);
		c.argv.insert(c.argv.begin() + 1, {"-c", (dir_ / "apt.conf").string()});
		c.timeout = timeout;
		return c;
	}

	Result<std::string> query(const std::vector<std::string> &argv, std::ostream *progress)
	{
		auto r = run_step(apt(argv, query_timeout), progress, true);
		if (!r)
			return r.error();
		if (!r->ok())
			return fail(-EIO, Stage::setup, "apt-cache " + argv[1] + " failed: " +
								apt_reason(*r));
		return std::move(r->output);
	}

	fs::path dir_;
	std::string mirror_, sources_;
};

std::string mirror_of(const DebianKernelRequest &req)
{
	if (!req.mirror.empty())
		return req.mirror;
	if (const char *env = std::getenv("KCSHIM_DEBIAN_MIRROR"); env && *env)
		return env;
	return default_mirror;
}

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

/* The request's key in resolved/: "newest" or the version. */
std::string request_key(const DebianKernelRequest &req)
{
	return req.version.empty() ? "newest" : req.version;
}

/* The request's checks and the opened apt configuration, under the cache lock. */
struct Session {
	std::string darch;
	std::unique_ptr<CacheLock> lock;
	std::optional<Apt> apt;
};

Result<Session> open_session(const DebianKernelRequest &req, std::ostream *progress)
{
	Session s;
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
Result<std::vector<DebianPackage>> list_images(Session &s, bool &refreshed, std::ostream *progress)
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
Result<DebianKernel> install_into_cache(Session &s, const DebianKernelRequest &req,
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
	Session &s = *session;
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
