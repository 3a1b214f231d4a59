/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Running an external tool (apt-get, dpkg-deb, depmod, xz, cpio, qemu) with a
 * timeout and its output captured.
 *
 * The child runs in a process group of its own (posix_spawn), stdin from
 * /dev/null unless told otherwise, stdout and stderr into one pipe (so the
 * lines keep their order) unless stdout goes to a file.  On timeout the whole
 * group gets SIGKILL; when the command exits, whatever it left running in its
 * group is killed too, so no helper outlives it holding the pipe.
 *
 * Errors follow afalg/endpoint/result.h: run_command() fails only when the command
 * could not be run at all (-ENOENT: no such program, or spawn/pipe errors),
 * at Stage::setup.  A command that ran and failed is a CommandResult with
 * ok() false; failure_line() says why in one line.
 */
#pragma once

#include <chrono>
#include <filesystem>
#include <string>
#include <vector>

#include "afalg/endpoint/result.h"

namespace kcshim::afalg {

struct Command {
	/* argv[0] is looked up in $PATH when it holds no '/'. */
	std::vector<std::string> argv;
	/* Whole run, spawn to exit; the process group is killed after it. */
	std::chrono::milliseconds timeout{std::chrono::minutes(5)};
	/* Empty: this process's working directory. */
	std::filesystem::path cwd;
	/* NAME=VALUE added to this process's environment (replacing NAME). */
	std::vector<std::string> env;
	/* Empty: /dev/null. */
	std::filesystem::path stdin_file;
	/* Empty: stdout is captured with stderr.  Else created 0644 (truncated). */
	std::filesystem::path stdout_file;
	/* Keep at most this much output: the end of it, where errors are. */
	size_t max_output = 1 << 20;
};

struct CommandResult {
	std::string command;	/* argv[0], for messages */
	int exit_status = -1;	/* 0..255; -1 when killed by a signal */
	int signal = 0;		/* the signal that ended it, if any */
	bool timed_out = false;
	std::string output;	/* stdout (unless redirected) and stderr, in order */
	std::chrono::milliseconds elapsed{0};

	bool ok() const { return exit_status == 0 && !timed_out; }
	/* The last non-blank line of output, trimmed; "" if none. */
	std::string last_line() const;
	/*
	 * One line for an error: "depmod timed out after 300 s: <last line>",
	 * "apt-get exited with 100: <last line>", "xz killed by signal 9".
	 */
	std::string failure_line() const;
};

/* Runs @cmd to completion (or its timeout).  See the file comment for errors. */
Result<CommandResult> run_command(const Command &cmd);

/*
 * Sends @sig to the process group of every command running now.  Their own
 * groups keep them from the terminal's Ctrl-C, so a program that dies of
 * SIGINT/SIGTERM would leave them running (apt-get downloading, qemu
 * booting): its handler calls this first.  Async-signal-safe.
 */
void kill_running_commands(int sig);

} /* namespace kcshim::afalg */
