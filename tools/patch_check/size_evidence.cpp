// SPDX-License-Identifier: GPL-2.0
#include "tools/patch_check/size_evidence.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <regex>
#include <sstream>
#include <vector>

#include "afalg/kernels/external_command.h"

namespace kcshim::patch_check {

namespace {

std::optional<std::string> output_of(const std::vector<std::string> &argv, std::string *error)
{
	afalg::Command cmd;
	cmd.argv = argv;
	cmd.max_output = size_t(256) << 20;	// all of nm's lines: a module with its libraries has many
	auto result = afalg::run_command(cmd);
	if (!result) {
		*error = "cannot run " + argv.front() + ": " + afalg::describe(result.error());
		return std::nullopt;
	}
	if (!result->ok()) {
		*error = result->failure_line();
		return std::nullopt;
	}
	return result->output;
}

}  // namespace

std::string normalized_symbol(const std::string &name)
{
	static const char *const by_line[] = {"__kcshim_initcall_", "__kcshim_exitcall_"};
	for (const char *prefix : by_line)
		if (name.starts_with(prefix)) {
			size_t end = name.size();
			while (end > std::string_view(prefix).size() && std::isdigit(name[end - 1]))
				end--;
			return name.substr(0, end);
		}
	return name;
}

std::optional<ModuleSize> module_size(const fs::path &module, std::string *error)
{
	ModuleSize size;
	auto symbols = output_of({"nm", "--size-sort", "-S", "--defined-only", module.string()}, error);
	if (!symbols)
		return std::nullopt;
	// "0000000000001a60 00000000000003d5 T __cast5_encrypt"
	static const std::regex row(R"(^[0-9a-fA-F]+ ([0-9a-fA-F]+) \S (\S+)$)");
	std::istringstream lines(*symbols);
	for (std::string line; std::getline(lines, line);) {
		std::smatch m;
		if (std::regex_match(line, m, row))
			size.symbols[normalized_symbol(m[2])] += std::stoul(m[1], nullptr, 16);
	}
	auto sections = output_of({"size", module.string()}, error);
	if (!sections)
		return std::nullopt;
	// "   text	   data	    bss	    dec	    hex	filename" then the figures
	std::istringstream figures(sections->substr(std::min(sections->size(), sections->find('\n') + 1)));
	figures >> size.text >> size.data >> size.bss;
	return size;
}

long print_size_diff(const std::string &module, const ModuleSize &before, const ModuleSize &after,
		     std::ostream &out)
{
	struct Row {
		std::string name;
		long old_size, new_size;
	};
	std::vector<Row> rows;
	unsigned add = 0, remove = 0, grow = 0, shrink = 0;
	long up = 0, down = 0;
	for (const auto &[name, size] : before.symbols) {
		auto it = after.symbols.find(name);
		const long now = it == after.symbols.end() ? 0 : long(it->second);
		if (now != long(size))
			rows.push_back({name, long(size), now});
	}
	for (const auto &[name, size] : after.symbols)
		if (!before.symbols.contains(name))
			rows.push_back({name, 0, long(size)});
	for (const auto &r : rows) {
		const long delta = r.new_size - r.old_size;
		if (!r.old_size)
			add++;
		else if (!r.new_size)
			remove++;
		else if (delta > 0)
			grow++;
		else
			shrink++;
		(delta > 0 ? up : down) += delta;
	}
	std::stable_sort(rows.begin(), rows.end(), [](const Row &a, const Row &b) {
		return (a.new_size - a.old_size) > (b.new_size - b.old_size);
	});
	char line[160];
	out << module << ": add/remove: " << add << "/" << remove << " grow/shrink: " << grow << "/"
	    << shrink << " up/down: " << up << "/" << down << " (" << up + down << ")\n";
	if (!rows.empty()) {
		std::snprintf(line, sizeof(line), "%-40s %8s %8s %8s\n", "Function", "old", "new", "delta");
		out << line;
	}
	for (const auto &r : rows) {
		std::snprintf(line, sizeof(line), "%-40s %8ld %8ld %+8ld\n", r.name.c_str(), r.old_size,
			      r.new_size, r.new_size - r.old_size);
		out << line;
	}
	const long total_before = long(before.text + before.data);
	const long total_after = long(after.text + after.data);
	std::snprintf(line, sizeof(line), "text %lu -> %lu, data %lu -> %lu, bss %lu -> %lu (%+.2f%%)\n",
		      before.text, after.text, before.data, after.data, before.bss, after.bss,
		      total_before ? 100.0 * double(total_after - total_before) / double(total_before)
				   : 0.0);
	out << line;
	return total_after - total_before;
}

}  // namespace kcshim::patch_check
