// SPDX-License-Identifier: GPL-2.0
// Kbuild Makefiles, as far as a directory's modules need them (kbuild.h).
#include <algorithm>
#include <cstring>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

#include "tools/dropin/kbuild.h"

namespace kcshim::dropin {

std::string trim(const std::string &s)
{
	size_t a = s.find_first_not_of(" \t"), b = s.find_last_not_of(" \t\r");
	return a == std::string::npos ? "" : s.substr(a, b - a + 1);
}

std::vector<std::string> logical_lines(const fs::path &makefile)
{
	std::ifstream in(makefile);
	std::vector<std::string> lines;
	std::string line, joined;
	while (std::getline(in, line)) {
		if (!line.empty() && line.back() == '\\') {
			joined += line.substr(0, line.size() - 1) + " ";
			continue;
		}
		line = joined + line;
		joined.clear();
		if (size_t hash = line.find('#'); hash != std::string::npos)
			line.resize(hash);
		lines.push_back(line);
	}
	return lines;
}

namespace {

std::vector<std::string> words(const std::string &text)
{
	std::istringstream in(text);
	std::vector<std::string> out;
	for (std::string w; in >> w;)
		out.push_back(w);
	return out;
}

class Evaluator {
public:
	Evaluator(const fs::path &dir, const Config &config, const Target &target)
		: config_(config)
	{
		vars_["src"] = dir.string();
		vars_["obj"] = dir.string();
		vars_["srctree"] = dir.string();
		vars_["SRCARCH"] = target.srcarch;
		vars_["ARCH"] = target.srcarch == "x86" ? "x86_64" : target.srcarch;
		vars_["PERL"] = "perl";
	}

	// $(VAR), $(CONFIG_X), $(call ...) (empty), nested left to right.
	std::string expand(const std::string &text) const
	{
		std::string out;
		for (size_t i = 0; i < text.size(); i++) {
			if (text[i] != '$' || i + 1 >= text.size()) {
				out += text[i];
				continue;
			}
			if (text[i + 1] != '(') {
				// $< and $@ stay for the recipe
				out += text[i];
				continue;
			}
			size_t depth = 0, j = i + 1;
			for (; j < text.size(); j++) {
				if (text[j] == '(')
					depth++;
				else if (text[j] == ')' && --depth == 0)
					break;
			}
			std::string name = expand(text.substr(i + 2, j - i - 2));
			if (name == "<" || name == "@")
				out += "$" + name;
			else
				out += value(name);
			i = j;
		}
		return out;
	}

	std::string value(const std::string &name) const
	{
		if (name.starts_with("CONFIG_"))
			return config_.on(name) ? "y" : "";
		auto it = vars_.find(name);
		return it == vars_.end() ? "" : it->second;
	}

	void assign(const std::string &name, const std::string &op, const std::string &text)
	{
		std::string v = op == "=" ? text : expand(text);
		if (op == "+=" && vars_.contains(name))
			vars_[name] += " " + v;
		else if (op != "?=" || !vars_.contains(name))
			vars_[name] = v;
	}

