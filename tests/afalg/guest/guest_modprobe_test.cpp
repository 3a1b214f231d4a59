// SPDX-License-Identifier: GPL-2.0
// The guest init's modprobe (afalg/guest/modprobe.h): the modules a name loads, with their
// parameters, and where a failure stops; then its personality (modprobe_main) against a module
// directory on disk.
#include <gtest/gtest.h>

#include <cerrno>
#include <string>
#include <string_view>
#include <vector>

#include "afalg/guest/modprobe.h"
#include "afalg/guest/module_index.h"
#include "tests/afalg/guest/guest_fixtures.h"

using namespace kcshim::guest;
using namespace kcshim_test::guest_fixtures;

TEST(GuestModprobe, ParamsGoOnlyToTheNamedModule)
{
	ModuleIndex index = crypto_index();
	FakeLoader loader;
	ModprobeResult r = modprobe(index, "/lib/modules/6.12.0", "tcrypt", "mode=200 sec=1",
				    loader.fn());
	ASSERT_EQ(r.err, 0);
	ASSERT_EQ(loader.calls.size(), 4u);
	EXPECT_EQ(loader.calls[0].path, "/lib/modules/6.12.0/kernel/crypto/crypto.ko");
	for (size_t i = 0; i < 3; i++)
		EXPECT_EQ(loader.calls[i].params, "") << loader.calls[i].path;
	EXPECT_EQ(loader.calls[3].path, "/lib/modules/6.12.0/kernel/crypto/tcrypt.ko");
	EXPECT_EQ(loader.calls[3].params, "mode=200 sec=1");
}

TEST(GuestModprobe, ParamsGoToEveryModuleAnAliasStandsFor)
{
	ModuleIndex index = crypto_index();
	FakeLoader loader;
	ASSERT_EQ(modprobe(index, "/m", "crypto-sha3-256", "x=1", loader.fn()).err, 0);
	ASSERT_EQ(loader.calls.size(), 2u);
	EXPECT_EQ(loader.calls[0].params, "x=1");
	EXPECT_EQ(loader.calls[1].params, "x=1");
}

TEST(GuestModprobe, AlreadyLoadedCountsAsLoaded)
{
	ModuleIndex index = crypto_index();
	FakeLoader loader;
	loader.answers["/m/kernel/crypto/crypto_algapi.ko"] = -EEXIST;
	loader.answers["/m/kernel/crypto/tcrypt.ko"] = -EEXIST;
	ModprobeResult r = modprobe(index, "/m", "tcrypt", "", loader.fn());
	EXPECT_EQ(r.err, 0);
	EXPECT_EQ(loader.calls.size(), 4u);
}

TEST(GuestModprobe, FailureStopsAtTheModuleThatFailed)
{
	ModuleIndex index = crypto_index();
	FakeLoader loader;
	loader.answers["/m/kernel/crypto/crypto_algapi.ko"] = -ENODEV;
	ModprobeResult r = modprobe(index, "/m", "tcrypt", "", loader.fn());
	EXPECT_EQ(r.err, -ENODEV);
	EXPECT_EQ(r.module, "crypto_algapi");
	EXPECT_EQ(joined(loader.paths()),
		  "/m/kernel/crypto/crypto.ko /m/kernel/crypto/crypto_algapi.ko");

	std::vector<std::string> lines;
	report_modprobe_failure("tcrypt", r, [&](std::string_view l) { lines.emplace_back(l); });
	ASSERT_EQ(lines.size(), 2u);
	EXPECT_EQ(lines[0], "modprobe tcrypt: ENODEV");
	EXPECT_EQ(lines[1], "modprobe tcrypt: failed loading crypto_algapi");
}

// arm64 on a CPU without the SHA-512 instructions: crypto-sha512 names sha512-ce (ENODEV there)
// beside sha512-arm64 and the generic; as with kmod, the others still load.
TEST(GuestModprobe, AnAliasTargetTheCpuRefusesDoesNotStopTheOthers)
{
	ModuleIndex index;
	index.add_dep_file("kernel/arch/arm64/crypto/sha512-ce.ko: kernel/crypto/sha512_generic.ko\n"
			   "kernel/arch/arm64/crypto/sha512-arm64.ko:\n"
			   "kernel/crypto/sha512_generic.ko:\n");
	index.add_alias_file("alias crypto-sha512 sha512_ce\nalias crypto-sha512 sha512_arm64\n"
			     "alias crypto-sha512 sha512_generic\n");
	FakeLoader loader;
	loader.answers["/m/kernel/arch/arm64/crypto/sha512-ce.ko"] = -ENODEV;
	ModprobeResult r = modprobe(index, "/m", "crypto-sha512", "", loader.fn());
	EXPECT_EQ(r.err, -ENODEV);
	EXPECT_EQ(r.module, "sha512_ce");
	EXPECT_EQ(joined(loader.paths()),
		  "/m/kernel/crypto/sha512_generic.ko /m/kernel/arch/arm64/crypto/sha512-ce.ko "
		  "/m/kernel/arch/arm64/crypto/sha512-arm64.ko");
}

