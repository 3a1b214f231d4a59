// SPDX-License-Identifier: GPL-2.0
// The guest init (afalg/guest): depmod's files, the modprobe order and its personality,
// the job file and its runner, on the host against fake trees; then the static init itself
// (x86_64 natively, arm64 under qemu-aarch64) as modprobe.
#include <gtest/gtest.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <elf.h>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <string>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

#include "afalg/guest/job.h"
#include "afalg/guest/job_runner.h"
#include "afalg/guest/modprobe.h"
#include "afalg/guest/module_index.h"
#include "tests/support/seed.h"
#include "afalg/guest/virtio_port.h"

using namespace kcshim::guest;
namespace fs = std::filesystem;

namespace {

// What a LoadModuleFn was asked to load, in order, and what it answers.
struct FakeLoader {
	struct Call {
		std::string path, params;
	};
	std::vector<Call> calls;
	std::map<std::string, int> answers;	// by path; 0 when absent

	LoadModuleFn fn()
	{
		return [this](const std::string &path, const std::string &params) {
			calls.push_back({path, params});
			auto it = answers.find(path);
			return it == answers.end() ? 0 : it->second;
		};
	}
	std::vector<std::string> paths() const
	{
		std::vector<std::string> p;
		for (const Call &c : calls)
			p.push_back(c.path);
		return p;
	}
};

std::vector<std::string> step_names(const LoadPlan &plan)
{
	std::vector<std::string> names;
	for (const LoadStep &s : plan.steps)
		names.push_back(s.name);
	return names;
}

std::string joined(const std::vector<std::string> &v)
{
	std::string s;
	for (const std::string &x : v)
		s += (s.empty() ? "" : " ") + x;
	return s;
}

/* The order plan() loads @module in, from a modules.dep text; "plan failed: <e>" if it fails. */
std::string load_order(const char *modules_dep, const char *module)
{
	ModuleIndex index;
	index.add_dep_file(modules_dep);
	LoadPlan plan;
	if (int e = index.plan(module, plan))
		return "plan failed: " + std::to_string(e);
	return joined(step_names(plan));
}

class TempDir {
public:
	TempDir()
	{
		std::string pattern = (fs::temp_directory_path() / "kcshim-guest-init-XXXXXX").string();
		if (!mkdtemp(pattern.data()))
			throw std::runtime_error("mkdtemp failed");
		path_ = pattern;
	}
	~TempDir() { fs::remove_all(path_); }
	const fs::path &path() const { return path_; }

	void write(const fs::path &relative, std::string_view text) const
	{
		fs::create_directories((path_ / relative).parent_path());
		std::ofstream(path_ / relative) << text;
	}

private:
	fs::path path_;
};

// A crypto corner of a kernel as depmod writes it: every line lists the whole closure, the
// deepest last.
constexpr const char *crypto_dep =
	"kernel/arch/arm64/crypto/sha3-ce.ko: kernel/crypto/sha3_generic.ko\n"
	"kernel/crypto/sha3_generic.ko:\n"
	"kernel/crypto/xts.ko:\n"
	"kernel/crypto/algif_hash.ko: kernel/crypto/af_alg.ko\n"
	"kernel/crypto/algif_skcipher.ko: kernel/crypto/af_alg.ko\n"
	"kernel/crypto/af_alg.ko:\n"
	"kernel/crypto/tcrypt.ko: kernel/crypto/crypto_user.ko kernel/crypto/crypto_algapi.ko "
	"kernel/crypto/crypto.ko\n"
	"kernel/crypto/crypto_user.ko: kernel/crypto/crypto_algapi.ko kernel/crypto/crypto.ko\n"
	"kernel/crypto/crypto_algapi.ko: kernel/crypto/crypto.ko\n"
	"kernel/crypto/crypto.ko:\n";
constexpr const char *crypto_alias =
	"# Aliases extracted from modules themselves.\n"
	"alias crypto-sha3-256 sha3_generic\n"
	"alias crypto-sha3-256 sha3_ce\n"
	"alias crypto-sha3-256-generic sha3_generic\n"
	"alias crypto-xts xts\n"
	"alias algif-hash algif_hash\n"
	"alias net-pf-38 af_alg\n";

ModuleIndex crypto_index()
{
	ModuleIndex index;
	index.add_dep_file(crypto_dep);
	index.add_alias_file(crypto_alias);
	return index;
}

}  // namespace

