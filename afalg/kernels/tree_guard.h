/* SPDX-License-Identifier: GPL-2.0 */
/* TreeGuard: removes a directory tree (or a file) at scope exit unless released. */
#pragma once

#include <filesystem>
#include <utility>

namespace kcshim::afalg {

class TreeGuard {
public:
	explicit TreeGuard(std::filesystem::path p) : p_(std::move(p)) {}
	~TreeGuard()
	{
		std::error_code ec;
		if (!p_.empty())
			std::filesystem::remove_all(p_, ec);
	}
	void release() { p_.clear(); }
	TreeGuard(const TreeGuard &) = delete;
	TreeGuard &operator=(const TreeGuard &) = delete;

private:
	std::filesystem::path p_;
};

} /* namespace kcshim::afalg */
