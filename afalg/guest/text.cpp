// SPDX-License-Identifier: GPL-2.0
#include "afalg/guest/text.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "afalg/guest/unique_fd.h"

namespace kcshim::guest {

int read_text_file(const std::string &path, std::string &text, size_t max_bytes)
{
	UniqueFd fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
	if (!fd)
		return -errno;
	text.clear();
	struct stat st;
	if (fstat(fd.get(), &st) == 0 && st.st_size > 0)
		text.reserve(std::min<size_t>(st.st_size, max_bytes));
	/* sysfs and procfs files say size 0 or 4096: read to the end whatever fstat said. */
	char buf[65536];
	for (;;) {
		ssize_t n = ::read(fd.get(), buf, sizeof(buf));
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -errno;
		if (n == 0)
			return 0;
		if (text.size() + n > max_bytes)
			return -EFBIG;
		text.append(buf, n);
	}
}

std::string errno_name(int err)
{
	const char *name = strerrorname_np(-err);
	return name ? name : "errno " + std::to_string(-err);
}

/* find_first_of(" \t") calls memchr() once a character: this is the index's hot loop. */
std::string_view next_word(std::string_view &rest)
{
	size_t start = 0;
	while (start < rest.size() && (rest[start] == ' ' || rest[start] == '\t'))
		start++;
	size_t end = start;
	while (end < rest.size() && rest[end] != ' ' && rest[end] != '\t')
		end++;
	std::string_view word = rest.substr(start, end - start);
	rest.remove_prefix(end);
	return word;
}

std::vector<std::string_view> split_words(std::string_view s)
{
	std::vector<std::string_view> words;
	for (std::string_view w = next_word(s); !w.empty(); w = next_word(s))
		words.push_back(w);
	return words;
}

} /* namespace kcshim::guest */
