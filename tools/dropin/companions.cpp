// SPDX-License-Identifier: GPL-2.0
// Companion files: what else a driver file needs linked into its module, as Kbuild would link it.
//  - its composite module, from its directory's Makefile ("sha1-ssse3-y := sha1_ssse3_asm.o
//    sha1_ssse3_glue.o"): the glue and its assembly are one module;
//  - the libraries its configuration symbol selects (kbuild.h): CRYPTO_SHA512 selects
//    CRYPTO_LIB_SHA512, which lib/crypto/Makefile builds from sha512.c plus, where
//    CRYPTO_LIB_SHA512_ARCH defaults on, lib/crypto/x86/*.S with -I lib/crypto/x86 for sha512.c;
//    CRYPTO_CAST5 selects CRYPTO_CAST_COMMON, crypto/cast_common.c;
//  - a table, for library files the extracted tree has no Makefile for (lib/xxhash.c, 6.x's
//    lib/crc32.c). Each entry lists alternatives, tree-relative, first existing wins.
// Symbols still undefined are looked up among the tree's library exports and linked in
// (plan_exporters); what is left names the exporting file in the build error
// (exporting_files()): a renamed copy of cast5_generic.c is told to add cast_common.c.
#include <algorithm>
#include <array>
#include <fstream>
#include <iterator>
#include <map>
#include <set>
#include <sstream>
#include <regex>
#include <string_view>

#include "tools/dropin/dropin.h"
#include "tools/dropin/kbuild.h"

