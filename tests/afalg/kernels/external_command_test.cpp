// SPDX-License-Identifier: GPL-2.0
/* afalg/kernels/external_command.h: output, status, files, and the timeout that kills a process group. */
#include <gtest/gtest.h>

#include <csignal>
#include <fstream>
#include <sstream>
#include <thread>
#include <unistd.h>

#include "afalg/kernels/external_command.h"

namespace kcshim::afalg {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

Command sh(const std::string &script, std::chrono::milliseconds timeout = 10s)
{
	Command c;
	c.argv = {"sh", "-c", script};
	c.timeout = timeout;
	return c;
}

fs::path temp_dir(const std::string &name)
{
	fs::path d = fs::temp_directory_path() /
		     ("kcshim-" + name + "-" + std::to_string(::getpid()));
	fs::remove_all(d);
	fs::create_directories(d);
	return d;
}

/* Is @pid gone (or a zombie nobody reaped yet)? */
bool gone(pid_t pid)
{
	std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
	if (!stat)
		return true;
	std::string line;
	std::getline(stat, line);
	size_t paren = line.rfind(')');
	return paren != std::string::npos && line.size() > paren + 2 && line[paren + 2] == 'Z';
}

TEST(Command, CapturesOutputInOrderAndExitStatus)
{
	auto r = run_command(sh("echo one; echo two >&2; echo '  three  '; echo; exit 3"));
	ASSERT_TRUE(r) << describe(r.error());
	EXPECT_EQ(r->exit_status, 3);
	EXPECT_FALSE(r->ok());
	EXPECT_FALSE(r->timed_out);
	EXPECT_EQ(r->output, "one\ntwo\n  three  \n\n");
	EXPECT_EQ(r->last_line(), "three");
	EXPECT_EQ(r->failure_line(), "sh exited with 3: three");
}

TEST(Command, SignalIsReported)
{
	auto r = run_command(sh("kill -TERM $$"));
	ASSERT_TRUE(r) << describe(r.error());
	EXPECT_EQ(r->signal, SIGTERM);
	EXPECT_EQ(r->exit_status, -1);
	EXPECT_NE(r->failure_line().find("sh killed by signal 15"), std::string::npos)
		<< r->failure_line();
}

TEST(Command, TimeoutKillsTheWholeProcessGroup)
{
	fs::path dir = temp_dir("cmd-timeout");
	fs::path pidfile = dir / "pid";
	/* A grandchild in the background, then the shell itself blocks. */
	auto t0 = std::chrono::steady_clock::now();
	auto r = run_command(sh("sleep 60 & echo $! > " + pidfile.string() +
					"; echo waiting; sleep 60",
				300ms));
	auto took = std::chrono::steady_clock::now() - t0;
	ASSERT_TRUE(r) << describe(r.error());
	EXPECT_TRUE(r->timed_out);
	EXPECT_FALSE(r->ok());
	EXPECT_EQ(r->signal, SIGKILL);
	EXPECT_LT(took, 5s);
	EXPECT_EQ(r->output, "waiting\n");
	EXPECT_EQ(r->failure_line().rfind("sh timed out after ", 0), 0u) << r->failure_line();

	pid_t grandchild = 0;
	std::ifstream(pidfile) >> grandchild;
	ASSERT_GT(grandchild, 0);
	for (int i = 0; i < 100 && !gone(grandchild); i++)
		std::this_thread::sleep_for(20ms);
	EXPECT_TRUE(gone(grandchild)) << "background sleep " << grandchild << " survived";
	fs::remove_all(dir);
}

TEST(Command, KillRunningCommandsReachesEveryGroup)
{
	/* What a program's SIGINT handler does while a command runs on another thread. */
	auto t0 = std::chrono::steady_clock::now();
	std::thread killer([] {
		std::this_thread::sleep_for(300ms);
		kill_running_commands(SIGTERM);
	});
	auto r = run_command(sh("sleep 60 & wait", 30s));
	killer.join();
	ASSERT_TRUE(r) << describe(r.error());
	EXPECT_FALSE(r->timed_out);
	EXPECT_EQ(r->signal, SIGTERM);
	EXPECT_LT(std::chrono::steady_clock::now() - t0, 5s);
}

TEST(Command, LeftoverChildrenDoNotHoldItOpen)
{
	/* The shell exits at once; its background child keeps the output pipe. */
	auto t0 = std::chrono::steady_clock::now();
	auto r = run_command(sh("sleep 60 & echo done", 30s));
	ASSERT_TRUE(r) << describe(r.error());
	EXPECT_TRUE(r->ok());
	EXPECT_EQ(r->output, "done\n");
	EXPECT_LT(std::chrono::steady_clock::now() - t0, 5s);
}

TEST(Command, MissingProgramIsENOENT)
{
	Command c;
	c.argv = {"kcshim-no-such-program-here"};
	auto r = run_command(c);
	ASSERT_FALSE(r);
	EXPECT_EQ(r.err(), -ENOENT);
	EXPECT_EQ(r.error().what, "kcshim-no-such-program-here: not found");
}

TEST(Command, FilesWorkingDirectoryAndEnvironment)
{
	fs::path dir = temp_dir("cmd-files");
	std::ofstream(dir / "in") << "from stdin\n";
	Command c = sh("cat; pwd; echo \"$KCSHIM_TEST_VALUE\"; echo to-stderr >&2");
	c.stdin_file = dir / "in";
	c.stdout_file = dir / "out";
	c.cwd = dir;
	c.env = {"KCSHIM_TEST_VALUE=set by the test"};
	auto r = run_command(c);
	ASSERT_TRUE(r) << describe(r.error());
	EXPECT_TRUE(r->ok());
	EXPECT_EQ(r->output, "to-stderr\n");
	std::stringstream out;
	out << std::ifstream(dir / "out").rdbuf();
	EXPECT_EQ(out.str(), "from stdin\n" + fs::canonical(dir).string() + "\nset by the test\n");
	fs::remove_all(dir);
}

TEST(Command, OutputKeepsItsEnd)
{
	Command c = sh("i=0; while [ $i -lt 2000 ]; do echo line$i; i=$((i+1)); done");
	c.max_output = 1000;
	auto r = run_command(c);
	ASSERT_TRUE(r) << describe(r.error());
	EXPECT_LE(r->output.size(), 1000u);
	EXPECT_EQ(r->last_line(), "line1999");
}

} /* namespace */
} /* namespace kcshim::afalg */
