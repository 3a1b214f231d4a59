// SPDX-License-Identifier: GPL-2.0
// build_module(): overlay, parallel compiles with a per-object cache, the module link, and the
// check link against libkcshim that names undefined symbols.
//
// Errors inside this file are values: a failed step returns false and has written its
// diagnostics to the caller's stream.
#include <fcntl.h>
#include <spawn.h>
#include <sys/utsname.h>
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

#include "tools/dropin/dropin.h"

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

// Adds the global symbols file defines (a module: shared or relocatable) to out, via nm.
bool defined_symbols(const fs::path &file, std::set<std::string> &out, std::ostream &diag)
{
	if (!fs::is_regular_file(file)) {
		diag << "kcshim: --depends " << file.string() << ": no such file\n";
		return false;
	}
	fs::path log = fs::temp_directory_path() / ("kcshim-nm-" + std::to_string(getpid()) + ".txt");
	int status = run({"nm", "-g", "--defined-only", file.string()}, log);
	std::istringstream lines(read_text(log));
	fs::remove(log);
	if (status) {
		diag << "kcshim: --depends " << file.string() << ": nm could not read it\n";
		return false;
	}
	std::string line;
	while (std::getline(lines, line)) {
		size_t sp = line.find_last_of(' ');
		if (sp != std::string::npos)
			out.insert(line.substr(sp + 1));
	}
	return true;
}

struct Job {
	fs::path source;
	fs::path object;
	std::vector<std::string> argv;
	int status = 0;
	bool cached = false;
};

}  // namespace

std::string read_text(const fs::path &p)
{
	std::ifstream in(p, std::ios::binary);
	std::stringstream ss;
	ss << in.rdbuf();
	return ss.str();
}

ShimPaths default_shim_paths()
{
	ShimPaths p;
	const char *inc = getenv("KCSHIM_INCLUDE_DIR");
	const char *lib = getenv("KCSHIM_LIBRARY");
	p.include_dir = inc ? inc : KCSHIM_DEFAULT_INCLUDE_DIR;
	p.library = lib ? lib : KCSHIM_DEFAULT_LIBRARY;
	const char *dropin = getenv("KCSHIM_DROPIN_DIR");
	p.dropin_dir = dropin ? dropin : KCSHIM_DEFAULT_DROPIN_DIR;
	std::istringstream flags(KCSHIM_MODULE_SANITIZE_FLAGS);
	bool ubsan = false;
	for (std::string f; flags >> f;) {
		ubsan |= f.rfind("-fsanitize=", 0) == 0 && f.find("undefined") != std::string::npos;
		p.sanitize_flags.push_back(f);
	}
	/*
	 * Kernel code gets the kernel's own UBSAN checks.  The kernel builds with
	 * -fno-strict-overflow and has no pointer-overflow check (6.x lib/crc32.c
	 * steps a NULL buffer back by one for an empty message), and leaves the
	 * alignment check off where unaligned loads are cheap (UBSAN_ALIGNMENT,
	 * off on x86 and arm64: crc32's setkey reads its key with le32_to_cpup).
	 */
	if (ubsan) {
		p.sanitize_flags.push_back("-fno-sanitize=pointer-overflow");
		p.sanitize_flags.push_back("-fno-sanitize=alignment");
	}
	return p;
}

std::string default_cc()
{
	return KCSHIM_MODULE_CC;
}

