// SPDX-License-Identifier: GPL-2.0
#include "tools/kernel-vectors/kvectors_cache.h"

#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <system_error>
#include <vector>

#include "tools/runtime_files/runtime_files.h"

extern char **environ;

namespace kcshim::kvectors {

namespace fs = std::filesystem;

namespace {

std::string env_or(const char *name, const std::string &fallback)
{
	const char *v = getenv(name);
	return v && *v ? v : fallback;
}

// FNV-1a, 64 bits: stable across builds, unlike std::hash.
uint64_t fnv1a(const std::string &s)
{
	uint64_t h = 0xcbf29ce484222325ull;
	for (unsigned char c : s) {
		h ^= c;
		h *= 0x100000001b3ull;
	}
	return h;
}

// "path@mtime;" for each input; a missing input contributes its path only.
std::string fingerprint(const std::vector<fs::path> &inputs)
{
	std::string s;
	for (const auto &p : inputs) {
		std::error_code ec;
		auto t = fs::last_write_time(p, ec);
		s += p.string() + "@" + (ec ? "-" : std::to_string(t.time_since_epoch().count())) + ";";
	}
	return s;
}

// Runs argv with its stdout sent to stderr (the report on stdout stays clean); the exit status.
int run(const std::vector<std::string> &args)
{
	std::vector<char *> argv;
	for (const auto &a : args)
		argv.push_back(const_cast<char *>(a.c_str()));
	argv.push_back(nullptr);
	posix_spawn_file_actions_t actions;
	posix_spawn_file_actions_init(&actions);
	posix_spawn_file_actions_adddup2(&actions, STDERR_FILENO, STDOUT_FILENO);
	pid_t pid;
	int err = posix_spawnp(&pid, argv[0], &actions, nullptr, argv.data(), environ);
	posix_spawn_file_actions_destroy(&actions);
	if (err)
		return -err;
	int status;
	while (waitpid(pid, &status, 0) < 0) {
		if (errno != EINTR)
			return -errno;
	}
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

}  // namespace

std::string cache_dir()
{
	std::string base = env_or("XDG_CACHE_HOME", "");
	if (base.empty())
		base = env_or("HOME", "/tmp") + "/.cache";
	return base + "/kcshim/kernel-vectors";
}

Module module_for_tree(const std::string &tree_dir)
{
	Module m;
	std::error_code ec;
	fs::path tree = fs::canonical(tree_dir, ec);
	if (ec) {
		m.error = tree_dir + ": " + ec.message();
		return m;
	}
	for (const char *f : {"crypto/testmgr.c", "crypto/testmgr.h", "Makefile"}) {
		if (!fs::exists(tree / f)) {
			m.error = tree_dir + ": not a kernel tree (no " + f + ")";
			return m;
		}
	}
	using runtime_files::InstallDir;
	std::string kvgen = env_or("KCSHIM_KVGEN",
				   runtime_files::locate(InstallDir::data, "kcshim/kvgen.py", KCSHIM_KVGEN));
	std::string shim_include = env_or(
		"KCSHIM_SHIM_INCLUDE",
		runtime_files::locate(InstallDir::include, "kcshim", KCSHIM_SHIM_INCLUDE));

	std::string key = fingerprint({tree / "crypto/testmgr.h", tree / "crypto/testmgr.c",
				       tree / "Makefile", kvgen,
				       fs::path(shim_include) / "kcshim/testvec.h"});
	// and the compiler: an arm64 kcshim (--arch, CC its cross gcc) loads no x86-64 module
	const std::string cc = env_or("CC", "cc");
	key += "\ncc " + cc;
	char hex[17];
	snprintf(hex, sizeof(hex), "%016llx", static_cast<unsigned long long>(fnv1a(key)));
	fs::path dir = cache_dir();
	m.path = (dir / (tree.filename().string() + "-" + hex + ".so")).string();
	if (fs::exists(m.path))
		return m;

	fs::create_directories(dir, ec);
	if (ec) {
		m.error = "cannot create " + dir.string() + ": " + ec.message();
		return m;
	}
	// Built under a name of its own, then renamed: concurrent runs never see half a module.
	std::string tmp = m.path + "." + std::to_string(getpid()) + ".so";
	fprintf(stderr, "kcshim: building the vectors of %s into %s\n", tree.c_str(),
		m.path.c_str());
	int status = run({env_or("KCSHIM_PYTHON", KCSHIM_PYTHON), kvgen, "--shim-include",
			  shim_include, "--cc", cc, "build", tree.string(), tmp});
	if (status) {
		fs::remove(tmp, ec);
		m.error = "building the vectors of " + tree.string() + " failed" +
			  (status < 0 ? ": cannot run " + env_or("KCSHIM_PYTHON", KCSHIM_PYTHON) : "");
		return m;
	}
	fs::rename(tmp, m.path, ec);
	if (ec) {
		m.error = "cannot store " + m.path + ": " + ec.message();
		return m;
	}
	m.built = true;
	return m;
}

}  // namespace kcshim::kvectors
