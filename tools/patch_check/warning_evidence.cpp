// SPDX-License-Identifier: GPL-2.0
#include "tools/patch_check/warning_evidence.h"

#include <algorithm>
#include <map>
#include <regex>
#include <sstream>

namespace kcshim::patch_check {

namespace {

// "lib/crypto/sha3.c:12:5: warning: unused variable 'x'" -> "lib/crypto/sha3.c: warning: ..."
std::string without_position(const std::string &warning)
{
	static const std::regex position(R"(^([^:]+):\d+:(\d+:)?)");
	return std::regex_replace(warning, position, "$1:", std::regex_constants::format_first_only);
}

}  // namespace

const std::vector<std::string> &kernel_warning_flags()
{
	static const std::vector<std::string> flags = {
		"-Wall", "-Wundef", "-Wmissing-prototypes", "-Wmissing-declarations", "-Wvla",
		"-Werror=strict-prototypes", "-Werror=return-type", "-Wimplicit-fallthrough=5",
		"-Wno-trigraphs", "-Wno-format-security", "-Wno-frame-address",
		"-Wno-address-of-packed-member", "-Wno-pointer-sign", "-Wno-stringop-truncation",
		"-Wno-stringop-overflow", "-Wno-restrict", "-Wno-maybe-uninitialized",
		"-Wno-array-bounds", "-Wno-main", "-Wno-dangling-pointer",
		"-Wno-unused-but-set-variable", "-Wno-unused-const-variable",
		"-Wno-packed-not-aligned", "-Wno-format-overflow", "-Wno-format-truncation",
		"-Wno-override-init", "-Wno-missing-field-initializers", "-Wno-type-limits",
		"-Wno-shift-negative-value", "-Wno-sign-compare", "-Wno-unused-parameter",
	};
	return flags;
}

std::vector<std::string> warnings_in(const std::string &build_output, const fs::path &tree,
				     const std::vector<std::string> &files)
{
	static const std::regex warning(R"(^([^:\s]+):\d+:(\d+:)? warning: )");
	const std::string prefix = tree.string() + "/";
	std::vector<std::string> out;
	std::istringstream lines(build_output);
	for (std::string line; std::getline(lines, line);) {
		std::smatch m;
		if (!std::regex_search(line, m, warning))
			continue;
		std::string file = m[1];
		if (file.starts_with(prefix))
			file.erase(0, prefix.size());
		if (std::find(files.begin(), files.end(), file) == files.end())
			continue;
		line.replace(0, m[1].length(), file);
		if (std::find(out.begin(), out.end(), line) == out.end())
			out.push_back(line);
	}
	return out;
}

std::vector<std::string> new_warnings(const std::vector<std::string> &before,
				      const std::vector<std::string> &after)
{
	std::map<std::string, int> left;
	for (const auto &w : before)
		left[without_position(w)]++;
	std::vector<std::string> out;
	for (const auto &w : after)
		if (left[without_position(w)]-- <= 0)
			out.push_back(w);
	return out;
}

}  // namespace kcshim::patch_check
