// SPDX-License-Identifier: GPL-2.0
#include "afalg/kernels/posix_io.h"

#include <cerrno>
#include <unistd.h>

namespace kcshim::afalg {

std::vector<char *> argv_pointers(std::vector<std::string> &words)
{
	std::vector<char *> p;
	for (auto &w : words)
		p.push_back(w.data());
	p.push_back(nullptr);
	return p;
}

int write_all(int fd, std::string_view data)
{
	while (!data.empty()) {
		ssize_t n = ::write(fd, data.data(), data.size());
		if (n < 0 && errno != EINTR)
			return -errno;
		if (n > 0)
			data.remove_prefix(static_cast<size_t>(n));
	}
	return 0;
}

} /* namespace kcshim::afalg */