TEST(GuestModuleIndex, DeepChainLoadsDeepestFirst)
{
	ModuleIndex index = crypto_index();
	LoadPlan plan;
	ASSERT_EQ(index.plan("tcrypt", plan), 0);
	EXPECT_EQ(joined(step_names(plan)), "crypto crypto_algapi crypto_user tcrypt");
	EXPECT_EQ(plan.steps.front().path, "kernel/crypto/crypto.ko");
}

TEST(GuestModuleIndex, HandWrittenChainWithoutClosureStillLoadsDeepestFirst)
{
	EXPECT_EQ(load_order("a.ko: b.ko\nb.ko: c.ko\nc.ko: d.ko\nd.ko:\n", "a"), "d c b a");
}

TEST(GuestModuleIndex, SharedDependencyLoadsOnceBeforeItsUsers)
{
	// A diamond: top needs left and right, both need base.
	ModuleIndex index;
	index.add_dep_file("top.ko: left.ko right.ko base.ko\n"
			   "left.ko: base.ko\nright.ko: base.ko\nbase.ko:\n");
	LoadPlan plan;
	ASSERT_EQ(index.plan("top", plan), 0);
	auto names = step_names(plan);
	ASSERT_EQ(names.size(), 4u) << joined(names);
	EXPECT_EQ(names.front(), "base") << joined(names);
	EXPECT_EQ(names.back(), "top") << joined(names);
}

TEST(GuestModuleIndex, AliasMatchingSeveralModulesLoadsAllAndTheirSharedDependencyOnce)
{
	ModuleIndex index = crypto_index();
	LoadPlan plan;
	ASSERT_EQ(index.plan("crypto-sha3-256", plan), 0);
	EXPECT_EQ(joined(step_names(plan)), "sha3_generic sha3_ce");
	EXPECT_TRUE(plan.steps[0].requested);
	EXPECT_TRUE(plan.steps[1].requested);
}

TEST(GuestModuleIndex, AliasPatternsAreGlobs)
{
	ModuleIndex index;
	index.add_dep_file("kernel/crypto/sha3_generic.ko:\nkernel/drivers/net/e1000e.ko:\n"
			   "kernel/crypto/blake2b_generic.ko:\n");
	index.add_alias_file("alias crypto-sha3-* sha3_generic\n"
			     "alias pci:v00008086d000010D3sv*sd*bc*sc*i* e1000e\n"
			     "alias crypto-blake2b-[0-9]* blake2b_generic\n");
	std::vector<std::string> targets;
	ASSERT_EQ(index.resolve("crypto-sha3-512", targets), 0);
	EXPECT_EQ(joined(targets), "sha3_generic");
	ASSERT_EQ(index.resolve("pci:v00008086d000010D3sv00008086sd0000A01Fbc02sc00i00", targets), 0);
	EXPECT_EQ(joined(targets), "e1000e");
	ASSERT_EQ(index.resolve("crypto-blake2b-256", targets), 0);
	EXPECT_EQ(joined(targets), "blake2b_generic");
	EXPECT_EQ(index.resolve("crypto-blake2b-x", targets), -ENOENT);
	EXPECT_EQ(index.resolve("crypto-sha2-256", targets), -ENOENT);
}

TEST(GuestModuleIndex, DashAndUnderscoreNameTheSameModule)
{
	ModuleIndex index = crypto_index();
	for (const char *name : {"sha3-ce", "sha3_ce"}) {
		LoadPlan plan;
		ASSERT_EQ(index.plan(name, plan), 0) << name;
		EXPECT_EQ(joined(step_names(plan)), "sha3_generic sha3_ce") << name;
		EXPECT_EQ(plan.steps.back().path, "kernel/arch/arm64/crypto/sha3-ce.ko") << name;
	}
	// and in aliases: "algif-hash" is written with '-', looked up with '_'
	LoadPlan plan;
	ASSERT_EQ(index.plan("algif_hash", plan), 0);
	EXPECT_EQ(joined(step_names(plan)), "af_alg algif_hash");
	ASSERT_EQ(index.plan("crypto_sha3_256_generic", plan), 0);
	EXPECT_EQ(joined(step_names(plan)), "sha3_generic");
}

