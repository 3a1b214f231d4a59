/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The POSIX plumbing the launchers and endpoints share: a descriptor closed on
 * every path out, argv/envp arrays for exec and posix_spawn, and a write that
 * survives short writes and EINTR.
 */
#pragma once

#include <unistd.h>

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace kcshim::afalg {

/* Owns a file descriptor: closed when it goes out of scope or is reset. */
class UniqueFd {
public:
	explicit UniqueFd(int fd = -1) : fd_(fd) {}
	UniqueFd(UniqueFd &&o) noexcept : fd_(std::exchange(o.fd_, -1)) {}
	UniqueFd(const UniqueFd &) = delete;
	UniqueFd &operator=(const UniqueFd &) = delete;
	~UniqueFd() { reset(); }

	int get() const { return fd_; }
	/* Closes the descriptor held, if any, and holds @fd. */
	void reset(int fd = -1)
	{
		if (fd_ >= 0)
			::close(fd_);
		fd_ = fd;
	}

private:
	int fd_;
};

/* @words as the NULL-terminated array exec takes; valid while @words lives unchanged. */
std::vector<char *> argv_pointers(std::vector<std::string> &words);

/* Writes all of @data to @fd; 0 or -errno. */
int write_all(int fd, std::string_view data);

} /* namespace kcshim::afalg */
