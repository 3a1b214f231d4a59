// SPDX-License-Identifier: GPL-2.0
// Kconfig, as far as a module's configuration needs it: select, depends on, default y.
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <fstream>
#include <map>
#include <mutex>
#include <regex>
#include <set>
#include <sstream>

#include "tools/dropin/kbuild.h"

namespace kcshim::dropin {

namespace {

// One `config` entry, its conditions kept as expression text.
struct Entry {
	std::vector<std::pair<std::string, std::string>> selects;	// symbol, "if" condition
	std::vector<std::string> depends;
	std::vector<std::string> defaults_y;				// conditions of `default y`
	// a prompt the user answers (bool "text" [if cond]): its default is only a suggestion
	std::vector<std::string> prompts;
	bool numeric = false;						// int or hex
	std::vector<std::pair<std::string, std::string>> values;	// default N [if cond]
};

// The Kconfig files a crypto module's configuration lives in.
const char *const kconfig_files[] = {
	"crypto/Kconfig",	     "lib/crypto/Kconfig",	   "lib/crc/Kconfig",
	"arch/x86/crypto/Kconfig", "arch/arm64/crypto/Kconfig", "arch/arm/crypto/Kconfig",
	"lib/crypto/tests/Kconfig",	/* the KUnit suites (7.x) */
};

std::map<std::string, Entry> parse_kconfig(const fs::path &tree)
{
	static const std::regex config_re(R"(^\s*(?:menu)?config\s+([A-Za-z0-9_]+)\s*$)");
	static const std::regex select_re(R"(^\s*select\s+([A-Za-z0-9_]+)\s*(?:if\s+(.*))?$)");
	static const std::regex depends_re(R"(^\s*depends\s+on\s+(.*)$)");
	static const std::regex default_re(
		R"(^\s*(?:default|def_bool|def_tristate)\s+(y|m)\s*(?:if\s+(.*))?$)");
	static const std::regex numeric_re(R"(^\s*(?:int|hex)(?:\s+"[^"]*")?\s*$)");
	static const std::regex value_re(
		R"(^\s*default\s+(-?[0-9]+|0x[0-9a-fA-F]+)\s*(?:if\s+(.*))?$)");
	static const std::regex prompt_re(
		R"(^\s*(?:bool|tristate|prompt)\s+"[^"]*"\s*(?:if\s+(.*))?$)");
	std::map<std::string, Entry> entries;
	for (const char *file : kconfig_files) {
		Entry *cur = nullptr;
		for (const auto &line : logical_lines(tree / file)) {
			std::smatch m;
			if (std::regex_match(line, m, config_re)) {
				cur = &entries[m[1].str()];
			} else if (line.starts_with("endmenu") || line.starts_with("menu ") ||
				   line.starts_with("choice") || line.starts_with("endchoice")) {
				cur = nullptr;
			} else if (!cur) {
				continue;
			} else if (std::regex_match(line, m, numeric_re)) {
				cur->numeric = true;
			} else if (cur->numeric && std::regex_match(line, m, value_re)) {
				cur->values.emplace_back(m[1].str(), trim(m[2].str()));
			} else if (std::regex_match(line, m, select_re)) {
				cur->selects.emplace_back(m[1].str(), trim(m[2].str()));
			} else if (std::regex_match(line, m, depends_re)) {
				cur->depends.push_back(trim(m[1].str()));
			} else if (std::regex_match(line, m, default_re)) {
				cur->defaults_y.push_back(trim(m[2].str()));
			} else if (std::regex_match(line, m, prompt_re)) {
				cur->prompts.push_back(trim(m[1].str()));
			}
		}
	}
	return entries;
}

// Kconfig expressions: SYM, !e, e && e, e || e, (e), SYM = y/m/n, SYM != n.
class Expr {
public:
	Expr(const std::string &text, const Config &config) : config_(config)
	{
		static const std::regex token(R"(\s*(&&|\|\||!=|[!()=]|[A-Za-z0-9_]+|"[^"]*"))");
		for (auto it = std::sregex_iterator(text.begin(), text.end(), token);
		     it != std::sregex_iterator(); ++it)
			tokens_.push_back((*it)[1].str());
	}
	bool value()
	{
		return tokens_.empty() || disjunction();
	}

private:
	bool disjunction()
	{
		bool v = conjunction();
		while (peek() == "||") {
			pos_++;
			v = conjunction() || v;
		}
		return v;
	}
	bool conjunction()
	{
		bool v = unary();
		while (peek() == "&&") {
			pos_++;
			v = unary() && v;
		}
		return v;
	}
	bool unary()
	{
		if (peek() == "!") {
			pos_++;
			return !unary();
		}
		if (peek() == "(") {
			pos_++;
			bool v = disjunction();
			if (peek() == ")")
				pos_++;
			return v;
		}
		std::string sym = next();
		bool v = sym == "y" || sym == "m" || config_.on(sym);
		if (peek() == "=" || peek() == "!=") {
			bool eq = next() == "=";
			std::string rhs = next();
			bool want = rhs == "y" || rhs == "m" || rhs == "\"y\"";
			return eq ? v == want : v != want;
		}
		return v;
	}
	std::string peek() const { return pos_ < tokens_.size() ? tokens_[pos_] : ""; }
	std::string next() { return pos_ < tokens_.size() ? tokens_[pos_++] : ""; }

	const Config &config_;
	std::vector<std::string> tokens_;
	size_t pos_ = 0;
};

bool holds(const std::string &expr, const Config &config)
{
	return Expr(expr, config).value();
}

// Parsed once per tree: a build asks several times.
const std::map<std::string, Entry> &read_kconfig(const fs::path &tree)
{
	static std::mutex mu;
	static std::map<fs::path, std::map<std::string, Entry>> cache;
	std::lock_guard lock(mu);
	auto it = cache.find(tree);
	if (it == cache.end())
		it = cache.emplace(tree, parse_kconfig(tree)).first;
	return it->second;
}

}  // namespace

// Symbols an architecture's own Kconfig sets: only the target decides them.
static bool arch_symbol(const std::string &s)
{
	static const std::set<std::string> arch = {
		"X86", "X86_32", "X86_64", "64BIT", "32BIT", "ARM", "ARM64", "UML", "UML_X86",
		"CPU_BIG_ENDIAN", "CPU_LITTLE_ENDIAN", "KERNEL_MODE_NEON", "PPC", "PPC64", "S390",
		"MIPS", "RISCV", "SPARC", "SPARC64", "LOONGARCH", "CPU_V7M", "CPU_V7", "ALTIVEC",
		"SPE", "CPU_CAVIUM_OCTEON", "ARCH_SUPPORTS_INT128", "CC_HAS_INT128", "VSX", "PPC_FPU",
	};
	return arch.contains(s) || s.starts_with("AS_") || s.starts_with("CPU_");
}

bool Config::on(std::string_view symbol) const
{
	std::string s = strip(symbol);
	return on_.contains(s) || (optimistic_ && !arch_symbol(s));
}

std::string Config::strip(std::string_view symbol)
{
	if (symbol.starts_with("CONFIG_"))
		symbol.remove_prefix(7);
	return std::string(symbol);
}

std::set<std::string> arch_symbols(std::string_view srcarch)
{
	static const std::map<std::string_view, std::set<std::string>> of = {
		{"x86", {"X86", "X86_64", "64BIT", "ARCH_SUPPORTS_INT128", "CC_HAS_INT128"}},
		{"arm64", {"ARM64", "64BIT", "KERNEL_MODE_NEON", "ARCH_SUPPORTS_INT128", "CC_HAS_INT128"}},
		{"arm", {"ARM", "32BIT", "KERNEL_MODE_NEON", "CPU_V7"}},
		// ppc64le: Debian's (and every distribution's) POWER8 little-endian build, VSX on
		{"powerpc", {"PPC", "PPC64", "64BIT", "CPU_LITTLE_ENDIAN", "PPC_FPU", "ALTIVEC", "VSX",
			     "ARCH_SUPPORTS_INT128", "CC_HAS_INT128"}},
	};
	const auto found = of.find(srcarch);
	return found == of.end() ? std::set<std::string>() : found->second;
}

Target target_of(const std::string &cc, const fs::path &config_header, const fs::path &include_dir)
{
	Target t;
	std::string cmd = cc + " -dM -E -x c -D__ASSEMBLY__ -I'" + include_dir.string() +
			  "' -include '" + config_header.string() + "' /dev/null 2>/dev/null";
	std::string out;
	if (FILE *p = popen(cmd.c_str(), "r")) {
		char buf[4096];
		size_t n;
		while ((n = fread(buf, 1, sizeof(buf), p)) > 0)
			out.append(buf, n);
		pclose(p);
	}
	static const std::regex define(
		R"(#define (CONFIG_[A-Za-z0-9_]+|__x86_64__|__aarch64__|__arm__|__powerpc64__) )");
	for (auto it = std::sregex_iterator(out.begin(), out.end(), define);
	     it != std::sregex_iterator(); ++it) {
		std::string name = (*it)[1].str();
		if (name.starts_with("CONFIG_"))
			t.symbols.insert(Config::strip(name));
		else if (name == "__x86_64__")
			t.srcarch = "x86";
		else if (name == "__aarch64__")
			t.srcarch = "arm64";
		else if (name == "__arm__")
			t.srcarch = "arm";
		else if (name == "__powerpc64__")
			t.srcarch = "powerpc";
	}
	t.symbols.merge(arch_symbols(t.srcarch));
	return t;
}

bool dependencies_hold(const fs::path &tree, const std::string &symbol, const Config &config)
{
	const auto &entries = read_kconfig(tree);
	auto it = entries.find(Config::strip(symbol));
	if (it == entries.end())
		return true;
	return std::all_of(it->second.depends.begin(), it->second.depends.end(),
			   [&](const std::string &d) { return holds(d, config); });
}

std::set<std::string> dependency_symbols(const fs::path &tree, const std::string &symbol)
{
	static const std::regex token(R"((!?)\s*([A-Za-z0-9_]+)|[()&|=!]+)");
	std::set<std::string> out;
	const auto &entries = read_kconfig(tree);
	auto it = entries.find(Config::strip(symbol));
	if (it == entries.end())
		return out;
	for (const auto &d : it->second.depends)
		for (auto t = std::sregex_iterator(d.begin(), d.end(), token);
		     t != std::sregex_iterator(); ++t) {
			const std::string word = (*t)[2].str();
			if ((*t)[1].length() == 0 && !word.empty() &&
			    std::isalpha((unsigned char)word[0]) && word != "y" && word != "m" &&
			    word != "n")
				out.insert(word);
		}
	return out;
}

std::set<std::string> selected_symbols(const fs::path &tree, const std::string &symbol)
{
	std::set<std::string> out;
	const auto &entries = read_kconfig(tree);
	if (auto it = entries.find(Config::strip(symbol)); it != entries.end())
		for (const auto &select : it->second.selects)
			out.insert(select.first);
	return out;
}

Config configure(const fs::path &tree, const Target &target, const std::vector<std::string> &wanted,
		 const std::set<std::string> &off)
{
	const auto &entries = read_kconfig(tree);
	Config config;
	for (const auto &s : target.symbols)
		config.set(s);
	for (const auto &w : wanted)
		config.set(w);
	// Until nothing changes: selects of what is on, then defaults whose dependencies hold.
	for (bool changed = true; changed;) {
		changed = false;
		for (const auto &[name, e] : entries) {
			if (config.on(name)) {
				for (const auto &[sym, cond] : e.selects) {
					if (!config.on(sym) && !off.contains(sym) && holds(cond, config)) {
						config.set(sym);
						changed = true;
					}
				}
				continue;
			}
			// A visible prompt leaves the symbol to the user, who asked only for wanted.
			bool visible = std::any_of(e.prompts.begin(), e.prompts.end(),
						   [&](const std::string &c) { return holds(c, config); });
			if (visible)
				continue;
			bool deps = std::all_of(e.depends.begin(), e.depends.end(),
						[&](const std::string &d) { return holds(d, config); });
			bool dflt = std::any_of(e.defaults_y.begin(), e.defaults_y.end(),
						[&](const std::string &d) { return holds(d, config); });
			if (deps && dflt && !off.contains(name)) {
				config.set(name);
				changed = true;
			}
		}
	}
	// Numbers: the first default whose condition holds, as Kconfig takes it.
	for (const auto &[name, e] : entries) {
		if (!e.numeric)
			continue;
		for (const auto &[value, cond] : e.values)
			if (holds(cond, config)) {
				config.set_value(name, value);
				break;
			}
	}
	return config;
}

}  // namespace kcshim::dropin
