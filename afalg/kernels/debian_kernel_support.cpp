// SPDX-License-Identifier: GPL-2.0
/*
 * The small helpers of the Debian kernel fetch (debian_kernel_internal.h):
 * progress lines, sizes and times as text, whole-file reads and atomic writes,
 * the cache lock, and one command run as a named step.
 */
#include "afalg/kernels/debian_kernel_internal.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <iomanip>
#include <sstream>
#include <sys/file.h>
#include <unistd.h>

namespace kcshim::afalg::debian_kernel_internal {

void say(std::ostream *progress, const std::string &line)
{
	if (progress)
		*progress << "debian-kernel: " << line << std::endl;
}

std::string seconds(clock::duration d)
{
	std::ostringstream s;
	s << std::fixed << std::setprecision(1)
	  << std::chrono::duration<double>(d).count() << " s";
	return s.str();
}

std::string megabytes(std::uintmax_t bytes)
{
	std::ostringstream s;
	s << std::fixed << std::setprecision(1) << static_cast<double>(bytes) / 1e6 << " MB";
	return s.str();
}

std::string join(const std::vector<std::string> &words, const char *sep)
{
	std::string out;
	for (const auto &w : words)
		out += (out.empty() ? "" : sep) + w;
	return out;
}

/* Writes @text to @p through a temporary file and rename(): readers see the old or the new text. */
int write_atomic(const fs::path &p, const std::string &text)
{
	fs::path tmp = p;
	tmp += ".tmp." + std::to_string(::getpid());
	{
		std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
		out << text;
		out.flush();
		if (!out)
			return -EIO;
	}
	std::error_code ec;
	fs::rename(tmp, p, ec);
	if (ec) {
		fs::remove(tmp, ec);
		return -EIO;
	}
	return 0;
}

/* Age of @p's modification time; "max" when it is missing. */
fs::file_time_type::duration age(const fs::path &p)
{
	std::error_code ec;
	auto t = fs::last_write_time(p, ec);
	if (ec)
		return fs::file_time_type::duration::max();
	return fs::file_time_type::clock::now() - t;
}

Result<std::unique_ptr<CacheLock>> CacheLock::take(const fs::path &dir, const std::string &arch,
						   std::ostream *progress)
{
	fs::path p = dir / (".lock-" + arch);
	int fd = ::open(p.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
	if (fd < 0)
		return fail(-errno, Stage::setup, p.string() + ": " + ::strerror(errno));
	std::unique_ptr<CacheLock> lock(new CacheLock(fd));
	if (::flock(fd, LOCK_EX | LOCK_NB) == 0)
		return lock;
	say(progress, "waiting for another kcshim using " + arch + " kernels in " +
			      dir.string());
	while (::flock(fd, LOCK_EX) < 0)
		if (errno != EINTR)
			return fail(-errno, Stage::setup,
				    p.string() + ": flock: " + ::strerror(errno));
	return lock;
}

CacheLock::~CacheLock() { ::close(fd_); }

Result<CommandResult> run_step(Command cmd, std::ostream *progress, bool quiet)
{
	cmd.env.push_back("LC_ALL=C");
	if (!quiet)
		say(progress, "running " + join(cmd.argv, " ").substr(0, 160));
	auto r = run_command(cmd);
	if (!r)
		return r.error();
	if (r->timed_out)
		return fail(-ETIMEDOUT, Stage::setup, r->failure_line());
	return r;
}

} /* namespace kcshim::afalg::debian_kernel_internal */