TEST(GuestModuleIndex, DashInsideAGlobRangeStaysARange)
{
	ModuleIndex index;
	index.add_dep_file("x.ko:\n");
	index.add_alias_file("alias dev-[a-c]-x x\n");
	std::vector<std::string> targets;
	EXPECT_EQ(index.resolve("dev-b-x", targets), 0);
	EXPECT_EQ(index.resolve("dev_b_x", targets), 0);
	EXPECT_EQ(index.resolve("dev-d-x", targets), -ENOENT);
	EXPECT_EQ(index.resolve("dev---x", targets), -ENOENT);
}

TEST(GuestModuleIndex, BuiltinModuleCountsAsLoaded)
{
	ModuleIndex index = crypto_index();
	index.add_builtin_file("kernel/crypto/sha256_generic.ko\nkernel/crypto/crypto_algapi.ko\n");
	const char modinfo[] = "sha256_generic.alias=crypto-sha256\0sha256_generic.license=GPL\0"
			       "sha256_generic.alias=crypto-sha256-generic";
	index.add_builtin_modinfo_file({modinfo, sizeof(modinfo)});
	LoadPlan plan;
	ASSERT_EQ(index.plan("sha256-generic", plan), 0);
	EXPECT_TRUE(plan.steps.empty());
	ASSERT_EQ(index.plan("crypto-sha256", plan), 0);
	EXPECT_TRUE(plan.steps.empty());
	ASSERT_EQ(index.plan("crypto-sha256-generic", plan), 0);
	EXPECT_TRUE(plan.steps.empty());
	EXPECT_EQ(index.plan("crypto-sha256-license", plan), -ENOENT);
	// a dependency that is built in is not loaded
	ASSERT_EQ(index.plan("crypto_user", plan), 0);
	EXPECT_EQ(joined(step_names(plan)), "crypto crypto_user");
}

TEST(GuestModuleIndex, UnknownNameOrAliasToAnUnlistedModuleIsEnoent)
{
	ModuleIndex index = crypto_index();
	index.add_alias_file("alias crypto-ghost ghost\n");
	LoadPlan plan;
	EXPECT_EQ(index.plan("kcshim_no_such_module", plan), -ENOENT);
	EXPECT_EQ(plan.missing, "kcshim_no_such_module");
	EXPECT_EQ(index.plan("crypto-ghost", plan), -ENOENT);
	EXPECT_EQ(plan.missing, "ghost");
}

TEST(GuestModuleIndex, CompressedPathsNameTheirModule)
{
	EXPECT_EQ(module_name_from_path("kernel/arch/arm64/crypto/sha3-ce.ko.xz"), "sha3_ce");
	EXPECT_EQ(module_name_from_path("kernel/crypto/xts.ko.zst"), "xts");
	EXPECT_EQ(module_name_from_path("/abs/crypto/af_alg.ko"), "af_alg");
	ModuleIndex index;
	index.add_dep_file("kernel/crypto/sha3-ce.ko.xz: kernel/crypto/sha3_generic.ko.xz\n");
	LoadPlan plan;
	ASSERT_EQ(index.plan("sha3_ce", plan), 0);
	EXPECT_EQ(plan.steps.front().path, "kernel/crypto/sha3_generic.ko.xz");
	EXPECT_EQ(joined(step_names(plan)), "sha3_generic sha3_ce");
}

TEST(GuestModuleIndex, CycleLoadsEachModuleOnce)
{
	EXPECT_EQ(load_order("a.ko: b.ko\nb.ko: a.ko\n", "a"), "b a");
}

TEST(GuestModuleIndex, BadLinesAreReportedWithTheirNumberAndSkipped)
{
	ModuleIndex index;
	index.add_dep_file("kernel/a.ko: kernel/b.ko\n"
			   "this line has no colon\n"
			   "notamodule.txt: kernel/b.ko\n"
			   "kernel/c.ko: kernel/b.txt\n"
			   "kernel/a.ko:\n"
			   "kernel/b.ko:\n");
	index.add_builtin_file("kernel/fine.ko\nnot a path\n");
	const auto &bad = index.bad_lines();
	std::vector<std::string> where;
	for (const BadLine &b : bad)
		where.push_back(b.file + ":" + std::to_string(b.line));
	EXPECT_EQ(joined(where), "modules.dep:2 modules.dep:3 modules.dep:4 modules.dep:5 "
				 "modules.builtin:2");
	LoadPlan plan;
	ASSERT_EQ(index.plan("a", plan), 0);
	EXPECT_EQ(joined(step_names(plan)), "b a");
	EXPECT_FALSE(index.has_module("c"));
	ASSERT_EQ(index.plan("fine", plan), 0);
	EXPECT_TRUE(plan.steps.empty());
}

