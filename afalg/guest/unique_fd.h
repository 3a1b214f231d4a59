/* SPDX-License-Identifier: GPL-2.0 */
/* A file descriptor closed when its owner goes out of scope. */
#pragma once

#include <unistd.h>
#include <utility>

namespace kcshim::guest {

class UniqueFd {
public:
	UniqueFd() = default;
	explicit UniqueFd(int fd) : fd_(fd) {}
	UniqueFd(UniqueFd &&o) noexcept : fd_(std::exchange(o.fd_, -1)) {}
	UniqueFd &operator=(UniqueFd &&o) noexcept
	{
		if (this != &o) {
			reset();
			fd_ = std::exchange(o.fd_, -1);
		}
		return *this;
	}
	UniqueFd(const UniqueFd &) = delete;
	UniqueFd &operator=(const UniqueFd &) = delete;
	~UniqueFd() { reset(); }

	int get() const { return fd_; }
	explicit operator bool() const { return fd_ >= 0; }

	/* Closes now; returns close()'s result (0 when nothing was open). */
	int reset()
	{
		int ret = fd_ >= 0 ? ::close(fd_) : 0;
		fd_ = -1;
		return ret;
	}

private:
	int fd_ = -1;
};

} /* namespace kcshim::guest */