TEST(GuestModprobe, AbsolutePathsInModulesDepAreKept)
{
	ModuleIndex index;
	index.add_dep_file("/opt/mods/a.ko: /opt/mods/b.ko\n");
	FakeLoader loader;
	ASSERT_EQ(modprobe(index, "/m", "a", "", loader.fn()).err, 0);
	EXPECT_EQ(joined(loader.paths()), "/opt/mods/b.ko /opt/mods/a.ko");
}

// The personality, against a module directory of files on disk.
class GuestModprobeMain : public ::testing::Test {
protected:
	void SetUp() override
	{
		dir.write("modules.dep", crypto_dep);
		dir.write("modules.alias", crypto_alias);
		dir.write("modules.builtin", "kernel/crypto/sha256_generic.ko\n");
		dir.write("modules.builtin.modinfo",
			  std::string_view("sha256_generic.alias=crypto-sha256\0", 35));
	}
	int run(std::vector<std::string> args)
	{
		std::vector<char *> argv;
		for (std::string &a : args)
			argv.push_back(a.data());
		return modprobe_main(argv, dir.path().string(), loader.fn(),
				     [this](std::string_view l) { lines.emplace_back(l); });
	}
	TempDir dir;
	FakeLoader loader;
	std::vector<std::string> lines;
};

TEST_F(GuestModprobeMain, LoadsWhatTheKernelAsksFor)
{
	EXPECT_EQ(run({"/sbin/modprobe", "-q", "--", "crypto-sha3-256"}), 0);
	EXPECT_EQ(joined(loader.paths()),
		  dir.path().string() + "/kernel/crypto/sha3_generic.ko " + dir.path().string() +
			  "/kernel/arch/arm64/crypto/sha3-ce.ko");
	EXPECT_TRUE(lines.empty()) << joined(lines);
}

TEST_F(GuestModprobeMain, ParamsAfterTheNameGoToIt)
{
	EXPECT_EQ(run({"modprobe", "algif_hash", "a=1", "b=2"}), 0);
	ASSERT_EQ(loader.calls.size(), 2u);
	EXPECT_EQ(loader.calls[0].params, "");
	EXPECT_EQ(loader.calls[1].params, "a=1 b=2");
}

TEST_F(GuestModprobeMain, BuiltinExitsZeroWithoutLoading)
{
	EXPECT_EQ(run({"modprobe", "-q", "--", "sha256-generic"}), 0);
	EXPECT_EQ(run({"modprobe", "-q", "--", "crypto-sha256"}), 0);
	EXPECT_TRUE(loader.calls.empty());
}

TEST_F(GuestModprobeMain, UnknownNameExitsOneAndQuietSaysNothing)
{
	EXPECT_EQ(run({"modprobe", "-q", "--", "crypto-kcshim-bogus"}), 1);
	EXPECT_TRUE(lines.empty()) << joined(lines);
	EXPECT_EQ(run({"modprobe", "crypto-kcshim-bogus"}), 1);
	ASSERT_EQ(lines.size(), 1u);
	EXPECT_EQ(lines[0], "modprobe crypto-kcshim-bogus: ENOENT");
	EXPECT_TRUE(loader.calls.empty());
}

TEST_F(GuestModprobeMain, LoadFailureExitsOne)
{
	loader.answers[dir.path().string() + "/kernel/crypto/xts.ko"] = -ENOEXEC;
	EXPECT_EQ(run({"modprobe", "xts"}), 1);
	ASSERT_EQ(lines.size(), 1u) << joined(lines);
	EXPECT_EQ(lines[0], "modprobe xts: ENOEXEC");
}

TEST_F(GuestModprobeMain, UsageErrorsExitOne)
{
	EXPECT_EQ(run({"modprobe", "-r", "xts"}), 1);
	EXPECT_EQ(run({"modprobe", "-q", "--"}), 1);
	EXPECT_EQ(run({"modprobe"}), 1);
	EXPECT_EQ(lines.size(), 3u) << joined(lines);
	EXPECT_TRUE(loader.calls.empty());
}

TEST(GuestModprobeMainTree, MissingModulesDepExitsOne)
{
	TempDir empty;
	std::vector<std::string> lines;
	std::string a0 = "modprobe", a1 = "xts";
	char *argv[] = {a0.data(), a1.data()};
	FakeLoader loader;
	EXPECT_EQ(modprobe_main(argv, empty.path().string(), loader.fn(),
				[&](std::string_view l) { lines.emplace_back(l); }),
		  1);
	ASSERT_EQ(lines.size(), 2u) << joined(lines);
	EXPECT_EQ(lines[0], "cannot read " + empty.path().string() + "/modules.dep: ENOENT");
	EXPECT_EQ(lines[1], "modprobe xts: ENOENT");
}
