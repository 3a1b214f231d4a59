// SPDX-License-Identifier: GPL-2.0
#include "tools/cli/key_options.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>

#include "tools/cli/command.h"

namespace kcshim::cli {

namespace {

// A key is a few hundred bytes at most; a larger file is a mistake, not a key.
constexpr size_t max_key_file = 1 << 20;

// The bytes of path, or -errno (-EISDIR for a directory, -EFBIG past max_key_file).
int read_key_file(const std::string &path, std::vector<unsigned char> &out)
{
	std::unique_ptr<FILE, decltype(&fclose)> f(open_input(path), fclose);
	if (!f)
		return -errno;
	unsigned char buf[4096];
	size_t n;
	while ((n = fread(buf, 1, sizeof(buf), f.get())) > 0) {
		if (out.size() + n > max_key_file)
			return -EFBIG;
		out.insert(out.end(), buf, buf + n);
	}
	return ferror(f.get()) ? -EIO : 0;
}

}  // namespace

void add_key_options(CLI::App *sub, KeyOptions &o, bool required)
{
	std::string one = required ? " (this or --key-file is required)" : "";
	o.hex_option = sub->add_option("--key", o.hex, "The key in hex" + one)->type_name("HEX");
	o.file_option = sub->add_option("--key-file", o.file, "The key: the raw bytes of FILE")
				->type_name("FILE");
	o.hex_option->excludes(o.file_option);
}

std::optional<std::vector<unsigned char>> read_key(const KeyOptions &o)
{
	std::vector<unsigned char> key;
	if (o.hex_option->count() && !parse_hex(o.hex, key)) {
		fail("--key is not hex");
		return std::nullopt;
	}
	if (o.file_option->count()) {
		if (int err = read_key_file(o.file, key)) {
			if (!key.empty())	/* explicit_bzero() takes no null pointer */
				explicit_bzero(key.data(), key.size());
			fail("cannot read key file " + o.file + ": " + errno_text(err));
			return std::nullopt;
		}
	}
	return key;
}

}  // namespace kcshim::cli