	const Config &config_;
	std::map<std::string, std::string> vars_;
};

// ifeq (a,b) / ifneq (a,b) / ifdef X / ifndef X, expanded.
bool condition(const std::string &line, const Evaluator &ev)
{
	static const std::regex cmp(R"(^\s*(ifeq|ifneq)\s*\((.*),(.*)\)\s*$)");
	static const std::regex def(R"(^\s*(ifdef|ifndef)\s+(\S+)\s*$)");
	std::smatch m;
	if (std::regex_match(line, m, cmp)) {
		bool eq = trim(ev.expand(m[2].str())) == trim(ev.expand(m[3].str()));
		return m[1] == "ifeq" ? eq : !eq;
	}
	if (std::regex_match(line, m, def)) {
		bool set = !ev.value(m[2].str()).empty();
		return m[1] == "ifdef" ? set : !set;
	}
	return false;
}

}  // namespace

std::vector<std::string> Makefile::objects_of(const std::string &module) const
{
	auto it = objects.find(module);
	if (it != objects.end() && !it->second.empty())
		return it->second;
	return {module};
}

std::vector<std::string> Makefile::modules_of(const std::string &object) const
{
	std::vector<std::string> out;
	for (const auto &entry : objects) {
		/* a named copy: clang 14 cannot capture a structured binding in a lambda */
		const std::string &module = entry.first;
		const auto &objs = entry.second;
		if (module != object && std::find(objs.begin(), objs.end(), object) != objs.end() &&
		    std::any_of(modules.begin(), modules.end(),
				[&module](const auto &m) { return m.first == module; }))
			out.push_back(module);
	}
	for (const auto &[module, symbol] : modules)
		if (module == object)
			out.push_back(module);
	return out;
}

std::string Makefile::symbol_of(const std::string &module) const
{
	for (const auto &[m, symbol] : modules)
		if (m == module)
			return symbol;
	return "";
}

namespace {

// The stem that pattern ("%-core.S") matches name with ("sha512"), or nullopt.
std::optional<std::string> pattern_stem(const std::string &pattern, const std::string &name)
{
	size_t pct = pattern.find('%');
	if (pct == std::string::npos)
		return pattern == name ? std::optional<std::string>("") : std::nullopt;
	std::string_view prefix(pattern.data(), pct), suffix(pattern.data() + pct + 1);
	if (name.size() < prefix.size() + suffix.size() || !name.starts_with(prefix) ||
	    !name.ends_with(suffix))
		return std::nullopt;
	return name.substr(prefix.size(), name.size() - prefix.size() - suffix.size());
}

}  // namespace

std::optional<GeneratedSource> Makefile::generator_of(const std::string &file) const
{
	if (auto exact = generated.find(file); exact != generated.end())
		return exact->second;
	for (const auto &[target, gen] : generated) {
		auto stem = pattern_stem(target, file);
		if (!stem || target.find('%') == std::string::npos)
			continue;
		std::string script = gen.script.string();
		if (size_t pct = script.find('%'); pct != std::string::npos)
			script.replace(pct, 1, *stem);
		if (fs::is_regular_file(script))
			return GeneratedSource{script, gen.command};
	}
	return std::nullopt;
}

fs::path Makefile::compiled_from_of(const std::string &object) const
{
	for (const auto &[target, source] : compiled_from)
		if (pattern_stem(target, object + ".o"))
			return source;
	return {};
}

Makefile read_makefile(const fs::path &dir, const Config &config, const Target &target)
{
	static const std::regex assign_re(R"(^([A-Za-z0-9_.$()/-]+)\s*(:=|\+=|\?=|=)\s*(.*)$)");
	static const std::regex rule_re(R"(^(\S+)\s*:\s*(\S+)(?:\s+FORCE)?\s*$)");
	static const std::regex recipe_re(R"(^\t.*\$\(call\s+(?:cmd|if_changed),\s*([A-Za-z0-9_]+)\))");
	Makefile mk;
	mk.dir = dir;
	Evaluator ev(dir, config, target);
	// One entry per open conditional: is its current branch taken.
	std::vector<bool> taken;
	auto active = [&] { return std::all_of(taken.begin(), taken.end(), [](bool b) { return b; }); };
	std::string rule_target, rule_source;
	std::set<std::string> composites;

	for (const auto &line : logical_lines(dir / "Makefile")) {
		std::string t = trim(line);
		if (t.starts_with("ifeq") || t.starts_with("ifneq") || t.starts_with("ifdef") ||
		    t.starts_with("ifndef")) {
			taken.push_back(active() && condition(t, ev));
			continue;
		}
		if (t == "else" || t.starts_with("else ")) {
			if (!taken.empty()) {
				// taken when the parents are and the if branch was not
				bool was = taken.back();
				taken.pop_back();
				taken.push_back(active() && !was);
			}
			continue;
		}
		if (t.starts_with("endif")) {
			if (!taken.empty())
				taken.pop_back();
			continue;
		}
		if (!active() || t.empty())
			continue;

		std::smatch m;
		if (line[0] == '\t') {
			if (!rule_target.empty() && std::regex_search(line, m, recipe_re)) {
				std::string cmd = ev.value("cmd_" + m[1].str());
				fs::path script = rule_source;
				mk.generated[rule_target] = {script, trim(ev.expand(cmd))};
			}
			continue;
		}
		rule_target.clear();
		if (std::regex_match(t, m, assign_re)) {
			std::string lhs = ev.expand(m[1].str());
			std::string op = m[2].str(), rhs = m[3].str();
			ev.assign(lhs, op, rhs);
			// obj-y, obj-m, obj- (a symbol that is off)
			if (lhs.starts_with("obj-")) {
				static const std::regex sym(R"(\$\((CONFIG_[A-Za-z0-9_]+)\))");
				std::smatch s;
				std::string raw = m[1].str(), symbol;
				if (std::regex_search(raw, s, sym))
					symbol = Config::strip(s[1].str());
				for (const auto &w : words(rhs))
					if (w.ends_with(".o"))
						mk.modules.emplace_back(w.substr(0, w.size() - 2), symbol);
				continue;
			}
			if (lhs.ends_with("-y") || lhs.ends_with("-objs")) {
				composites.insert(lhs.substr(0, lhs.rfind('-')));
				continue;
			}
			for (const char *prefix : {"CFLAGS_", "AFLAGS_"}) {
				if (lhs.starts_with(prefix) && lhs.ends_with(".o")) {
					std::string object = lhs.substr(strlen(prefix));
					object.resize(object.size() - 2);
					for (const auto &w : words(ev.expand(rhs)))
						mk.flags[object].push_back(w);
				}
			}
			continue;
		}
		if (std::regex_match(t, m, rule_re)) {
			std::string target_path = ev.expand(m[1].str());
			std::string source = ev.expand(m[2].str());
			if (!target_path.starts_with(dir.string() + "/"))
				continue;
			std::string target_file = target_path.substr(dir.string().size() + 1);
			if (source.ends_with(".pl")) {
				rule_target = target_file;
				rule_source = source;
			} else if (source.ends_with(".c") && target_file.ends_with(".o")) {
				mk.compiled_from[target_file] = source;
			}
		}
	}
	// A composite's objects are its m-y and m-objs variables as the Makefile left them
	// (`m-y := a.o $(m-y)` included); m-$(CONFIG_X) lines expanded to m-y or to m-.
	for (const auto &m : composites)
		for (const char *suffix : {"-y", "-objs"})
			for (const auto &w : words(ev.value(m + suffix)))
				if (w.ends_with(".o"))
					mk.objects[m].push_back(w.substr(0, w.size() - 2));
	return mk;
}

std::pair<std::string, std::string> module_building(const fs::path &tree, const fs::path &source,
						    const Target &target)
{
	// Under the target alone: composites name their objects in m-y lines already.
	Config config;
	for (const auto &s : target.symbols)
		config.set(s);
	Makefile mk = read_makefile(source.parent_path(), config, target);
	Config possible = config;
	possible.assume_non_arch_on();
	for (const auto &module : mk.modules_of(source.stem().string())) {
		std::string symbol = mk.symbol_of(module);
		if (symbol.empty() || dependencies_hold(tree, symbol, possible))
			return {module, symbol};
	}
	return {};
}

}  // namespace kcshim::dropin
