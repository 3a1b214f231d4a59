// SPDX-License-Identifier: GPL-2.0
// The embedded kernel under faults, through the CLI as a user runs it (`kcshim xcheck --kernel
// uml`, or the guest $KCSHIM_TEST_KERNEL names, e.g. vm:arm64:6.12): a guest killed mid-request,
// a bridge that never answers or stops answering, a channel that stalls, a guest that cannot
// boot, a full disk for the work directory. Each must end with one error line and a non-zero
// exit, and leave no process and no directory behind. Every run gets a private TMPDIR, so the
// guest's work directory and its processes (their command lines name it) can be found and
// counted.
#include <chrono>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <spawn.h>
#include <sstream>
#include <string>
#include <sys/mount.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <vector>

#include <gtest/gtest.h>

#include "afalg/kernels/uml.h"

extern char **environ;

namespace kcshim::afalg {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;
using clock = std::chrono::steady_clock;

std::string read_text(const fs::path &p)
{
	std::ifstream in(p);
	std::stringstream ss;
	ss << in.rdbuf();
	return ss.str();
}

// Processes whose command line names @needle (UML's carry uml_dir=<TMPDIR>/kcshim-uml.*).
std::vector<pid_t> processes_naming(const std::string &needle)
{
	std::vector<pid_t> out;
	std::error_code ec;
	for (const auto &e : fs::directory_iterator("/proc", ec)) {
		const std::string name = e.path().filename().string();
		if (name.find_first_not_of("0123456789") != std::string::npos)
			continue;
		std::string cmd = read_text(e.path() / "cmdline");
		if (cmd.find(needle) != std::string::npos)
			out.push_back(std::stoi(name));
	}
	return out;
}

struct CliRun {
	int exit_code = -1;	// -1: killed by a signal
	std::string output;	// stdout and stderr
	std::vector<std::string> lines() const
	{
		std::vector<std::string> v;
		std::istringstream in(output);
		for (std::string l; std::getline(in, l);)
			if (!l.empty())
				v.push_back(l);
		return v;
	}
};

// The guest under test: uml, or a vm: kernel ($KCSHIM_TEST_KERNEL).
std::string guest_kernel()
{
	const char *k = std::getenv("KCSHIM_TEST_KERNEL");
	return k && *k ? k : "uml";
}

bool is_vm()
{
	return guest_kernel() != "uml";
}

class EmbeddedKernelFaults : public ::testing::Test {
protected:
	void SetUp() override
	{
		if (!is_vm() && !find_uml())
			GTEST_SKIP() << "user-mode-linux is not installed (apt-get install user-mode-linux kmod)";
		char tmpl[] = "/tmp/kcshim-fault.XXXXXX";
		ASSERT_NE(::mkdtemp(tmpl), nullptr);
		root_ = tmpl;
		tmpdir_ = root_ / "tmp";
		fs::create_directory(tmpdir_);
	}

	void TearDown() override
	{
		if (root_.empty())
			return;
		for (pid_t p : processes_naming(tmpdir_.string()))
			::kill(p, SIGKILL);
		if (mounted_)
			::umount2(tmpdir_.c_str(), MNT_DETACH);
		std::error_code ec;
		fs::remove_all(root_, ec);
	}

	// Starts `kcshim ARGS...` with TMPDIR=tmpdir_ and @env added; output to a file.
	void start(const std::vector<std::string> &args, const std::vector<std::string> &env = {})
	{
		std::vector<std::string> argv{KCSHIM_CLI};
		argv.insert(argv.end(), args.begin(), args.end());
		std::vector<std::string> envv{"TMPDIR=" + tmpdir_.string()};
		envv.insert(envv.end(), env.begin(), env.end());
		for (char **e = environ; *e; e++)
			if (std::string(*e).rfind("TMPDIR=", 0) != 0 &&
			    std::string(*e).rfind("KCSHIM_BRIDGE=", 0) != 0)
				envv.emplace_back(*e);
		std::vector<char *> a, en;
		for (auto &s : argv)
			a.push_back(s.data());
		a.push_back(nullptr);
		for (auto &s : envv)
			en.push_back(s.data());
		en.push_back(nullptr);
		posix_spawn_file_actions_t fa;
		posix_spawn_file_actions_init(&fa);
		posix_spawn_file_actions_addopen(&fa, 1, (root_ / "out.txt").c_str(),
						 O_WRONLY | O_CREAT | O_TRUNC, 0600);
		posix_spawn_file_actions_adddup2(&fa, 1, 2);
		ASSERT_EQ(posix_spawn(&pid_, KCSHIM_CLI, &fa, nullptr, a.data(), en.data()), 0);
		posix_spawn_file_actions_destroy(&fa);
	}

