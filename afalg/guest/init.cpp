// SPDX-License-Identifier: GPL-2.0
/*
 * kcshim's guest init: PID 1 of the initramfs kcshim boots Debian kernels
 * with under qemu.  It mounts proc, sysfs and devtmpfs, runs /kcshim/job
 * (job.h, README.md) and powers off.  Linked as /sbin/modprobe too, it is the
 * modprobe the kernel's request_module() runs (modprobe.h).
 *
 * PID 1 must never exit: the kernel panics when it does.  Whatever goes
 * wrong, fatal or not, is a console line, and the end is always a power-off.
 */
#include <cerrno>
#include <cstdio>
#include <ctime>
#include <exception>
#include <string>
#include <string_view>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/stat.h>
#include <unistd.h>

#include "afalg/guest/console.h"
#include "afalg/guest/job.h"
#include "afalg/guest/job_runner.h"
#include "afalg/guest/modprobe.h"
#include "afalg/guest/text.h"

using namespace kcshim::guest;

static constexpr const char *job_file = "/kcshim/job";
static constexpr size_t max_job_file = 1u << 20;

static void mount_pseudo_fs(const char *source, const char *target, const char *type,
			    unsigned long flags, std::string &errors)
{
	int err = mkdir(target, 0755) < 0 ? -errno : 0;
	if (err && err != -EEXIST)
		errors += std::string(" mkdir ") + target + ": " + errno_name(err) + ";";
	/* EBUSY: already there (the kernel's devtmpfs.mount=1). */
	err = mount(source, target, type, flags, nullptr) < 0 ? -errno : 0;
	if (err && err != -EBUSY)
		errors += std::string(" mount ") + target + ": " + errno_name(err) + ";";
}

/* Reports failures once the console, which needs /dev, is open. */
static std::string mount_pseudo_filesystems()
{
	std::string errors;
	mount_pseudo_fs("devtmpfs", "/dev", "devtmpfs", MS_NOSUID, errors);
	mount_pseudo_fs("proc", "/proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, errors);
	mount_pseudo_fs("sysfs", "/sys", "sysfs", MS_NOSUID | MS_NODEV | MS_NOEXEC, errors);
	return errors;
}

[[noreturn]] static void power_off()
{
	struct timespec up {};
	clock_gettime(CLOCK_BOOTTIME, &up);
	char line[64];
	std::snprintf(line, sizeof(line), "uptime %.2f s, powering off",
		      up.tv_sec + up.tv_nsec / 1e9);
	say(line);
	sync();
	int err = reboot(RB_POWER_OFF) < 0 ? -errno : 0;
	say("reboot(RB_POWER_OFF): " + errno_name(err) + "; halting here");
	for (;;)
		pause();
}

static void run_job()
{
	std::string text;
	if (int err = read_text_file(job_file, text, max_job_file)) {
		say(std::string("cannot read ") + job_file + ": " + errno_name(err));
		return;
	}
	JobRunner runner({.module_dir = module_directory(), .report = say});
	runner.run(parse_job(text));
}

[[noreturn]] static void pid1()
{
	std::set_terminate([] {
		say("uncaught exception");
		power_off();
	});
	std::string mount_errors = mount_pseudo_filesystems();
	open_console();
	if (!mount_errors.empty())
		say("mounting:" + mount_errors);
	try {
		run_job();
	} catch (const std::exception &e) {
		say(std::string("fatal: ") + e.what());
	}
	power_off();
}

int main(int argc, char **argv)
{
	std::string_view self = argc > 0 ? argv[0] : "";
	self.remove_prefix(self.rfind('/') == std::string_view::npos ? 0 : self.rfind('/') + 1);
	if (self == "modprobe") {
		try {
			return modprobe_main({argv, static_cast<size_t>(argc)}, module_directory(),
					     load_module_file, say);
		} catch (const std::exception &e) {
			say(std::string("modprobe: ") + e.what());
			return 1;
		}
	}
	/* Not as a host's program: it would power the host off. */
	if (getpid() != 1) {
		std::fprintf(stderr, "kcshim-init: not PID 1; run me as an initramfs's /init, "
				     "or as modprobe\n");
		return 2;
	}
	pid1();
}
