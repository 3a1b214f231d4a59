// SPDX-License-Identifier: GPL-2.0
#include "uml.h"

#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "error.h"

namespace kcshim::speed {
namespace {

namespace fs = std::filesystem;

const fs::path modules_root = "/usr/lib/uml/modules";

// A mkdtemp() directory removed with everything in it.
class TempDir {
public:
	TempDir()
	{
		std::string tmpl = (fs::temp_directory_path() / "kcshim-uml-XXXXXX").string();
		if (!mkdtemp(tmpl.data()))
			throw Error("cannot create a temporary directory: " + errno_string(-errno));
		path_ = tmpl;
	}
	~TempDir()
	{
		std::error_code ec;
		fs::remove_all(path_, ec);
	}
	TempDir(const TempDir &) = delete;
	TempDir &operator=(const TempDir &) = delete;
	const fs::path &path() const { return path_; }

private:
	fs::path path_;
};

std::string read_text(const fs::path &p)
{
	std::ifstream in(p);
	std::stringstream ss;
	ss << in.rdbuf();
	return ss.str();
}

// Shell-quotes one word for the init script.
std::string quote(const std::string &s)
{
	std::string q = "'";
	for (char c : s)
		q += c == '\'' ? std::string("'\\''") : std::string(1, c);
	return q + "'";
}

// tcrypt.ko requests its algorithms with request_module(), but the guest has no /lib/modules
// (the root is the host's /, which we do not touch), so the drivers the covered modes use are
// loaded up front, dependencies first (modules.dep: cast5_generic needs cast_common).
// crct10dif is built into Debian's UML kernel.
std::string init_script(const TcryptParams &p, const fs::path &dir)
{
	std::ostringstream s;
	s << "#!/bin/sh\n"
	  << "# kcshim UML init: load tcrypt.ko once, save the kernel log, power off.\n"
	  << "export PATH=/usr/sbin:/usr/bin:/sbin:/bin\n"
	  << "mount -t proc proc /proc\n"
	  << "M=" << modules_root.string() << "/$(uname -r)/kernel/crypto\n"
	  << "for m in sha512_generic sha3_generic cast_common cast5_generic ecb cbc ctr; do\n"
	  << "  [ -f $M/$m.ko ] && insmod $M/$m.ko 2> /dev/null\n"
	  << "done\n"
	  << "dmesg -c > /dev/null\n"
	  << "insmod $M/tcrypt.ko mode=" << p.mode
	  << " sec=" << p.sec;
	if (!p.alg.empty())
		s << " alg=" << quote(p.alg);
	if (p.klen)
		s << " klen=" << p.klen;
	s << " num_mb=" << p.num_mb << " 2> " << quote((dir / "insmod.err").string()) << "\n"
	  << "echo $? > " << quote((dir / "insmod.status").string()) << "\n"
	  << "dmesg > " << quote((dir / "dmesg.txt").string()) << "\n"
	  << "uname -r > " << quote((dir / "release").string()) << "\n"
	  << "sync\n"
	  << "poweroff -f\n";
	return s.str();
}

}  // namespace

std::string uml_release()
{
	std::error_code ec;
	for (const auto &e : fs::directory_iterator(modules_root, ec))
		if (fs::exists(e.path() / "kernel/crypto/tcrypt.ko"))
			return e.path().filename().string();
	throw Error("no tcrypt.ko under " + modules_root.string() +
		    " (apt-get install user-mode-linux)");
}

UmlResult run_tcrypt_in_uml(const TcryptParams &p, const std::string &uml_binary,
			    std::chrono::seconds timeout)
{
	uml_release();
	TempDir dir;
	fs::path init = dir.path() / "init.sh";
	{
		std::ofstream out(init);
		out << init_script(p, dir.path());
	}
	fs::permissions(init, fs::perms::owner_all);
	fs::path console = dir.path() / "console.log";
	std::string init_arg = "init=" + init.string();

	pid_t pid = fork();
	if (pid < 0)
		throw Error("fork failed: " + errno_string(-errno));
	if (pid == 0) {
		// Own process group: UML forks helpers, and a timeout must end all of them.
		setpgid(0, 0);
		int in = open("/dev/null", O_RDONLY);
		int log = open(console.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
		dup2(in, 0);
		dup2(log, 1);
		dup2(log, 2);
		execlp(uml_binary.c_str(), uml_binary.c_str(), "mem=512M", "root=/dev/root",
		       "rootfstype=hostfs", "rootflags=/", "rw", "quiet", init_arg.c_str(),
		       "con0=fd:0,fd:1", "con=null", static_cast<char *>(nullptr));
		_exit(127);
	}
	setpgid(pid, pid);
	auto deadline = std::chrono::steady_clock::now() + timeout;
	int status = 0;
	while (waitpid(pid, &status, WNOHANG) == 0) {
		if (std::chrono::steady_clock::now() > deadline) {
			kill(-pid, SIGKILL);
			waitpid(pid, &status, 0);
			throw Error("user-mode Linux did not finish within " +
				    std::to_string(timeout.count()) + " s");
		}
		std::this_thread::sleep_for(std::chrono::milliseconds(100));
	}
	// Helpers left behind by the guest share its process group.
	kill(-pid, SIGKILL);
	if (WIFEXITED(status) && WEXITSTATUS(status) == 127 && !fs::exists(dir.path() / "dmesg.txt"))
		throw Error("cannot run " + uml_binary + " (apt-get install user-mode-linux)");

	UmlResult r;
	r.log = read_text(dir.path() / "dmesg.txt");
	if (r.log.empty())
		throw Error("user-mode Linux produced no kernel log; console output:\n" +
			    read_text(console));
	r.kernel_release = read_text(dir.path() / "release");
	while (!r.kernel_release.empty() && r.kernel_release.back() == '\n')
		r.kernel_release.pop_back();
	r.insmod_status = atoi(read_text(dir.path() / "insmod.status").c_str());
	return r;
}

}  // namespace kcshim::speed
