// SPDX-License-Identifier: GPL-2.0
#include "tools/patch_check/patch_parse.h"

#include <cctype>
#include <charconv>
#include <optional>

namespace kcshim::patch_check {

namespace {

// The lines of a text, each without its '\n' (a trailing '\r' too: a mail saved on Windows).
class Lines {
public:
	explicit Lines(std::string_view text) : text_(text) {}
	bool next(std::string_view &line)
	{
		if (pos_ >= text_.size())
			return false;
		size_t end = text_.find('\n', pos_);
		if (end == std::string_view::npos)
			end = text_.size();
		line = text_.substr(pos_, end - pos_);
		start_ = pos_;
		pos_ = end + 1;
		if (!line.empty() && line.back() == '\r')
			line.remove_suffix(1);
		return true;
	}
	size_t line_start() const { return start_; }	// of the line next() gave last

private:
	std::string_view text_;
	size_t pos_ = 0, start_ = 0;
};

bool read_number(std::string_view &s, unsigned long &value)
{
	auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
	if (ec != std::errc() || end == s.data())
		return false;
	s.remove_prefix(end - s.data());
	return true;
}

// "-604,36" or "+1": start and count (1 when the count is left out, as diff writes it).
bool read_range(std::string_view &s, char sign, unsigned long &start, unsigned long &count)
{
	if (s.empty() || s.front() != sign)
		return false;
	s.remove_prefix(1);
	if (!read_number(s, start))
		return false;
	count = 1;
	if (!s.empty() && s.front() == ',') {
		s.remove_prefix(1);
		if (!read_number(s, count))
			return false;
	}
	return true;
}

std::optional<Hunk> parse_hunk_header(std::string_view line)
{
	if (!line.starts_with("@@ "))
		return std::nullopt;
	Hunk h;
	h.header = line;
	std::string_view s = line.substr(3);
	if (!read_range(s, '-', h.old_start, h.old_count) || !s.starts_with(' '))
		return std::nullopt;
	s.remove_prefix(1);
	if (!read_range(s, '+', h.new_start, h.new_count) || !s.starts_with(" @@"))
		return std::nullopt;
	return h;
}

// Walks the lines of a hunk whose header was just read: calls line_fn on each, until its counts
// are used up. False when the text ends first or a line is no hunk line.
template <typename LineFn>
bool walk_hunk(Lines &lines, const Hunk &h, LineFn line_fn)
{
	unsigned long old_left = h.old_count, new_left = h.new_count;
	std::string_view line;
	while (old_left || new_left) {
		if (!lines.next(line))
			return false;
		// an empty line is a context line whose blank a mail client took away
		const char kind = line.empty() ? ' ' : line.front();
		switch (kind) {
		case ' ':
			if (!old_left || !new_left)
				return false;
			old_left--, new_left--;
			break;
		case '-':
			if (!old_left)
				return false;
			old_left--;
			break;
		case '+':
			if (!new_left)
				return false;
			new_left--;
			break;
		case '\\':	// "\ No newline at end of file"
			break;
		default:
			return false;
		}
		line_fn(line, lines.line_start());
	}
	return true;
}

// "a/crypto/sha3.c\t2018-01-15 ..." -> "crypto/sha3.c"; "/dev/null" -> "".
std::string diff_path(std::string_view s)
{
	if (size_t tab = s.find('\t'); tab != std::string_view::npos)
		s = s.substr(0, tab);
	while (!s.empty() && s.back() == ' ')
		s.remove_suffix(1);
	if (s == "/dev/null")
		return {};
	if (s.starts_with("a/") || s.starts_with("b/"))
		s.remove_prefix(2);
	return std::string(s);
}

std::string strip_subject_tags(std::string subject)
{
	for (;;) {
		size_t start = subject.find_first_not_of(" \t");
		if (start == std::string::npos)
			return {};
		subject.erase(0, start);
		if (subject.starts_with("Re: ") || subject.starts_with("RE: ")) {
			subject.erase(0, 4);
			continue;
		}
		if (subject.front() != '[')
			return subject;
		size_t close = subject.find(']');
		if (close == std::string::npos)
			return subject;
		subject.erase(0, close + 1);
	}
}

bool is_header_line(std::string_view line)
{
	size_t colon = line.find(':');
	if (colon == 0 || colon == std::string_view::npos)
		return false;
	for (char c : line.substr(0, colon))
		if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '-'))
			return false;
	return true;
}

struct DiffState {
	Patch &patch;
	bool has_tab = false, indented = false;

	// The file a header line describes: the one being read, or a new one after another file's
	// hunks (a ---/+++ pair without "diff --git", as diff -u writes them): a header line never
	// renames a file whose hunks were read.
	FileChange &file_for_header()
	{
		if (patch.files.empty() || !patch.files.back().hunks.empty())
			patch.files.emplace_back();
		return patch.files.back();
	}
};

