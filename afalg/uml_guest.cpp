// SPDX-License-Identifier: GPL-2.0
#include "uml_guest.h"

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <poll.h>
#include <sstream>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <vector>

extern char **environ;

namespace kcshim::afalg {

namespace fs = std::filesystem;
using clock = std::chrono::steady_clock;

namespace {

constexpr const char *install_hint =
	"install Debian's user-mode Linux: apt-get install user-mode-linux kmod";
const fs::path uml_modules = "/usr/lib/uml/modules";

bool is_exec(const std::string &p)
{
	return !p.empty() && ::access(p.c_str(), X_OK) == 0;
}

int write_path(const fs::path &p, const std::string &text, mode_t mode)
{
	int fd = ::open(p.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode);
	if (fd < 0)
		return -errno;
	int e = 0;
	for (size_t done = 0; done < text.size() && !e;) {
		ssize_t n = ::write(fd, text.data() + done, text.size() - done);
		if (n < 0 && errno != EINTR)
			e = -errno;
		else if (n > 0)
			done += static_cast<size_t>(n);
	}
	if (::close(fd) < 0 && !e)
		e = -errno;
	return e;
}

/* The UML module tree's release, e.g. "6.1.176"; empty if none. */
std::string uml_module_release()
{
	std::error_code ec;
	for (auto &e : fs::directory_iterator(uml_modules, ec))
		if (e.is_directory())
			return e.path().filename().string();
	return {};
}

std::string find_modprobe()
{
	for (const char *p : {"/sbin/modprobe", "/usr/sbin/modprobe", "/bin/kmod"})
		if (is_exec(p))
			return p;
	return {};
}

/* uml_xstate_preload.c: $KCSHIM_UML_PRELOAD, else the build tree's, else the installed one. */
Result<std::string> find_xstate_preload()
{
	if (const char *env = std::getenv("KCSHIM_UML_PRELOAD"); env && *env) {
		if (::access(env, R_OK) == 0)
			return std::string(env);
		return fail(-ENOENT, Stage::setup,
			    std::string("KCSHIM_UML_PRELOAD: ") + env + " is not readable");
	}
	for (const char *p : {KCSHIM_UML_PRELOAD_BUILT, KCSHIM_UML_PRELOAD_INSTALLED})
		if (::access(p, R_OK) == 0)
			return std::string(p);
	return fail(-ENOENT, Stage::setup,
		    std::string("libkcshim-uml-xstate.so not found (built as ") +
			    KCSHIM_UML_PRELOAD_BUILT + "); set KCSHIM_UML_PRELOAD");
}

/* Our environment for linux.uml, with LD_PRELOAD naming only @preload. */
std::vector<std::string> uml_environment(const std::string &preload)
{
	std::vector<std::string> env;
	for (char **e = environ; *e; e++)
		if (std::strncmp(*e, "LD_PRELOAD=", 11) != 0)
			env.emplace_back(*e);
	env.push_back("LD_PRELOAD=" + preload);
	return env;
}

std::vector<char *> pointers(std::vector<std::string> &words)
{
	std::vector<char *> p;
	for (auto &w : words)
		p.push_back(w.data());
	p.push_back(nullptr);
	return p;
}

} /* namespace */

std::string UmlGuest::quote(const std::string &s)
{
	std::string out = "'";
	for (char c : s)
		out += c == '\'' ? std::string("'\\''") : std::string(1, c);
	return out + "'";
}

Result<std::string> UmlGuest::find_uml(const std::string &hint)
{
	if (!hint.empty()) {
		if (is_exec(hint))
			return hint;
		return fail(-ENOENT, Stage::setup, hint + " is not executable; " + install_hint);
	}
	for (const char *p : {"/usr/bin/linux.uml", "/usr/bin/vmlinux"})
		if (is_exec(p))
			return std::string(p);
	return fail(-ENOENT, Stage::setup, std::string("user-mode Linux not found; ") + install_hint);
}

Result<std::unique_ptr<UmlGuest>> UmlGuest::prepare(const UmlGuestOptions &opt)
{
	auto uml = find_uml(opt.uml_binary);
	if (!uml)
		return uml.error();
	auto preload = find_xstate_preload();
	if (!preload)
		return preload.error();

	std::unique_ptr<UmlGuest> g(new UmlGuest());
	g->opt_ = opt;
	g->uml_ = *uml;
	g->preload_ = *preload;
	g->release_ = uml_module_release();
	const char *tmp = std::getenv("TMPDIR");
	std::string tmpl = std::string(tmp && *tmp ? tmp : "/tmp") + "/kcshim-uml.XXXXXX";
	if (!::mkdtemp(tmpl.data()))
		return fail(-errno, Stage::setup, "mkdtemp " + tmpl);
	g->dir_ = tmpl;
	std::error_code ec;
	fs::create_directory(g->dir_ / "dev", ec);

	if (!g->release_.empty()) {
		std::string modprobe = find_modprobe();
		if (modprobe.empty())
			return fail(-ENOENT, Stage::setup, "modprobe not found; apt-get install kmod");
		fs::path root = g->dir_ / "modroot" / "lib" / "modules";
		fs::create_directories(root, ec);
		fs::create_directory_symlink(uml_modules / g->release_, root / g->release_, ec);
		if (ec)
			return fail(-ec.value(), Stage::setup, "module tree link: " + ec.message());
		if (int e = write_path(g->modprobe(),
				       "#!/bin/sh\nexec " + modprobe + " -d " +
					       quote((g->dir_ / "modroot").string()) + " \"$@\"\n",
				       0755))
			return fail(e, Stage::setup, "writing modprobe helper");
	}
	return g;
}

int UmlGuest::write_file(const std::string &name, const std::string &text, mode_t mode) const
{
	return write_path(dir_ / name, text, mode);
}

std::string UmlGuest::modprobe() const
{
	return release_.empty() ? std::string() : (dir_ / "modprobe.sh").string();
}

std::string UmlGuest::init_prologue() const
{
	std::ostringstream s;
	s << "#!/bin/sh\n"
	  << "# generated by kcshim's UmlGuest; runs as PID 1 inside user-mode Linux\n"
	  << "PATH=/usr/sbin:/usr/bin:/sbin:/bin; export PATH\n"
	  << "mount -t proc proc /proc\n"
	  << "mount -t sysfs sys /sys 2>/dev/null\n"
	  << "mount -t devtmpfs dev " << quote((dir_ / "dev").string()) << "\n";
	if (!release_.empty())
		s << "echo " << quote(modprobe()) << " > /proc/sys/kernel/modprobe\n";
	return s.str();
}

int UmlGuest::start(const std::string &script, int channel_in, int channel_out)
{
	if (pid_ > 0)
		return -EBUSY;
	fs::path init = dir_ / "init.sh";
	if (int e = write_path(init, script, 0755))
		return e;
	std::string log = (dir_ / "console.log").string();
	std::vector<std::string> args = {
		uml_,
		"mem=" + std::to_string(opt_.mem_mb) + "M",
		"root=/dev/root", "rootfstype=hostfs", "rootflags=/", "rw",
		"init=" + init.string(),
		"con0=fd:0,fd:1", "con=null", "ssl=null",
		/* keep UML's pid file and mconsole socket out of $HOME */
		"uml_dir=" + dir_.string(), "umid=kcshim",
		"quiet",
	};
	if (channel_in >= 0 && channel_out >= 0)
		args.push_back("con1=fd:3,fd:4");
	std::vector<std::string> env = uml_environment(preload_);
	std::vector<char *> argv = pointers(args), envp = pointers(env);

	int log_fd = ::open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	if (log_fd < 0)
		return -errno;
	/* a socket, not a pipe: send() to a guardian already gone must not raise SIGPIPE */
	int lifeline[2];
	if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, lifeline) < 0) {
		int e = -errno;
		::close(log_fd);
		return e;
	}
	pid_t pid = ::fork();
	if (pid < 0) {
		int e = -errno;
		::close(log_fd);
		::close(lifeline[0]);
		::close(lifeline[1]);
		return e;
	}
	/* what the guardian runs if we die: remove the work directory */
	std::vector<std::string> cleanup_words = {"/bin/rm", "-rf", "--", dir_.string()};
	std::vector<char *> cleanup = pointers(cleanup_words);
	if (pid == 0)
		guard(argv.data(), envp.data(), opt_.keep_workdir ? nullptr : cleanup.data(), log_fd,
		      channel_in, channel_out, lifeline[0]);
	::close(log_fd);
	::close(lifeline[0]);
	pid_ = pid;
	lifeline_ = lifeline[1];
	return 0;
}

