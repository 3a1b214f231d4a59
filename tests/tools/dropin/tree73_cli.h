// SPDX-License-Identifier: GPL-2.0
// What the drop-in tests of one tree share: the tree ($KCSHIM_TREE_7_3, else
// build/kernel-trees/linux-source-7.3 from tools/kernel-tree/prepare; the same for 6.1), their
// work directory, and running the CLI as a user would. Each test binary defines KCSHIM_TEST_CLI,
// KCSHIM_TEST_KERNEL_TREES and KCSHIM_TEST_WORK_DIR.
#pragma once

#include <sys/wait.h>

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>

namespace dropin_test {

namespace fs = std::filesystem;

inline const fs::path work = KCSHIM_TEST_WORK_DIR;

// A tree of version ("6.1"): $KCSHIM_TREE_6_1, else linux-source-6.1 in the trees folder.
inline fs::path tree_of(std::string version)
{
	std::string var = "KCSHIM_TREE_" + std::regex_replace(version, std::regex("\\."), "_");
	if (const char *env = getenv(var.c_str()))
		return env;
	return fs::path(KCSHIM_TEST_KERNEL_TREES) / ("linux-source-" + version);
}

inline fs::path tree_7_3()
{
	return tree_of("7.3");
}

// Runs the CLI with args, its output (stdout and stderr) in *out and in log; the exit status.
inline int run_cli(const std::string &args, const fs::path &log, std::string *out)
{
	std::string cmd = std::string(KCSHIM_TEST_CLI) + " " + args + " > '" + log.string() +
			  "' 2>&1";
	int status = std::system(cmd.c_str());
	std::ifstream in(log);
	std::stringstream ss;
	ss << in.rdbuf();
	*out = ss.str();
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

inline bool has_line(const std::string &text, const std::string &pattern)
{
	return std::regex_search(text, std::regex(pattern, std::regex::multiline));
}

// A test of the CLI on the 7.3 tree's KUnit suites: skipped without the tree; a fresh work
// folder per test (ctest runs them in parallel).
class Tree73CliTest : public ::testing::Test {
protected:
	void SetUp() override
	{
		tree_ = tree_7_3();
		if (!fs::is_regular_file(tree_ / "lib/crypto/tests/sha3_kunit.c"))
			GTEST_SKIP() << "no 7.3 tree at " << tree_ << " (tools/kernel-tree/prepare 7.3)";
		dir_ = work / ::testing::UnitTest::GetInstance()->current_test_info()->name();
		fs::remove_all(dir_);
		fs::create_directories(dir_);
	}

	fs::path tree_, dir_;
};

}  // namespace dropin_test
