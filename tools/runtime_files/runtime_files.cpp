// SPDX-License-Identifier: GPL-2.0
#include "tools/runtime_files/runtime_files.h"

#include <iterator>
#include <system_error>

namespace kcshim::runtime_files {

namespace fs = std::filesystem;

namespace {

// CMAKE_INSTALL_<DIR> of this build: relative to the prefix, or absolute when configured so
fs::path install_dir(InstallDir dir)
{
	switch (dir) {
	case InstallDir::include:
		return KCSHIM_INSTALL_INCLUDEDIR;
	case InstallDir::lib:
		return KCSHIM_INSTALL_LIBDIR;
	case InstallDir::data:
		return KCSHIM_INSTALL_DATADIR;
	case InstallDir::libexec:
		return KCSHIM_INSTALL_LIBEXECDIR;
	}
	return {};
}

}  // namespace

std::optional<fs::path> prefix_of(const fs::path &exe)
{
	const fs::path bindir = KCSHIM_INSTALL_BINDIR;
	if (bindir.is_absolute())
		return std::nullopt;
	// <prefix>/<bindir>/kcshim: the prefix is as many levels up as bindir has parts
	fs::path prefix = exe.parent_path();
	auto part = bindir.end();
	for (auto levels = std::distance(bindir.begin(), bindir.end()); levels > 0; --levels) {
		if ((--part)->native() != prefix.filename().native())
			return std::nullopt;
		prefix = prefix.parent_path();
	}
	// An install has share/kcshim; a build tree's tools/cli/ has no share/ beside it.
	std::error_code ec;
	if (!fs::is_directory(prefix / install_dir(InstallDir::data) / "kcshim", ec))
		return std::nullopt;
	return prefix;
}

const std::optional<fs::path> &installed_prefix()
{
	static const std::optional<fs::path> prefix = [] {
		std::error_code ec;
		fs::path exe = fs::read_symlink("/proc/self/exe", ec);
		return ec ? std::nullopt : prefix_of(exe);
	}();
	return prefix;
}

fs::path locate(InstallDir dir, const fs::path &relative, const fs::path &built)
{
	const auto &prefix = installed_prefix();
	if (!prefix)
		return built;
	return *prefix / install_dir(dir) / relative;
}

}  // namespace kcshim::runtime_files
