// SPDX-License-Identifier: GPL-2.0
// /proc/crypto text (a kernel's, or a bridge's LIST from an untrusted board) into DriverInfo: any
// text parses, and every driver it yields has the driver name it was recorded under.
#include <cstdlib>
#include <string_view>

#include "afalg/endpoint/proc_crypto.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
	std::string_view text(reinterpret_cast<const char *>(data), size);
	for (const auto &d : kcshim::afalg::parse_proc_crypto(text))
		if (d.driver.empty() || d.driver.size() > size)
			abort();
	return 0;
}
