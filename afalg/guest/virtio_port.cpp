// SPDX-License-Identifier: GPL-2.0
#include "afalg/guest/virtio_port.h"

#include <cerrno>
#include <dirent.h>
#include <fcntl.h>
#include <memory>
#include <poll.h>
#include <thread>
#include <unistd.h>

#include "afalg/guest/text.h"
#include "afalg/guest/unique_fd.h"

namespace kcshim::guest {

using Clock = std::chrono::steady_clock;

int find_virtio_port(const std::string &sys_dir, std::string_view name, std::string &device)
{
	std::unique_ptr<DIR, int (*)(DIR *)> dir(opendir(sys_dir.c_str()), closedir);
	if (!dir)
		return -ENOENT;
	while (struct dirent *e = readdir(dir.get())) {
		if (e->d_name[0] == '.')
			continue;
		std::string text;
		if (read_text_file(sys_dir + "/" + e->d_name + "/name", text, 4096))
			continue;
		if (trim(text.substr(0, text.find('\n'))) == name) {
			device = e->d_name;
			return 0;
		}
	}
	return -ENOENT;
}

int wait_for_virtio_port(const std::string &sys_dir, const std::string &dev_dir,
			 std::string_view name, std::chrono::milliseconds timeout,
			 std::string &path)
{
	const auto deadline = Clock::now() + timeout;
	for (;;) {
		std::string device;
		if (find_virtio_port(sys_dir, name, device) == 0 &&
		    access((dev_dir + "/" + device).c_str(), F_OK) == 0) {
			path = dev_dir + "/" + device;
			return 0;
		}
		if (Clock::now() >= deadline)
			return -ETIMEDOUT;
		std::this_thread::sleep_for(std::chrono::milliseconds(20));
	}
}

/* Non-blocking, so a host that stops reading costs TIMEOUT, not the guest. */
int write_to_port(const std::string &path, std::string_view data, std::chrono::milliseconds timeout)
{
	UniqueFd fd(::open(path.c_str(), O_WRONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC));
	if (!fd)
		return -errno;
	const auto deadline = Clock::now() + timeout;
	while (!data.empty()) {
		ssize_t n = ::write(fd.get(), data.data(), data.size());
		if (n > 0) {
			data.remove_prefix(n);
			continue;
		}
		if (n < 0 && errno != EAGAIN && errno != EINTR)
			return -errno;
		auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
		if (left.count() <= 0)
			return -ETIMEDOUT;
		struct pollfd p = {fd.get(), POLLOUT, 0};
		poll(&p, 1, static_cast<int>(left.count()));
	}
	/* A virtio port or a pipe has nothing to flush (EINVAL); a file does. */
	if (fsync(fd.get()) < 0 && errno != EINVAL && errno != EROFS)
		return -errno;
	return fd.reset() < 0 ? -errno : 0;
}

} /* namespace kcshim::guest */
