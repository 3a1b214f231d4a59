// SPDX-License-Identifier: GPL-2.0
// What kcshim build compiles and with what: the shim's paths and the cross architectures, the
// source arguments resolved in the tree, the plan of sources under the configuration Kbuild would
// use (plan_sources, with --replace copies), the tree's version, and the overlay include folder.
//
// Errors inside this file are values: a failed step returns false and has written its
// diagnostics to the caller's stream.
#include <algorithm>
#include <cstring>
#include <regex>
#include <set>
#include <sstream>

#include "tools/cross/cross_arch.h"
#include "tools/dropin/build_internal.h"
#include "tools/runtime_files/runtime_files.h"

namespace kcshim::dropin {

Target target_of(const BuildOptions &opts)
{
	return target_of(opts.cc, opts.shim.dropin_dir / "include" / "kcshim_dropin_config.h",
			 opts.shim.include_dir);
}

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

}  // namespace

ShimPaths default_shim_paths()
{
	ShimPaths p;
	const char *inc = getenv("KCSHIM_INCLUDE_DIR");
	const char *lib = getenv("KCSHIM_LIBRARY");
	using runtime_files::InstallDir;
	p.include_dir = inc ? fs::path(inc)
			    : runtime_files::locate(InstallDir::include, "kcshim",
						    KCSHIM_DEFAULT_INCLUDE_DIR);
	p.library = lib ? fs::path(lib)
			: runtime_files::locate(InstallDir::lib, KCSHIM_LIBRARY_FILE_NAME,
						KCSHIM_DEFAULT_LIBRARY);
	const char *dropin = getenv("KCSHIM_DROPIN_DIR");
	p.dropin_dir = dropin ? fs::path(dropin)
			      : runtime_files::locate(InstallDir::data, "kcshim/dropin",
						      KCSHIM_DEFAULT_DROPIN_DIR);
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
	// $CC, as make and the kernel-vectors cache take it: the --arch launcher gives a kcshim of
	// another arch under qemu-user that arch's cross compiler this way (tools/cli/arch_options)
	const char *cc = getenv("CC");
	return cc && *cc ? cc : KCSHIM_MODULE_CC;
}

bool select_arch(BuildOptions &opts, const std::string &arch, std::ostream &diag)
{
	const cross::CrossArch *target = cross::find_cross_arch(arch == "x86" ? "x86_64" : arch);
	if (!target) {
		diag << "kcshim: --arch " << arch << ": kcshim builds for " << cross::cross_arch_names()
		     << "\n";
		return false;
	}
	if (target == cross::running_arch())
		return true;
	const std::string preset(target->preset);
	opts.cc = cross::cross_compiler(*target);
	opts.shim.sanitize_flags.clear();
	if (!getenv("KCSHIM_LIBRARY") && runtime_files::installed_prefix()) {
		diag << "kcshim: --arch " << arch << ": this install has no " << arch
		     << " libkcshim; set KCSHIM_LIBRARY to the library of an " << arch
		     << " build (cmake --preset " << preset << " in a checkout)\n";
		return false;
	}
	if (!getenv("KCSHIM_LIBRARY"))
		opts.shim.library = fs::path(KCSHIM_SOURCE_DIR) / target->build_dir / "shim" /
				    "libkcshim.so";
	if (!fs::exists(opts.shim.library)) {
		diag << "kcshim: no " << arch << " libkcshim at " << opts.shim.library.string()
		     << ": cmake --preset " << preset << " && cmake --build --preset " << preset
		     << " (or set KCSHIM_LIBRARY)\n";
		return false;
	}
	return true;
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
	const Target target = target_of(opts);
	if (target.srcarch.empty()) {
		diag << "kcshim: " << opts.cc << " names no architecture kcshim builds for "
		     << "(x86-64, arm64, arm, ppc64le), or cannot preprocess the shim's headers\n";
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

}  // namespace kcshim::dropin