	// Waits up to @limit for the CLI to exit (killing it after).
	CliRun finish(std::chrono::seconds limit)
	{
		CliRun r;
		int status = 0;
		auto until = clock::now() + limit;
		pid_t w = 0;
		while ((w = ::waitpid(pid_, &status, WNOHANG)) == 0 && clock::now() < until)
			std::this_thread::sleep_for(50ms);
		if (w == 0) {
			ADD_FAILURE() << "kcshim still running after " << limit.count() << " s";
			::kill(pid_, SIGKILL);
			::waitpid(pid_, &status, 0);
		}
		if (WIFEXITED(status))
			r.exit_code = WEXITSTATUS(status);
		r.output = read_text(root_ / "out.txt");
		return r;
	}

	// The guest's console log, once the guest's init has written @marker to it.
	bool wait_for_console(const std::string &marker, std::chrono::seconds limit)
	{
		auto until = clock::now() + limit;
		while (clock::now() < until) {
			std::error_code ec;
			for (const auto &e : fs::directory_iterator(tmpdir_, ec))
				if (read_text(e.path() / "console.log").find(marker) != std::string::npos)
					return true;
			std::this_thread::sleep_for(100ms);
		}
		return false;
	}

	// A shell script in root_ (on the host's /, which the guest sees through hostfs).
	std::string script(const std::string &name, const std::string &body)
	{
		fs::path p = root_ / name;
		std::ofstream(p) << "#!/bin/sh\n" << body;
		fs::permissions(p, fs::perms::owner_all);
		return p.string();
	}

	// What every fault must leave: no guest process, an empty TMPDIR, one error line.
	void expect_clean_failure(const CliRun &r, const std::string &expected)
	{
		std::printf("kcshim exited with %d:\n%s", r.exit_code, r.output.c_str());
		EXPECT_NE(r.exit_code, 0) << r.output;
		auto lines = r.lines();
		ASSERT_FALSE(lines.empty());
		EXPECT_NE(lines.back().find(expected), std::string::npos)
			<< "last line: " << lines.back() << "\nwhole output:\n" << r.output;
		/* the error line may quote the console's reason; no other line may dump it */
		for (size_t i = 0; i + 1 < lines.size(); i++)
			EXPECT_EQ(lines[i].find("Kernel panic"), std::string::npos)
				<< "a console dump in the error report:\n" << r.output;
		std::this_thread::sleep_for(200ms);
		EXPECT_TRUE(processes_naming(tmpdir_.string()).empty())
			<< "guest processes left behind";
		EXPECT_TRUE(fs::is_empty(tmpdir_)) << "files left in TMPDIR "
						   << fs::directory_iterator(tmpdir_)->path();
	}