/*
 * The guardian: the child of start(), parent of linux.uml.  It exists
 * because UML's helper processes outlive their parent: if our process dies
 * (a crash, Ctrl-C, a CI timeout) its destructors never run, so something
 * else must end the guest.  The guardian waits for UML to exit or for a
 * word on the lifeline pipe (wait(): we are done with the guest) or its EOF
 * (our process is gone), then kills UML's whole process group.  After an
 * EOF it also runs @cleanup (rm -rf of the work directory, which our
 * destructor would have removed).  Between fork() and exec only
 * async-signal-safe calls: the parent may have threads.
 */
[[noreturn]] void UmlGuest::guard(char *const argv[], char *const envp[], char *const cleanup[],
				   int log_fd, int channel_in, int channel_out, int lifeline)
{
	/* 0-4 as UML wants them, the lifeline at 5, nothing else kept */
	int src[6] = {::open("/dev/null", O_RDONLY), log_fd, log_fd, channel_in, channel_out, lifeline};
	int tmp[6];
	for (int i = 0; i < 6; i++)	/* above 0-5 first, so no dup2 below clobbers a source */
		tmp[i] = src[i] < 0 ? -1 : ::fcntl(src[i], F_DUPFD, 16);
	for (int i = 0; i < 6; i++) {
		if (tmp[i] >= 0)
			::dup2(tmp[i], i);
		else
			::close(i);
	}
	::close_range(6, ~0U, 0);
	sigset_t none;
	sigemptyset(&none);
	::sigprocmask(SIG_SETMASK, &none, nullptr);
	for (int sig : {SIGPIPE, SIGINT, SIGTERM, SIGCHLD})
		::signal(sig, SIG_DFL);

	pid_t uml = ::fork();
	if (uml < 0)
		::_exit(127);
	if (uml == 0) {
		/* own process group, so one kill ends UML and all its helpers */
		::setpgid(0, 0);
		::close(5);
		::execve(argv[0], argv, envp);
		::_exit(127);
	}
	::setpgid(uml, uml);
	for (int i = 0; i < 5; i++)
		::close(i);

	int status = 0;
	bool orphaned = false;
	for (;;) {
		struct pollfd p = {5, POLLIN, 0};
		int n = ::poll(&p, 1, 50);
		if (::waitpid(uml, &status, WNOHANG) == uml)
			break;
		if (n > 0) {
			char word;
			orphaned = ::read(5, &word, 1) <= 0;
			::kill(-uml, SIGKILL);
			::waitpid(uml, &status, 0);
			break;
		}
	}
	/* helpers left behind share the group */
	::kill(-uml, SIGKILL);
	if (orphaned && cleanup) {
		::execve(cleanup[0], cleanup, envp);
		::_exit(127);
	}
	::_exit(WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status));
}

