// SPDX-License-Identifier: GPL-2.0
#include "tests/support/run_cli.h"

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

namespace kcshim::test {
namespace {

std::string slurp(const std::string &path)
{
	std::ifstream in(path);
	std::stringstream ss;
	ss << in.rdbuf();
	return ss.str();
}

}  // namespace

CliResult run_cli(const std::vector<std::string> &args)
{
	char out_path[] = "/tmp/kcshim-cli-out-XXXXXX", err_path[] = "/tmp/kcshim-cli-err-XXXXXX";
	int out_fd = mkstemp(out_path), err_fd = mkstemp(err_path);
	CliResult r;
	pid_t pid = fork();
	if (pid == 0) {
		dup2(out_fd, 1);
		dup2(err_fd, 2);
		std::vector<char *> argv{const_cast<char *>(KCSHIM_CLI)};
		for (const std::string &a : args)
			argv.push_back(const_cast<char *>(a.c_str()));
		argv.push_back(nullptr);
		execv(KCSHIM_CLI, argv.data());
		_exit(127);
	}
	int status = 0;
	waitpid(pid, &status, 0);
	close(out_fd);
	close(err_fd);
	r.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
	r.out = slurp(out_path);
	r.err = slurp(err_path);
	unlink(out_path);
	unlink(err_path);
	return r;
}

}  // namespace kcshim::test
