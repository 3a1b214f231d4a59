// SPDX-License-Identifier: GPL-2.0
// The compiler's warnings in the files a patch touches, on each side: every reached module is
// built with the warnings Kbuild enables without W= (the kernel's 0-day robot reports a new one
// of these), and the warnings whose file is a touched one are kept. A warning present after and
// not before is a new one; line numbers are left out of that comparison, since the patch moves
// them.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace kcshim::patch_check {

namespace fs = std::filesystem;

// The compiler flags of Kbuild's default warnings (scripts/Makefile.extrawarn without W=,
// 6.8 and later: -Wmissing-prototypes among them), for gcc.
const std::vector<std::string> &kernel_warning_flags();

// The "FILE:LINE:COL: warning: ..." lines of build_output whose FILE is tree/F for an F of
// files (tree-relative as a diff names them), with FILE made tree-relative, each once.
std::vector<std::string> warnings_in(const std::string &build_output, const fs::path &tree,
				     const std::vector<std::string> &files);

// The warnings of after that before has fewer of, when compared without their line and column.
std::vector<std::string> new_warnings(const std::vector<std::string> &before,
				      const std::vector<std::string> &after);

}  // namespace kcshim::patch_check
