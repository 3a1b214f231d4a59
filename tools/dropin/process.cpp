// SPDX-License-Identifier: GPL-2.0
// The helpers kcshim build runs its tools with: writing and reading files, running a command with
// its output into a log, the per-object and per-module cache checks (the .cmd records and gcc's
// depfiles), and reading the compiler's, linker's and nm's output back (shim gaps, symbols).
//
// Errors inside this file are values: a failed step returns false and has written its
// diagnostics to the caller's stream.
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

#include "tools/dropin/build_internal.h"

extern char **environ;

namespace kcshim::dropin {

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

namespace {

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

}  // namespace

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

fs::path work_dir(const fs::path &output)
{
	return output.parent_path() / ".kcshim-build" / output.filename().concat(".objs");
}

fs::path link_record(const fs::path &output)
{
	return output.parent_path() / ".kcshim-build" / output.filename().concat(".cmd");
}

// The module is fresh when it was linked by the same commands after its newest object.
bool up_to_date_link(const fs::path &output, const std::string &record,
		     const std::vector<std::string> &objects)
{
	std::error_code ec;
	auto t = fs::last_write_time(output, ec);
	if (ec || read_text(link_record(output)) != record)
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

// ELF e_type ET_REL (1), little-endian, at offset 16.
bool is_relocatable_file(const fs::path &file)
{
	char head[18] = {};
	std::ifstream in(file, std::ios::binary);
	in.read(head, sizeof(head));
	return in.gcount() == sizeof(head) && memcmp(head, "\x7f" "ELF", 4) == 0 && head[16] == 1 &&
	       head[17] == 0;
}

}  // namespace kcshim::dropin