// Reads one message: its headers (when it has them), then every file and hunk of its diff.
Patch parse_message(std::string_view text, std::string &error)
{
	Patch patch;
	patch.text = text;
	Lines lines(text);
	std::string_view line;
	bool in_headers = true, first = true;
	std::string *continued = nullptr;
	std::string first_text_line;
	DiffState state{patch};
	while (lines.next(line)) {
		if (in_headers) {
			if (first && line.starts_with("From ")) {
				first = false;
				continue;
			}
			first = false;
			if (continued && !line.empty() && (line.front() == ' ' || line.front() == '\t')) {
				// a folded header's next line (a blank one adds nothing)
				if (size_t text = line.find_first_not_of(" \t"); text != std::string_view::npos) {
					*continued += ' ';
					*continued += line.substr(text);
				}
				continue;
			}
			continued = nullptr;
			if (is_header_line(line)) {
				if (line.starts_with("Subject:"))
					continued = &(patch.subject = line.substr(8));
				else if (line.starts_with("From:"))
					continued = &(patch.author = line.substr(5));
				continue;
			}
			in_headers = false;
		}
		if (first_text_line.empty() && line.find_first_not_of(" \t") != std::string_view::npos)
			first_text_line = line;
		if (line.starts_with("diff --git ")) {
			// "diff --git a/X b/Y": the ---/+++ lines that follow refine it
			std::string_view rest = line.substr(11);
			size_t b = rest.rfind(" b/");
			patch.files.emplace_back();
			if (b != std::string_view::npos) {
				patch.files.back().old_path = diff_path(rest.substr(0, b));
				patch.files.back().new_path = diff_path(rest.substr(b + 1));
			}
		} else if (line.starts_with("--- ") && !diff_path(line.substr(4)).empty()) {
			state.file_for_header().old_path = diff_path(line.substr(4));
		} else if (line == "--- /dev/null" || line.starts_with("--- /dev/null\t")) {
			state.file_for_header().old_path.clear();
		} else if (line.starts_with("+++ ")) {
			state.file_for_header().new_path = diff_path(line.substr(4));
		} else if (line.starts_with("new file mode") && !patch.files.empty()) {
			state.file_for_header().old_path.clear();
		} else if (line.starts_with("deleted file mode") && !patch.files.empty()) {
			state.file_for_header().new_path.clear();
		} else if ((line.starts_with("Binary files ") || line == "GIT binary patch") &&
			   !patch.files.empty()) {
			state.file_for_header().binary = true;
		} else if (line.starts_with("@@ -") && !parse_hunk_header(line)) {
			error = "a malformed hunk header: " + std::string(line.substr(0, 80));
			return patch;
		} else if (auto hunk = parse_hunk_header(line)) {
			if (patch.files.empty() || patch.files.back().path().empty()) {
				// none, or "--- /dev/null" and "+++ /dev/null": no file to change
				error = "a hunk of no file: " + std::string(line.substr(0, 80));
				return patch;
			}
			bool ok = walk_hunk(lines, *hunk, [&](std::string_view l, size_t) {
				std::string_view body = l.empty() ? l : l.substr(1);
				state.has_tab |= body.find('\t') != std::string_view::npos;
				state.indented |= body.starts_with("       ");
			});
			if (!ok) {
				error = patch.files.back().path() + ": hunk " + hunk->header +
					" has fewer lines than its header counts";
				return patch;
			}
			patch.files.back().hunks.push_back(std::move(*hunk));
		}
	}
	patch.subject = strip_subject_tags(patch.subject.empty() ? first_text_line : patch.subject);
	if (size_t start = patch.author.find_first_not_of(' '); start != std::string::npos)
		patch.author.erase(0, start);
	patch.whitespace_damaged = !state.has_tab && state.indented;
	return patch;
}

// An mbox's message separator: "From " at the start of the text or after an empty line.
std::vector<std::string_view> split_messages(std::string_view text)
{
	std::vector<std::string_view> messages;
	Lines lines(text);
	std::string_view line;
	size_t start = 0;
	bool previous_empty = true;
	while (lines.next(line)) {
		if (previous_empty && line.starts_with("From ") && lines.line_start() > start) {
			messages.push_back(text.substr(start, lines.line_start() - start));
			start = lines.line_start();
		}
		previous_empty = line.empty();
	}
	messages.push_back(text.substr(start));
	return messages;
}

}  // namespace

ParseResult parse_patches(std::string_view text)
{
	ParseResult result;
	for (std::string_view message : split_messages(text)) {
		std::string error;
		Patch patch = parse_message(message, error);
		if (!error.empty()) {
			result.error = (patch.subject.empty() ? std::string("patch") : patch.subject) +
				       ": " + error;
			return result;
		}
		// a cover letter ([PATCH 0/3]) has no diff
		if (!patch.files.empty())
			result.patches.push_back(std::move(patch));
	}
	if (result.patches.empty())
		result.error = "no diff in the input (no diff --git, ---/+++ or @@ lines)";
	return result;
}

std::string retab(std::string_view text)
{
	std::string out;
	out.reserve(text.size());
	Lines lines(text);
	std::string_view line;
	size_t copied = 0;
	while (lines.next(line)) {
		auto hunk = parse_hunk_header(line);
		if (!hunk)
			continue;
		walk_hunk(lines, *hunk, [&](std::string_view l, size_t at) {
			if (l.size() < 2 || l[1] != ' ')
				return;
			const size_t width = l.find_first_not_of(' ', 1) == std::string_view::npos
						     ? l.size() - 1
						     : l.find_first_not_of(' ', 1) - 1;
			const size_t tabs = (1 + width) / 8;	// the first tab stop is 7 columns on
			if (!tabs)
				return;
			out.append(text.substr(copied, at - copied));
			out += l.front();
			out.append(tabs, '\t');
			out.append((1 + width) % 8, ' ');
			copied = at + 1 + width;
		});
	}
	out.append(text.substr(copied));
	return out;
}

}  // namespace kcshim::patch_check
