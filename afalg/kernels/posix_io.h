/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The POSIX plumbing the launchers share: argv/envp arrays for exec and
 * posix_spawn, and a write that survives short writes and EINTR.
 */
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace kcshim::afalg {

/* @words as the NULL-terminated array exec takes; valid while @words lives unchanged. */
std::vector<char *> argv_pointers(std::vector<std::string> &words);

/* Writes all of @data to @fd; 0 or -errno. */
int write_all(int fd, std::string_view data);

} /* namespace kcshim::afalg */
