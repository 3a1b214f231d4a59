/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The text helpers the guest init's parsers (and the host's) share: whole-file reads with a
 * size bound (PID 1 must not be taken down by a huge or endless file) and
 * splitting into lines and words.
 */
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace kcshim::guest {

/*
 * Reads all of PATH into TEXT.  Returns 0, a negative errno from open/read,
 * or -EFBIG when the file is longer than MAX_BYTES.
 */
int read_text_file(const std::string &path, std::string &text, size_t max_bytes);

/* "ENODEV" for -ENODEV, or "errno N" when glibc has no name for it. */
std::string errno_name(int err);

/* Blanks (spaces, tabs, a trailing '\r') off both ends.  Inline: the host's
 * parsers (/proc/crypto, apt's indexes) share it without the init's library. */
inline std::string_view trim(std::string_view s)
{
	constexpr std::string_view blanks = " \t\r";
	size_t first = s.find_first_not_of(blanks);
	if (first == std::string_view::npos)
		return {};
	return s.substr(first, s.find_last_not_of(blanks) - first + 1);
}

/*
 * The first word of REST (words are separated by runs of spaces or tabs),
 * which REST then starts after; empty when REST has no more.
 */
std::string_view next_word(std::string_view &rest);

/* All the words of S. */
std::vector<std::string_view> split_words(std::string_view s);

/*
 * Calls FN(line_number, line) for each line of TEXT, trimmed, numbered from
 * 1, skipping blank lines and lines whose first non-blank character is '#'.
 */
template <typename Fn>
void for_each_line(std::string_view text, Fn &&fn)
{
	unsigned int number = 0;
	while (!text.empty()) {
		size_t end = text.find('\n');
		std::string_view line = text.substr(0, end);
		text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
		number++;
		line = trim(line);
		if (!line.empty() && line.front() != '#')
			fn(number, line);
	}
}

} /* namespace kcshim::guest */
