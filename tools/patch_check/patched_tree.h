// SPDX-License-Identifier: GPL-2.0
// The after side of a patch: a copy of the user's kernel tree whose files are hard links, so it
// costs seconds and no space, with the series applied to it by `git apply`. git apply replaces a
// file it patches (removes the link, writes a new file), so the user's tree is never written.
//
// Errors are values: link_copy() says why in *error; apply_patch() returns an ApplyResult whose
// error is one line naming the file and hunk that did not apply.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "tools/patch_check/patch_parse.h"

namespace kcshim::patch_check {

namespace fs = std::filesystem;

// Makes dest (removed first when it exists) a copy of tree whose files are hard links to tree's.
bool link_copy(const fs::path &tree, const fs::path &dest, std::string *error);

struct ApplyResult {
	bool ok = false;
	// How it applied: "" as written; "whitespace repaired" (a mail archive's spaces turned back
	// into tabs); "ignoring whitespace" (context matched with whitespace differences ignored)
	std::string how;
	// Files the patch touches that the tree does not have at all (Documentation/ in a tree
	// extracted without it): left out, each named
	std::vector<std::string> skipped;
	std::string error;	// when !ok: "crypto/cast5.c: hunk @@ -604,36 +604,23 @@ does not apply"
};

// Applies patch to tree (a copy made by link_copy()); all or nothing, as git apply is. With
// reverse, takes it out again (git apply -R): the before side of a tree that has it already.
ApplyResult apply_patch(const fs::path &tree, const Patch &patch, bool reverse = false);

}  // namespace kcshim::patch_check
