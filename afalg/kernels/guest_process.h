/* SPDX-License-Identifier: GPL-2.0 */
/*
 * GuestProcess: the host process of an embedded kernel (linux.uml, qemu) and the private work
 * directory it runs in, whatever the backend.  The process runs in its own process group under
 * a guardian process, which ends the whole group when we are done with the guest or when our
 * process dies (a crash, Ctrl-C, a CI timeout: destructors never run), and then removes the
 * work directory.  UML leaves helper processes behind and qemu can pause instead of exiting
 * (a KVM internal error): one kill of the group ends either.
 *
 * Errors: -errno (0 on success), as the rest of afalg/ (result.h).
 */
#pragma once

#include <chrono>
#include <filesystem>
#include <memory>
#include <string>
#include <sys/types.h>
#include <vector>

#include "afalg/endpoint/result.h"

namespace kcshim::afalg {

class GuestProcess {
public:
	/*
	 * A new work directory (0700) named @prefix.XXXXXX under $TMPDIR (else /tmp); nothing
	 * runs yet.  @keep_workdir leaves it behind, for debugging a guest.
	 */
	static Result<std::unique_ptr<GuestProcess>> create(const std::string &prefix,
							    bool keep_workdir);

	~GuestProcess();
	GuestProcess(const GuestProcess &) = delete;
	GuestProcess &operator=(const GuestProcess &) = delete;

	const std::filesystem::path &workdir() const { return dir_; }
	/* Writes @text to <workdir>/@name; 0 or -errno (-ENOSPC on a full disk). */
	int write_file(const std::string &name, const std::string &text, mode_t mode) const;

	/*
	 * Starts @argv (argv[0] a path) with @env under the guardian: stdin /dev/null, stdout and
	 * stderr to <workdir>/@log_name, @fds as its fds 3, 4, ... (not closed here), nothing
	 * else inherited.  -EBUSY when already started.
	 */
	int start(const std::vector<std::string> &argv, const std::vector<std::string> &env,
		  const std::string &log_name, const std::vector<int> &fds = {});

	/* Whether the guest's process (the guardian) is still there. */
	bool running();

	/*
	 * Waits for the guest to exit; after @timeout kills its process group.  0, or -ETIMEDOUT
	 * if killed.  Idempotent; 0 when never started.
	 */
	int wait(std::chrono::milliseconds timeout);

	/* The last @max bytes of <workdir>/@name ("" when missing). */
	std::string tail(const std::string &name, size_t max) const;

	/* Our environment, for a guest process that needs nothing else. */
	static std::vector<std::string> environment();

private:
	GuestProcess() = default;
	[[noreturn]] static void guard(char *const argv[], char *const envp[],
				       char *const cleanup[], int log_fd,
				       const std::vector<int> &fds, int lifeline);

	bool keep_ = false;
	std::filesystem::path dir_;
	pid_t pid_ = -1;	/* the guardian (see guard()) */
	bool exited_ = false;	/* reaped by running() */
	int lifeline_ = -1;	/* closing it ends the guest */
};

/*
 * The console line that best says why a guest stopped (a panic, a failure, our init's last
 * word, one of @markers), for one-line error reports; "(empty)" for an empty console.
 */
std::string console_summary(const std::string &console, const std::vector<std::string> &markers);

/*
 * @e as a guest's failure: "@what: <e>; guest console: <the line console_summary() picks>",
 * the console itself in Error::detail.
 */
Error guest_failure(Error e, const std::string &what, const std::string &console,
		    const std::string &marker);

/* A fresh random secret for the bridge handshake, as hex; empty if no randomness. */
std::string bridge_secret();

} /* namespace kcshim::afalg */