TEST(GuestModuleIndex, AliasLinesOfAnotherFormNeverMatch)
{
	ModuleIndex index;
	index.add_dep_file("kernel/b.ko:\n");
	index.add_alias_file("alias onlytwo\nnotalias x b\naliasy b\nalias three words b\n"
			     "# alias commented b\n\talias indented b\r\nalias ok-* b\n");
	std::vector<std::string> targets;
	for (const char *name : {"onlytwo", "x", "aliasy", "three", "commented"})
		EXPECT_EQ(index.resolve(name, targets), -ENOENT) << name;
	EXPECT_EQ(index.resolve("indented", targets), 0);
	EXPECT_EQ(index.resolve("ok-go", targets), 0);
	EXPECT_EQ(joined(targets), "b");
}

TEST(GuestModuleIndex, GarbledBytesDoNotCrash)
{
	std::mt19937_64 rng(kcshim_test::test_seed());
	for (int round = 0; round < 200; round++) {
		std::string text(rng() % 512, '\0');
		for (char &c : text)
			c = static_cast<char>(rng() % 4 ? "ko:/ \n.a_-#*"[rng() % 12] : rng());
		ModuleIndex index;
		index.add_dep_file(text);
		index.add_alias_file(text);
		index.add_builtin_file(text);
		index.add_builtin_modinfo_file(text);
		LoadPlan plan;
		int err = index.plan("a", plan);
		EXPECT_TRUE(err == 0 || err == -ENOENT) << "round " << round;
		EXPECT_NO_THROW(parse_job(text)) << "round " << round;
	}
}

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

TEST(GuestJob, ParsesEachCommandInOrder)
{
	auto job = parse_job("modprobe af_alg\n"
			     "modprobe tcrypt mode=200 sec=1\n"
			     "port kcshim.bridge\n"
			     "run /kcshim/kcshim-bridge --tty @port --workers 1\n"
			     "klog\n"
			     "echo ready, set:  go\n");
	using K = JobCommand::Kind;
	ASSERT_EQ(job.size(), 6u);
	EXPECT_EQ(job[0].kind, K::modprobe);
	EXPECT_EQ(joined(job[0].args), "af_alg");
	EXPECT_EQ(job[1].kind, K::modprobe);
	EXPECT_EQ(joined(job[1].args), "tcrypt mode=200 sec=1");
	EXPECT_EQ(job[2].kind, K::port);
	EXPECT_EQ(joined(job[2].args), "kcshim.bridge");
	EXPECT_EQ(job[3].kind, K::run);
	EXPECT_EQ(job[3].args.size(), 5u);
	EXPECT_EQ(job[3].args[2], "@port");
	EXPECT_EQ(job[4].kind, K::klog);
	EXPECT_EQ(job[5].kind, K::echo);
	EXPECT_EQ(job[5].args.at(0), "ready, set:  go");
	EXPECT_EQ(job[5].line, 6u);
}

TEST(GuestJob, SkipsBlankLinesAndComments)
{
	auto job = parse_job("# a job\n\n   \n\t# indented comment\r\nklog\r\n  echo   hi  \n");
	ASSERT_EQ(job.size(), 2u);
	EXPECT_EQ(job[0].kind, JobCommand::Kind::klog);
	EXPECT_EQ(job[0].line, 5u);
	EXPECT_EQ(job[1].args.at(0), "hi");
}

TEST(GuestJob, SplitsRunArgumentsOnSpacesAndTabs)
{
	auto job = parse_job("run  /bin/prog\t-a   b\t\tc");
	ASSERT_EQ(job.size(), 1u);
	EXPECT_EQ(joined(job[0].args), "/bin/prog -a b c");
}