	fs::path root_, tmpdir_;
	pid_t pid_ = -1;
	bool mounted_ = false;
};

TEST_F(EmbeddedKernelFaults, GuestKilledMidRequest)
{
	start({"xcheck", "--kernel", guest_kernel(), "--iterations", "100000000", "sha3-256"});
	ASSERT_TRUE(wait_for_console("starting bridge", 300s)) << read_text(root_ / "out.txt");
	std::this_thread::sleep_for(is_vm() ? 8s : 1500ms);	// requests in flight
	auto guest = processes_naming(tmpdir_.string());
	ASSERT_FALSE(guest.empty());
	for (pid_t p : guest)
		::kill(p, SIGKILL);
	expect_clean_failure(finish(60s), "xcheck: ");
}

// kcshim itself killed (a crash, Ctrl-C, a CI timeout): its destructors never run, yet the
// guest and its work directory must go.
TEST_F(EmbeddedKernelFaults, ClientKilledMidRequest)
{
	start({"xcheck", "--kernel", guest_kernel(), "--iterations", "100000000", "sha3-256"});
	ASSERT_TRUE(wait_for_console("starting bridge", 300s)) << read_text(root_ / "out.txt");
	std::this_thread::sleep_for(is_vm() ? 8s : 1500ms);
	ASSERT_FALSE(processes_naming(tmpdir_.string()).empty());
	::kill(pid_, SIGKILL);
	finish(10s);
	auto until = clock::now() + 10s;
	while (clock::now() < until &&
	       (!processes_naming(tmpdir_.string()).empty() || !fs::is_empty(tmpdir_)))
		std::this_thread::sleep_for(100ms);
	EXPECT_TRUE(processes_naming(tmpdir_.string()).empty()) << "guest processes left behind";
	EXPECT_TRUE(fs::is_empty(tmpdir_)) << "work directory left behind";
}

// Ctrl-C while a kernel downloads: apt-get runs in a process group of its own, which the
// terminal's SIGINT does not reach; kcshim must end it before it dies of the signal.
TEST_F(EmbeddedKernelFaults, InterruptDuringADownloadEndsIt)
{
	if (!is_vm())
		GTEST_SKIP() << "user-mode Linux downloads nothing";
	fs::create_directory(root_ / "bin");
	fs::path pid_file = root_ / "apt.pid";
	std::ofstream(root_ / "bin/apt-get") << "#!/bin/sh\necho $$ > " << pid_file.string()
					     << ".tmp\nmv " << pid_file.string() << ".tmp "
					     << pid_file.string() << "\nexec sleep 300\n";
	fs::permissions(root_ / "bin/apt-get", fs::perms::owner_all);
	start({"xcheck", "--kernel", guest_kernel(), "sha3-256"},
	      {"PATH=" + (root_ / "bin").string() + ":" + std::getenv("PATH"),
	       "KCSHIM_VM_CACHE=" + (root_ / "cache").string()});
	auto until = clock::now() + 60s;
	while (!fs::exists(pid_file) && clock::now() < until)
		std::this_thread::sleep_for(50ms);
	ASSERT_TRUE(fs::exists(pid_file)) << read_text(root_ / "out.txt");
	pid_t apt = std::stoi(read_text(pid_file));
	::kill(pid_, SIGINT);
	int status = 0;
	ASSERT_EQ(::waitpid(pid_, &status, 0), pid_);
	EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGINT) << "status " << status;
	until = clock::now() + 10s;
	while (::kill(apt, 0) == 0 && clock::now() < until)
		std::this_thread::sleep_for(50ms);
	EXPECT_NE(::kill(apt, 0), 0) << "apt-get (pid " << apt << ") outlived kcshim";
	if (::kill(apt, 0) == 0)
		::kill(apt, SIGKILL);
}

TEST_F(EmbeddedKernelFaults, BridgeNeverAnswers)
{
	if (is_vm())
		GTEST_SKIP() << "a vm: guest runs the bridge of its initramfs (see ChannelStalls)";
	std::string silent = script("silent-bridge", "exec sleep 600\n");
	// 20 s: a loaded CI machine boots the guest in 5 to 10 s
	start({"xcheck", "--kernel", "uml", "--kernel-timeout", "20", "sha3-256"},
	      {"KCSHIM_BRIDGE=" + silent});
	CliRun r = finish(60s);
	expect_clean_failure(r, "user-mode Linux failed to boot");
	EXPECT_NE(r.output.find("ETIMEDOUT"), std::string::npos) << r.output;
}