bool select_arch(BuildOptions &opts, const std::string &arch, std::ostream &diag)
{
	struct CrossArch {
		const char *name, *cc, *preset;
	};
	static constexpr CrossArch cross[] = {
		{"arm64", "aarch64-linux-gnu-gcc", "arm64"},
		{"arm", "arm-linux-gnueabihf-gcc", "arm"},
	};
	struct utsname u;
	if (::uname(&u) == 0 && (arch == u.machine || (arch == "x86" && !strcmp(u.machine, "x86_64"))))
		return true;
	for (const auto &c : cross) {
		if (arch != c.name)
			continue;
		opts.cc = c.cc;
		opts.shim.sanitize_flags.clear();
		if (!getenv("KCSHIM_LIBRARY"))
			opts.shim.library = fs::path(KCSHIM_SOURCE_DIR) / ("build-" + std::string(c.preset)) /
					    "shim" / "libkcshim.so";
		if (!fs::exists(opts.shim.library)) {
			diag << "kcshim: no " << arch << " libkcshim at " << opts.shim.library.string()
			     << ": cmake --preset " << c.preset << " && cmake --build --preset "
			     << c.preset << " (or set KCSHIM_LIBRARY)\n";
			return false;
		}
		return true;
	}
	diag << "kcshim: --arch " << arch << ": kcshim builds for x86_64, arm64 and arm\n";
	return false;
}

fs::path resolve_source(const fs::path &tree, const fs::path &file)
{
	for (const fs::path &p : {file, tree / file, tree / "crypto" / file})
		if (fs::is_regular_file(p))
			return fs::absolute(p).lexically_normal();
	return {};
}

unsigned int tree_version_code(const fs::path &tree)
{
	static const std::regex field(R"(^(VERSION|PATCHLEVEL|SUBLEVEL)\s*=\s*(\d+)\s*$)");
	std::istringstream lines(read_text(tree / "Makefile"));
	std::map<std::string, unsigned int> v;
	std::smatch m;
	for (std::string line; std::getline(lines, line) && v.size() < 3;)
		if (std::regex_match(line, m, field))
			v[m[1].str()] = std::stoul(m[2].str());
	if (!v.contains("VERSION"))
		return 0;
	return (v["VERSION"] << 16) + (v["PATCHLEVEL"] << 8) + std::min(v["SUBLEVEL"], 255u);
}

// Puts copy in the place of the planned source with its file name (BuildOptions::replacements).
static bool replace_source(SourcePlan &plan, const fs::path &copy, std::ostream &diag)
{
	if (!fs::is_regular_file(copy)) {
		diag << "kcshim: --replace " << copy.string() << ": no such file\n";
		return false;
	}
	std::vector<fs::path *> same;
	for (auto &src : plan.sources)
		if (src.filename() == copy.filename())
			same.push_back(&src);
	if (same.size() != 1) {
		diag << "kcshim: --replace " << copy.string() << ": "
		     << (same.empty() ? "the build has no " : "the build has more than one ")
		     << copy.filename().string() << " to replace\n";
		return false;
	}
	fs::path original = *same.front();
	std::vector<std::string> flags;
	if (auto f = plan.flags.find(original.string()); f != plan.flags.end()) {
		flags = f->second;
		plan.flags.erase(f);
	}
	flags.push_back("-iquote" + original.parent_path().string());
	plan.flags[copy.string()] = flags;
	*same.front() = copy;
	return true;
}