TEST(GuestJob, BadLinesOfKnownCommandsAreBad)
{
	using K = JobCommand::Kind;
	auto job = parse_job("modprobe\nport\nport a b\nrun\nklog now\nrun /x\n");
	ASSERT_EQ(job.size(), 6u);
	for (size_t i = 0; i < 5; i++)
		EXPECT_EQ(job[i].kind, K::bad) << "line " << job[i].line << ": " << joined(job[i].args);
	EXPECT_EQ(job[5].kind, K::run);
}

TEST(GuestJob, KlogClearIsTheOnlyKlogArgument)
{
	auto job = parse_job("klog clear\nklog\n");
	ASSERT_EQ(job.size(), 2u);
	EXPECT_EQ(job[0].kind, JobCommand::Kind::klog);
	EXPECT_EQ(job[0].args, std::vector<std::string>{"clear"});
	EXPECT_TRUE(job[1].args.empty());
}

TEST(GuestJob, UnknownCommandKeepsItsWord)
{
	auto job = parse_job("reboot now\nechoes x\n");
	ASSERT_EQ(job.size(), 2u);
	EXPECT_EQ(job[0].kind, JobCommand::Kind::unknown);
	EXPECT_EQ(job[0].args.at(0), "reboot");
	EXPECT_EQ(job[1].args.at(0), "echoes");
}

TEST(GuestJob, NulByteMakesALineBad)
{
	auto job = parse_job(std::string("echo a\0b\nklog\n", 14));
	ASSERT_EQ(job.size(), 2u);
	EXPECT_EQ(job[0].kind, JobCommand::Kind::bad);
	EXPECT_EQ(job[1].kind, JobCommand::Kind::klog);
}

// The runner on the host, with a fake module tree, sysfs and /dev.
class GuestJobRunner : public ::testing::Test {
protected:
	void SetUp() override
	{
		dir.write("modules/modules.dep", crypto_dep);
		dir.write("modules/modules.alias", crypto_alias);
		dir.write("sys/vport0p1/name", "org.qemu.guest_agent.0\n");
		dir.write("sys/vport0p2/name", "kcshim.bridge\n");
		dir.write("dev/vport0p1", "");
		dir.write("dev/vport0p2", "");
	}
	JobRunner runner(std::chrono::milliseconds port_timeout = std::chrono::milliseconds(2000))
	{
		return JobRunner({.module_dir = (dir.path() / "modules").string(),
				  .load = loader.fn(),
				  .report = [this](std::string_view l) { lines.emplace_back(l); },
				  .virtio_ports_dir = (dir.path() / "sys").string(),
				  .dev_dir = (dir.path() / "dev").string(),
				  .proc_sys_dir = (dir.path() / "proc_sys").string(),
				  .port_timeout = port_timeout});
	}
	std::string script(const char *name, const std::string &body)
	{
		dir.write(name, "#!/bin/sh\n" + body + "\n");
		fs::permissions(dir.path() / name, fs::perms::owner_all);
		return (dir.path() / name).string();
	}
	TempDir dir;
	FakeLoader loader;
	std::vector<std::string> lines;
};

TEST_F(GuestJobRunner, RunsCommandsInOrderAndSaysWhatFailed)
{
	JobRunner r = runner();
	EXPECT_EQ(r.run(parse_job("echo one\nfrobnicate\nmodprobe kcshim-bogus\nmodprobe\n"
				  "echo two\n")),
		  0);
	ASSERT_EQ(lines.size(), 5u) << joined(lines);
	EXPECT_EQ(lines[0], "one");
	EXPECT_EQ(lines[1], "job line 2: unknown command frobnicate");
	EXPECT_EQ(lines[2], "modprobe kcshim-bogus: ENOENT");
	EXPECT_EQ(lines[3], "job line 4: modprobe needs a module name");
	EXPECT_EQ(lines[4], "two");
	EXPECT_EQ(r.last_modprobe(), -ENOENT);
}

TEST_F(GuestJobRunner, ModprobeRemembersTheLastResult)
{
	loader.answers[(dir.path() / "modules/kernel/crypto/xts.ko").string()] = -ENODEV;
	JobRunner r = runner();
	r.run(parse_job("modprobe xts\n"));
	EXPECT_EQ(r.last_modprobe(), -ENODEV);
	ASSERT_EQ(lines.size(), 1u);
	EXPECT_EQ(lines[0], "modprobe xts: ENODEV");
	r.run(parse_job("modprobe algif-hash\n"));
	EXPECT_EQ(r.last_modprobe(), 0);
	EXPECT_EQ(loader.calls.size(), 3u);
}

