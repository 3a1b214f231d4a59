// SPDX-License-Identifier: GPL-2.0
#include "tools/patch_check/reach.h"

#include <algorithm>
#include <map>
#include <optional>
#include <cctype>
#include <regex>
#include <string_view>

namespace kcshim::patch_check {

namespace {

using dropin::Makefile;
using dropin::Target;

// The folders whose Makefiles build crypto code for srcarch.
std::vector<std::string> crypto_dirs(const std::string &srcarch)
{
	return {"crypto", "lib/crypto", "lib/crc", "arch/" + srcarch + "/crypto"};
}

const char *const suite_dirs[] = {"lib/crypto/tests", "lib/crc/tests"};

// Reads each Makefile once per architecture.
class Makefiles {
public:
	Makefiles(const fs::path &tree, const Target &host) : tree_(tree), host_(host) {}

	// srcarch's target: the host's, or one made of that arch's Kconfig symbols
	Target target(const std::string &srcarch) const
	{
		if (srcarch.empty() || srcarch == host_.srcarch)
			return host_;
		return Target{srcarch, dropin::arch_symbols(srcarch)};
	}
	// dir (tree-relative) under everything its target could turn on: a patch reaches the
	// objects of any configuration, not only the default one
	const Makefile &get(const std::string &dir, const std::string &srcarch)
	{
		auto key = std::make_pair(dir, srcarch);
		auto it = cache_.find(key);
		if (it == cache_.end()) {
			const Target t = target(srcarch);
			dropin::Config config;
			for (const auto &s : t.symbols)
				config.set(s);
			config.assume_non_arch_on();
			it = cache_.emplace(key, dropin::read_makefile(tree_ / dir, config, t)).first;
		}
		return it->second;
	}

private:
	fs::path tree_;
	Target host_;
	std::map<std::pair<std::string, std::string>, Makefile> cache_;
};

// "arm64" for arch/arm64/..., lib/crypto/arm64/... and lib/crc/arm64/...; "" for generic code.
std::string srcarch_of(const fs::path &tree, const fs::path &rel)
{
	std::vector<std::string> parts(rel.begin(), rel.end());
	if (parts.size() > 2 && parts[0] == "arch")
		return parts[1];
	if (parts.size() > 3 && parts[0] == "lib" && (parts[1] == "crypto" || parts[1] == "crc") &&
	    fs::is_directory(tree / "arch" / parts[2]))
		return parts[2];
	return "";
}

// The module a Makefile of rel's folder or the one above (lib/crypto for lib/crypto/x86/*.S)
// builds rel into.
std::optional<ReachedModule> module_of(const fs::path &tree, Makefiles &makefiles,
				       const fs::path &rel)
{
	const std::string srcarch = srcarch_of(tree, rel);
	fs::path dir = rel.parent_path();
	for (int up = 0; up < 2 && !dir.empty(); up++, dir = dir.parent_path()) {
		if (!fs::exists(tree / dir / "Makefile"))
			continue;
		const Makefile &mk = makefiles.get(dir.string(), srcarch);
		fs::path object = rel.lexically_relative(dir);
		object.replace_extension();
		for (const auto &module : mk.modules_of(object.string())) {
			const std::string first = mk.objects_of(module).front();
			fs::path source = dir / (first + ".c");
			if (!fs::exists(tree / source))
				source = dir / (first + ".S");
			if (!fs::exists(tree / source))
				source = rel;
			return ReachedModule{module, dir.string(), mk.symbol_of(module), source.string(),
					     srcarch, rel.string()};
		}
	}
	return std::nullopt;
}

// The .S a perlasm rule makes from script rel (lib/crypto/x86/poly1305-x86_64-cryptogams.pl).
std::optional<fs::path> generated_from(const fs::path &tree, Makefiles &makefiles,
				       const fs::path &rel)
{
	fs::path dir = rel.parent_path();
	for (int up = 0; up < 2 && !dir.empty(); up++, dir = dir.parent_path()) {
		if (!fs::exists(tree / dir / "Makefile"))
			continue;
		for (const auto &[out, gen] : makefiles.get(dir.string(), srcarch_of(tree, rel)).generated)
			if (out.find('%') == std::string::npos &&
			    gen.script.lexically_normal() == (tree / rel).lexically_normal())
				return dir / out;
	}
	return std::nullopt;
}

std::vector<std::string> included_names(const fs::path &file)
{
	static const std::regex include(R"(#\s*include\s*[<"]([^>"]+)[>"])");
	const std::string text = dropin::read_text(file);
	std::vector<std::string> out;
	for (auto it = std::sregex_iterator(text.begin(), text.end(), include);
	     it != std::sregex_iterator(); ++it)
		out.push_back((*it)[1].str());
	return out;
}

bool is_source(const fs::path &p)
{
	return p.extension() == ".c" || p.extension() == ".S";
}

// The sources (tree-relative) that include header rel: for include/<x>, those of the crypto
// folders naming <x>; else those of its folder and the one above naming its file name (the
// library's "sha512.h" is the arch folder's, found by the arch's include path).
std::vector<fs::path> includers(const fs::path &tree, const fs::path &rel, const std::string &srcarch)
{
	std::vector<fs::path> dirs;
	std::string wanted;
	bool by_path = rel.begin() != rel.end() && *rel.begin() == "include";
	if (by_path) {
		wanted = rel.lexically_relative("include").string();
		for (const auto &d : crypto_dirs(srcarch))
			dirs.push_back(d);
		dirs.push_back("lib/crypto/" + srcarch);
	} else {
		wanted = rel.filename().string();
		dirs = {rel.parent_path(), rel.parent_path().parent_path()};
	}
	std::vector<fs::path> out;
	std::error_code ec;
	for (const auto &dir : dirs) {
		if (dir.empty())
			continue;
		for (fs::directory_iterator it(tree / dir, ec), end; !ec && it != end; it.increment(ec)) {
			if (!is_source(it->path()))
				continue;
			for (const auto &name : included_names(it->path()))
				if (by_path ? name == wanted : fs::path(name).filename() == wanted) {
					out.push_back(dir / it->path().filename());
					break;
				}
		}
	}
	return out;
}

// EXPORT_SYMBOL(x) and EXPORT_SYMBOL_GPL(x) names of a file.
std::set<std::string> exports_of(const fs::path &file)
{
	static const std::regex exported(R"(EXPORT_SYMBOL(?:_GPL)?\s*\(\s*([A-Za-z0-9_]+)\s*\))");
	const std::string text = dropin::read_text(file);
	std::set<std::string> out;
	for (auto it = std::sregex_iterator(text.begin(), text.end(), exported);
	     it != std::sregex_iterator(); ++it)
		out.insert((*it)[1].str());
	return out;
}

bool is_identifier_char(char c)
{
	return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

// Whether text has name as a whole identifier (not inside a longer one): a plain search, as a
// std::regex per name and file took seconds natively and most of a minute under qemu-user.
bool contains_word(std::string_view text, std::string_view name)
{
	for (size_t at = text.find(name); at != std::string_view::npos; at = text.find(name, at + 1)) {
		const size_t end = at + name.size();
		if ((at == 0 || !is_identifier_char(text[at - 1])) &&
		    (end == text.size() || !is_identifier_char(text[end])))
			return true;
	}
	return false;
}

// Symbols sym selects, and what those select, a few levels down.
std::set<std::string> selects_closure(const fs::path &tree, const std::string &sym)
{
	std::set<std::string> seen;
	std::vector<std::string> todo = {sym};
	for (int depth = 0; depth < 4 && !todo.empty(); depth++) {
		std::vector<std::string> next;
		for (const auto &s : todo)
			for (const auto &selected : dropin::selected_symbols(tree, s))
				if (seen.insert(selected).second)
					next.push_back(selected);
		todo = std::move(next);
	}
	return seen;
}

bool contains(const std::vector<ReachedModule> &modules, const std::string &dir,
	      const std::string &name)
{
	return std::any_of(modules.begin(), modules.end(), [&](const ReachedModule &m) {
		return m.dir == dir && m.name == name;
	});
}

void add_module(std::vector<ReachedModule> &to, ReachedModule m)
{
	if (!contains(to, m.dir, m.name))
		to.push_back(std::move(m));
}

// Modules of the crypto folders that select one of the reached symbols or call a reached
// module's export.
void find_dependents(const fs::path &tree, Makefiles &makefiles, const std::string &srcarch,
		     const std::set<std::string> &exports, Reach &reach)
{
	const std::set<std::string> reached = reach.symbols(false);
	for (const auto &dir : crypto_dirs(srcarch)) {
		const Makefile &mk = makefiles.get(dir, srcarch);
		for (const auto &[name, symbol] : mk.modules) {
			if (symbol.empty() || reached.contains(symbol) || contains(reach.modules, dir, name))
				continue;
			for (const auto &selected : selects_closure(tree, symbol))
				if (reached.contains(selected)) {
					if (auto m = module_of(tree, makefiles,
							       fs::path(dir) / (mk.objects_of(name).front() + ".c"))) {
						m->why = "selects " + selected;
						add_module(reach.dependents, *m);
					}
					break;
				}
		}
	}
	if (exports.empty())
		return;
	std::error_code ec;
	for (const auto &dir : crypto_dirs(srcarch))
		for (fs::directory_iterator it(tree / dir, ec), end; !ec && it != end; it.increment(ec)) {
			if (it->path().extension() != ".c")
				continue;
			const std::string text = dropin::read_text(it->path());
			for (const auto &name : exports) {
				if (!contains_word(text, name))
					continue;
				auto m = module_of(tree, makefiles, fs::path(dir) / it->path().filename());
				if (m && !contains(reach.modules, m->dir, m->name)) {
					m->why = "calls " + name;
					add_module(reach.dependents, *m);
				}
				break;
			}
		}
}

// The suites of the tree's KUnit folders that were touched or test a reached symbol (one they
// depend on or select).
void find_suites(const fs::path &tree, Makefiles &makefiles, const std::set<std::string> &touched,
		 Reach &reach)
{
	const std::set<std::string> reached = reach.symbols(true);
	for (const char *dir : suite_dirs) {
		if (!fs::is_directory(tree / dir))
			continue;
		const Makefile &mk = makefiles.get(dir, "");
		for (const auto &[name, symbol] : mk.modules) {
			const fs::path suite = fs::path(dir) / (mk.objects_of(name).front() + ".c");
			bool tested = touched.contains(suite.string());
			for (const auto &header : included_names(tree / suite))
				tested |= touched.contains((fs::path(dir) / header).lexically_normal().string());
			std::set<std::string> wants = dropin::dependency_symbols(tree, symbol);
			wants.merge(dropin::selected_symbols(tree, symbol));
			for (const auto &w : wants)
				tested |= reached.contains(w);
			if (tested)
				reach.suites.push_back(suite.string());
		}
	}
}

bool in_suite_dir(const fs::path &rel)
{
	return std::any_of(std::begin(suite_dirs), std::end(suite_dirs),
			   [&](const char *dir) { return rel.parent_path() == dir; });
}

}  // namespace

std::set<std::string> Reach::symbols(bool with_dependents) const
{
	std::set<std::string> out;
	for (const auto &m : modules)
		if (!m.symbol.empty())
			out.insert(m.symbol);
	if (with_dependents)
		for (const auto &m : dependents)
			if (!m.symbol.empty())
				out.insert(m.symbol);
	return out;
}

Reach reach_of(const fs::path &tree, const std::vector<std::string> &files, const Target &target)
{
	Reach reach;
	Makefiles makefiles(tree, target);
	std::set<std::string> exports;
	const std::set<std::string> touched(files.begin(), files.end());
	for (const auto &file : files) {
		const fs::path rel = fs::path(file).lexically_normal();
		const std::string srcarch = srcarch_of(tree, rel);
		reach.arches.insert(srcarch.empty() ? "generic" : srcarch);
		if (rel == "crypto/testmgr.h") {
			reach.vectors = true;
			continue;
		}
		if (in_suite_dir(rel))
			continue;	// find_suites() takes them
		if (rel.filename() == "Makefile" || rel.filename() == "Kconfig" ||
		    rel.filename().string().starts_with("Kconfig.")) {
			reach.rules.push_back(file);	// what they build is reached by its files
			continue;
		}
		std::vector<fs::path> sources;
		if (is_source(rel)) {
			sources.push_back(rel);
		} else if (rel.extension() == ".pl") {
			if (auto generated = generated_from(tree, makefiles, rel))
				sources.push_back(*generated);
		} else if (rel.extension() == ".h") {
			sources = includers(tree, rel, target.srcarch);
		}
		bool mapped = false;
		for (const auto &source : sources) {
			if (in_suite_dir(source))
				continue;
			if (auto m = module_of(tree, makefiles, source)) {
				m->why = file;
				add_module(reach.modules, std::move(*m));
				mapped = true;
			}
		}
		if (!mapped)
			reach.unmapped.push_back(file);
		if (is_source(rel))
			exports.merge(exports_of(tree / rel));
	}
	// what the host builds: another arch's dependents are that arch's business
	find_dependents(tree, makefiles, target.srcarch, exports, reach);
	find_suites(tree, makefiles, touched, reach);
	// a suite's own file is mapped by its suite
	std::erase_if(reach.unmapped, [&](const std::string &f) {
		return in_suite_dir(fs::path(f)) && !reach.suites.empty();
	});
	return reach;
}

}  // namespace kcshim::patch_check
