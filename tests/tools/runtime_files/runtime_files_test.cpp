// SPDX-License-Identifier: GPL-2.0
// An installed program reads its files under its own prefix, wherever that prefix is; a build
// tree's program reads the trees it was built from.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include <unistd.h>

#include "tools/runtime_files/runtime_files.h"

namespace fs = std::filesystem;
using kcshim::runtime_files::InstallDir;
using kcshim::runtime_files::locate;
using kcshim::runtime_files::prefix_of;

namespace {

class RuntimeFiles : public ::testing::Test {
protected:
	void SetUp() override
	{
		root_ = fs::temp_directory_path() /
			("kcshim-runtime-files-" + std::to_string(::getpid()));
		fs::create_directories(root_ / "moved" / TEST_BINDIR);
		std::ofstream(root_ / "moved" / TEST_BINDIR / "kcshim") << "";
	}
	void TearDown() override { fs::remove_all(root_); }

	fs::path root_;
};

TEST_F(RuntimeFiles, APrefixWithShareKcshimIsAnInstallWhereverItIs)
{
	fs::path prefix = root_ / "moved";
	fs::create_directories(prefix / TEST_DATADIR / "kcshim");
	auto found = prefix_of(prefix / TEST_BINDIR / "kcshim");
	ASSERT_TRUE(found.has_value());
	EXPECT_EQ(*found, prefix);
}

TEST_F(RuntimeFiles, ABinFolderWithoutShareKcshimIsNotAnInstall)
{
	// a board folder or a user's bin/ holding a build tree's copy
	EXPECT_FALSE(prefix_of(root_ / "moved" / TEST_BINDIR / "kcshim").has_value());
}

TEST_F(RuntimeFiles, ABuildTreesProgramIsNotAnInstallEvenBesideShare)
{
	// build/tools/cli/kcshim: the folder is not bin/, whatever else is around
	fs::create_directories(root_ / "build" / "tools" / "cli");
	fs::create_directories(root_ / "build" / "tools" / TEST_DATADIR / "kcshim");
	EXPECT_FALSE(prefix_of(root_ / "build" / "tools" / "cli" / "kcshim").has_value());
}

TEST(RuntimeFilesLocate, ThisTestRunsFromItsBuildTreeSoFilesAreTheBuilt)
{
	EXPECT_FALSE(kcshim::runtime_files::installed_prefix().has_value());
	EXPECT_EQ(locate(InstallDir::libexec, "kcshim/guest", "/build/guest"), "/build/guest");
}

}  // namespace