TEST_F(GuestJobRunner, MissingModulesDepIsALineAndTheJobGoesOn)
{
	fs::remove(dir.path() / "modules/modules.dep");
	JobRunner r = runner();
	EXPECT_EQ(r.run(parse_job("modprobe xts\nmodprobe af_alg\necho on\n")), 0);
	ASSERT_EQ(lines.size(), 4u) << joined(lines);
	EXPECT_EQ(lines[0], "cannot read " + (dir.path() / "modules").string() +
				    "/modules.dep: ENOENT");
	EXPECT_EQ(lines[1], "modprobe xts: ENOENT");
	EXPECT_EQ(lines[2], "modprobe af_alg: ENOENT");
	EXPECT_EQ(lines[3], "on");
}

// udev's coldplug: the CPU's modalias loads the accelerated module that claims its feature, a
// device no module claims says nothing, sysfs's links back up the tree are not followed.
TEST_F(GuestJobRunner, ColdplugLoadsWhatEveryModaliasNames)
{
	dir.write("modules/modules.alias", std::string(crypto_alias) +
						   "alias cpu:type:*:feature:*0011* sha3_ce\n"
						   "alias cpu:type:*:feature:*0042* xts\n");
	dir.write("devices/system/cpu/modalias", "cpu:type:aarch64:feature:,0000,0001,0011,0012\n");
	dir.write("devices/platform/foo/modalias", "of:Nfoo\n");
	fs::create_directory_symlink(dir.path() / "devices", dir.path() / "devices/platform/loop");
	JobSystem sys{.module_dir = (dir.path() / "modules").string(),
		      .load = loader.fn(),
		      .report = [this](std::string_view l) { lines.emplace_back(l); },
		      .devices_dir = (dir.path() / "devices").string()};
	JobRunner r(sys);
	EXPECT_EQ(r.run(parse_job("coldplug\n")), 0);
	ASSERT_EQ(loader.calls.size(), 2u) << joined(lines);
	EXPECT_NE(loader.calls[0].path.find("sha3_generic.ko"), std::string::npos) << loader.calls[0].path;
	EXPECT_NE(loader.calls[1].path.find("sha3-ce.ko"), std::string::npos) << loader.calls[1].path;
	ASSERT_EQ(lines.size(), 1u) << joined(lines);
	EXPECT_EQ(lines[0], "coldplug: 2 devices, 1 with modules");
	EXPECT_EQ(parse_job("coldplug now\n")[0].kind, JobCommand::Kind::bad);
}

// 7.x's AF_ALG allowlist is lifted where the kernel has the setting; an older kernel's lack of
// it is one line, and the job goes on.
TEST_F(GuestJobRunner, SysctlWritesTheSettingWhereTheKernelHasIt)
{
	dir.write("proc_sys/crypto/af_alg_restrict", "1\n");
	JobRunner r = runner();
	EXPECT_EQ(r.run(parse_job("sysctl crypto.af_alg_restrict 0\nsysctl net.core.nothing 1\necho on\n")),
		  0);
	std::ifstream in(dir.path() / "proc_sys/crypto/af_alg_restrict");
	std::string value;
	std::getline(in, value);
	EXPECT_EQ(value, "0");
	ASSERT_EQ(lines.size(), 2u) << joined(lines);
	EXPECT_EQ(lines[0], "sysctl net.core.nothing: not in this kernel");
	EXPECT_EQ(lines[1], "on");
	using K = JobCommand::Kind;
	EXPECT_EQ(parse_job("sysctl crypto.af_alg_restrict\n")[0].kind, K::bad);
	EXPECT_EQ(parse_job("sysctl ../../etc/passwd 0\n")[0].kind, K::bad);
	EXPECT_EQ(parse_job("sysctl crypto.x 0\n")[0].kind, K::sysctl);
}

