// SPDX-License-Identifier: GPL-2.0
// The kcshim CLI's subcommand plumbing: each command lives in its own file and registers itself
// with KCSHIM_COMMAND, so commands are added without touching main.cpp.
//
// Errors: a command returns its exit code; a failure prints one line "kcshim: <what>" to stderr
// (fail() does that) and returns non-zero.
#pragma once

#include <cstdio>
#include <functional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

namespace kcshim::cli {

// Options every command shares (-m MODULE[@SUFFIX], ...), applied before the command runs.
struct Globals {
	std::vector<std::string> modules;
	std::vector<std::string> masked_cpu_features;	// --no-cpu: applied before anything loads
};

// A command adds its subcommand to app and returns the function that runs it.
using Command = std::function<int()>;
using CommandFactory = std::function<void(CLI::App &app, Globals &globals,
					   std::vector<std::pair<CLI::App *, Command>> &out)>;

int register_command(CommandFactory factory);
std::vector<CommandFactory> &commands();

// Prints "kcshim: message" to stderr; returns exit code 1 (or code).
int fail(const std::string &message, int code = 1);
// "-ENOENT (No such file or directory)"-style text for a negative errno.
std::string errno_text(int err);
// Its name alone: "-ENOENT" (the number for one without a name here).
std::string errno_name(int err);
// Loads the -m modules; returns 0 or prints the problem and returns non-zero.
int load_modules(const Globals &globals);
// Parses hex ("00ff..", spaces allowed); false on bad input.
bool parse_hex(const std::string &text, std::vector<unsigned char> &out);
std::string to_hex(const unsigned char *data, size_t len);
// fopen(path, "rb") that refuses a directory (which fopen() opens and fread() then fails on);
// nullptr with errno set (EISDIR for a directory).
FILE *open_input(const std::string &path);

}  // namespace kcshim::cli

#define KCSHIM_CONCAT_(a, b) a##b
#define KCSHIM_CONCAT(a, b) KCSHIM_CONCAT_(a, b)
#define KCSHIM_COMMAND(factory) \
	static const int KCSHIM_CONCAT(kcshim_command_, __COUNTER__) = \
		::kcshim::cli::register_command(factory)