namespace kcshim::dropin {

namespace {

struct Companion {
	std::string_view driver;	// the driver's file name
	std::string_view needs;		// "a|b": the first of a, b that the tree has
};

constexpr std::array table{
	Companion{"sha1_generic.c", "lib/crypto/sha1.c|lib/sha1.c"},
	Companion{"ghash-generic.c", "lib/crypto/gf128mul.c|crypto/gf128mul.c"},
	Companion{"polyval-generic.c", "lib/crypto/gf128mul.c|crypto/gf128mul.c"},
	Companion{"crct10dif_generic.c", "crypto/crct10dif_common.c|lib/crc-t10dif.c"},
	Companion{"poly1305_generic.c", "lib/crypto/poly1305-donna64.c"},
	Companion{"nhpoly1305.c", "lib/crypto/poly1305-donna64.c"},
	Companion{"xxhash_generic.c", "lib/xxhash.c"},
	Companion{"crc32_generic.c", "lib/crc32.c"},
	Companion{"crc32c_generic.c", "lib/crc32.c"},
	Companion{"crc64_rocksoft_generic.c", "lib/crc64.c"},
};

// Library directories and which of their selected modules a driver takes. In crypto/ only the
// shared code of an algorithm (CRYPTO_CAST_COMMON, CRYPTO_GF128MUL, ...): the rest there is the
// crypto API itself, which the shim is.
struct LibraryDir {
	std::string_view dir;
	bool (*wanted)(const std::string &symbol);
};

bool algorithm_common(const std::string &symbol)
{
	return symbol.ends_with("_COMMON") || symbol == "CRYPTO_GF128MUL" || symbol == "CRYPTO_SM3" ||
	       symbol == "CRYPTO_SM4" || symbol.starts_with("CRYPTO_LIB_");
}

// lib/crypto's utilities (crypto_memneq, crypto_xor) and its test and bignum folders are the
// shim's or not crypto drivers' business.
bool library(const std::string &symbol)
{
	return symbol != "CRYPTO_LIB_UTILS" && symbol != "KUNIT" && symbol != "MPILIB" &&
	       !symbol.ends_with("_KUNIT_TEST") && symbol != "CRYPTO_SELFTESTS_FULL" && !symbol.empty();
}

constexpr std::array library_dirs{
	LibraryDir{"crypto", algorithm_common},
	LibraryDir{"lib/crypto", library},
	LibraryDir{"lib/crc", library},
};

// The source of a Makefile object: dir/obj.c or dir/obj.S, or the .S a perlasm rule makes.
void add_object(const Makefile &mk, const std::string &object, SourcePlan &plan)
{
	const std::vector<std::string> flags =
		mk.flags.contains(object) ? mk.flags.at(object) : std::vector<std::string>{};
	for (const char *ext : {".c", ".S"}) {
		fs::path src = (mk.dir / (object + ext)).lexically_normal();
		if (fs::is_regular_file(src)) {
			plan.add(src, flags);
			return;
		}
	}
	if (auto gen = mk.generator_of(object + ".S")) {
		fs::path out = (mk.dir / (object + ".S")).lexically_normal();
		plan.generated[out.string()] = *gen;
		plan.add(out, flags);
		return;
	}
	if (fs::path src = mk.compiled_from_of(object); !src.empty())
		plan.add(fs::path(src).lexically_normal(), flags);
}

}  // namespace

void SourcePlan::add(const fs::path &source, const std::vector<std::string> &extra)
{
	// A file given on the command line gets its Makefile flags when its module is planned.
	if (!extra.empty() && !flags.contains(source.string()))
		flags[source.string()] = extra;
	if (std::find(sources.begin(), sources.end(), source) == sources.end())
		sources.push_back(source);
}

void plan_companions(const fs::path &tree, const fs::path &driver, const Target &target,
		     const Config &config, SourcePlan &plan)
{
	// The driver's own module, from its directory's Makefile.
	Makefile own = read_makefile(driver.parent_path(), config, target);
	std::string module = module_building(tree, driver, target).first;
	if (!module.empty() && module != driver.stem().string() && plan.module.empty())
		plan.module = module;
	if (!module.empty())
		for (const auto &o : own.objects_of(module))
			add_object(own, o, plan);
	// The libraries its configuration selects.
	for (const LibraryDir &lib : library_dirs) {
		fs::path dir = tree / lib.dir;
		if (!fs::is_regular_file(dir / "Makefile"))
			continue;
		Makefile mk = read_makefile(dir, config, target);
		for (const auto &[m, symbol] : mk.modules) {
			// obj-$(CONFIG_X86) += x86/blake2s-core.o is the arch's, not selected
			if (symbol.empty() || !config.on(symbol) || !lib.wanted(symbol) ||
			    target.symbols.contains(symbol))
				continue;
			if (dir == driver.parent_path() && m == module)
				continue;
			for (const auto &o : mk.objects_of(m))
				add_object(mk, o, plan);
		}
	}
	// The table, for what has no Makefile in the extracted tree.
	std::string name = driver.filename().string();
	for (const Companion &c : table) {
		if (c.driver != name)
			continue;
		std::string_view rest = c.needs;
		while (!rest.empty()) {
			size_t bar = rest.find('|');
			fs::path candidate(std::string(rest.substr(0, bar)));
			if (fs::exists(tree / candidate)) {
				plan.add((tree / candidate).lexically_normal(), {});
				break;
			}
			rest = bar == std::string_view::npos ? std::string_view() : rest.substr(bar + 1);
		}
	}
}

bool plan_exporters(const fs::path &tree, const std::vector<std::string> &symbols,
		    SourcePlan &plan, std::vector<std::string> &notes)
{
	std::string alternatives;
	for (const auto &sym : symbols)
		alternatives += (alternatives.empty() ? "" : "|") + sym;
	const std::regex exported(R"(EXPORT_SYMBOL(?:_NS)?(?:_GPL)?\(\s*()" + alternatives +
				  R"()\s*[,)])");
	// Assembly an architecture builds into every kernel beside a library
	// (obj-$(CONFIG_X86) += x86/blake2s-core.o) defines its functions without exporting them;
	// 32-bit arm's still with ENTRY() (lib/crypto/arm/blake2s-core.S).
	const std::regex defined(R"((?:SYM_(?:TYPED_)?FUNC_START|ENTRY)\(\s*()" + alternatives +
				 R"()\s*\))");
	bool added = false;
	for (const LibraryDir &lib : library_dirs) {
		fs::path dir = tree / lib.dir;
		if (!fs::is_regular_file(dir / "Makefile"))
			continue;
		Makefile mk = read_makefile(dir, plan.config, plan.target);
		for (const auto &[module, symbol] : mk.modules) {
			// obj-y is built into every kernel; in crypto/ only shared algorithm code
			bool builtin = symbol.empty() || plan.target.symbols.contains(symbol);
			if (lib.dir == "crypto" ? !algorithm_common(symbol) : !builtin && !lib.wanted(symbol))
				continue;
			const auto objects = mk.objects_of(module);
			if (!symbol.empty() && plan.target.symbols.contains(symbol)) {
				for (const auto &o : objects) {
					fs::path src = (dir / (o + ".S")).lexically_normal();
					const std::string text = read_text(src);
					std::smatch m;
					if (text.empty() || !std::regex_search(text, m, defined) ||
					    std::find(plan.sources.begin(), plan.sources.end(), src) !=
						    plan.sources.end())
						continue;
					add_object(mk, o, plan);
					notes.push_back(m[1].str() + " is defined by " +
							src.lexically_relative(tree).string() +
							": linked in");
					added = true;
				}
			}
			for (const auto &o : objects) {
				fs::path src = (dir / (o + ".c")).lexically_normal();
				if (!fs::is_regular_file(src) ||
				    std::find(plan.sources.begin(), plan.sources.end(), src) !=
					    plan.sources.end())
					continue;
				const std::string text = read_text(src);
				std::smatch m;
				if (!std::regex_search(text, m, exported))
					continue;
				for (const auto &obj : objects)
					add_object(mk, obj, plan);
				notes.push_back(m[1].str() + " is exported by " +
						src.lexically_relative(tree).string() + ": linked in");
				added = true;
				break;
			}
		}
	}
	return added;
}

std::map<std::string, fs::path> exporting_files(const fs::path &tree,
						const std::set<std::string> &symbols,
						const std::string &srcarch)
{
	static const std::regex exported(R"(EXPORT_SYMBOL(?:_GPL)?\(\s*([A-Za-z_0-9]+)\s*\))");
	std::map<std::string, fs::path> out;
	if (symbols.empty())
		return out;
	std::vector<fs::path> dirs = {"crypto", "lib"};
	if (!srcarch.empty())
		dirs.push_back(fs::path("arch") / srcarch / "crypto");
	for (const fs::path &dir : dirs) {
		std::error_code ec;
		for (fs::recursive_directory_iterator it(tree / dir, ec), end; !ec && it != end;
		     it.increment(ec)) {
			if (!it->is_regular_file() || it->path().extension() != ".c")
				continue;
			const std::string s = read_text(it->path());
			for (std::sregex_iterator m(s.begin(), s.end(), exported), mend; m != mend; ++m)
				if (symbols.contains((*m)[1].str()))
					out.emplace((*m)[1].str(), it->path().lexically_relative(tree));
		}
	}
	return out;
}

}  // namespace kcshim::dropin