TEST_F(EmbeddedKernelFaults, BridgeStopsAnsweringMidSession)
{
	if (is_vm())
		GTEST_SKIP() << "a vm: guest runs the bridge of its initramfs (see ChannelStalls)";
	// The real bridge, frozen (SIGSTOP) once the session has run for a while.
	std::string freezing = script("freezing-bridge",
				      std::string(KCSHIM_TEST_GUEST_BRIDGE) + " \"$@\" &\n"
				      "pid=$!\nsleep 4\nkill -STOP $pid\nwait $pid\n");
	start({"xcheck", "--kernel", "uml", "--kernel-timeout", "20", "--iterations", "100000000",
	       "sha3-256"},
	      {"KCSHIM_BRIDGE=" + freezing});
	CliRun r = finish(120s);
	expect_clean_failure(r, "xcheck: kernel sha3-256");
	EXPECT_NE(r.output.find("ETIMEDOUT"), std::string::npos) << r.output;
}

TEST_F(EmbeddedKernelFaults, FullDiskForTheWorkDirectory)
{
	if (::mount("kcshim-full", tmpdir_.c_str(), "tmpfs", 0, "size=64k") != 0)
		GTEST_SKIP() << "cannot mount a small tmpfs (needs root): " << std::strerror(errno);
	mounted_ = true;
	{
		std::ofstream fill(tmpdir_ / "filler", std::ios::binary);
		std::string block(4096, 'x');
		while (fill.write(block.data(), block.size()))
			fill.flush();
	}
	// The disk stays full while kcshim runs; the filler is removed before judging what is left.
	start({"xcheck", "--kernel", guest_kernel(), "sha3-256"});
	CliRun r = finish(120s);
	fs::remove(tmpdir_ / "filler");
	expect_clean_failure(r, "ENOSPC");
}

// The whole guest frozen mid-session (SIGSTOP to qemu, as a host under memory pressure or a
// debugger would): the channel stalls, the request's deadline ends the run.
TEST_F(EmbeddedKernelFaults, ChannelStalls)
{
	if (!is_vm())
		GTEST_SKIP() << "user-mode Linux: see BridgeStopsAnsweringMidSession";
	start({"xcheck", "--kernel", guest_kernel(), "--kernel-timeout", "30", "--iterations",
	       "100000000", "sha3-256"});
	ASSERT_TRUE(wait_for_console("starting bridge", 300s)) << read_text(root_ / "out.txt");
	std::this_thread::sleep_for(8s);
	auto guest = processes_naming(tmpdir_.string());
	ASSERT_FALSE(guest.empty());
	for (pid_t p : guest)
		::kill(p, SIGSTOP);
	CliRun r = finish(120s);
	expect_clean_failure(r, "xcheck: kernel sha3-256");
	EXPECT_NE(r.output.find("ETIMEDOUT"), std::string::npos) << r.output;
}

// A guest whose init cannot run: the kernel panics ("No working init found"), qemu exits.
TEST_F(EmbeddedKernelFaults, GuestCannotBoot)
{
	if (!is_vm())
		GTEST_SKIP() << "user-mode Linux: see BridgeNeverAnswers";
	fs::path programs = root_ / "programs";
	for (const char *arch : {"arm64", "x86_64"}) {
		fs::create_directories(programs / arch);
		std::ofstream(programs / arch / "init") << "not a program\n";
		std::ofstream(programs / arch / "kcshim-bridge") << "not a program\n";
		fs::permissions(programs / arch / "init", fs::perms::owner_all);
		fs::permissions(programs / arch / "kcshim-bridge", fs::perms::owner_all);
	}
	start({"xcheck", "--kernel", guest_kernel(), "sha3-256"},
	      {"KCSHIM_GUEST_PROGRAMS=" + programs.string()});
	CliRun r = finish(300s);
	expect_clean_failure(r, "failed to boot");
	/* the panic's reason, not a line of the stack printed after it */
	EXPECT_NE(r.output.find("No working init found"), std::string::npos) << r.output;
}

}  // namespace
}  // namespace kcshim::afalg