TEST_F(GuestJobRunner, PortFindsTheVirtioPortByName)
{
	JobRunner r = runner();
	EXPECT_EQ(r.run(parse_job("port kcshim.bridge\n")), 0);
	EXPECT_EQ(r.port(), (dir.path() / "dev/vport0p2").string());
	ASSERT_EQ(lines.size(), 1u);
	EXPECT_EQ(lines[0], "port kcshim.bridge: " + r.port());
}

TEST_F(GuestJobRunner, PortThatNeverComesStopsTheJob)
{
	JobRunner r = runner(std::chrono::milliseconds(100));
	EXPECT_EQ(r.run(parse_job("port kcshim.nothere\necho not reached\n")), -ETIMEDOUT);
	ASSERT_EQ(lines.size(), 1u) << joined(lines);
	EXPECT_EQ(lines[0], "port kcshim.nothere: no such virtio port after 100 ms");
}

TEST_F(GuestJobRunner, RunPutsThePortInPlaceOfAtPortAndSaysTheExitStatus)
{
	std::string args_file = (dir.path() / "args").string();
	std::string prog = script("prog", "echo \"$@\" > " + args_file + "; exit 3");
	JobRunner r = runner();
	r.run(parse_job("port kcshim.bridge\nrun " + prog + " --tty @port x\n"));
	ASSERT_EQ(lines.size(), 2u) << joined(lines);
	EXPECT_EQ(lines[1], prog + " exited with 3");
	std::ifstream in(args_file);
	std::string args;
	std::getline(in, args);
	EXPECT_EQ(args, "--tty " + r.port() + " x");
}

TEST_F(GuestJobRunner, RunSaysWhichSignalKilledTheProgram)
{
	std::string prog = script("killed", "kill -KILL $$");
	JobRunner r = runner();
	r.run(parse_job("run " + prog + "\n"));
	ASSERT_EQ(lines.size(), 1u) << joined(lines);
	EXPECT_EQ(lines[0], prog + " killed by signal SIGKILL");
}

TEST_F(GuestJobRunner, RunOfAMissingProgramExits127)
{
	JobRunner r = runner();
	r.run(parse_job("run /kcshim/no-such-program\n"));
	ASSERT_EQ(lines.size(), 2u) << joined(lines);
	EXPECT_EQ(lines[0], "run /kcshim/no-such-program: ENOENT");
	EXPECT_EQ(lines[1], "/kcshim/no-such-program exited with 127");
}

TEST_F(GuestJobRunner, RunWithAtPortBeforeAnyPortIsNotRun)
{
	std::string marker = (dir.path() / "ran").string();
	std::string prog = script("prog", "touch " + marker);
	JobRunner r = runner();
	r.run(parse_job("run " + prog + " @port\n"));
	ASSERT_EQ(lines.size(), 1u) << joined(lines);
	EXPECT_EQ(lines[0], "run " + prog + ": @port but no port yet; not run");
	EXPECT_FALSE(fs::exists(marker));
}

TEST_F(GuestJobRunner, KlogWithoutAPortSaysSo)
{
	JobRunner r = runner();
	r.run(parse_job("klog\n"));
	ASSERT_EQ(lines.size(), 1u);
	EXPECT_EQ(lines[0], "klog: no port yet");
}

TEST(GuestVirtioPort, WriteToPortWritesEverythingToAFile)
{
	TempDir dir;
	std::string path = (dir.path() / "port").string();
	dir.write("port", "");
	std::string data(200000, 'k');
	ASSERT_EQ(write_to_port(path, data, std::chrono::milliseconds(1000)), 0);
	EXPECT_EQ(fs::file_size(path), data.size());
	EXPECT_EQ(write_to_port((dir.path() / "no/such").string(), data,
				std::chrono::milliseconds(10)),
		  -ENOENT);
}