int UmlGuest::wait(std::chrono::milliseconds timeout)
{
	if (pid_ <= 0)
		return 0;
	int ret = 0, status;
	auto until = clock::now() + timeout;
	pid_t r = 0;
	while ((r = ::waitpid(pid_, &status, WNOHANG)) == 0 && clock::now() < until)
		std::this_thread::sleep_for(std::chrono::milliseconds(10));
	if (r == 0)
		ret = -ETIMEDOUT;
	/* a word on the lifeline makes the guardian kill the guest's process group */
	if (::send(lifeline_, "q", 1, MSG_NOSIGNAL) < 0) {
		/* the guardian is gone already: nothing to stop */
	}
	::close(lifeline_);
	lifeline_ = -1;
	if (r == 0)
		::waitpid(pid_, &status, 0);
	pid_ = -1;
	return ret;
}

std::string UmlGuest::console_tail(size_t max) const
{
	std::ifstream f(dir_ / "console.log", std::ios::binary);
	std::ostringstream ss;
	ss << f.rdbuf();
	std::string s = ss.str();
	return s.size() > max ? s.substr(s.size() - max) : s;
}

std::string UmlGuest::console_summary() const
{
	std::istringstream in(console_tail(8000));
	std::vector<std::string> lines;
	for (std::string l; std::getline(in, l);) {
		/* stack dumps and register lines are indented or start with '[' after a stamp */
		if (l.empty() || l[0] == ' ' || l[0] == '\t' || l.find("[<") != std::string::npos ||
		    l.rfind("Call Trace", 0) == 0 || l.rfind("Stack:", 0) == 0)
			continue;
		lines.push_back(l);
	}
	for (auto it = lines.rbegin(); it != lines.rend(); ++it)
		for (const char *why : {"panic", "failed", "error", "cannot", "kcshim-uml:"})
			if (it->find(why) != std::string::npos)
				return *it;
	return lines.empty() ? std::string("(empty)") : lines.back();
}

UmlGuest::~UmlGuest()
{
	wait(std::chrono::milliseconds(0));
	if (!dir_.empty() && !opt_.keep_workdir) {
		std::error_code ec;
		fs::remove_all(dir_, ec);
	}
}

} /* namespace kcshim::afalg */
