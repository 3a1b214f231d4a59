// SPDX-License-Identifier: GPL-2.0
// Companion files: what else a driver file needs linked into its module. Two sources:
//  - the driver directory's Makefile, for composite modules ("sha1-ssse3-y := sha1_ssse3_asm.o
//    sha1_ssse3_glue.o"): the glue and its assembly are one module, as Kbuild links them;
//  - a table, for what another config symbol builds elsewhere (a lib/ object or a *_common.c).
//    Each entry lists alternatives, tree-relative, first existing wins: files move between
//    releases.
// A file the table does not know (a renamed copy of cast5_generic.c) gets no companion; its
// undefined symbols are then looked up among the tree's exports (exporting_files()), so the build
// error names the file to add rather than blaming the shim.
#include <algorithm>
#include <array>
#include <fstream>
#include <map>
#include <set>
#include <regex>
#include <sstream>
#include <string_view>

#include "dropin.h"

namespace kcshim::dropin {

namespace {

struct Companion {
	std::string_view driver;	// the driver's file name
	std::string_view needs;		// "a|b": the first of a, b that the tree has
};

constexpr std::array table{
	Companion{"sha1_generic.c", "lib/crypto/sha1.c|lib/sha1.c"},
	Companion{"sha256_generic.c", "lib/crypto/sha256.c"},
	Companion{"cast5_generic.c", "crypto/cast_common.c"},
	Companion{"cast6_generic.c", "crypto/cast_common.c"},
	Companion{"blowfish_generic.c", "crypto/blowfish_common.c"},
	Companion{"twofish_generic.c", "crypto/twofish_common.c"},
	Companion{"ghash-generic.c", "lib/crypto/gf128mul.c|crypto/gf128mul.c"},
	Companion{"polyval-generic.c", "lib/crypto/gf128mul.c|crypto/gf128mul.c"},
	Companion{"crct10dif_generic.c", "crypto/crct10dif_common.c|lib/crc-t10dif.c"},
	Companion{"aes_generic.c", "lib/crypto/aes.c"},
	Companion{"aes_ti.c", "lib/crypto/aes.c"},
	Companion{"des_generic.c", "lib/crypto/des.c"},
	Companion{"sm3_generic.c", "lib/crypto/sm3.c|crypto/sm3.c"},
	Companion{"sm4_generic.c", "lib/crypto/sm4.c|crypto/sm4.c"},
	Companion{"poly1305_generic.c", "lib/crypto/poly1305-donna64.c"},
	Companion{"poly1305_generic.c", "lib/crypto/poly1305.c"},
	Companion{"nhpoly1305.c", "lib/crypto/poly1305-donna64.c"},
	Companion{"xxhash_generic.c", "lib/xxhash.c"},
	Companion{"crc32_generic.c", "lib/crc32.c"},
	Companion{"crc32c_generic.c", "lib/crc32.c"},
	Companion{"crc64_rocksoft_generic.c", "lib/crc64.c"},
};

// Kconfig symbols a composite's conditional objects may depend on that a kcshim build has: a
// 64-bit target, and the assembler features Kbuild probes for (kcshim_dropin_config.h).
bool enabled(const std::string &config)
{
	return config == "CONFIG_64BIT" || config == "CONFIG_X86_64" ||
	       config.starts_with("CONFIG_AS_");
}

// The Makefile's lines, continuations joined.
std::vector<std::string> makefile_lines(const fs::path &makefile)
{
	std::ifstream in(makefile);
	std::vector<std::string> lines;
	std::string line, joined;
	while (std::getline(in, line)) {
		if (!line.empty() && line.back() == '\\') {
			joined += line.substr(0, line.size() - 1) + " ";
			continue;
		}
		lines.push_back(joined + line);
		joined.clear();
	}
	return lines;
}

// "name-y := a.o b.o", "name-objs += c.o", "name-$(CONFIG_X) += d.o" (when X is enabled).
struct CompositeLine {
	std::string module;
	std::vector<std::string> objects;
};

std::vector<CompositeLine> composites(const fs::path &dir)
{
	static const std::regex assign(
		R"(^\s*([A-Za-z0-9_-]+)-(y|objs|\$\((CONFIG_[A-Za-z0-9_]+)\))\s*[:+]?=\s*(.*)$)");
	std::vector<CompositeLine> out;
	std::smatch m;
	for (const auto &line : makefile_lines(dir / "Makefile")) {
		if (!std::regex_match(line, m, assign) || (m[3].matched && !enabled(m[3].str())))
			continue;
		CompositeLine c{m[1].str(), {}};
		std::istringstream words(m[4].str());
		for (std::string w; words >> w;)
			if (w.ends_with(".o"))
				c.objects.push_back(w.substr(0, w.size() - 2));
		out.push_back(std::move(c));
	}
	return out;
}

// A composite built only for 32-bit x86 (twofish-i586-y := twofish-i586-asm_32.o twofish_glue.o
// shares its glue with the x86_64 one).
bool only_32bit(const CompositeLine &c)
{
	if (c.module.find("i586") != std::string::npos || c.module.find("i386") != std::string::npos)
		return true;
	return std::any_of(c.objects.begin(), c.objects.end(),
			   [](const std::string &o) { return o.ends_with("_32"); });
}

// The composite module source is part of, with the objects of all its (enabled) lines; an empty
// module when source is a module of its own.
CompositeLine composite_of(const fs::path &source)
{
	const std::string stem = source.stem().string();
	const auto lines = composites(source.parent_path());
	CompositeLine found;
	for (const auto &c : lines) {
		bool has = std::find(c.objects.begin(), c.objects.end(), stem) != c.objects.end();
		if (has && c.module != stem && !(sizeof(void *) == 8 && only_32bit(c))) {
			found.module = c.module;
			break;
		}
	}
	for (const auto &c : lines)
		if (!found.module.empty() && c.module == found.module)
			found.objects.insert(found.objects.end(), c.objects.begin(), c.objects.end());
	return found;
}

}  // namespace

std::string composite_module(const fs::path &source)
{
	return composite_of(source).module;
}

std::vector<fs::path> companions_for(const fs::path &tree, const fs::path &driver)
{
	std::vector<fs::path> out;
	// The composite module's other objects, when the driver is one part of one.
	if (driver.has_parent_path()) {
		for (const auto &o : composite_of(driver).objects) {
			if (o == driver.stem().string())
				continue;
			for (const char *ext : {".c", ".S"}) {
				fs::path src = driver.parent_path() / (o + ext);
				if (fs::is_regular_file(src)) {
					out.push_back(fs::absolute(src).lexically_normal().lexically_relative(
						fs::absolute(tree).lexically_normal()));
					break;
				}
			}
		}
	}
	std::string name = driver.filename().string();
	for (const Companion &c : table) {
		if (c.driver != name)
			continue;
		std::string_view rest = c.needs;
		while (!rest.empty()) {
			size_t bar = rest.find('|');
			fs::path candidate(std::string(rest.substr(0, bar)));
			if (fs::exists(tree / candidate)) {
				out.push_back(candidate);
				break;
			}
			rest = bar == std::string_view::npos ? std::string_view() : rest.substr(bar + 1);
		}
	}
	return out;
}

std::map<std::string, fs::path> exporting_files(const fs::path &tree,
						const std::set<std::string> &symbols)
{
	static const std::regex exported(R"(EXPORT_SYMBOL(?:_GPL)?\(\s*([A-Za-z_0-9]+)\s*\))");
	std::map<std::string, fs::path> out;
	if (symbols.empty())
		return out;
	for (const char *dir : {"crypto", "lib"}) {
		std::error_code ec;
		for (fs::recursive_directory_iterator it(tree / dir, ec), end; !ec && it != end;
		     it.increment(ec)) {
			if (!it->is_regular_file() || it->path().extension() != ".c")
				continue;
			std::ifstream in(it->path());
			std::stringstream text;
			text << in.rdbuf();
			const std::string s = text.str();
			for (std::sregex_iterator m(s.begin(), s.end(), exported), mend; m != mend; ++m)
				if (symbols.contains((*m)[1].str()))
					out.emplace((*m)[1].str(), it->path().lexically_relative(tree));
		}
	}
	return out;
}

}  // namespace kcshim::dropin
