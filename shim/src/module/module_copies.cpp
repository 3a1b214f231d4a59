// SPDX-License-Identifier: GPL-2.0
#include "shim/src/module/module_copies.h"

#include <dlfcn.h>
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <mutex>

namespace kcshim {

namespace {

std::mutex copies_mu;
std::string copies_dir;		// made on first use
unsigned int copies_made;

void remove_copies_dir()
{
	std::error_code ec;
	std::filesystem::remove_all(copies_dir, ec);
}

}  // namespace

bool mapped_already(const std::string &path)
{
	void *handle = dlopen(path.c_str(), RTLD_NOW | RTLD_NOLOAD);
	if (handle)
		dlclose(handle);
	return handle;
}

std::string write_private_copy(std::span<const std::uint8_t> file, const std::string &name,
			       std::string *copy_path)
{
	std::lock_guard lock(copies_mu);
	if (copies_dir.empty()) {
		const char *tmp = getenv("TMPDIR");
		std::string dir = std::string(tmp && *tmp ? tmp : "/tmp") + "/kcshim-modules-" +
				  std::to_string(getpid()) + "-XXXXXX";
		if (!mkdtemp(dir.data()))
			return "cannot make a directory for a private copy: " + dir + ": " +
			       strerror(errno);
		copies_dir = dir;
		atexit(remove_copies_dir);
	}
	// numbered: one module may be loaded more than once with one suffix after unloads
	std::string path = copies_dir + "/" + std::to_string(++copies_made) + "-" + name + ".so";
	int fd = open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0500);
	if (fd < 0)
		return "cannot write a private copy: " + path + ": " + strerror(errno);
	std::size_t done = 0;
	while (done < file.size()) {
		ssize_t n = write(fd, file.data() + done, file.size() - done);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			std::string why = strerror(errno);
			close(fd);
			unlink(path.c_str());
			return "cannot write a private copy: " + path + ": " + why;
		}
		done += static_cast<std::size_t>(n);
	}
	close(fd);
	*copy_path = path;
	return {};
}

void remove_private_copy(const std::string &copy_path)
{
	unlink(copy_path.c_str());
}

}  // namespace kcshim
