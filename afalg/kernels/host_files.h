/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The host's files as the launchers read them: a whole text file, whether a
 * program can be run, where $PATH finds one, and a failed filesystem call as
 * the launchers report it.
 */
#pragma once

#include <filesystem>
#include <string>
#include <system_error>

#include "afalg/endpoint/result.h"

namespace kcshim::afalg {

/* All of @p's bytes; empty when it cannot be read. */
std::string read_text(const std::filesystem::path &p);

/* Whether @p names a file this process may execute. */
bool is_executable(const std::string &p);

/* @name's path in the first $PATH directory that has it executable; empty if none. */
std::string find_in_path(const std::string &name);

/* A set-up failure: @what, then what @ec says (EIO when it has no errno). */
Error fs_error(const std::error_code &ec, const std::string &what);

} /* namespace kcshim::afalg */
