// SPDX-License-Identifier: GPL-2.0
// The guest init's job file (afalg/guest/job.h) parsed, and its runner (afalg/guest/job_runner.h)
// on the host against a fake module tree, sysfs and /dev; the writes to a virtio port it uses.
#include <gtest/gtest.h>

#include <cerrno>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>
#include <vector>

#include "afalg/guest/job.h"
#include "afalg/guest/job_runner.h"
#include "afalg/guest/virtio_port.h"
#include "tests/afalg/guest/guest_fixtures.h"

using namespace kcshim::guest;
using namespace kcshim_test::guest_fixtures;

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