bool plan_sources(const BuildOptions &opts, SourcePlan &plan, std::ostream &diag)
{
	const fs::path tree = fs::absolute(opts.kernel_tree).lexically_normal();
	auto resolve = [&](const fs::path &arg, std::vector<fs::path> &out) {
		fs::path p = resolve_source(tree, arg);
		if (p.empty()) {
			diag << "kcshim: " << arg.string() << ": no such file (looked in ., "
			     << tree.string() << ", " << (tree / "crypto").string() << ")\n";
			return false;
		}
		out.push_back(p);
		return true;
	};
	bool ok = !opts.files.empty();
	if (!ok)
		diag << "kcshim: no source files given\n";
	std::vector<fs::path> files, extras;
	for (const auto &f : opts.files)
		ok &= resolve(f, files);
	for (const auto &f : opts.extras)
		ok &= resolve(f, extras);
	if (!ok)
		return false;

	// The configuration Kbuild would build these files' modules with: their own symbols, what
	// the user turned on with -D CONFIG_X, and what those select.
	const Target target = target_of(opts.cc,
					opts.shim.dropin_dir / "include" / "kcshim_dropin_config.h",
					opts.shim.include_dir);
	if (target.srcarch.empty()) {
		diag << "kcshim: " << opts.cc << " names no architecture kcshim builds for "
		     << "(x86-64, arm64, arm), or cannot preprocess the shim's headers\n";
		return false;
	}
	std::vector<std::string> wanted;
	for (const auto &f : files)
		if (std::string sym = module_building(tree, f, target).second; !sym.empty())
			wanted.push_back(sym);
	for (const auto &d : opts.defines)
		if (d.starts_with("CONFIG_"))
			wanted.push_back(d.substr(0, d.find('=')));
	std::set<std::string> off;
	for (const auto &c : opts.config) {
		size_t eq = c.find('=');
		std::string sym = Config::strip(c.substr(0, eq));
		std::string value = eq == std::string::npos ? "y" : c.substr(eq + 1);
		if (value == "n")
			off.insert(sym);
		else if (value == "y" || value == "m")
			wanted.push_back(sym);
		else {
			diag << "kcshim: --config " << c << ": the value is y or n\n";
			return false;
		}
	}
	const Config config = configure(tree, target, wanted, off);
	plan.target = target;
	plan.config = config;

	for (const auto &f : files) {
		plan.add(f, {});
		if (opts.companions)
			plan_companions(tree, f, target, config, plan);
	}
	for (const auto &f : extras)
		plan.add(f, {});
	for (const auto &r : opts.replacements)
		ok &= replace_source(plan, fs::absolute(r).lexically_normal(), diag);
	if (!ok)
		return false;
	for (const auto &[sym, value] : config.values())
		plan.defines.push_back("CONFIG_" + sym + "=" + value);
	for (const auto &sym : config.symbols())
		plan.defines.push_back("CONFIG_" + sym + "=1");
	plan.version_code = tree_version_code(tree);
	return true;
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

// asm/asm-offsets.h, as Kbuild makes it, for the crypto blocks of the arch's asm-offsets.c that
// the configuration enables (`#if IS_ENABLED(CONFIG_CRYPTO_ARIA_AESNI_AVX_X86_64)` ...
// `OFFSET(ARIA_CTX_rounds, aria_ctx, rounds)`): the offsets are the compiler's, from the tree's
// header declaring the struct, read back from its assembly output as Kbuild does.
static bool generate_asm_offsets(const SourcePlan &plan, const fs::path &tree,
				 const std::vector<std::string> &cflags, const fs::path &dir,
				 std::ostream &diag)
{
	static const std::regex block(R"(#if IS_ENABLED\((CONFIG_CRYPTO_[A-Za-z0-9_]+)\)([^#]*)#endif)");
	static const std::regex offset(R"(OFFSET\((\w+),\s*(\w+),\s*([\w.]+)\))");
	const fs::path kernel = tree / "arch" / plan.target.srcarch / "kernel";
	std::string program;
	std::set<std::string> types;
	for (const char *name : {"asm-offsets.c", "asm-offsets_64.c"}) {
		std::string text = read_text(kernel / name);
		for (auto b = std::sregex_iterator(text.begin(), text.end(), block);
		     b != std::sregex_iterator(); ++b) {
			if (!plan.config.on((*b)[1].str()))
				continue;
			std::string body = (*b)[2].str();
			for (auto o = std::sregex_iterator(body.begin(), body.end(), offset);
			     o != std::sregex_iterator(); ++o) {
				std::string type = (*o)[2].str();
				types.insert(type);
				program += "\tasm volatile(\"\\n.ascii \\\"->" + (*o)[1].str() +
					   " %c0\\\"\" : : \"i\"(offsetof(struct " + type + ", " +
					   (*o)[3].str() + ")));\n";
			}
		}
	}
	fs::path out = dir / "kcshim_asm_offsets.h";
	if (program.empty()) {
		fs::remove(out);
		return true;
	}
	// the tree's headers declaring those structs, each read once
	std::string c = "#include <stddef.h>\n#include <linux/types.h>\n";
	for (const auto &e : fs::directory_iterator(tree / "include" / "crypto")) {
		std::string text = read_text(e.path());
		if (std::any_of(types.begin(), types.end(), [&](const std::string &t) {
			    return text.find("struct " + t + " {") != std::string::npos;
		    }))
			c += "#include <crypto/" + e.path().filename().string() + ">\n";
	}
	c += "void kcshim_asm_offsets(void)\n{\n" + program + "}\n";
	fs::path src = dir / "asm-offsets.c", asm_out = dir / "asm-offsets.s";
	write_text(src, c);
	std::vector<std::string> argv = cflags;
	for (const std::string &a : {std::string("-S"), src.string(), std::string("-o"),
				     asm_out.string()})
		argv.push_back(a);
	fs::path log = dir / "asm-offsets.log";
	if (run(argv, log)) {
		diag << read_text(log) << "kcshim: cannot compute asm-offsets.h\n";
		return false;
	}
	static const std::regex line(R"(->(\w+) \$?(\d+))");
	std::string s = read_text(asm_out), header = "/* generated by kcshim build */\n";
	for (auto m = std::sregex_iterator(s.begin(), s.end(), line); m != std::sregex_iterator(); ++m)
		header += "#define " + (*m)[1].str() + " " + (*m)[2].str() + "\n";
	if (read_text(out) != header)
		write_text(out, header);
	return true;
}

// ELF e_type ET_REL (1), little-endian, at offset 16.
static bool is_relocatable_file(const fs::path &file)
{
	char head[18] = {};
	std::ifstream in(file, std::ios::binary);
	in.read(head, sizeof(head));
	return in.gcount() == sizeof(head) && memcmp(head, "\x7f" "ELF", 4) == 0 && head[16] == 1 &&
	       head[17] == 0;
}

// Runs the Makefile's perlasm commands (cmd_perlasm: `$(PERL) $(<) > $(@)`) for the plan's
// generated sources, into dir; an output newer than its script is kept.
static bool generate_perlasm(const SourcePlan &plan, const fs::path &dir, std::ostream &diag)
{
	for (const auto &[source, gen] : plan.generated) {
		fs::path out = dir / fs::path(source).filename();
		std::error_code ec;
		if (fs::exists(out) && fs::last_write_time(out, ec) >= fs::last_write_time(gen.script, ec))
			continue;
		fs::create_directories(dir);
		std::string cmd = gen.command;
		for (auto [var, value] : {std::pair<std::string, std::string>{"$<", gen.script.string()},
					  {"$@", out.string()}})
			for (size_t at; (at = cmd.find(var)) != std::string::npos;)
				cmd.replace(at, 2, "'" + value + "'");
		fs::path log = dir / (fs::path(source).filename().string() + ".log");
		if (run({"sh", "-c", cmd}, log)) {
			diag << read_text(log) << "kcshim: " << cmd << ": failed\n";
			fs::remove(out);
			return false;
		}
	}
	return true;
}

// One build of a planned module: compile what is not cached, check the link, link.
static BuildResult build_planned(const BuildOptions &opts, const SourcePlan &plan,
				 std::ostream &diag)
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

	const std::vector<fs::path> &sources = plan.sources;
	res.sources = sources;

	// Default name: the composite module the first file is part of (sha1-ssse3.so for
	// sha1_ssse3_glue.c), else the file's own.
	const std::string &composite = plan.module;
	std::string default_name = composite.empty() ? opts.files.front().stem().string() : composite;
	fs::path output = opts.output.empty() ? fs::path(default_name + ".so") : opts.output;
	output = fs::absolute(output).lexically_normal();
	res.output = output;
	std::string modname = opts.module_name.empty() ? output.stem().string() : opts.module_name;
	std::replace(modname.begin(), modname.end(), '-', '_');
	fs::path work = fs::path(output).concat(".objs");
	fs::create_directories(work);
	fs::path overlay = prepare_overlay(tree, opts.shim.include_dir, work);
	fs::path generated = work / "generated";
	if (!generate_headers(sources, generated, diag) ||
	    !generate_perlasm(plan, work / "perlasm", diag))
		return res;

	// Flags: kernel C (gnu11, no strict aliasing/overflow), the module's identity, the shim's
	// headers ahead of the overlay; .S files also get __ASSEMBLY__.
	std::vector<std::string> common = {
		opts.cc, "-std=gnu11", "-O2", "-g", "-fPIC", "-fno-strict-aliasing",
		"-fno-strict-overflow", "-fno-delete-null-pointer-checks", "-fno-common",
		// as Kbuild's: perlasm output keeps OpenSSL's userspace includes under !__KERNEL__
		"-D__KERNEL__", "-DMODULE", "-DKBUILD_MODNAME=\"" + modname + "\"",
		"-Werror=implicit-function-declaration", "-Werror=implicit-int",
		"-include", (opts.shim.dropin_dir / "include" / "kcshim_dropin_config.h").string(),
		"-I" + opts.shim.include_dir.string(), "-I" + overlay.string(),
		"-I" + generated.string(),
		// __FILE__ tree-relative, as Kbuild has it: KUnit's and WARN's messages name
		// lib/crypto/tests/x.c, not where the tree was extracted
		"-fmacro-prefix-map=" + tree.string() + "/=",
	};
	// What the tree's own headers decide that the shim's cannot know: 6.1's crypto/b128ops.h
	// has its own u128, 6.2+ has linux/types.h's.
	if (read_text(tree / "include/linux/types.h").find("u128;") == std::string::npos)
		common.push_back("-DKCSHIM_NO_U128");
	// 6.19+ compiles with the Microsoft extension that includes a tagged struct anonymously
	// (struct aes_key { struct aes_enckey; ... }), as the tree's Makefile says.
	if (read_text(tree / "Makefile").find("CONFIG_CC_MS_EXTENSIONS") != std::string::npos) {
		common.push_back("-fms-extensions");
		if (opts.cc.find("clang") != std::string::npos)
			common.push_back("-Wno-microsoft-anon-tag");
	}
	// What the arch's Makefile adds (arch/arm/Makefile: ARM state unless CONFIG_THUMB2_KERNEL,
	// which Debian's armhf kernel leaves off, and the architecture level its .S files test).
	if (plan.target.srcarch == "arm")
		for (const char *f : {"-marm", "-D__LINUX_ARM_ARCH__=7"})
			common.push_back(f);
	// The generation the shim's headers and core follow for this module (linux/version.h).
	if (plan.version_code)
		common.push_back("-DKCSHIM_LINUX_VERSION_CODE=" + std::to_string(plan.version_code));
	for (const auto &d : plan.defines)
		common.push_back("-D" + d);
	for (const auto &d : opts.defines)
		common.push_back("-D" + d);
	for (const auto &f : opts.shim.sanitize_flags)
		common.push_back(f);
	for (const auto &f : opts.cflags)
		common.push_back(f);
	if (!generate_asm_offsets(plan, tree, common, generated, diag))
		return res;

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
		// arch/arm/Makefile's KBUILD_AFLAGS: every .S gets the unified-syntax helpers
		if (src.extension() == ".S" && plan.target.srcarch == "arm")
			for (const char *f : {"-include", "asm/unified.h"})
				j.argv.push_back(f);
		if (auto f = plan.flags.find(src.string()); f != plan.flags.end())
			j.argv.insert(j.argv.end(), f->second.begin(), f->second.end());
		// a perlasm output is compiled from the work folder, beside its own directory
		fs::path input = src;
		if (plan.generated.contains(src.string())) {
			input = work / "perlasm" / src.filename();
			j.argv.push_back("-I" + src.parent_path().string());
		}
		for (const std::string &a : {std::string("-MMD"), std::string("-MF"),
					     fs::path(j.object).replace_extension(".d").string(),
					     std::string("-c"), input.string(), std::string("-o"),
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

	// The check link names every symbol that neither the module, the shim nor a --depends
	// module defines. A module is a shared object linked without libkcshim (it binds to the
	// process's copy at load time) and with -Bsymbolic (its own calls stay inside) -- unless its
	// code addresses data absolutely (kernel assembly may: modules live in the kernel's top
	// 2 GiB), which no shared object can hold. Then it is a relocatable object, as a kernel .ko
	// is, which kcshim's loader places in the low 2 GiB (shim/src/module/relocatable_module.h).
	std::vector<std::string> objects;
	for (const Job &j : jobs)
		objects.push_back(j.object.string());
	// Links that make something the process runs take the sanitizers' runtime flags.
	auto sanitized = [&](std::vector<std::string> argv) {
		argv.insert(argv.begin() + 1, opts.shim.sanitize_flags.begin(),
			    opts.shim.sanitize_flags.end());
		return argv;
	};
	auto with_objects = [&](std::vector<std::string> argv, std::vector<std::string> tail) {
		argv.insert(argv.end(), objects.begin(), objects.end());
		argv.insert(argv.end(), tail.begin(), tail.end());
		return argv;
	};
	fs::path check_out = work / "check.out";
	// -Bsymbolic as the module's own link: its code may reach its own globals PC-relative
	// (arm64's adrp to crypto_aes_sbox, which lib/crypto/aes.c links in beside it).
	const std::vector<std::string> shared_check = with_objects(
		sanitized({opts.cc, "-shared", "-fPIC", "-Wl,-Bsymbolic", "-Wl,-z,defs", "-o",
			   check_out.string()}),
		{opts.shim.library.string(), "-lm"});
	// An executable takes absolute relocations; -e 0 as it is never run.
	const std::vector<std::string> exec_check = with_objects(
		sanitized({opts.cc, "-no-pie", "-nostartfiles", "-Wl,-e,0", "-o", check_out.string()}),
		{opts.shim.library.string(), "-lm"});
	const std::vector<std::string> shared_link = with_objects(
		sanitized({opts.cc, "-shared", "-fPIC", "-Wl,-Bsymbolic", "-o", output.string()}),
		{"-lm"});
	const std::vector<std::string> relocatable_link = with_objects(
		{opts.cc, "-r", "-nostdlib", "-o", output.string()}, {});
	std::string deps_record;
	for (const auto &d : opts.depends)
		deps_record += fs::absolute(d).string() + "\n";
	auto record_of = [&](const std::vector<std::string> &check,
			     const std::vector<std::string> &link) {
		return render(check) + "\n" + render(link) + "\n" + deps_record;
	};
	// A module using a relocatable module's symbols must be relocatable too: only kcshim's
	// loader, not dlopen(), resolves against an ET_REL module (camellia-aesni-avx on
	// camellia-x86_64's assembly).
	const bool must_relocate = opts.relocatable || std::any_of(opts.depends.begin(),
								   opts.depends.end(),
								   is_relocatable_file);
	// Either form may be the cached one.
	for (bool rel : {false, true}) {
		if (must_relocate && !rel)
			continue;
		if (up_to_date_link(output, record_of(rel ? exec_check : shared_check,
						      rel ? relocatable_link : shared_link), objects)) {
			res.ok = true;
			res.relocatable = rel;
			return res;
		}
	}
	fs::remove(fs::path(output).concat(".cmd"));

	auto run_logged = [&](const std::vector<std::string> &argv, const std::string &name,
			      std::string *text) {
		if (opts.verbose)
			diag << render(argv) << "\n";
		fs::path log = work / (name + ".log");
		int status = run(argv, log);
		*text = read_text(log);
		return status;
	};
	auto link_failed = [&](const std::string &text, std::vector<std::string> gaps) {
		diag << text;
		for (const auto &g : gaps)
			diag << "kcshim: " << g << "\n";
		res.gaps.insert(res.gaps.end(), gaps.begin(), gaps.end());
		diag << "kcshim: " << output.filename().string() << ": link failed\n";
		fs::remove(output);
		return res;
	};

	std::string text;
	bool relocatable = must_relocate;
	const std::vector<std::string> *check = &shared_check;
	int status = relocatable ? 1 : run_logged(shared_check, "check", &text);
	if (status && (relocatable || text.find("can not be used when making a shared object") !=
						  std::string::npos)) {
		relocatable = true;
		check = &exec_check;
		status = run_logged(exec_check, "check", &text);
	}
	if (status) {
		// Undefined symbols a --depends module defines are fine; the rest are gaps, or
		// notes under --allow-undefined.
		std::set<std::string> provided;
		for (const auto &d : opts.depends)
			if (!defined_symbols(d, provided, diag))
				return link_failed("", {});
		std::vector<std::string> gaps, all;
		find_gaps(text, overlay, all);
		static const std::string prefix = "shim gap: undefined symbol ";
		auto symbol_of = [](const std::string &gap) {
			std::string sym = gap.starts_with(prefix) ? gap.substr(prefix.size()) : "";
			return sym.substr(0, sym.find(' '));
		};
		// A symbol the tree exports is no shim gap: a companion is missing (a renamed
		// copy of a driver has none from the table).
		std::set<std::string> undefined;
		for (const auto &g : all)
			if (!symbol_of(g).empty())
				undefined.insert(symbol_of(g));
		const auto exporters = exporting_files(tree, undefined);
		std::map<fs::path, std::string> missing;	// a companion file: its symbols
		for (const auto &g : all) {
			std::string sym = symbol_of(g);
			if (!sym.empty() && provided.contains(sym))
				continue;
			if (!sym.empty() && opts.allow_undefined) {
				diag << "kcshim: note: undefined symbol " << sym
				     << " (expected from another module)\n";
				continue;
			}
			if (auto it = exporters.find(sym); it != exporters.end()) {
				std::string &syms = missing[it->second];
				if (!syms.empty())
					syms += ' ';
				syms += sym;
				continue;
			}
			gaps.push_back(g);
		}
		for (const auto &[file, syms] : missing)
			gaps.push_back("undefined symbols " + syms + " are exported by " +
				       file.string() + ", not missing from the shim: add --extra " +
				       file.string());
		if (!gaps.empty() || all.empty())
			return link_failed(text, gaps);
	}
	const std::vector<std::string> &link = relocatable ? relocatable_link : shared_link;
	if (run_logged(link, "link", &text))
		return link_failed(text, {});
	if (relocatable)
		diag << "kcshim: note: " << output.filename().string()
		     << ": its code addresses symbols no shared object can (absolutely, or "
			"PC-relative in another module); built as a relocatable module (ET_REL), "
			"loaded by kcshim's own loader like a kernel .ko\n";
	fs::remove(check_out);
	write_text(fs::path(output).concat(".cmd"), record_of(*check, link));
	res.ok = true;
	res.relocatable = relocatable;
	return res;
}

BuildResult build_module(const BuildOptions &opts, std::ostream &diag)
{
	SourcePlan plan;
	if (!plan_sources(opts, plan, diag))
		return {};
	// Symbols a file uses that neither its configuration's libraries nor the shim define are
	// looked up among the tree's exported symbols (chacha_block_generic is built into every
	// kernel; a renamed copy of cast5_generic.c has no Makefile line selecting cast_common.c).
	for (int round = 0;; round++) {
		std::ostringstream out;
		BuildResult res = build_planned(opts, plan, out);
		// "shim gap: undefined symbol X in the shim", "undefined symbols X Y are exported by F"
		std::vector<std::string> undefined;
		static const std::regex gap(R"(^(?:shim gap: undefined symbol (\S+) in the shim|)"
					    R"(undefined symbols (.+) are exported by ))");
		std::smatch m;
		for (const auto &g : res.gaps) {
			if (!std::regex_search(g, m, gap))
				continue;
			std::istringstream words(m[1].matched ? m[1].str() : m[2].str());
			for (std::string w; words >> w;)
				undefined.push_back(w);
		}
		std::vector<std::string> notes;
		if (res.ok || undefined.empty() || round == 3 || !opts.companions ||
		    !plan_exporters(fs::absolute(opts.kernel_tree).lexically_normal(), undefined,
				    plan, notes)) {
			diag << out.str();
			return res;
		}
		for (const auto &n : notes)
			diag << "kcshim: note: " << n << "\n";
	}
}

}  // namespace kcshim::dropin
