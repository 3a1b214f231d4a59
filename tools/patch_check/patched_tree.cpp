// SPDX-License-Identifier: GPL-2.0
#include "tools/patch_check/patched_tree.h"

#include <unistd.h>

#include <fstream>
#include <regex>
#include <system_error>

#include "afalg/kernels/external_command.h"

namespace kcshim::patch_check {

namespace {

// The first line of git's complaint that names a file and line ("error: patch failed:
// crypto/sha3.c:35") as the hunk it is; else git's own last line.
std::string failure_of(const Patch &patch, const std::string &output, const std::string &last)
{
	std::smatch m;
	static const std::regex failed("patch failed: (.+):([0-9]+)");
	if (std::regex_search(output, m, failed)) {
		const std::string file = m[1];
		const unsigned long line = std::stoul(m[2]);
		for (const auto &change : patch.files)
			if (change.path() == file || change.old_path == file)
				for (const auto &hunk : change.hunks)
					if (hunk.old_start == line || hunk.new_start == line)	// -R: new
						return file + ": hunk " + hunk.header + " does not apply";
		return file + ": the hunk at line " + m[2].str() + " does not apply";
	}
	std::string line = last;
	if (line.starts_with("error: "))
		line.erase(0, 7);
	return line.empty() ? "git apply failed" : line;
}

// A file the tree cannot have: its top-level folder is missing (the extracted trees have no
// Documentation/), and so is the file.
bool outside_tree(const fs::path &tree, const FileChange &change)
{
	const fs::path path = change.path();
	if (path.empty() || fs::exists(tree / path))
		return false;
	return !fs::is_directory(tree / *path.begin());
}

afalg::CommandResult git_apply(const fs::path &tree, const std::string &text,
			       const std::vector<std::string> &excludes, bool ignore_whitespace,
			       bool reverse)
{
	const fs::path patch_file = tree / ".kcshim-patch";
	std::ofstream(patch_file, std::ios::binary) << text;
	afalg::Command cmd;
	cmd.argv = {"git", "apply", "--whitespace=nowarn"};
	if (ignore_whitespace)
		cmd.argv.push_back("--ignore-whitespace");
	if (reverse)
		cmd.argv.push_back("-R");
	for (const auto &path : excludes)
		cmd.argv.push_back("--exclude=" + path);
	cmd.argv.push_back(patch_file.string());
	cmd.cwd = tree;
	// tree may lie inside a git work tree (the user's checkout): git apply would take the
	// paths as relative to that repository's root and leave out what is not below tree
	cmd.env = {"GIT_CEILING_DIRECTORIES=" + tree.parent_path().string()};
	auto result = afalg::run_command(cmd);
	fs::remove(patch_file);
	if (!result) {
		afalg::CommandResult failed;
		failed.output = "error: cannot run git: " + afalg::describe(result.error());
		return failed;
	}
	return *result;
}

// Links every entry of dir into into, but not the one holding skip (the copy itself, when it
// lies inside the tree: the default --out is relative to where the user stands) nor a git
// repository's .git.
void link_entries(const fs::path &dir, const fs::path &into, const fs::path &skip,
		  std::error_code &ec)
{
	fs::create_directories(into, ec);
	for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
		const fs::path &entry = it->path();
		const fs::path rel = skip.lexically_relative(entry);
		if (entry.filename() == ".git" || (!rel.empty() && *rel.begin() != ".."))
			continue;
		fs::copy(entry, into / entry.filename(),
			 fs::copy_options::recursive | fs::copy_options::create_hard_links |
				 fs::copy_options::copy_symlinks,
			 ec);
	}
}

}  // namespace

bool link_copy(const fs::path &tree, const fs::path &dest, std::string *error)
{
	std::error_code ec;
	if (!fs::is_directory(tree, ec)) {
		*error = tree.string() + ": not a directory";
		return false;
	}
	const fs::path from = fs::absolute(tree).lexically_normal();
	fs::path to = fs::absolute(dest).lexically_normal();
	if (to.filename().empty())
		to = to.parent_path();	// "out/" names out
	fs::remove_all(to, ec);
	if (ec) {
		*error = dest.string() + ": cannot remove: " + ec.message();
		return false;
	}
	link_entries(from, to, to, ec);
	if (ec) {
		*error = "cannot link " + tree.string() + " into " + dest.string() + ": " +
			 ec.message() + " (it must be on the tree's file system)";
		return false;
	}
	return true;
}

ApplyResult apply_patch(const fs::path &tree, const Patch &patch, bool reverse)
{
	ApplyResult result;
	for (const auto &change : patch.files)
		if (outside_tree(tree, change))
			result.skipped.push_back(change.path());
	if (result.skipped.size() == patch.files.size()) {
		result.ok = true;
		return result;
	}
	auto attempt = git_apply(tree, patch.text, result.skipped, false, reverse);
	if (!attempt.ok() && patch.whitespace_damaged) {
		const std::string repaired = retab(patch.text);
		auto second = git_apply(tree, repaired, result.skipped, false, reverse);
		result.how = "whitespace repaired";
		if (!second.ok()) {
			second = git_apply(tree, repaired, result.skipped, true, reverse);
			result.how = "ignoring whitespace";
		}
		if (second.ok())
			attempt = std::move(second);
	}
	result.ok = attempt.ok();
	if (!result.ok) {
		result.how.clear();
		result.error = failure_of(patch, attempt.output, attempt.last_line());
	}
	return result;
}

}  // namespace kcshim::patch_check
