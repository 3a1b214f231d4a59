// SPDX-License-Identifier: GPL-2.0
#include "afalg/endpoint/proc_crypto.h"

#include <cerrno>
#include <charconv>
#include <fstream>
#include <sstream>

#include "afalg/guest/text.h"

namespace kcshim::afalg {

using guest::trim;

template <typename T>
static T to_number(std::string_view v)
{
	T n{};
	std::from_chars(v.data(), v.data() + v.size(), n);
	return n;
}

static void set_field(DriverInfo &d, std::string_view key, std::string_view v)
{
	if (key == "name") d.name = v;
	else if (key == "driver") d.driver = v;
	else if (key == "module") d.module = v;
	else if (key == "type") d.type = v;
	else if (key == "priority") d.priority = to_number<int>(v);
	else if (key == "blocksize") d.blocksize = to_number<unsigned int>(v);
	else if (key == "digestsize") d.digestsize = to_number<unsigned int>(v);
	else if (key == "min keysize") d.min_keysize = to_number<unsigned int>(v);
	else if (key == "max keysize") d.max_keysize = to_number<unsigned int>(v);
	else if (key == "ivsize") d.ivsize = to_number<unsigned int>(v);
	else if (key == "chunksize") d.chunksize = to_number<unsigned int>(v);
	else if (key == "selftest") d.selftest_passed = (v == "passed");
	else if (key == "internal") d.internal = (v == "yes");
	else if (key == "async") d.async = (v == "yes");
}

std::vector<DriverInfo> parse_proc_crypto(std::string_view text)
{
	std::vector<DriverInfo> out;
	DriverInfo cur;
	bool have = false;

	while (!text.empty()) {
		size_t nl = text.find('\n');
		std::string_view line = text.substr(0, nl);
		text.remove_prefix(nl == std::string_view::npos ? text.size() : nl + 1);

		if (trim(line).empty()) {
			if (have && !cur.driver.empty())
				out.push_back(std::move(cur));
			cur = DriverInfo{};
			have = false;
			continue;
		}
		size_t colon = line.find(':');
		if (colon == std::string_view::npos)
			continue;
		set_field(cur, trim(line.substr(0, colon)), trim(line.substr(colon + 1)));
		have = true;
	}
	if (have && !cur.driver.empty())
		out.push_back(std::move(cur));
	return out;
}

Result<std::vector<DriverInfo>> read_proc_crypto(const char *path)
{
	std::ifstream f(path);
	if (!f)
		return fail(-errno ? -errno : -ENOENT, Stage::setup, std::string("cannot read ") + path);
	std::ostringstream ss;
	ss << f.rdbuf();
	return parse_proc_crypto(ss.str());
}

} /* namespace kcshim::afalg */
