// SPDX-License-Identifier: GPL-2.0
#include "afalg/guest/module_index.h"

#include <algorithm>
#include <cerrno>
#include <fnmatch.h>

#include "afalg/guest/text.h"

namespace kcshim::guest {

/* What depmod lists: the .ko, compressed or not. */
static constexpr std::string_view compression_suffixes[] = {".xz", ".zst", ".gz"};

static std::string_view without_compression_suffix(std::string_view path)
{
	for (std::string_view suffix : compression_suffixes)
		if (path.ends_with(suffix))
			return path.substr(0, path.size() - suffix.size());
	return path;
}

static bool is_module_path(std::string_view path)
{
	std::string_view ko = without_compression_suffix(path);
	return ko.size() > 3 && ko.ends_with(".ko") && !ko.ends_with("/.ko");
}

std::string normalize_module_name(std::string_view name)
{
	std::string n(name);
	std::replace(n.begin(), n.end(), '-', '_');
	return n;
}

std::string module_name_from_path(std::string_view path)
{
	std::string_view ko = without_compression_suffix(path);
	if (ko.ends_with(".ko"))
		ko.remove_suffix(3);
	size_t slash = ko.rfind('/');
	if (slash != std::string_view::npos)
		ko.remove_prefix(slash + 1);
	return normalize_module_name(ko);
}

/*
 * An alias or a name looked up against aliases: '-' is '_' except inside a
 * glob's [...], where "[0-9]" must stay a range (kmod's alias_normalize()).
 */
static std::string normalize_alias(std::string_view alias)
{
	std::string n;
	n.reserve(alias.size());
	bool in_brackets = false;
	for (char c : alias) {
		if (c == '[')
			in_brackets = true;
		else if (c == ']')
			in_brackets = false;
		n += (c == '-' && !in_brackets) ? '_' : c;
	}
	return n;
}

std::string_view ModuleIndex::keep(std::string &&text)
{
	return texts_.emplace_back(std::move(text));
}

void ModuleIndex::add_dep_file(std::string text)
{
	for_each_line(keep(std::move(text)), [&](unsigned int number, std::string_view line) {
		size_t colon = line.find(':');
		if (colon == std::string_view::npos) {
			bad_.push_back({"modules.dep", number, "no ':'"});
			return;
		}
		std::string_view path = trim(line.substr(0, colon));
		if (!is_module_path(path)) {
			bad_.push_back({"modules.dep", number, "not a .ko path: " + std::string(path)});
			return;
		}
		std::string_view deps = line.substr(colon + 1), rest = deps;
		for (std::string_view dep = next_word(rest); !dep.empty(); dep = next_word(rest))
			if (!is_module_path(dep)) {
				bad_.push_back({"modules.dep", number,
						"dependency is not a .ko path: " + std::string(dep)});
				return;
			}
		if (!modules_.emplace(module_name_from_path(path), Module{path, deps}).second)
			bad_.push_back({"modules.dep", number,
					"second line for " + module_name_from_path(path)});
	});
}

static bool is_glob_char(char c)
{
	return c == '*' || c == '?' || c == '[' || c == '\\';
}

static size_t literal_prefix(std::string_view pattern)
{
	size_t n = 0;
	while (n < pattern.size() && !is_glob_char(pattern[n]))
		n++;
	return n;
}

/* Kept as text: resolve() scans it (see for_each_alias_of()). */
void ModuleIndex::add_alias_file(std::string text)
{
	alias_texts_.push_back(keep(std::move(text)));
}

void ModuleIndex::add_builtin_modinfo_file(std::string file)
{
	std::string_view text = keep(std::move(file));
	while (!text.empty()) {
		size_t end = text.find('\0');
		std::string_view entry = text.substr(0, end);
		text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
		size_t dot = entry.find('.');
		if (dot == std::string_view::npos || !entry.substr(dot + 1).starts_with("alias="))
			continue;
		std::string_view pattern = entry.substr(dot + 7);
		builtin_aliases_.push_back({pattern, literal_prefix(pattern)});
	}
}

void ModuleIndex::add_builtin_file(std::string_view text)
{
	for_each_line(text, [&](unsigned int number, std::string_view line) {
		if (!is_module_path(line)) {
			bad_.push_back({"modules.builtin", number, "not a .ko path: " + std::string(line)});
			return;
		}
		builtin_.insert(module_name_from_path(line));
	});
}

bool ModuleIndex::has_module(std::string_view name) const
{
	return modules_.contains(normalize_module_name(name));
}

bool ModuleIndex::is_builtin(std::string_view name) const
{
	return builtin_.contains(normalize_module_name(name));
}

/*
 * Whether the alias PATTERN, whose first LITERAL characters hold no glob
 * character, matches NAME (normalize_alias()'d).
 */
static bool alias_matches(std::string_view pattern, size_t literal, const std::string &name)
{
	if (name.size() < literal || (literal == pattern.size() && name.size() != literal))
		return false;
	for (size_t i = 0; i < literal; i++)
		if ((pattern[i] == '-' ? '_' : pattern[i]) != name[i])
			return false;
	return literal == pattern.size() ||
	       fnmatch(normalize_alias(pattern).c_str(), name.c_str(), 0) == 0;
}

/*
 * Calls FN(module) for each "alias PATTERN MODULE" line of TEXT whose
 * pattern matches NAME (normalize_alias()'d).  One pass that leaves a line
 * at the first character of its pattern that differs from NAME, which is
 * nearly every line: the personality does this for every request_module()
 * the kernel makes, under TCG.  Lines of another form never match.
 */
template <typename Fn>
static void for_each_alias_of(std::string_view text, const std::string &name, Fn &&fn)
{
	while (!text.empty()) {
		size_t end = text.find('\n');
		std::string_view line = trim(text.substr(0, end));
		text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);

		if (!line.starts_with("alias") || line.size() < 6 || (line[5] != ' ' && line[5] != '\t'))
			continue;
		std::string_view rest = line.substr(5);
		while (!rest.empty() && (rest.front() == ' ' || rest.front() == '\t'))
			rest.remove_prefix(1);
		size_t i = 0;
		while (i < rest.size() && i < name.size() && !is_glob_char(rest[i]) &&
		       (rest[i] == '-' ? '_' : rest[i]) == name[i])
			i++;
		if (i < rest.size() && rest[i] != ' ' && rest[i] != '\t' && !is_glob_char(rest[i]))
			continue;	/* the literal start differs from NAME */

		std::string_view pattern = next_word(rest), module = next_word(rest);
		if (module.empty() || !next_word(rest).empty())
			continue;
		if (alias_matches(pattern, literal_prefix(pattern), name))
			fn(module);
	}
}

