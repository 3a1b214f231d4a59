// SPDX-License-Identifier: GPL-2.0
// A crypto patch as it is posted: an mbox of a series, `git format-patch` files, a bare diff, or a
// mail-archive copy whose tabs became spaces. Read into what patch-check needs: each patch's
// subject and author, the files it touches with their hunks, and its text for `git apply`.
//
// Errors are values: parse_patches() returns what it read, and an error line when the input holds
// no diff or a hunk's line counts do not match its header.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace kcshim::patch_check {

struct Hunk {
	unsigned long old_start = 0, old_count = 1;	// @@ -old_start,old_count ...
	unsigned long new_start = 0, new_count = 1;	// ... +new_start,new_count @@
	std::string header;				// the @@ line as written
};

struct FileChange {
	std::string old_path;		// without a/; empty when the file is created
	std::string new_path;		// without b/; empty when the file is deleted
	std::vector<Hunk> hunks;
	bool binary = false;		// "Binary files ... differ" or a GIT binary patch

	// The path the change is known by: the new one, or the old for a deletion.
	const std::string &path() const { return new_path.empty() ? old_path : new_path; }
};

struct Patch {
	std::string subject;		// without its "[PATCH v2 1/3]" prefix
	std::string author;		// From:, as written
	std::vector<FileChange> files;
	std::string text;		// the whole message, for git apply
	// Leading tabs turned into spaces (a web archive's copy): no line of a hunk has a tab and
	// some line is indented by eight or more spaces.
	bool whitespace_damaged = false;
};

struct ParseResult {
	std::vector<Patch> patches;	// in the order given: a series is applied so
	std::string error;		// empty when every patch read cleanly
};

// Splits text into its patches (mbox "From " lines; otherwise one patch) and reads each.
ParseResult parse_patches(std::string_view text);

// text with each hunk line's leading spaces turned back into tabs, as they were before a mail
// archive expanded them (tab stops every 8 columns, counted from the line's +/-/space prefix).
std::string retab(std::string_view text);

}  // namespace kcshim::patch_check
