// SPDX-License-Identifier: GPL-2.0
/*
 * The private apt configuration of one architecture under the cache
 * (file comment of debian_kernel.h): its apt.conf and sources.list, the
 * refresh of its lists, the kernel images they hold, downloads, and the
 * versions requests resolved to; apt's output read for the reason of a failure.
 */
#include "afalg/kernels/debian_kernel_internal.h"

#include <algorithm>
#include <cerrno>
#include <fstream>
#include <sstream>
#include <unistd.h>

namespace kcshim::afalg::debian_kernel_internal {

using namespace std::chrono_literals;

namespace {

/* The only thing hard-coded: where to look, oldest first. */
constexpr const char *suites[] = {"bookworm", "bookworm-backports", "trixie", "trixie-backports",
				  "sid"};
constexpr const char *keyring = "/usr/share/keyrings/debian-archive-keyring.gpg";

constexpr auto lists_max_age = 24h;
constexpr auto failed_refresh_retry = 1h;

constexpr auto query_timeout = 2min;	/* apt-cache */
constexpr auto update_timeout = 10min;
constexpr auto download_timeout = 60min;

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

} /* namespace */

Result<Apt> Apt::open(const fs::path &cache_dir, const std::string &arch,
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

bool Apt::lists_fresh() const
{
	std::string stamp = read_text(dir_ / "updated");
	auto a = age(dir_ / "updated");
	if (stamp == "ok\n" + sources_)
		return a < lists_max_age;
	if (stamp == "failed\n" + sources_)
		return a < failed_refresh_retry;
	return false;
}

bool Apt::lists_younger_than(fs::file_time_type::duration d) const
{
	return age(dir_ / "updated") < d;
}

bool Apt::have_lists() const
{
	std::error_code ec;
	for (auto &e : fs::directory_iterator(dir_ / "lists", ec))
		if (e.path().filename().string().find("_Packages") != std::string::npos)
			return true;
	return false;
}

Result<Done> Apt::update(std::ostream *progress)
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

Result<std::vector<DebianPackage>> Apt::kernel_images(const std::string &flavour,
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

Result<std::string> Apt::show(const std::string &name, const std::string &version,
			      std::ostream *progress)
{
	return query({"apt-cache", "show", name + "=" + version}, progress);
}

Result<std::vector<fs::path>> Apt::download(const std::vector<std::string> &specs,
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

std::string Apt::resolved(const std::string &key) const
{
	fs::path p = dir_ / "resolved" / key;
	if (!lists_fresh() || age(p) > age(dir_ / "updated"))
		return {};
	std::string v = read_text(p);
	while (!v.empty() && (v.back() == '\n' || v.back() == ' '))
		v.pop_back();
	return v;
}

void Apt::remember(const std::string &key, const std::string &package_version) const
{
	write_atomic(dir_ / "resolved" / key, package_version + "\n");
}

Command Apt::apt(std::vector<std::string> argv, std::chrono::milliseconds timeout) const
{
	Command c;
	c.argv = std::move(argv);
	c.argv.insert(c.argv.begin() + 1, {"-c", (dir_ / "apt.conf").string()});
	c.timeout = timeout;
	return c;
}

Result<std::string> Apt::query(const std::vector<std::string> &argv, std::ostream *progress)
{
	auto r = run_step(apt(argv, query_timeout), progress, true);
	if (!r)
		return r.error();
	if (!r->ok())
		return fail(-EIO, Stage::setup, "apt-cache " + argv[1] + " failed: " +
							apt_reason(*r));
	return std::move(r->output);
}

} /* namespace kcshim::afalg::debian_kernel_internal */