int ModuleIndex::resolve(std::string_view name, std::vector<std::string> &targets) const
{
	targets.clear();
	std::string module = normalize_module_name(name);
	if (modules_.contains(module)) {
		targets.push_back(module);
		return 0;
	}
	if (builtin_.contains(module))
		return 0;

	const std::string alias = normalize_alias(name);
	bool builtin_match = false;
	for (std::string_view text : alias_texts_)
		for_each_alias_of(text, alias, [&](std::string_view target) {
			std::string m = normalize_module_name(target);
			if (builtin_.contains(m))
				builtin_match = true;
			else if (std::find(targets.begin(), targets.end(), m) == targets.end())
				targets.push_back(std::move(m));
		});
	if (!targets.empty())
		return 0;
	for (const BuiltinAlias &a : builtin_aliases_)
		builtin_match = builtin_match || alias_matches(a.pattern, a.literal, alias);
	return builtin_match ? 0 : -ENOENT;
}

/*
 * Depth first, a module after its dependencies.  modules.dep lists a
 * module's whole dependency closure with the deepest last, so walking the
 * list backwards keeps modprobe's order, and recursing into each
 * dependency's own line also orders a hand-written, non-transitive file.
 * SEEN breaks cycles and loads a shared dependency once.
 */
void ModuleIndex::visit(const std::string &name, std::string_view path_if_unlisted,
			const std::unordered_set<std::string> &requested,
			std::unordered_set<std::string> &seen, LoadPlan &plan) const
{
	if (!seen.insert(name).second || builtin_.contains(name))
		return;
	auto it = modules_.find(name);
	if (it == modules_.end()) {
		plan.steps.push_back({name, std::string(path_if_unlisted), requested.contains(name)});
		return;
	}
	auto deps = split_words(it->second.deps);
	for (auto dep = deps.rbegin(); dep != deps.rend(); ++dep)
		visit(module_name_from_path(*dep), *dep, requested, seen, plan);
	plan.steps.push_back({name, std::string(it->second.path), requested.contains(name)});
}

int ModuleIndex::plan(std::string_view name, LoadPlan &plan) const
{
	plan = {};
	std::vector<std::string> targets;
	if (int err = resolve(name, targets)) {
		plan.missing = name;
		return err;
	}
	for (const std::string &t : targets)
		if (!modules_.contains(t)) {
			plan.missing = t;
			return -ENOENT;
		}
	std::unordered_set<std::string> requested(targets.begin(), targets.end());
	std::unordered_set<std::string> seen;
	for (const std::string &t : targets)
		visit(t, {}, requested, seen, plan);
	return 0;
}

} /* namespace kcshim::guest */
