// SPDX-License-Identifier: GPL-2.0
#include "afalg/kernels/host_files.h"

#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <fstream>
#include <sstream>

namespace kcshim::afalg {

std::string read_text(const std::filesystem::path &p)
{
	std::ifstream in(p, std::ios::binary);
	std::ostringstream s;
	s << in.rdbuf();
	return s.str();
}

bool is_executable(const std::string &p)
{
	return !p.empty() && ::access(p.c_str(), X_OK) == 0;
}

std::string find_in_path(const std::string &name)
{
	const char *path = std::getenv("PATH");
	std::stringstream dirs(path ? path : "/usr/local/bin:/usr/bin:/bin");
	for (std::string dir; std::getline(dirs, dir, ':');)
		if (!dir.empty() && is_executable(dir + "/" + name))
			return dir + "/" + name;
	return {};
}

Error fs_error(const std::error_code &ec, const std::string &what)
{
	return fail(-(ec.value() ? ec.value() : EIO), Stage::setup, what + ": " + ec.message());
}

} /* namespace kcshim::afalg */