// The built static programs (afalg/guest/guest_programs.cmake).
namespace {

struct GuestArch {
	const char *name;
	uint16_t machine;
	const char *emulator;	// "" to run natively, or when there is none
};

void PrintTo(const GuestArch &arch, std::ostream *os)
{
	*os << arch.name;
}

const GuestArch guest_arches[] = {
	{"x86_64", EM_X86_64, ""},
	{"arm64", EM_AARCH64, KCSHIM_TEST_QEMU_AARCH64},
};

fs::path guest_program(const GuestArch &arch, const char *name)
{
	return fs::path(KCSHIM_TEST_GUEST_PROGRAMS_DIR) / arch.name / name;
}

// Runs COMMAND through the shell; returns its exit status and what it wrote to stdout+stderr.
int run_command(const std::string &command, std::string &output)
{
	FILE *p = popen((command + " 2>&1").c_str(), "r");
	if (!p)
		return -1;
	char buf[4096];
	size_t n;
	output.clear();
	while ((n = fread(buf, 1, sizeof(buf), p)) > 0)
		output.append(buf, n);
	int status = pclose(p);
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

}  // namespace

class GuestPrograms : public ::testing::TestWithParam<GuestArch> {
protected:
	void SetUp() override
	{
		init = guest_program(GetParam(), "init");
		if (!fs::exists(init))
			GTEST_SKIP() << init << " not built (target kcshim_guest_programs)";
		if (*GetParam().emulator)
			emulator = std::string(GetParam().emulator) + " ";
		else if (GetParam().machine != EM_X86_64)
			GTEST_SKIP() << "no qemu-aarch64 to run " << init;
	}
	fs::path init;
	std::string emulator;
};

TEST_P(GuestPrograms, AreStaticExecutablesForTheirArch)
{
	for (const char *name : {"init", "kcshim-bridge"}) {
		fs::path program = guest_program(GetParam(), name);
		std::ifstream in(program, std::ios::binary);
		std::string elf((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
		ASSERT_GE(elf.size(), sizeof(Elf64_Ehdr)) << program;
		Elf64_Ehdr eh;
		std::memcpy(&eh, elf.data(), sizeof(eh));
		ASSERT_EQ(std::memcmp(eh.e_ident, ELFMAG, SELFMAG), 0) << program;
		EXPECT_EQ(eh.e_machine, GetParam().machine) << program;
		bool interpreter = false;
		for (unsigned int i = 0; i < eh.e_phnum; i++) {
			Elf64_Phdr ph;
			ASSERT_LE(eh.e_phoff + (i + 1) * sizeof(ph), elf.size()) << program;
			std::memcpy(&ph, elf.data() + eh.e_phoff + i * sizeof(ph), sizeof(ph));
			interpreter |= ph.p_type == PT_INTERP || ph.p_type == PT_DYNAMIC;
		}
		EXPECT_FALSE(interpreter) << program << " is dynamically linked";
	}
}

TEST_P(GuestPrograms, InitAsModprobeUsesTheTreeUnderKcshimInitRoot)
{
	TempDir root;
	struct utsname u {};
	uname(&u);
	fs::path modules = fs::path("lib/modules") / u.release;
	root.write(modules / "modules.dep", "kernel/crypto/xts.ko:\n");
	root.write(modules / "modules.builtin", "kernel/crypto/sha256_generic.ko\n");
	fs::create_symlink(fs::absolute(init), root.path() / "modprobe");
	std::string modprobe = "KCSHIM_INIT_ROOT=" + root.path().string() + " " + emulator +
			       (root.path() / "modprobe").string();
	std::string out;

	EXPECT_EQ(run_command(modprobe + " -q -- sha256_generic", out), 0) << out;
	EXPECT_EQ(out, "");
	EXPECT_EQ(run_command(modprobe + " -q -- crypto-kcshim-bogus", out), 1) << out;
	EXPECT_EQ(out, "");
	EXPECT_EQ(run_command(modprobe + " crypto-kcshim-bogus", out), 1) << out;
	EXPECT_EQ(out, "kcshim-init: modprobe crypto-kcshim-bogus: ENOENT\n");
}

TEST_P(GuestPrograms, InitRefusesToRunAsAnythingButPid1)
{
	std::string out;
	EXPECT_EQ(run_command(emulator + init.string(), out), 2) << out;
	EXPECT_NE(out.find("not PID 1"), std::string::npos) << out;
}

TEST_P(GuestPrograms, BridgeAnswersHelp)
{
	std::string out;
	EXPECT_EQ(run_command(emulator + guest_program(GetParam(), "kcshim-bridge").string() +
				      " --help",
			      out),
		  0)
		<< out;
	EXPECT_NE(out.find("--tty"), std::string::npos) << out;
}

INSTANTIATE_TEST_SUITE_P(Arch, GuestPrograms, ::testing::ValuesIn(guest_arches),
			 [](const auto &info) { return std::string(info.param.name); });
