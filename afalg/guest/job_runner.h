/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Runs a parsed job file (job.h) in order.  The places it touches are in
 * JobSystem so the host's tests can run jobs against a fake tree; PID 1
 * uses the defaults.  Errors: negative errno.
 */
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "afalg/guest/job.h"
#include "afalg/guest/modprobe.h"

namespace kcshim::guest {

struct JobSystem {
	std::string module_dir;			/* module_directory() */
	LoadModuleFn load = load_module_file;
	Reporter report;			/* say() */
	std::string virtio_ports_dir = "/sys/class/virtio-ports";
	std::string devices_dir = "/sys/devices";	/* coldplug's */
	std::string dev_dir = "/dev";
	std::string proc_sys_dir = "/proc/sys";		/* sysctl's */
	std::chrono::milliseconds port_timeout{10000};
	std::chrono::milliseconds klog_timeout{10000};
};

class JobRunner {
public:
	explicit JobRunner(JobSystem sys) : sys_(std::move(sys)) {}

	/*
	 * Runs COMMANDS in order; a failing command is reported and the next
	 * one runs.  Returns 0 after the last, or -ETIMEDOUT when a `port`
	 * never showed up (the job cannot go on without its channel).
	 */
	int run(const std::vector<JobCommand> &commands);

	/* The last `modprobe`'s result: 0 or a negative errno; 0 before any. */
	int last_modprobe() const { return last_modprobe_; }
	/* The remembered `port`'s device path, empty before any. */
	const std::string &port() const { return port_; }

private:
	int run_one(const JobCommand &c);
	void do_modprobe(const std::vector<std::string> &args);
	/* The index, read at the first use; false (reported) when unreadable. */
	bool ensure_index();
	int do_port(const std::string &name);
	void do_run(const std::vector<std::string> &args);
	void do_klog();
	void do_coldplug();
	void do_sysctl(const std::string &name, const std::string &value);
	void report(const std::string &line) const { sys_.report(line); }

	JobSystem sys_;
	std::optional<ModuleIndex> index_;	/* read at the first modprobe */
	int index_err_ = 0;
	int last_modprobe_ = 0;
	std::string port_;
};

} /* namespace kcshim::guest */
