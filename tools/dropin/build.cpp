// SPDX-License-Identifier: GPL-2.0
// build_module(): overlay, parallel compiles with a per-object cache, the module link, and the
// check link against libkcshim that names undefined symbols.
//
// Errors inside this file are values: a failed step returns false and has written its
// diagnostics to the caller's stream.
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>
#include <atomic>
#include <fstream>
#include <mutex>
#include <regex>
#include <set>
#include <sstream>
#include <thread>

#include "dropin.h"

extern char **environ;

namespace kcshim::dropin {

namespace {

// Headers under include/crypto/ that are crypto API infrastructure: the shim must provide them,
// so a missing one is reported as a shim gap instead of silently taking the tree's.
const std::set<std::string> infrastructure = {
	"crypto/acompress.h", "crypto/aead.h", "crypto/akcipher.h", "crypto/algapi.h",
	"crypto/cryptd.h", "crypto/engine.h", "crypto/hash.h", "crypto/if_alg.h", "crypto/kpp.h",
	"crypto/rng.h", "crypto/scatterwalk.h", "crypto/skcipher.h", "crypto/sig.h",
	"crypto/utils.h", "crypto/pcrypt.h", "crypto/internal/acompress.h",
	"crypto/internal/aead.h", "crypto/internal/akcipher.h", "crypto/internal/cipher.h",
	"crypto/internal/cryptouser.h", "crypto/internal/engine.h", "crypto/internal/geniv.h",
	"crypto/internal/hash.h", "crypto/internal/kpp.h", "crypto/internal/rng.h",
	"crypto/internal/scompress.h", "crypto/internal/sig.h", "crypto/internal/simd.h",
	"crypto/internal/skcipher.h",
};

// Algorithm headers that live in include/linux/: the CRC and hash library interfaces.
const std::set<std::string> linux_algorithm_headers = {
	"linux/crc32.h", "linux/crc32c.h", "linux/crc32poly.h", "linux/crc64.h",
	"linux/crc-t10dif.h", "linux/xxhash.h", "linux/crc16.h", "linux/crc-itu-t.h",
	"linux/crc-ccitt.h", "linux/crc7.h", "linux/crc8.h", "linux/crc4.h",
};

std::string read_text(const fs::path &p)
{
	std::ifstream in(p, std::ios::binary);
	std::stringstream ss;
	ss << in.rdbuf();
	return ss.str();
}

void write_text(const fs::path &p, const std::string &text)
{
	std::ofstream out(p, std::ios::binary | std::ios::trunc);
	out << text;
}

// A shell-quoted rendering of a command, for -v output and the cache's command record.
std::string render(const std::vector<std::string> &argv)
{
	std::string s;
	for (const auto &a : argv) {
		if (!s.empty())
			s += ' ';
		bool plain = !a.empty() && a.find_first_of(" \t\"'\\$`()") == std::string::npos;
		if (plain) {
			s += a;
		} else {
			s += '\'';
			for (char c : a)
				s += c == '\'' ? std::string("'\\''") : std::string(1, c);
			s += '\'';
		}
	}
	return s;
}

// Runs argv with stdout and stderr into log; returns the exit status (127 when it cannot run).
int run(const std::vector<std::string> &argv, const fs::path &log)
{
	posix_spawn_file_actions_t fa;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 1, log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
	posix_spawn_file_actions_adddup2(&fa, 1, 2);
	std::vector<char *> args;
	for (const auto &a : argv)
		args.push_back(const_cast<char *>(a.c_str()));
	args.push_back(nullptr);
	pid_t pid;
	int err = posix_spawnp(&pid, args[0], &fa, nullptr, args.data(), environ);
	posix_spawn_file_actions_destroy(&fa);
	if (err) {
		write_text(log, argv[0] + ": " + strerror(err) + "\n");
		return 127;
	}
	int status;
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128;
}

// Dependencies from a gcc -MMD file: "obj: a.c b.h \\\n c.h".
std::vector<fs::path> read_depfile(const fs::path &d)
{
	std::string text = read_text(d);
	std::vector<fs::path> deps;
	size_t colon = text.find(": ");
	if (colon == std::string::npos)
		return deps;
	std::string cur;
	for (size_t i = colon + 2; i < text.size(); i++) {
		char c = text[i];
		if (c == '\\' && i + 1 < text.size() && text[i + 1] == ' ') {
			cur += ' ';
			i++;
		} else if (c == '\\' && i + 1 < text.size() && text[i + 1] == '\n') {
			i++;
		} else if (c == ' ' || c == '\n' || c == '\t') {
			if (!cur.empty())
				deps.emplace_back(cur);
			cur.clear();
		} else {
			cur += c;
		}
	}
	if (!cur.empty())
		deps.emplace_back(cur);
	return deps;
}

// An object is fresh when it exists, was made by the same command, and no dependency is newer.
bool up_to_date(const fs::path &obj, const std::string &command)
{
	std::error_code ec;
	auto t = fs::last_write_time(obj, ec);
	if (ec || read_text(fs::path(obj).concat(".cmd")) != command)
		return false;
	auto deps = read_depfile(fs::path(obj).replace_extension(".d"));
	if (deps.empty())
		return false;
	for (const auto &d : deps) {
		auto td = fs::last_write_time(d, ec);
		if (ec || td > t)
			return false;
	}
	return true;
}

// The module is fresh when it was linked by the same commands after its newest object.
bool up_to_date_link(const fs::path &output, const std::string &record,
		     const std::vector<std::string> &objects)
{
	std::error_code ec;
	auto t = fs::last_write_time(output, ec);
	if (ec || read_text(fs::path(output).concat(".cmd")) != record)
		return false;
	for (const auto &o : objects)
		if (fs::last_write_time(o, ec) > t || ec)
			return false;
	return true;
}

// Turns diagnostics into "shim gap" lines: what the shim (not the driver) is missing.
void find_gaps(const std::string &log, const fs::path &overlay_root, std::vector<std::string> &gaps)
{
	static const std::regex missing_header(R"(fatal error: ([^:\s]+): No such file or directory)");
	// gcc quotes with ‘’ in UTF-8 locales and '' otherwise; the linker with `'.
#define Q "(?:'|`|\xe2\x80\x98|\xe2\x80\x99)"
	static const std::regex implicit_fn("implicit declaration of function " Q "([A-Za-z_0-9]+)");
	static const std::regex undeclared("error: " Q "([A-Za-z_0-9]+)" Q " undeclared");
	static const std::regex unknown_type("error: unknown type name " Q "([A-Za-z_0-9]+)");
	static const std::regex undefined_ref("undefined reference to " Q "([A-Za-z_0-9.]+)");
#undef Q
	static const std::regex undefined_sym(R"(undefined symbol: ([A-Za-z_0-9.]+))");
	auto add = [&gaps](std::string g) {
		if (std::find(gaps.begin(), gaps.end(), g) == gaps.end())
			gaps.push_back(std::move(g));
	};
	std::smatch m;
	std::istringstream lines(log);
	std::string line;
	while (std::getline(lines, line)) {
		if (std::regex_search(line, m, missing_header)) {
			std::string h = m[1];
			bool kernel = h.starts_with("linux/") || h.starts_with("asm/") ||
				      h.starts_with("crypto/") || h.starts_with("uapi/");
			add(kernel ? "shim gap: <" + h + "> not provided"
				   : "\"" + h + "\" not found next to its source (a missing --extra?)");
		} else if (std::regex_search(line, m, implicit_fn)) {
			add("shim gap: " + m[1].str() + "() is declared by no shim header");
		} else if (std::regex_search(line, m, undeclared) ||
			   std::regex_search(line, m, unknown_type)) {
			add("shim gap: " + m[1].str() + " is defined by no shim header");
		} else if (std::regex_search(line, m, undefined_ref) ||
			   std::regex_search(line, m, undefined_sym)) {
			add("shim gap: undefined symbol " + m[1].str() + " in the shim");
		}
	}
	(void)overlay_root;
}

struct Job {
	fs::path source;
	fs::path object;
	std::vector<std::string> argv;
	int status = 0;
	bool cached = false;
};

}  // namespace

ShimPaths default_shim_paths()
{
	ShimPaths p;
	const char *inc = getenv("KCSHIM_INCLUDE_DIR");
	const char *lib = getenv("KCSHIM_LIBRARY");
	p.include_dir = inc ? inc : KCSHIM_DEFAULT_INCLUDE_DIR;
	p.library = lib ? lib : KCSHIM_DEFAULT_LIBRARY;
	const char *dropin = getenv("KCSHIM_DROPIN_DIR");
	p.dropin_dir = dropin ? dropin : KCSHIM_DEFAULT_DROPIN_DIR;
	return p;
}

fs::path resolve_source(const fs::path &tree, const fs::path &file)
{
	for (const fs::path &p : {file, tree / file, tree / "crypto" / file})
		if (fs::is_regular_file(p))
			return fs::absolute(p).lexically_normal();
	return {};
}

fs::path prepare_overlay(const fs::path &tree, const fs::path &shim_include, const fs::path &where)
{
	// Made once per tree and shim: the stamp records both, so a changed one remakes it.
	fs::path overlay = where / "overlay";
	std::string stamp = tree.string() + "\n" + shim_include.string() + "\n";
	if (read_text(overlay / ".kcshim-overlay") == stamp)
		return overlay;
	fs::remove_all(overlay);
	fs::create_directories(overlay);
	auto link = [&](const std::string &rel) {
		if (fs::exists(shim_include / rel) || infrastructure.contains(rel))
			return;
		fs::path dst = overlay / rel;
		fs::create_directories(dst.parent_path());
		fs::create_symlink(fs::absolute(tree / "include" / rel), dst);
	};
	fs::path crypto = tree / "include" / "crypto";
	if (fs::is_directory(crypto))
		for (const auto &e : fs::recursive_directory_iterator(crypto))
			if (e.is_regular_file() && e.path().extension() == ".h")
				link(e.path().lexically_relative(tree / "include").string());
	for (const auto &rel : linux_algorithm_headers)
		if (fs::exists(tree / "include" / rel))
			link(rel);
	write_text(overlay / ".kcshim-overlay", stamp);
	return overlay;
}

BuildResult build_module(const BuildOptions &opts, std::ostream &diag)
{
	BuildResult res;
	const fs::path tree = fs::absolute(opts.kernel_tree).lexically_normal();
	if (!fs::is_directory(tree / "include")) {
		diag << "kcshim: " << opts.kernel_tree.string() << " is not a kernel tree (no include/)\n";
		return res;
	}
	if (!fs::is_regular_file(opts.shim.include_dir / "linux" / "crypto.h")) {
		diag << "kcshim: no shim headers at " << opts.shim.include_dir.string()
		     << " (set KCSHIM_INCLUDE_DIR)\n";
		return res;
	}

	// Sources: the files, their companions, the extras; each once.
	std::vector<fs::path> sources;
	auto add_source = [&](const fs::path &arg, bool must_exist) {
		fs::path p = resolve_source(tree, arg);
		if (p.empty()) {
			if (must_exist)
				diag << "kcshim: " << arg.string() << ": no such file (looked in ., "
				     << tree.string() << ", " << (tree / "crypto").string() << ")\n";
			return must_exist ? false : true;
		}
		if (std::find(sources.begin(), sources.end(), p) == sources.end())
			sources.push_back(p);
		return true;
	};
	bool ok = !opts.files.empty();
	if (!ok)
		diag << "kcshim: no source files given\n";
	for (const auto &f : opts.files)
		ok &= add_source(f, true);
	if (opts.companions)
		for (const auto &f : opts.files)
			for (const auto &c : companions_for(tree, f.filename()))
				ok &= add_source(tree / c, true);
	for (const auto &f : opts.extras)
		ok &= add_source(f, true);
	if (!ok)
		return res;
	res.sources = sources;

	fs::path output = opts.output.empty() ? fs::path(opts.files.front().stem().string() + ".so")
					      : opts.output;
	output = fs::absolute(output).lexically_normal();
	res.output = output;
	std::string modname = opts.module_name.empty() ? output.stem().string() : opts.module_name;
	std::replace(modname.begin(), modname.end(), '-', '_');
	fs::path work = fs::path(output).concat(".objs");
	fs::create_directories(work);
	fs::path overlay = prepare_overlay(tree, opts.shim.include_dir, work);
	fs::path generated = work / "generated";
	if (!generate_headers(sources, generated, diag))
		return res;

	// Flags: kernel C (gnu11, no strict aliasing/overflow), the module's identity, the shim's
	// headers ahead of the overlay; .S files also get __ASSEMBLY__.
	std::vector<std::string> common = {
		opts.cc, "-std=gnu11", "-O2", "-g", "-fPIC", "-fno-strict-aliasing",
		"-fno-strict-overflow", "-fno-delete-null-pointer-checks", "-fno-common",
		"-DMODULE", "-DKBUILD_MODNAME=\"" + modname + "\"",
		"-Werror=implicit-function-declaration", "-Werror=implicit-int",
		"-include", (opts.shim.dropin_dir / "include" / "kcshim_dropin_config.h").string(),
		"-I" + opts.shim.include_dir.string(), "-I" + overlay.string(),
		"-I" + generated.string(),
	};
	// What the tree's own headers decide that the shim's cannot know: 6.1's crypto/b128ops.h
	// has its own u128, 6.2+ has linux/types.h's.
	if (read_text(tree / "include/linux/types.h").find("u128;") == std::string::npos)
		common.push_back("-DKCSHIM_NO_U128");
	for (const auto &d : opts.defines)
		common.push_back("-D" + d);
	for (const auto &f : opts.cflags)
		common.push_back(f);

	std::vector<Job> jobs;
	std::set<std::string> stems;
	for (const auto &src : sources) {
		Job j;
		j.source = src;
		std::string stem = src.stem().string();
		for (int n = 2; stems.contains(stem); n++)
			stem = src.stem().string() + "." + std::to_string(n);
		stems.insert(stem);
		j.object = work / (stem + ".o");
		j.argv = common;
		std::string base = src.stem().string();
		std::replace(base.begin(), base.end(), '-', '_');
		j.argv.push_back("-DKBUILD_BASENAME=\"" + base + "\"");
		if (src.extension() == ".S")
			j.argv.push_back("-D__ASSEMBLY__");
		for (const std::string &a : {std::string("-MMD"), std::string("-MF"),
					     fs::path(j.object).replace_extension(".d").string(),
					     std::string("-c"), src.string(), std::string("-o"),
					     j.object.string()})
			j.argv.push_back(a);
		jobs.push_back(std::move(j));
	}

	// Compile, up to opts.jobs at once.
	unsigned int width = opts.jobs ? opts.jobs : std::max(1u, std::thread::hardware_concurrency());
	std::atomic<size_t> next{0};
	std::mutex out_mu;
	auto worker = [&] {
		for (size_t i; (i = next++) < jobs.size();) {
			Job &j = jobs[i];
			std::string cmd = render(j.argv);
			if (up_to_date(j.object, cmd)) {
				j.cached = true;
				continue;
			}
			if (opts.verbose) {
				std::lock_guard lock(out_mu);
				diag << cmd << "\n";
			}
			fs::path log = fs::path(j.object).replace_extension(".log");
			j.status = run(j.argv, log);
			if (j.status == 0)
				write_text(fs::path(j.object).concat(".cmd"), cmd);
			else
				fs::remove(j.object);
		}
	};
	std::vector<std::thread> threads;
	for (unsigned int t = 0; t < std::min<size_t>(width, jobs.size()); t++)
		threads.emplace_back(worker);
	for (auto &t : threads)
		t.join();

	bool compiled = true;
	for (const Job &j : jobs) {
		if (j.cached)
			continue;
		std::string log = read_text(fs::path(j.object).replace_extension(".log"));
		diag << log;
		if (j.status) {
			compiled = false;
			find_gaps(log, overlay, res.gaps);
		}
	}
	if (!compiled) {
		for (const auto &g : res.gaps)
			diag << "kcshim: " << g << "\n";
		diag << "kcshim: " << output.filename().string() << ": compile failed\n";
		return res;
	}

	// The check link: against libkcshim with -z defs, so every symbol neither the module nor the
	// shim defines is named. The module itself is linked without libkcshim (it binds to the
	// process's copy at dlopen time) and with -Bsymbolic (its own calls stay inside it).
	std::vector<std::string> objects;
	for (const Job &j : jobs)
		objects.push_back(j.object.string());
	std::vector<std::string> check = {opts.cc, "-shared", "-fPIC", "-Wl,-z,defs", "-o",
					  (work / "check.so").string()};
	check.insert(check.end(), objects.begin(), objects.end());
	check.push_back(opts.shim.library.string());
	check.push_back("-lm");
	std::vector<std::string> link = {opts.cc, "-shared", "-fPIC", "-Wl,-Bsymbolic", "-o",
					 output.string()};
	link.insert(link.end(), objects.begin(), objects.end());
	link.push_back("-lm");
	std::string link_record = render(check) + "\n" + render(link) + "\n";
	if (up_to_date_link(output, link_record, objects)) {
		res.ok = true;
		return res;
	}
	fs::remove(fs::path(output).concat(".cmd"));
	for (const auto &[argv, name] : {std::pair{check, "check"}, std::pair{link, "link"}}) {
		if (opts.verbose)
			diag << render(argv) << "\n";
		fs::path log = work / (std::string(name) + ".log");
		int status = run(argv, log);
		std::string text = read_text(log);
		if (status == 0)
			continue;
		std::vector<std::string> gaps;
		find_gaps(text, overlay, gaps);
		if (std::string(name) == "check" && opts.allow_undefined) {
			for (const auto &g : gaps)
				diag << "kcshim: note: " << g.substr(g.find("undefined")) <<
					" (expected from another module)\n";
			continue;
		}
		diag << text;
		for (const auto &g : gaps)
			diag << "kcshim: " << g << "\n";
		res.gaps.insert(res.gaps.end(), gaps.begin(), gaps.end());
		diag << "kcshim: " << output.filename().string() << ": link failed\n";
		fs::remove(output);
		return res;
	}
	fs::remove(work / "check.so");
	write_text(fs::path(output).concat(".cmd"), link_record);
	res.ok = true;
	return res;
}

}  // namespace kcshim::dropin
