// SPDX-License-Identifier: GPL-2.0
#include "afalg/kernels/guest_process.h"
#include "afalg/kernels/posix_io.h"

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <poll.h>
#include <sstream>
#include <string_view>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

#include <openssl/rand.h>

extern char **environ;

namespace kcshim::afalg {

namespace fs = std::filesystem;
using clock = std::chrono::steady_clock;

Result<std::unique_ptr<GuestProcess>> GuestProcess::create(const std::string &prefix,
							   bool keep_workdir)
{
	std::unique_ptr<GuestProcess> g(new GuestProcess());
	g->keep_ = keep_workdir;
	const char *tmp = std::getenv("TMPDIR");
	std::string tmpl = std::string(tmp && *tmp ? tmp : "/tmp") + "/" + prefix + ".XXXXXX";
	if (!::mkdtemp(tmpl.data()))
		return fail(-errno, Stage::setup, "mkdtemp " + tmpl);
	g->dir_ = tmpl;
	return g;
}

int GuestProcess::write_file(const std::string &name, const std::string &text, mode_t mode) const
{
	fs::path p = dir_ / name;
	int fd = ::open(p.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode);
	if (fd < 0)
		return -errno;
	int e = write_all(fd, text);
	if (::close(fd) < 0 && !e)
		e = -errno;
	return e;
}

std::vector<std::string> GuestProcess::environment()
{
	std::vector<std::string> env;
	for (char **e = environ; *e; e++)
		env.emplace_back(*e);
	return env;
}

int GuestProcess::start(const std::vector<std::string> &argv_words,
			const std::vector<std::string> &env_words, const std::string &log_name,
			const std::vector<int> &fds)
{
	if (pid_ > 0)
		return -EBUSY;
	std::vector<std::string> args = argv_words, env = env_words;
	std::vector<char *> argv = argv_pointers(args), envp = argv_pointers(env);
	std::string log = (dir_ / log_name).string();
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
	/* what the guardian runs if we die: remove the work directory */
	std::vector<std::string> cleanup_words = {"/bin/rm", "-rf", "--", dir_.string()};
	std::vector<char *> cleanup = argv_pointers(cleanup_words);
	pid_t pid = ::fork();
	if (pid < 0) {
		int e = -errno;
		::close(log_fd);
		::close(lifeline[0]);
		::close(lifeline[1]);
		return e;
	}
	if (pid == 0)
		guard(argv.data(), envp.data(), keep_ ? nullptr : cleanup.data(), log_fd, fds,
		      lifeline[0]);
	::close(log_fd);
	::close(lifeline[0]);
	pid_ = pid;
	lifeline_ = lifeline[1];
	return 0;
}

/*
 * The guardian: the child of start(), parent of the guest.  It waits for the guest to exit or
 * for a word on the lifeline (wait(): we are done with the guest) or its EOF (our process is
 * gone), then kills the guest's whole process group.  After an EOF it also runs @cleanup (rm -rf
 * of the work directory, which our destructor would have removed).  Between fork() and exec
 * only async-signal-safe calls: the parent may have threads (hence no allocation: @fds is only
 * read).
 */
[[noreturn]] void GuestProcess::guard(char *const argv[], char *const envp[],
				      char *const cleanup[], int log_fd,
				      const std::vector<int> &fds, int lifeline)
{
	/* 0-2 as the guest wants them, @fds from 3, the lifeline after them, nothing else kept */
	constexpr int max_fds = 16;
	int n = 3 + static_cast<int>(fds.size()) + 1;
	if (n > max_fds)
		::_exit(127);
	int src[max_fds], tmp[max_fds];
	src[0] = ::open("/dev/null", O_RDONLY);
	src[1] = src[2] = log_fd;
	for (size_t i = 0; i < fds.size(); i++)
		src[3 + i] = fds[i];
	src[n - 1] = lifeline;
	for (int i = 0; i < n; i++)	/* above 0..n-1 first, so no dup2 below clobbers a source */
		tmp[i] = src[i] < 0 ? -1 : ::fcntl(src[i], F_DUPFD, max_fds + 16);
	for (int i = 0; i < n; i++) {
		if (tmp[i] >= 0)
			::dup2(tmp[i], i);
		else
			::close(i);
	}
	const int life = n - 1;
	::close_range(static_cast<unsigned>(n), ~0U, 0);
	sigset_t none;
	sigemptyset(&none);
	::sigprocmask(SIG_SETMASK, &none, nullptr);
	for (int sig : {SIGPIPE, SIGINT, SIGTERM, SIGCHLD})
		::signal(sig, SIG_DFL);

	pid_t guest = ::fork();
	if (guest < 0)
		::_exit(127);
	if (guest == 0) {
		/* own process group, so one kill ends the guest and all its helpers */
		::setpgid(0, 0);
		::close(life);
		::execve(argv[0], argv, envp);
		::_exit(127);
	}
	::setpgid(guest, guest);
	for (int i = 0; i < life; i++)
		::close(i);

	int status = 0;
	bool orphaned = false;
	for (;;) {
		struct pollfd p = {life, POLLIN, 0};
		int ready = ::poll(&p, 1, 50);
		if (::waitpid(guest, &status, WNOHANG) == guest)
			break;
		if (ready > 0) {
			char word;
			orphaned = ::read(life, &word, 1) <= 0;
			::kill(-guest, SIGKILL);
			::waitpid(guest, &status, 0);
			break;
		}
	}
	/* helpers left behind share the group */
	::kill(-guest, SIGKILL);
	if (orphaned && cleanup) {
		::execve(cleanup[0], cleanup, envp);
		::_exit(127);
	}
	::_exit(WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status));
}

