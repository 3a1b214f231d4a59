// SPDX-License-Identifier: GPL-2.0
#include <sys/stat.h>

#include <cctype>
#include <cerrno>
#include <cstring>

#include <kcshim/kcshim.h>

#include "tools/cli/command.h"

namespace kcshim::cli {

std::vector<CommandFactory> &commands()
{
	static std::vector<CommandFactory> list;
	return list;
}

int register_command(CommandFactory factory)
{
	commands().push_back(std::move(factory));
	return 0;
}

int fail(const std::string &message, int code)
{
	fprintf(stderr, "kcshim: %s\n", message.c_str());
	return code;
}

std::string errno_name(int err)
{
	static const std::pair<int, const char *> names[] = {
		{EINVAL, "EINVAL"}, {ENOENT, "ENOENT"}, {ENOKEY, "ENOKEY"}, {EEXIST, "EEXIST"},
		{ENOMEM, "ENOMEM"}, {ENOSYS, "ENOSYS"}, {EBUSY, "EBUSY"}, {ENOEXEC, "ENOEXEC"},
		{ENODEV, "ENODEV"}, {EBADMSG, "EBADMSG"}, {EOVERFLOW, "EOVERFLOW"},
	};
	std::string name = std::to_string(err);
	for (auto &[code, text] : names)
		if (-err == code)
			name = std::string("-") + text;
	return name;
}

std::string errno_text(int err)
{
	return errno_name(err) + " (" + strerror(err < 0 ? -err : err) + ")";
}

static std::string module_load_error(const std::string &path, int err, std::string detail)
{
	// the library's message stands alone (C API users print only it); here the line already
	// says what failed and for which file
	for (const std::string &said : {std::string("cannot load module: "), path + ": "})
		if (detail.starts_with(said))
			detail.erase(0, said.size());
	if (detail.empty())
		detail = strerror(-err);
	return "cannot load module " + path + ": " + detail + " (" + errno_name(err) + ")";
}

int load_modules(const Globals &globals)
{
	// before the built-in drivers' and the modules' init calls look at the CPU
	for (const std::string &feature : globals.masked_cpu_features)
		if (kcshim_cpu_mask_named(feature.c_str()))
			return fail("--no-cpu " + feature + ": unknown CPU feature", 2);
	kcshim_init();
	for (const std::string &spec : globals.modules) {
		std::string path = spec, suffix;
		size_t at = spec.rfind('@');
		if (at != std::string::npos && spec.find('/', at) == std::string::npos) {
			path = spec.substr(0, at);
			suffix = spec.substr(at + 1);
		}
		int err = kcshim_load_module(path.c_str(), suffix.empty() ? nullptr : suffix.c_str(),
					     nullptr);
		if (err)
			return fail(module_load_error(path, err, kcshim_last_error()));
	}
	return 0;
}

bool parse_hex(const std::string &text, std::vector<unsigned char> &out)
{
	out.clear();
	int hi = -1;
	for (char c : text) {
		if (isspace(static_cast<unsigned char>(c)) || c == ':')
			continue;
		int v;
		if (c >= '0' && c <= '9')
			v = c - '0';
		else if (c >= 'a' && c <= 'f')
			v = c - 'a' + 10;
		else if (c >= 'A' && c <= 'F')
			v = c - 'A' + 10;
		else
			return false;
		if (hi < 0) {
			hi = v;
		} else {
			out.push_back(static_cast<unsigned char>(hi << 4 | v));
			hi = -1;
		}
	}
	return hi < 0;
}

std::string to_hex(const unsigned char *data, size_t len)
{
	static const char digits[] = "0123456789abcdef";
	std::string s;
	s.reserve(len * 2);
	for (size_t i = 0; i < len; i++) {
		s += digits[data[i] >> 4];
		s += digits[data[i] & 15];
	}
	return s;
}

FILE *open_input(const std::string &path)
{
	FILE *f = fopen(path.c_str(), "rb");
	struct stat st;
	if (f && !fstat(fileno(f), &st) && S_ISDIR(st.st_mode)) {
		fclose(f);
		errno = EISDIR;
		return nullptr;
	}
	return f;
}

}  // namespace kcshim::cli
