/* SPDX-License-Identifier: GPL-2.0 */
/*
 * UmlGuest: the one launcher of Debian's user-mode Linux (package
 * user-mode-linux).  Boots linux.uml in its own process group under a
 * guardian process, which ends the whole group when we are done with the
 * guest or our process dies, with the host's / as a hostfs root and a shell script of ours as
 * PID 1, in a private work directory (0700) that holds the script, the
 * console log and UML's pid file.  Every UML user builds on it: UmlKernel
 * (the bridge inside the guest, for AF_ALG) and the speed tools' tcrypt.ko
 * runs.
 *
 * Modules: the stock modprobe looks in the host's /lib/modules, which has no
 * UML modules, so request_module() and modprobe would fail with an ENOENT
 * that looks like a missing algorithm.  The work directory gets a module
 * root linking /usr/lib/uml/modules/<release> and a modprobe helper that
 * uses it; init_prologue() makes it the kernel's modprobe.
 *
 * On hosts with AVX-512 or AMX, Debian's UML panics at its first process
 * unless uml_xstate_preload.c is preloaded into it: start() does that.
 */
#pragma once

#include <chrono>
#include <filesystem>
#include <memory>
#include <string>
#include <sys/types.h>

#include "result.h"

namespace kcshim::afalg {

struct UmlGuestOptions {
	/* linux.uml binary; empty: /usr/bin/linux.uml, then /usr/bin/vmlinux. */
	std::string uml_binary;
	unsigned int mem_mb = 256;
	bool keep_workdir = false;	/* for debugging the guest */
};

class UmlGuest {
public:
	/*
	 * The work directory and the module helper; nothing runs yet.
	 * Errors: -ENOENT/setup with an install hint when user-mode-linux,
	 * kmod or the preload is missing.
	 */
	static Result<std::unique_ptr<UmlGuest>> prepare(const UmlGuestOptions &opt = {});

	~UmlGuest();
	UmlGuest(const UmlGuest &) = delete;
	UmlGuest &operator=(const UmlGuest &) = delete;

	const std::filesystem::path &workdir() const { return dir_; }
	/* The UML modules' release ("6.1.176"); empty when none are installed. */
	const std::string &module_release() const { return release_; }
	/* Writes @text to <workdir>/@name; 0 or -errno (-ENOSPC on a full disk). */
	int write_file(const std::string &name, const std::string &text, mode_t mode) const;
	/* The helper that loads UML modules with their dependencies; empty without modules. */
	std::string modprobe() const;

	/*
	 * Shell lines for the top of an init script: PATH, /proc, /sys,
	 * devtmpfs on <workdir>/dev, and (with modules) the helper as the
	 * kernel's modprobe, so request_module() finds UML's modules.
	 */
	std::string init_prologue() const;

	/*
	 * Boots with @script as init.  @channel_in/@channel_out (or -1) become
	 * the guest's /dev/tty1 (con1=fd:3,fd:4); the guest console goes to
	 * <workdir>/console.log.  The fds are not closed here.
	 */
	int start(const std::string &script, int channel_in = -1, int channel_out = -1);

	/*
	 * Waits for the guest to power off; after @timeout kills its process
	 * group (UML runs helper processes).  0, or -ETIMEDOUT if killed.
	 * Idempotent; 0 when never started.
	 */
	int wait(std::chrono::milliseconds timeout);

	/* Last @max bytes of the guest console (boot log, module loading). */
	std::string console_tail(size_t max = 4000) const;
	/*
	 * The console line that best says why a guest stopped (a panic, a
	 * failure, our init's last word), for one-line error reports.
	 */
	std::string console_summary() const;

	/* The UML binary that prepare() would use, or -ENOENT/setup with a hint. */
	static Result<std::string> find_uml(const std::string &hint = {});

	/* Single-quotes @s for the guest's /bin/sh. */
	static std::string quote(const std::string &s);

private:
	UmlGuest() = default;
	[[noreturn]] static void guard(char *const argv[], char *const envp[],
				       char *const cleanup[], int log_fd, int channel_in,
				       int channel_out, int lifeline);

	UmlGuestOptions opt_;
	std::string uml_, preload_, release_;
	std::filesystem::path dir_;
	pid_t pid_ = -1;	/* the guardian (see guard()) */
	int lifeline_ = -1;	/* closing it ends the guest */
};

} /* namespace kcshim::afalg */