bool GuestProcess::running()
{
	if (pid_ <= 0 || exited_)
		return false;
	int status;
	pid_t r = ::waitpid(pid_, &status, WNOHANG);
	exited_ = r == pid_;
	return r == 0;
}

int GuestProcess::wait(std::chrono::milliseconds timeout)
{
	if (pid_ <= 0)
		return 0;
	int ret = 0, status;
	auto until = clock::now() + timeout;
	pid_t r = exited_ ? pid_ : 0;
	while (!r && (r = ::waitpid(pid_, &status, WNOHANG)) == 0 && clock::now() < until)
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
	exited_ = false;
	return ret;
}

std::string GuestProcess::tail(const std::string &name, size_t max) const
{
	std::ifstream f(dir_ / name, std::ios::binary);
	std::ostringstream ss;
	ss << f.rdbuf();
	std::string s = ss.str();
	return s.size() > max ? s.substr(s.size() - max) : s;
}

GuestProcess::~GuestProcess()
{
	wait(std::chrono::milliseconds(0));
	if (!dir_.empty() && !keep_) {
		std::error_code ec;
		fs::remove_all(dir_, ec);
	}
}

namespace {

/*
 * The message of a console line without printk's "[    3.676869] " time stamp, which would
 * otherwise hide a stack line's indentation ("[    3.676869]  panic+0x160/0x378").
 */
std::string_view printk_message(std::string_view l)
{
	if (l.empty() || l[0] != '[')
		return l;
	size_t end = l.find(']');
	if (end == std::string_view::npos ||
	    l.substr(1, end - 1).find_first_not_of(" .0123456789") != std::string_view::npos)
		return l;
	l.remove_prefix(end + 1);
	if (!l.empty() && l[0] == ' ')
		l.remove_prefix(1);
	return l;
}

} /* namespace */

std::string console_summary(const std::string &console, const std::vector<std::string> &markers)
{
	std::istringstream in(console);
	std::vector<std::string> lines;
	for (std::string l; std::getline(in, l);) {
		while (!l.empty() && (l.back() == '\r' || l.back() == '\n'))
			l.pop_back();
		/* stack dumps and register lines are indented or carry "[<" addresses */
		std::string_view m = printk_message(l);
		if (m.empty() || m[0] == ' ' || m[0] == '\t' || m.find("[<") != std::string::npos ||
		    m.starts_with("Call Trace") || m.starts_with("Stack:"))
			continue;
		lines.push_back(l);
	}
	std::vector<std::string> why = {"panic", "failed", "error", "cannot"};
	why.insert(why.end(), markers.begin(), markers.end());
	for (auto it = lines.rbegin(); it != lines.rend(); ++it)
		for (const auto &w : why)
			if (it->find(w) != std::string::npos)
				return *it;
	return lines.empty() ? std::string("(empty)") : lines.back();
}

Error guest_failure(Error e, const std::string &what, const std::string &console,
		    const std::string &marker)
{
	e.what = what + ": " + describe(e) + "; guest console: " + console_summary(console, {marker});
	e.detail = "guest console:\n" + console;
	return e;
}

std::string bridge_secret()
{
	unsigned char raw[24];
	if (RAND_bytes(raw, sizeof(raw)) != 1)
		return {};
	std::string secret;
	for (unsigned char c : raw) {
		static const char hex[] = "0123456789abcdef";
		secret += hex[c >> 4];
		secret += hex[c & 15];
	}
	return secret;
}

} /* namespace kcshim::afalg */
